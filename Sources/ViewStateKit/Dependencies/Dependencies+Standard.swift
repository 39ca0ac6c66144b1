import Foundation

/// The clock effects sleep on; live: `ContinuousClock`. Reached as ``Dependencies/clock``.
enum ClockKey: DependencyKey {
    /// The continuous clock.
    static var liveValue: any Clock<Duration> { ContinuousClock() }
}

extension ClockKey: StandInForTests {
    /// A clock on which time stands still: its sleeps end only when their work is cancelled.
    package static var standIn: any Sendable { StoppedClock() as any Clock<Duration> }
}

/// What "now" is; live: `Date()`. Reached as ``Dependencies/date``.
enum DateKey: DependencyKey {
    /// The system's date.
    static var liveValue: DateGenerator { DateGenerator { Date() } }
}

extension DateKey: StandInForTests {
    /// Always the first instant of 2001 (`Date(timeIntervalSinceReferenceDate: 0)`).
    package static var standIn: any Sendable { DateGenerator { Date(timeIntervalSinceReferenceDate: 0) } }
}

/// Where new ids come from; live: `UUID()`. Reached as ``Dependencies/uuid``.
enum UUIDKey: DependencyKey {
    /// Random UUIDs.
    static var liveValue: UUIDGenerator { UUIDGenerator { UUID() } }
}

extension UUIDKey: StandInForTests {
    /// Always `00000000-0000-0000-0000-000000000000`.
    package static var standIn: any Sendable { UUIDGenerator { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) } }
}

/// The clock a test that did not provide one gets (it fails all the same): `now` never moves,
/// and a sleep ends only when its work is cancelled, so nothing waits on real time.
struct StoppedClock: Clock {
    var now: ContinuousClock.Instant { Self.start }
    var minimumResolution: Duration { .zero }
    private static let start = ContinuousClock.now

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { sleeper.park($0) }
        } onCancel: {
            sleeper.cancel()
        }
    }

    /// One sleep, parked until its work is cancelled.
    private final class Sleeper: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: UnsafeContinuation<Void, any Error>?
        private var isCancelled = false

        func park(_ continuation: UnsafeContinuation<Void, any Error>) {
            let cancelled = lock.withLock {
                if !isCancelled { self.continuation = continuation }
                return isCancelled
            }
            if cancelled { continuation.resume(throwing: CancellationError()) }
        }

        func cancel() {
            let parked = lock.withLock {
                isCancelled = true
                defer { continuation = nil }
                return continuation
            }
            parked?.resume(throwing: CancellationError())
        }
    }
}
/// Makes the current date: `let now = date()`.
public struct DateGenerator: Sendable {
    private let make: @Sendable () -> Date

    /// A generator calling `make`.
    public init(_ make: @escaping @Sendable () -> Date) {
        self.make = make
    }

    /// The date now.
    public func callAsFunction() -> Date { make() }
}

/// Makes new ids: `let id = uuid()`.
public struct UUIDGenerator: Sendable {
    private let make: @Sendable () -> UUID

    /// A generator calling `make`.
    public init(_ make: @escaping @Sendable () -> UUID) {
        self.make = make
    }

    /// A new id.
    public func callAsFunction() -> UUID { make() }
}

extension Dependencies {
    /// The clock effects sleep on.
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }

    /// What "now" is.
    public var date: DateGenerator {
        get { self[DateKey.self] }
        set { self[DateKey.self] = newValue }
    }

    /// Where new ids come from.
    public var uuid: UUIDGenerator {
        get { self[UUIDKey.self] }
        set { self[UUIDKey.self] = newValue }
    }
}
