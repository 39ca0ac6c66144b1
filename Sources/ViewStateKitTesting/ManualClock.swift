import Foundation

/// A clock that only moves when a test advances it, for debounces, delays, retries and
/// timeouts without real time. Conforms to `Clock`, so code takes `any Clock<Duration>` and
/// gets `ContinuousClock()` in the app and a ``ManualClock`` in tests.
///
/// - `sleep(until:)` suspends until an advance reaches the deadline (at once when it already
///   has), and throws `CancellationError` when its task is cancelled.
/// - `await advance(by:)` wakes the sleepers it reaches one at a time, in deadline order (then
///   in the order they fell asleep), moving ``now`` to each one's deadline, and lets the woken
///   work run until it settles before it goes on: work that sleeps again inside the window is
///   woken again by the same advance, so one `advance(by: .seconds(5))` drives five chained
///   one-second sleeps. Woken work on the main actor (reactor effects, R8) runs in wake order.
/// - `await run()` advances until nothing sleeps; `expectNoSleepers()` fails the test when a
///   sleep is left pending, e.g. at the end of a test.
/// - `waitForSleepers(_:)` waits until the work under test has started sleeping, so an
///   advance cannot come too early. It gives up, failing the test, after ``SafetyNet``'s limit.
///
/// Safe from any task.
public final class ManualClock: Clock, @unchecked Sendable {
    // @unchecked: every mutable property is read and written only under `lock`.

    /// A point on the manual clock's timeline: the time advanced since it started.
    public struct Instant: InstantProtocol {
        /// The time since the clock started.
        public var offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`: positive when `other` is later.
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
    /// Sleepers woken by an advance whose `sleep` has not returned yet, with the advance waiting.
    private var waking: [Int: Gate] = [:]
    /// Counts sleeps started and woken, so an advance can tell when woken work has settled.
    private var activity = 0

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

    /// Suspends until the clock reaches `deadline`: at once when it already has.
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
                    activity += 1
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
        let advance = lock.withLock {
            _ = cancelledIDs.remove(id)
            return waking.removeValue(forKey: id)
        }
        advance?.end(true)
    }

    /// Returns once at least `count` tasks are sleeping on the clock, or fails the test after
    /// `timeLimit` of real time (a safety net: the work under test never slept).
    /// - Returns: whether the sleepers arrived in time, so a loop can stop at its first failure.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, timeLimit: Duration = SafetyNet.defaultLimit,
                                fileID: String = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) async -> Bool {
        let arrived = await completes(within: timeLimit) { [self] in
            await withCheckedContinuation { continuation in
                let ready: Bool = lock.withLock {
                    guard sleepers.count < count else { return true }
                    sleeperWaiters.append((count, continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        }
        if !arrived {
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
                "waitForSleepers: \(sleeperCount) of \(count) expected sleepers after \(timeLimit) of real time; "
                + "the work under test did not sleep on this clock.")
        }
        return arrived
    }

    private func readySleeperWaiters() -> [CheckedContinuation<Void, Never>] {
        lock.withLock {
            let count = sleepers.count
            let ready = sleeperWaiters.filter { $0.count <= count }.map(\.resume)
            sleeperWaiters.removeAll { $0.count <= count }
            return ready
        }
    }

    /// Moves the clock forward by `duration`, waking every sleeper whose deadline it reaches,
    /// including sleeps the woken work starts inside the window.
    public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation,
                        fileID: String = #fileID, filePath: StaticString = #filePath,
                        line: UInt = #line, column: UInt = #column) async {
        await advance(to: now.advanced(by: duration), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Moves the clock to `instant` (never backwards), waking sleepers one at a time in deadline
    /// order and letting each one's work settle before the next.
    public func advance(to instant: Instant, isolation: isolated (any Actor)? = #isolation,
                        fileID: String = #fileID, filePath: StaticString = #filePath,
                        line: UInt = #line, column: UInt = #column) async {
        while let sleeper = nextSleeper(upTo: instant) {
            let resumed = await wait(within: SafetyNet.defaultLimit) { gate in
                lock.withLock { waking[sleeper.id] = gate }
                sleeper.wake.resume()
            }
            if !resumed {
                return CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
                    "advance: a woken sleeper did not resume within \(SafetyNet.defaultLimit) of real time.")
            }
            await settle()
        }
    }

    /// Advances to each sleeper's deadline until nothing sleeps, at most `maxWakes` times
    /// (work that sleeps forever, a repeating timer, fails the test there).
    public func run(maxWakes: Int = 10_000, isolation: isolated (any Actor)? = #isolation,
                    fileID: String = #fileID, filePath: StaticString = #filePath,
                    line: UInt = #line, column: UInt = #column) async {
        for _ in 0..<maxWakes {
            guard let next = lock.withLock({ sleepers.map(\.deadline).min() }) else { return }
            await advance(to: next, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        if sleeperCount > 0 {
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
                "run: still \(sleeperCount) sleeper(s) after \(maxWakes) wakes; does the work sleep forever?")
        }
    }

    /// Fails the test when a task is still sleeping on the clock: time-based work the test did
    /// not drive to its end.
    @discardableResult
    public func expectNoSleepers(fileID: String = #fileID, filePath: StaticString = #filePath,
                                 line: UInt = #line, column: UInt = #column) -> Bool {
        let pending = lock.withLock { sleepers.map { $0.deadline.offset } }
        guard !pending.isEmpty else { return true }
        let deadlines = pending.sorted().map { "\($0)" }.joined(separator: ", ")
        CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
            "\(pending.count) \(pending.count == 1 ? "sleep is" : "sleeps are") still pending on the clock "
            + "(now \(now.offset); deadlines \(deadlines)).")
        return false
    }

    /// Removes and returns the earliest sleeper due by `instant` (the first to fall asleep among
    /// equal deadlines), moving the clock to its deadline; with none due, moves the clock to
    /// `instant` in the same step, so a sleep that starts meanwhile is never left behind.
    private func nextSleeper(upTo instant: Instant) -> Sleeper? {
        lock.withLock {
            guard let index = sleepers.indices.min(by: { sleepers[$0].deadline < sleepers[$1].deadline }),
                  sleepers[index].deadline <= instant else {
                current = max(current, instant)
                return nil
            }
            let sleeper = sleepers.remove(at: index)
            current = max(current, sleeper.deadline)
            activity += 1
            return sleeper
        }
    }

    /// Lets woken work run until it settles: its next step on the caller's actor, and what it
    /// starts on other executors (a sleep it registers again). Yields through the global
    /// executor until ten rounds in a row see no sleep start (at most 500 rounds); no real time
    /// passes. Work that takes longer than that to sleep again is woken by the next advance.
    private func settle(isolation: isolated (any Actor)? = #isolation) async {
        var quietRounds = 0
        var seen = lock.withLock { activity }
        for _ in 0..<500 where quietRounds < 10 {
            await Task.detached { await Task.yield() }.value
            let now = lock.withLock { activity }
            quietRounds = now == seen ? quietRounds + 1 : 0
            seen = now
        }
    }
}
