import Foundation
internal import ViewStateKitSupport

/// A clock that only moves when a test advances it, for debounces, delays, retries and
/// timeouts without real time. Conforms to `Clock`, so code takes `any Clock<Duration>` and
/// gets `ContinuousClock()` in the app and a ``ManualClock`` in tests.
///
/// ```swift
/// let clock = ManualClock()
/// let tester = ReactorTester(DebouncedSearch(clock: clock))
/// await tester.send(.type("cu")) { $0.query = "cu" }
/// await clock.advance(by: .milliseconds(300))  // the debounce ends; the search runs to its end
/// await tester.receive { $0.results = ["cu gangnam", "cu yeoksam"] }
/// ```
///
/// - `sleep(until:)` suspends until an advance reaches the deadline (at once when it already
///   has), and throws `CancellationError` when its task is cancelled.
/// - `await advance(by:)` follows rule **R9**: it wakes the sleepers it reaches one at a time,
///   in deadline order (equal deadlines in the order their sleeps began), moving ``now`` to
///   each one's deadline, and lets the woken work run until it rests before it moves on —
///   whatever that work awaits in the meantime inside the test process: the main actor,
///   another actor, a detached task, a `FakeReplies` reply, a reactor's `Send`. Work that
///   sleeps again inside the window is woken again by the same advance, so one
///   `advance(by: .seconds(5))` drives five chained one-second sleeps, and each sleep is
///   counted from the deadline that woke it, as on a real clock. Work still running after
///   the clock's time limit (``SafetyNet/defaultLimit`` unless given to ``init(timeLimit:)``)
///   fails the test at the advance, and the clock stops at that deadline; so does an advance
///   that has woken 100,000 sleepers and still has more due (work sleeping ever shorter times).
///   Work waiting on something outside the test process (a real network, a real clock, a
///   Dispatch callback) cannot be seen: it rests, as far as the advance can tell.
/// - `await run()` advances until nothing sleeps; `expectNoSleepers()` fails the test when a
///   sleep is left pending, e.g. at the end of a test.
/// - `waitForSleepers(_:)` waits until work the test started outside the library (a plain
///   `Task`) has started sleeping; `await tester.send` and `advance` need no such wait.
///
/// What "rests" means, and what an advance cannot see, is in the TestingScreens article
/// (rule R9). Safe from any task.
public final class ManualClock: Clock, Sendable {

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
        /// The Swift Testing test whose work sleeps (`nil` outside one).
        let test: String?
        /// Resumed with the followed work that woke it (`nil`: the deadline had passed already).
        let wake: CheckedContinuation<FollowedWork?, any Error>
    }

    /// What the clock knows, read and written under one lock from any task.
    private struct Timeline {
        var current = Instant(offset: .zero)
        var sleepers = SleeperQueue<Sleeper>()
        var lastID = 0
        var cancelledIDs: Set<Int> = []
        var sleeperWaiters = CountWaiters()
        var wakeLimit = 100_000
    }
    private let timeline = Locked(Timeline())
    /// The real time an advance lets woken work run before it fails the test.
    private let timeLimit: Duration
    /// How many sleepers one advance wakes before it fails the test: a would-be endless advance
    /// (work that sleeps ever shorter times) becomes a clear failure. Tests of the limit lower it.
    var wakeLimit: Int {
        get { timeline.withLock { $0.wakeLimit } }
        set { timeline.withLock { $0.wakeLimit = newValue } }
    }

    /// A clock at time zero. `timeLimit` is the real time an advance lets the work it wakes
    /// run, and `waitForSleepers` waits, before failing the test instead of hanging:
    /// ``SafetyNet/defaultLimit`` unless given.
    public init(timeLimit: Duration = SafetyNet.defaultLimit) {
        self.timeLimit = timeLimit
    }

    /// The time advanced so far.
    public var now: Instant {
        timeline.withLock { t in t.current }
    }

    /// The clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int {
        timeline.withLock { t in t.sleepers.count }
    }

    /// Suspends until the clock reaches `deadline`: at once when it already has.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let test = CallSite.currentTest
        let id = timeline.withLock { t in
            t.lastID += 1
            return t.lastID
        }
        let waker = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<FollowedWork?, any Error>) in
                let outcome: Result<FollowedWork?, any Error>? = timeline.withLock { t in
                    if t.cancelledIDs.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= t.current { return .success(nil) }
                    t.sleepers.add(Sleeper(test: test, wake: continuation), id: id, deadline: deadline)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
                readySleeperWaiters().forEach { $0.end(true) }
            }
        } onCancel: {
            let sleeper: Sleeper? = timeline.withLock { t in
                guard let sleeper = t.sleepers.remove(id: id) else {
                    t.cancelledIDs.insert(id)  // cancelled before it started sleeping
                    return nil
                }
                return sleeper
            }
            sleeper?.wake.resume(throwing: CancellationError())
        }
        timeline.withLock { t in _ = t.cancelledIDs.remove(id) }
        await waker?.arrive()  // woken by an advance: go on as the advance's followed work
    }

    /// Returns once at least `count` tasks are sleeping on the clock, or fails the test after
    /// `timeLimit` of real time (a safety net: the work under test never slept); the clock's
    /// own time limit unless given.
    /// - Returns: whether the sleepers arrived in time, so a loop can stop at its first failure.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, timeLimit: Duration? = nil,
                                isolation: isolated (any Actor)? = #isolation,
                                fileID: String = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) async -> Bool {
        let timeLimit = timeLimit ?? self.timeLimit
        // Registered before this call suspends, so a sleep that starts after it is never missed.
        let arrived = await wait(within: timeLimit) { gate in
            if timeline.withLock({ t in t.sleeperWaiters.add(gate, until: count, current: t.sleepers.count) }) { gate.end(true) }
        }
        if !arrived {
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
                "waitForSleepers: \(sleeperCount) of \(count) expected sleepers after \(timeLimit) of real time; "
                + "the work under test did not sleep on this clock.")
        }
        return arrived
    }

    /// Removes and returns the waits whose count of sleepers is reached.
    private func readySleeperWaiters() -> [Gate] {
        timeline.withLock { t in t.sleeperWaiters.reached(t.sleepers.count) }
    }

    /// Moves the clock forward by `duration`, waking every sleeper whose deadline it reaches,
    /// including sleeps the woken work starts inside the window (rule R9).
    ///
    /// A negative `duration` fails the test at the caller's line and leaves the clock where it is.
    public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation,
                        fileID: String = #fileID, filePath: StaticString = #filePath,
                        line: UInt = #line, column: UInt = #column) async {
        guard duration >= .zero else {
            return CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
                "advance(by: \(duration)): a clock never goes back; the clock stays at \(now.offset).")
        }
        await advance(to: now.advanced(by: duration), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Moves the clock to `instant` (never backwards), waking sleepers one at a time in deadline
    /// order and letting each one's work run until it rests before the next (rule R9). Work a
    /// `FakeReplies` release resumed is let rest first, so it sleeps from the time it was
    /// released at.
    ///
    /// An advance with nothing to wake only moves the clock: a test's way of showing that nothing
    /// happens (a cancelled timer stays quiet). A sleeper of another test woken by this one (one
    /// clock shared by two tests) fails the test at the caller's line; it is woken all the same,
    /// so nothing hangs.
    public func advance(to instant: Instant, isolation: isolated (any Actor)? = #isolation,
                        fileID: String = #fileID, filePath: StaticString = #filePath,
                        line: UInt = #line, column: UInt = #column) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let step = FollowedStep("advance to \(instant.offset)", at: site)
        FollowedActivity.advanceBegan(for: step.test)
        defer { FollowedActivity.advanceEnded(for: step.test) }
        FollowedWork.beginStep(step)
        guard await FollowedWork.settleReleasedWork(within: timeLimit) else {
            return site.fail("advance: work resumed by a FakeReplies release was still running after "
                             + "\(timeLimit) of real time, so the clock did not move.")
        }
        // Main-actor work queued before the advance — a completion handler that work of an
        // earlier step posted on the main queue, and the task it resumed — runs first, as the
        // advance's own work, so a sleep it starts is on the clock before time moves. Its wait
        // is mostly for a main queue other tests may keep busy, so it gets at least the default net.
        let queuedLimit = max(timeLimit, SafetyNet.defaultLimit)
        guard await FollowedWork(step).settle(within: queuedLimit) == .rested else {
            return site.fail("advance: work queued before it was still running after \(queuedLimit) of real time, "
                             + "so the clock did not move.")
        }
        var wakes = 0
        while true {
            if wakes == wakeLimit, timeline.withLock({ t in t.sleepers.hasSleeper(dueBy: instant) }) {
                return site.fail("advance: woke \(wakeLimit) sleepers and more are due before \(instant.offset): does "
                                 + "the work sleep for ever shorter times? The clock stopped at \(now.offset).")
            }
            guard let (sleeper, when) = nextSleeper(upTo: instant) else { return }
            wakes += 1
            if let mine = step.test, let theirs = sleeper.test, mine != theirs {
                site.fail("advance: it woke work of another test (\(theirs)) sleeping on this clock: one ManualClock is "
                          + "shared by two tests, so each moves the other's time. Give each test a clock of its own.")
            }
            let woken = FollowedWork(step)
            woken.expectResumption()  // until the sleeper goes on, even if it had not quite suspended yet
            woken.run { sleeper.wake.resume(returning: woken) }
            let outcome = await woken.settle(within: timeLimit)
            if outcome == .stillRunning {
                return site.fail("advance: the work woken at \(when) was still running after \(timeLimit) "
                                 + "of real time: is it busy forever, or waiting for something outside the test "
                                 + "process (a real network, a Dispatch queue)? The clock stopped at \(when).")
            }
        }
    }

    /// Advances to each sleeper's deadline until nothing sleeps, at most `maxWakes` times
    /// (work that sleeps forever, a repeating timer, fails the test there).
    public func run(maxWakes: Int = 10_000, isolation: isolated (any Actor)? = #isolation,
                    fileID: String = #fileID, filePath: StaticString = #filePath,
                    line: UInt = #line, column: UInt = #column) async {
        for _ in 0..<maxWakes {
            guard let next = timeline.withLock({ t in t.sleepers.earliestDeadline() }) else { return }
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
        LateUnseenWork.report()
        let pending = timeline.withLock { t in t.sleepers.deadlines.map(\.offset) }
        guard !pending.isEmpty else { return true }
        let deadlines = pending.sorted().map { "\($0)" }.joined(separator: ", ")
        CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
            "\(pending.count) \(pending.count == 1 ? "sleep is" : "sleeps are") still pending on the clock "
            + "(now \(now.offset); deadlines \(deadlines)).")
        return false
    }

    /// Removes and returns the earliest sleeper due by `instant` (the first to begin sleeping
    /// among equal deadlines), moving the clock to its deadline; with none due, moves the clock
    /// to `instant` in the same step, so a sleep that starts meanwhile is never left behind.
    private func nextSleeper(upTo instant: Instant) -> (Sleeper, Duration)? {
        timeline.withLock { t in
            guard let (sleeper, deadline) = t.sleepers.takeEarliest(dueBy: instant) else {
                t.current = max(t.current, instant)
                return nil
            }
            t.current = max(t.current, deadline)
            return (sleeper, deadline.offset)
        }
    }
}
