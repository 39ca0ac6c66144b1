import Foundation

/// A clock that only moves when a test advances it, for debounces, delays and timeouts
/// without real time. Conforms to `Clock`, so code takes `any Clock<Duration>` and gets
/// `ContinuousClock()` in the app and a `ManualClock` in tests.
///
/// `sleep(until:)` suspends until `advance(by:)` or `advance(to:)` reaches the deadline (at once
/// when it already has), and throws `CancellationError` when its task is cancelled. Advancing
/// resumes the due sleepers in deadline order; what they do next runs on their own executors,
/// so a test waits for its outcome (`ReactorTester.receive`, a recorder), never for the clock.
/// Before advancing, `waitForSleepers(_:)` makes sure the work under test has started sleeping
/// — otherwise its deadline would be counted from after the advance. Safe from any task.
public final class ManualClock: Clock, @unchecked Sendable {
    /// A point on the manual clock's timeline: the time advanced since it started.
    public struct Instant: InstantProtocol {
        /// The time since the clock started.
        public var offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Earlier instants sort first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let wake: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var lastID = 0
    private var cancelledIDs: Set<Int> = []
    private var sleeperWaiters: [(count: Int, resume: CheckedContinuation<Void, Never>)] = []

    /// A clock at time zero.
    public init() {}

    /// The time advanced so far.
    public var now: Instant {
        lock.withLock { current }
    }

    /// The clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int {
        lock.withLock { sleepers.count }
    }

    /// Suspends until the clock reaches `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock {
            lastID += 1
            return lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if cancelledIDs.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers.append(Sleeper(id: id, deadline: deadline, wake: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
                readySleeperWaiters().forEach { $0.resume() }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
                    cancelledIDs.insert(id)  // cancelled before it started sleeping
                    return nil
                }
                return sleepers.remove(at: index)
            }
            sleeper?.wake.resume(throwing: CancellationError())
        }
        lock.withLock { _ = cancelledIDs.remove(id) }
    }

    /// Returns once at least `count` tasks are sleeping on the clock.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let ready: Bool = lock.withLock {
                guard sleepers.count < count else { return true }
                sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func readySleeperWaiters() -> [CheckedContinuation<Void, Never>] {
        lock.withLock {
            let count = sleepers.count
            let ready = sleeperWaiters.filter { $0.count <= count }.map(\.resume)
            sleeperWaiters.removeAll { $0.count <= count }
            return ready
        }
    }

    /// Moves the clock forward by `duration`, waking every sleeper whose deadline it reaches.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock to `instant` (never backwards), waking sleepers in deadline order.
    public func advance(to instant: Instant) {
        while let sleeper = nextSleeper(upTo: instant) {
            sleeper.wake.resume()
        }
        lock.withLock { current = max(current, instant) }
    }

    /// Removes and returns the earliest sleeper due by `instant`, moving the clock to its deadline.
    private func nextSleeper(upTo instant: Instant) -> Sleeper? {
        lock.withLock {
            guard let index = sleepers.indices.min(by: { sleepers[$0].deadline < sleepers[$1].deadline }),
                  sleepers[index].deadline <= instant else { return nil }
            let sleeper = sleepers.remove(at: index)
            current = max(current, sleeper.deadline)
            return sleeper
        }
    }
}
