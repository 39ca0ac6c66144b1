import Testing
import ViewStateKit
@testable import ViewStateKitTesting

/// A reply the test holds and releases; cancelling the waiting task does not end the wait (a
/// service that ignores cancellation), so only a release ends it.
final class HeldReply: Sendable {
    private let stream: AsyncStream<[String]>
    private let continuation: AsyncStream<[String]>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    func value() async -> [String] {
        for await value in stream { return value }
        return []
    }

    func release(_ value: [String]) {
        continuation.yield(value)
    }
}

/// Searches by awaiting held replies; logs when each search's work has really ended.
@MainActor
final class HeldSearch: Reactor<HeldSearch.Action, HeldSearch.Mutation, HeldSearch.State> {
    enum Action { case search(String), stop }
    enum Mutation: Sendable { case setResults([String]) }
    struct State: Equatable { var results: [String] = [] }

    let replies: [String: HeldReply]
    var ended: [String] = []

    init(replies: [String: HeldReply]) {
        self.replies = replies
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .search(let query):
            let reply = replies[query]
            return .run(id: "search") { [weak self] send in
                let results = await reply?.value() ?? []
                await send(.setResults(results))
                self?.ended.append(query)
            }
        case .stop:
            return .cancel(id: "search")
        }
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .setResults(let results): State(results: results)
        }
    }
}

/// Two timers with different delays, started by one action: R8 fixes their order.
@MainActor
final class TwoTimers: Reactor<TwoTimers.Action, TwoTimers.Mutation, [String]> {
    enum Action { case start }
    enum Mutation: Sendable { case append(String) }

    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: [])
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        .merge(
            .run(id: "slow") { [clock] send in
                try? await clock.sleep(for: .milliseconds(200))
                await send(.append("slow"))
            },
            .run(id: "fast") { [clock] send in
                try? await clock.sleep(for: .milliseconds(100))
                await send(.append("fast"))
            },
            .run(id: "slowest") { [clock] send in
                try? await clock.sleep(for: .milliseconds(300))
                await send(.append("slowest"))
            })
    }

    override func reduce(state: [String], mutation: Mutation) -> [String] {
        switch mutation {
        case .append(let name): state + [name]
        }
    }
}

@Suite("ViewStateKitTesting never hangs, never passes by accident")
@MainActor
struct TestingTrustTests {
    @Test("a tester is freed after an await receive while an effect still runs, and its end check fails")
    func testerFreedAfterReceive() async {
        let clock = ManualClock()
        weak var weakTester: ReactorTester<DebouncedSearch>?
        await withKnownIssue {
            let tester = ReactorTester(DebouncedSearch(clock: clock))
            weakTester = tester
            await tester.send(.type("cu")) { $0.query = "cu" }
            await clock.advance(by: .milliseconds(300))
            await tester.receive { $0.results = ["cu gangnam", "cu yeoksam"] }
            await tester.send(.type("gs")) { $0.query = "gs" }  // a new search, left sleeping
        } matching: { message(of: $0).hasPrefix("An effect is still running at the end of the test") }
        #expect(weakTester == nil)
    }

    @Test("receive fails after its time limit, instead of hanging, when a reply is never released")
    func receiveTimeLimit() async {
        let reply = HeldReply()
        let tester = ReactorTester(HeldSearch(replies: ["cu": reply]), timeLimit: .milliseconds(50))
        await tester.send(.search("cu"))
        await withKnownIssue {
            await tester.receive { $0.results = ["cu gangnam"] }
        } matching: { issue in
            message(of: issue).hasPrefix("receive: no state arrived within 0.05 seconds of real time, and an effect is still running")
        }
        reply.release(["cu gangnam"])
        await tester.reactor.waitUntilIdle()  // so the receive below does not wait: its limit is short
        await tester.receive { $0.results = ["cu gangnam"] }
    }

    @Test("finish fails after its time limit when work never ends")
    func finishTimeLimit() async {
        let reply = HeldReply()
        let reactor = HeldSearch(replies: ["cu": reply])
        let tester = ReactorTester(reactor, timeLimit: .milliseconds(50))
        await tester.send(.search("cu"))
        await withKnownIssue {
            await tester.finish()
        } matching: { message(of: $0).hasPrefix("finish: effects still running after 0.05 seconds of real time") }
        reply.release([])
        await withSafetyNet { await reactor.waitUntilIdle() }
    }

    @Test("a test may end on its last receive: an effect that published everything is not still running (200 rounds)")
    func endingOnLastReceive() async {
        var round = 0
        await Repetitions.run(200) {
            round += 1
            let reply = HeldReply()
            let tester = ReactorTester(HeldSearch(replies: ["cu": reply]))
            await tester.send(.search("cu"))
            reply.release(["round \(round)"])
            await tester.receive { $0.results = ["round \(round)"] }
            return tester.state.results == ["round \(round)"]  // failed: one report is enough
        }
    }

    @Test("R4: waitUntilIdle waits for superseded work to end, so a dropped late reply is proven without polling")
    func waitsForSupersededWork() async {
        let first = HeldReply()
        let second = HeldReply()
        let reactor = HeldSearch(replies: ["c": first, "cu": second])
        var states: [[String]] = []
        let token = reactor.state.observe { states.append($0.results) }
        reactor.send(.search("c"))
        reactor.send(.search("cu"))  // supersedes "c"
        second.release(["cu gangnam"])
        first.release(["late c"])
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(reactor.ended.sorted() == ["c", "cu"], "both works have ended, the superseded one too")
        #expect(states == [[], ["cu gangnam"]], "the late reply was dropped")
        withExtendedLifetime(token) {}
    }

    @Test("finish waits for cancelled work to end")
    func finishWaitsForCancelled() async {
        let reply = HeldReply()
        let reactor = HeldSearch(replies: ["cu": reply])
        let tester = ReactorTester(reactor)
        await tester.send(.search("cu"))
        await tester.send(.stop)
        #expect(!reactor.hasRunningWork, "cancelled work is not running work")
        reply.release(["late"])
        await tester.finish()
        #expect(reactor.ended == ["cu"])
    }

    @Test("R8: effects woken by one advance deliver in deadline order, the same in 1,000 repetitions")
    func deterministicEffects() async {
        var orders: [[String]: Int] = [:]
        await Repetitions.run(1_000) {
            let clock = ManualClock()
            let reactor = TwoTimers(clock: clock)
            reactor.send(.start)
            guard await clock.waitForSleepers(3) else { return false }  // failed: one report is enough
            await clock.advance(by: .seconds(1))
            await ReactorTester(reactor, exhaustive: false).finish()  // a time-limited wait for the effects
            orders[reactor.currentState, default: 0] += 1
            return !reactor.hasRunningWork && orders == [["fast", "slow", "slowest"]: orders.values.reduce(0, +)]
        }
        #expect(orders == [["fast", "slow", "slowest"]: 1_000])
    }
}
