import Testing
import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

/// TCA's timer case study: a toggle starts a timer that ticks every second until toggled off.
@MainActor
final class TickingTimer: Reactor<TickingTimer.Action, TickingTimer.Mutation, TickingTimer.State> {
    enum Action { case toggle }
    enum Mutation: Equatable, Sendable { case setRunning(Bool), tick }
    struct State: Equatable { var isRunning = false; var seconds = 0 }

    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) {
        self.clock = clock
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        guard !currentState.isRunning else { return .merge(.cancel(id: "timer"), .mutation(.setRunning(false))) }
        return .merge(.mutation(.setRunning(true)), .run(id: "timer") { [clock] send in
            while (try? await clock.sleep(for: .seconds(1))) != nil {
                await send(.tick)
            }
        })
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setRunning(let isRunning): state.isRunning = isRunning
        case .tick: state.seconds += 1
        }
        return state
    }
}

/// Three repeating timers started by one action: A and C every 2 s, B every 3 s. Each tick
/// records its name and the clock's time.
@MainActor
final class ThreeTimers: Reactor<ThreeTimers.Action, ThreeTimers.Mutation, [String]> {
    enum Action { case start }
    enum Mutation: Equatable, Sendable { case tick(String) }

    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: [])
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        .merge(timer("A", every: .seconds(2)), timer("B", every: .seconds(3)), timer("C", every: .seconds(2)))
    }

    private func timer(_ name: String, every period: Duration) -> Effect<Mutation> {
        .run(id: name) { [clock] send in
            while (try? await clock.sleep(for: period)) != nil {
                await send(.tick("\(name)@\(clock.now.offset.components.seconds)"))
            }
        }
    }

    override func reduce(state: [String], mutation: Mutation) -> [String] {
        switch mutation {
        case .tick(let tick): state + [tick]
        }
    }
}

/// An actor-isolated fake service: each call answers the next number.
actor CountingService {
    private var calls = 0

    func next() -> Int {
        calls += 1
        return calls
    }
}

/// A polling screen: every second it makes fifty calls to a service on another actor, one of
/// them from a detached task, then publishes their sum and the time it polled at.
@MainActor
final class Poller: Reactor<Poller.Action, Poller.Mutation, [String]> {
    enum Action { case start }
    enum Mutation: Equatable, Sendable { case polled(sum: Int, at: Int64) }

    let clock: ManualClock
    let service = CountingService()

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: [])
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        .run(id: "poll") { [clock, service] send in
            while (try? await clock.sleep(for: .seconds(1))) != nil {
                var sum = await Task.detached { await service.next() }.value
                for _ in 1..<50 { sum += await service.next() }
                await send(.polled(sum: sum, at: clock.now.offset.components.seconds))
            }
        }
    }

    override func reduce(state: [String], mutation: Mutation) -> [String] {
        switch mutation {
        case .polled(let sum, let time): state + ["\(sum)@\(time)"]
        }
    }
}

@Suite("Deterministic time: ManualClock advances (R9) and ReactorTester.send")
@MainActor
struct DeterministicTimeTests {
    /// How many times each deterministic case repeats inside one run.
    static let repetitions = 1_000

    /// Runs `trial` `repetitions` times and counts each outcome; stops at the second distinct
    /// one (a failure: one report is enough), or at the first when `expected` is given and that
    /// one is not it.
    func outcomes<Outcome: Hashable>(expecting expected: Outcome? = nil, of trial: () async -> Outcome) async -> [Outcome: Int] {
        var outcomes: [Outcome: Int] = [:]
        await Repetitions.run(Self.repetitions) {
            let outcome = await trial()
            outcomes[outcome, default: 0] += 1
            return outcomes.count == 1 && (expected.map { $0 == outcome } ?? true)
        }
        return outcomes
    }

    @Test("R9: one advance drives a chained-sleep timer to every tick, the same in 1,000 repetitions")
    func chainedSleepTimer() async {
        let seen = await outcomes(expecting: [0, 0, 1, 2, 3, 4, 5, 5]) {
            let clock = ManualClock()
            let timer = TickingTimer(clock: clock)
            var seen: [Int] = []
            let token = timer.state.observe { seen.append($0.seconds) }
            let tester = ReactorTester(timer, exhaustive: false)
            await tester.send(.toggle) { $0.isRunning = true }
            await clock.advance(by: .seconds(5))
            await tester.send(.toggle) { $0.isRunning = false }
            withExtendedLifetime(token) {}
            return seen
        }
        #expect(seen == [[0, 0, 1, 2, 3, 4, 5, 5]: Self.repetitions])
    }

