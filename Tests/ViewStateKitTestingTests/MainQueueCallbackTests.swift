import Dispatch
import Testing
import ViewStateKit
import ViewStateKitTesting

/// A screen whose work waits for an SDK's completion handler, which the SDK calls on the main
/// queue (`DispatchQueue.main.async`), and then sleeps on the injected clock: a UIKit-era
/// callback followed by a delay, and the shape of a logic controller's completion handler.
@MainActor
final class CallbackThenDelay: Reactor<CallbackThenDelay.Action, CallbackThenDelay.Mutation, [String]> {
    enum Action { case load, poll }
    enum Mutation: Equatable, Sendable { case log(String) }

    let clock: ManualClock

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
}
