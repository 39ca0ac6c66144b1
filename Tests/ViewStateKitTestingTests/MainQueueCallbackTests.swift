import Dispatch
import Testing
import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

/// A cache the work consults between its reply and its delay: each call a hop to an actor and
/// back, so work the engine does not follow is still hopping when a step that rested early
/// returns, every run (not only on an unlucky one).
actor ReplyCache {
    private(set) var lookups = 0
    /// Whether every warm-up ran as followed work, on the engine's lane.
    nonisolated let allFollowed = Locked(true)

    func lookUp() { lookups += 1 }

    /// Looks up the cache `times` times, one hop each.
    nonisolated func warm(_ times: Int) async {
        let followed = DispatchQueue.getSpecific(key: FollowedWork.laneKey) == true
        allFollowed.withLock { $0 = $0 && followed }
        for _ in 0..<times { await lookUp() }
    }
}

/// A screen whose work waits for an SDK's completion handler, which the SDK calls on the main
/// queue (`DispatchQueue.main.async`), and then sleeps on the injected clock: a UIKit-era
/// callback followed by a delay, and the shape of a logic controller's completion handler.
@MainActor
final class CallbackThenDelay: Reactor<CallbackThenDelay.Action, CallbackThenDelay.Mutation, [String]> {
    enum Action { case load, poll, request, held }
    enum Mutation: Equatable, Sendable { case log(String) }

    let clock: ManualClock
    /// The server behind ``Action/request``, whose replies the test releases.
    let server = FakeReplies<String>()
    /// The completion handler ``Action/held`` waits for, which the test calls itself.
    var pending: (@Sendable (String) -> Void)?
    let cache = ReplyCache()

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: [])
    }

    /// The SDK: calls back on the main queue, as UIKit-era SDKs do — after one more turn of it,
    /// as an SDK that hops there from its own main-queue bookkeeping does.
    nonisolated static func fetch(_ name: String, completion: @escaping @Sendable (String) -> Void) {
        DispatchQueue.main.async { DispatchQueue.main.async { completion(name) } }
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .load:
            .run { [clock] send in
                let name = await withCheckedContinuation { done in Self.fetch("profile") { done.resume(returning: $0) } }
                try await clock.sleep(for: .seconds(2))  // shown for two seconds, then cleared
                await send(.log("\(name) after 2 s"))
            }
        case .request:
            .run { [clock, server, cache] send in
                // An SDK over the server: it hands the reply to its completion handler on the main queue.
                let reply = await withCheckedContinuation { done in
                    server.next { result in
                        DispatchQueue.main.async { done.resume(returning: (try? result.get()) ?? "failed") }
                    }
                }
                await send(.log(reply))
                await cache.warm(30)
                try await clock.sleep(for: .seconds(2))
                await send(.log("\(reply) after 2 s"))
            }
        case .held:
            .run { [weak self, clock] send in
                let name = await withCheckedContinuation { done in self?.pending = { done.resume(returning: $0) } }
                await self?.cache.warm(30)
                try await clock.sleep(for: .seconds(1))
                await send(.log("\(name) after 1 s"))
            }
        case .poll:
            .run(id: "poll") { [clock] send in
                for round in 1...3 {
                    try await clock.sleep(for: .seconds(1))
                    let name = await withCheckedContinuation { done in Self.fetch("poll \(round)") { done.resume(returning: $0) } }
                    await send(.log(name))
                }
            }
        }
    }

    override func reduce(state: [String], mutation: Mutation) -> [String] {
        switch mutation {
        case .log(let line): state + [line]
        }
    }
}

/// Rule R10 for completion handlers the work posts on the main queue: the engine lets the
/// main-actor work queued behind a step's work run (three quiet markers in a row) before it
/// calls the work at rest, so a callback and the task it resumes are part of the step, and a
/// sleep on the test's clock after them is there for the next advance.
@Suite("R10: a completion handler called on the main queue is part of the step that started the work")
@MainActor
struct MainQueueCallbackTests {
    @Test("a main-queue callback, then a sleep on the clock: the send drives it to the sleep, the advance wakes it (50 rounds)")
    func callbackThenSleep() async {
        await Repetitions.run(50) {
            let clock = ManualClock()
            let tester = ReactorTester(CallbackThenDelay(clock: clock))
            await tester.send(.load)
            #expect(clock.sleeperCount == 1, "the send drove its work through the callback to the sleep")
            await clock.advance(by: .seconds(2))
            await tester.receive(.log("profile after 2 s")) { $0 = ["profile after 2 s"] }
            return tester.state == ["profile after 2 s"]
        }
    }

    @Test("an advance drives work through a main-queue callback to its next sleep: one tick each (50 rounds)")
    func advanceThroughCallbacks() async {
        await Repetitions.run(50) {
            let clock = ManualClock()
            let tester = ReactorTester(CallbackThenDelay(clock: clock))
            await tester.send(.poll)
            await clock.advance(by: .seconds(1))
            await tester.receive(.log("poll 1")) { $0 = ["poll 1"] }
            #expect(clock.sleeperCount == 1, "back asleep: the advance followed the callback to the next sleep")
            await clock.advance(by: .seconds(2))
            await tester.receive(.log("poll 2")) { $0 = ["poll 1", "poll 2"] }
            await tester.receive(.log("poll 3")) { $0 = ["poll 1", "poll 2", "poll 3"] }
            await tester.finish()
            return tester.state.count == 3
        }
    }

    @Test("a FakeReplies release whose reply an SDK hands on through the main queue: the release's work reaches its sleep (50 rounds)")
    func releaseThroughMainQueue() async {
        await Repetitions.run(50) {
            let clock = ManualClock()
            let tester = ReactorTester(CallbackThenDelay(clock: clock))
            await tester.send(.request)
            tester.reactor.server.succeed(0, with: "reply")
            await clock.advance(by: .seconds(2))  // the release's work rests first, asleep: this wakes it
            await tester.receive(.log("reply")) { $0 = ["reply"] }
            await tester.receive(.log("reply after 2 s")) { $0 = ["reply", "reply after 2 s"] }
            #expect(tester.reactor.cache.allFollowed.withLock { $0 }, "the work the callback resumed was followed")
            return tester.state.count == 2
        }
    }

    @Test("a completion handler the test calls itself, then at once an advance: the work reaches its sleep before time moves (50 rounds)")
    func testCallsBackThenAdvances() async {
        await Repetitions.run(50) {
            let clock = ManualClock()
            let tester = ReactorTester(CallbackThenDelay(clock: clock))
            await tester.send(.held)
            tester.reactor.pending?("tapped")  // the work goes on after this test's turn, wherever it resumes
            await clock.advance(by: .seconds(1))  // lets it run to its sleep first, then wakes it
            await tester.receive(.log("tapped after 1 s")) { $0 = ["tapped after 1 s"] }
            #expect(tester.reactor.cache.allFollowed.withLock { $0 }, "the work the test resumed was followed")
            return tester.state.count == 1
        }
    }
}