    @Test("R9: two periods tick in deadline order, equal deadlines in the order their sleeps began, the same in 1,000 repetitions")
    func timersInDeadlineOrder() async {
        let ticks = await outcomes(expecting: ["A@2", "C@2", "B@3", "A@4", "C@4", "B@6", "A@6", "C@6"]) {
            let clock = ManualClock()
            let timers = ThreeTimers(clock: clock)
            await ReactorTester(timers, exhaustive: false).send(.start)
            await clock.advance(by: .seconds(6))
            return timers.currentState
        }
        // At 6 s, B (asleep since 3 s) began sleeping before A and C (asleep since 4 s).
        #expect(ticks == [["A@2", "C@2", "B@3", "A@4", "C@4", "B@6", "A@6", "C@6"]: Self.repetitions])
    }

    @Test("R9: work that awaits another actor and a detached task between sleeps is driven by each advance, the same in 1,000 repetitions")
    func pollingAnActor() async {
        // Poll n sums calls 50(n-1)+1 … 50n, at n seconds: each sleep counts from the poll before it.
        let expected = (1...2).map { poll in "\((50 * (poll - 1) + 1 ... 50 * poll).reduce(0, +))@\(poll)" }
        let polls = await outcomes(expecting: expected) {
            let clock = ManualClock()
            let poller = Poller(clock: clock)
            await ReactorTester(poller, exhaustive: false).send(.start)
            await clock.advance(by: .seconds(1))
            await clock.advance(by: .seconds(1))
            return poller.currentState
        }
        #expect(polls == [expected: Self.repetitions])
    }

    @Test("R9: TCA's timer test, ported line for line: send, advance, receive each tick, send again, and nothing is left")
    func timerToggleLikeTCA() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickingTimer(clock: clock))
        await tester.send(.toggle) { $0.isRunning = true }
        await clock.advance(by: .seconds(1))
        await tester.receive(.tick) { $0.seconds = 1 }
        await clock.advance(by: .seconds(5))
        for second in 2...6 {
            await tester.receive(.tick) { $0.seconds = second }
        }
        await tester.send(.toggle) { $0.isRunning = false }
    }

    @Test("R9: an advance lets work resumed by a FakeReplies release rest first, so its next sleep counts from the release")
    func releasedWorkRestsBeforeTimeMoves() async {
        let clock = ManualClock()
        let replies = FakeReplies<Int>()
        let log = WakeLog()
        let work = Task {
            let value = try await replies.next()
            for _ in 0..<20 { await log.add("busy") }  // hops to another actor before it sleeps
            try await clock.sleep(for: .seconds(1))
            await log.add("woke with \(value) at \(clock.now.offset)")
        }
        await replies.waitForRequests(1)
        replies.succeed(0, with: 7)
        await clock.advance(by: .seconds(1))
        await withSafetyNet { _ = await work.result }
        #expect(await log.names.last == "woke with 7 at 1.0 seconds")
        clock.expectNoSleepers()
    }
}

extension DeterministicTimeTests {
    @Test("a release of a request that does not exist resumes nothing, and the next advance does not wait for it")
    func failedReleaseLeavesNothingToSettle() async {
        let replies = FakeReplies<Int>()
        // The default limit: a shorter one was reached under load, before the release's
        // settling (a detached task) got a thread, and a passing test must never reach its limit.
        let clock = ManualClock()
        withKnownIssue {
            replies.succeed(3, with: 1)
        } matching: { message(of: $0) == "FakeReplies: there is no request 3; 0 requests were made." }
        await clock.advance(by: .seconds(1))  // fails at its limit if it waits for a resumption that never comes
        #expect(clock.now.offset == .seconds(1))
    }
}

