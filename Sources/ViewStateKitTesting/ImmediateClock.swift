import Foundation
internal import ViewStateKitSupport

/// A clock whose sleeps end at once, for tests that do not care how long something waits:
/// a debounce, a retry delay, a timeout that never fires first. Each sleep moves ``now`` to its
/// deadline, so code that reads the time sees it pass; a sleep whose task is cancelled throws
/// `CancellationError`, as any clock's does. Swift-clocks and TCA call the same thing
/// `ImmediateClock`; reach for ``ManualClock`` when the test must say when time passes.
///
/// ```swift
/// let tester = ReactorTester(DebouncedSearch(clock: ImmediateClock()))
/// await tester.send(.type("cu")) { $0.query = "cu" }  // the debounce has already ended
/// await tester.receive { $0.results = ["cu gangnam", "cu yeoksam"] }
/// ```
///
/// Safe from any task.
public final class ImmediateClock: Clock, Sendable {
    private let current = Locked(ManualClock.Instant(offset: .zero))

    /// A clock at time zero.
    public init() {}

    /// The time slept so far: the latest deadline any sleep asked for.
    public var now: ManualClock.Instant {
        current.withLock { $0 }
    }

    /// The clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// Returns at once, moving ``now`` to `deadline` (never backwards); throws
    /// `CancellationError` when the calling task is cancelled.
    public func sleep(until deadline: ManualClock.Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
    }
}
