/// Ticks every `interval` of a clock, without drifting: the n-th tick is due n intervals after
/// the first call of `next()`, however long the work between ticks takes. Each element is the
/// time since the timer started (1 s, 2 s, …), so a count of ticks is the time that passed. Made
/// with `clock.timer(interval:)`, on the clock a feature reads (`@Dependency(\.clock)`), so a
/// test drives it with a `ManualClock`'s `advance`. The meetings sample's record screen ticks
/// for what is left of the meeting, then keeps the notes and leaves:
///
/// ```swift
/// .run(id: "timer") { [clock] send in
///     for await _ in clock.timer(interval: .seconds(1)).prefix(max(0, seconds)) {
///         await send(.tick)
///     }
///     await send(.keepNotes)
///     await send.dismiss()
/// }
/// ```
///
/// A tick whose time has passed while the work was busy (longer than an interval) comes at
/// once, so none is lost. Cancelling the work ends the sequence: the loop ends quietly. An
/// interval of zero or less ticks nothing: the sequence ends at once.
public struct ClockTimer: AsyncSequence, Sendable {
    /// The time since the timer started, at each tick.
    public typealias Element = Duration

    private let clock: any Clock<Duration>
    private let interval: Duration

    init(clock: any Clock<Duration>, interval: Duration) {
        self.clock = clock
        self.interval = interval
    }

    /// Starts the timer: its clock's present is the start of the first interval.
    public func makeAsyncIterator() -> Iterator {
        Iterator(clock: clock, interval: interval)
    }

    /// The ticks of one timer.
    public struct Iterator: AsyncIteratorProtocol {
        private let clock: any Clock<Duration>
        private let interval: Duration
        /// Sleeps until a time since the start; made at the first `next()`.
        private var sleep: (@Sendable (Duration) async throws -> Void)?
        private var elapsed = Duration.zero

        init(clock: any Clock<Duration>, interval: Duration) {
            self.clock = clock
            self.interval = interval
        }

        /// Waits for the next tick and gives the time since the start, or `nil` once the task
        /// is cancelled (or the interval is not positive).
        public mutating func next() async -> Duration? {
            guard interval > .zero, !Task.isCancelled else { return nil }
            let sleep = self.sleep ?? Self.sleeper(from: clock)
            self.sleep = sleep
            let due = elapsed + interval
            do {
                try await sleep(due)
            } catch {
                return nil
            }
            elapsed = due
            return due
        }

        /// Sleeps on `clock` until a time since now: a deadline on the clock's own instants,
        /// which the work's own time does not move.
        private static func sleeper<C: Clock<Duration>>(from clock: C) -> @Sendable (Duration) async throws -> Void {
            let start = clock.now
            return { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
        }
    }
}

extension Clock where Duration == Swift.Duration {
    /// A timer that ticks every `interval` of this clock without drifting (see ``ClockTimer``).
    /// - Parameter interval: the time between ticks; one of zero or less ticks nothing.
    public func timer(interval: Duration) -> ClockTimer {
        ClockTimer(clock: self, interval: interval)
    }
}