extension DeterministicTimeTests {
    /// Work that waits for a reply, hops to another actor twenty times, then sleeps a second.
    func replyThenSleep(_ replies: FakeReplies<Int>, _ clock: ManualClock, _ log: WakeLog) -> Task<Void, any Error> {
        Task {
            let value = try await replies.next()
            for _ in 0..<20 { await log.add("busy") }  // hops to another actor before it sleeps
            try await clock.sleep(for: .seconds(1))
            await log.add("woke with \(value) at \(clock.now.offset)")
        }
    }

    @Test("R9: an advance also lets work rest that a release made from a detached task resumed (no test of its own)")
    func releaseFromADetachedTask() async {
        let clock = ManualClock()
        let replies = FakeReplies<Int>()
        let log = WakeLog()
        let work = replyThenSleep(replies, clock, log)
        await replies.waitForRequests(1)
        await Task.detached { replies.succeed(0, with: 7) }.value  // outside the test's task-locals
        await clock.advance(by: .seconds(1))
        await withSafetyNet { _ = await work.result }
        #expect(await log.names.last == "woke with 7 at 1.0 seconds")
    }

    @Test("a main-actor task a completion handler starts as a release calls it is the release's work: it reaches its sleep before the advance")
    func taskStartedByAReleasedCompletionHandler() async {
        await Repetitions.run(20) {  // the same in 20 rounds: work the engine missed would race the advance
            let clock = ManualClock()
            let replies = FakeReplies<Int>()
            let log = WakeLog()
            let started = Locked<Task<Void, Never>?>(nil)
            replies.next { _ in
                started.withLock { $0 = Task { @MainActor in
                    for _ in 0..<5 { await log.add("busy") }  // to another actor and back, from the main actor
                    guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                    await log.add("woke at \(clock.now.offset)")
                } }
            }
            replies.succeed(0, with: 7)  // on the main queue: what the handler starts there is the release's work
            await clock.advance(by: .seconds(1))
            await withSafetyNet { await started.withLock { $0 }?.value }
            let woke = await log.names.last == "woke at 1.0 seconds"
            #expect(woke)
            clock.expectNoSleepers()
            return woke  // failed: one report is enough
        }
    }

    @Test("a release made from a detached task belongs to the test that made the FakeReplies: another test's advance never waits for its work")
    func detachedReleaseBelongsToItsTest() async {
        let held = Gate()
        let replies = CallSite.$simulatedTest.withValue("another test") { FakeReplies<Int>() }
        let work = Task.detached {
            _ = try? await replies.next()
            _ = await wait(within: SafetyNet.defaultLimit) { gate in held.onEnd { gate.end(true) } }  // rests only when let go
        }
        await replies.waitForRequests(1)
        await Task.detached { replies.succeed(0, with: 7) }.value  // no test of its own
        #expect(FollowedWork.hasReleasedWork(of: "another test"))
        #expect(!FollowedWork.hasReleasedWork(of: CallSite.currentTest))  // this test's advances do not wait for it
        held.end(true)
        await work.waitForCompletion()
    }

    @Test("a release's work, once it has rested, is let go of: nothing of it is kept for the rest of the run")
    func restedReleaseIsLetGo() async {
        let clock = ManualClock()
        let replies = FakeReplies<Int>()
        let log = WakeLog()
        let work = replyThenSleep(replies, clock, log)
        await replies.waitForRequests(1)
        replies.succeed(0, with: 7)
        await clock.advance(by: .seconds(1))  // waits for the release's work to rest
        await withSafetyNet { _ = await work.result }
        let test = CallSite.currentTest
        #expect(test != nil)
        #expect(FollowedWork.released.withLock { list in list.filter { $0.test == test }.count } == 0)
    }
}

extension DeterministicTimeTests {
    @Test("a step that has rested lets go of the tasks it followed: no closed step's work stays in the engine's table")
    func restedStepLetsGoOfItsTasks() async {
        let clock = ManualClock()
        let work = Task.detached {
            for _ in 0..<3 { guard (try? await clock.sleep(for: .seconds(1))) != nil else { return } }
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(3))
        await work.waitForCompletion()
        let heldByClosedSteps = FollowedWork.following.withLock { following in
            following.owners.values.filter { following.closed.contains(ObjectIdentifier($0)) }.count
        }
        #expect(heldByClosedSteps == 0)
    }
}
