import Dispatch
import Testing
import ViewStateKit
import ViewStateKitTesting

/// Loads after a wait the test engine does not drive: the real clocks and main-queue callbacks
/// a new user's effect reaches for instead of the injected clock.
@MainActor
final class RealWaitLoader: Reactor<RealWaitLoader.Action, RealWaitLoader.Mutation, RealWaitLoader.State> {
    enum Action { case nothing, set(String), taskSleep, continuousClock, mainQueueAfter, heldStream, heldCallback }
    enum Mutation: Equatable, Sendable { case loaded(String) }
    struct State: Equatable { var loaded = "" }

    let held = AsyncStream<String>.makeStream()
    /// A completion handler an SDK keeps until it calls back.
    var callback: (@Sendable (String) -> Void)?

    init() { super.init(initialState: State()) }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .nothing:
            .none
        case .set(let text):
            .mutation(.loaded(text))
        case .taskSleep:
            .run { send in
                try await Task.sleep(for: .milliseconds(5))  // on purpose: 5 ms of real time, well within the time limit
                await send(.loaded("after Task.sleep"))  // on purpose: names the real sleep above, the subject of R10's report
            }
        case .continuousClock:
            .run { send in
                try await ContinuousClock().sleep(for: .milliseconds(5))  // on purpose: 5 ms of real time, well within the time limit
                await send(.loaded("after ContinuousClock"))
            }
        case .mainQueueAfter:
            .run { send in
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(5)) { done.resume() }  // an SDK's callback
                }
                await send(.loaded("after asyncAfter"))
            }
        case .heldCallback:
            .run { [weak self] send in
                let text = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
                    self?.callback = { done.resume(returning: $0) }
                }
                await send(.loaded(text))
            }
        case .heldStream:
            .run { [stream = held.stream] send in
                for await value in stream {
                    await send(.loaded(value))
                    return
                }
            }
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .loaded(let text): state.loaded = text
        }
    }
}

/// Rule R10 seen from the state an early rest lets in (#46): a state that arrives while a
/// `receive` waits, from work that had rested when the last step returned, fails the receive.
@Suite("R10: a state that arrives from work the engine did not drive fails the receive that waited for it")
@MainActor
struct EarlyRestTests {
    /// The effect starts after a step has rested (`send(.nothing)`), straight from the reactor, so
    /// its real wait begins after the last step returned whatever the machine's load: started by
    /// `tester.send`, a short real wait can end while a loaded machine still settles the send, and
    /// its state then passes as the send's own work (the limit R10's table states).
    /// With `call`, the action is sent by the tester instead (its work waits for the call), and
    /// `call` makes the wait end from outside the engine.
    private func expectEarlyRest(_ action: RealWaitLoader.Action, loaded: String,
                                 after call: ((RealWaitLoader) -> Void)? = nil) async {
        let tester = ReactorTester(RealWaitLoader())
        if let call {
            await tester.send(action)  // its work rests waiting for the call
            call(tester.reactor)
        } else {
            await tester.send(.nothing)  // the last step: it rests at once
            tester.reactor.send(action)
        }
        let line = #line + 2
        await withKnownIssue {
            await tester.receive(.loaded(loaded)) { $0.loaded = loaded }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && message(of: issue).hasPrefix("receive(.loaded(\"\(loaded)\")): a state arrived while it waited, from work "
                                                + "that had come to rest before the wait began")
                && message(of: issue).contains("a completion handler called on the main queue")
                && message(of: issue).contains("rule R10")
        }
        #expect(tester.state.loaded == loaded, "the state is still received and checked")
        // The next receive starts afresh: a state of work the test drives is not reported again.
        await tester.send(.heldStream)
        tester.reactor.held.continuation.yield("next")
        await tester.receive(.loaded("next")) { $0.loaded = "next" }
    }

    @Test("R10: an effect that sleeps with Task.sleep instead of the injected clock fails the receive")  // on purpose: a real sleep is what R10 reports
    func taskSleep() async {
        await expectEarlyRest(.taskSleep, loaded: "after Task.sleep")  // on purpose: 5 ms of real time, the subject, well within the limit
    }

    @Test("R10: an effect that sleeps on a ContinuousClock instead of the injected clock fails the receive")
    func continuousClock() async {
        await expectEarlyRest(.continuousClock, loaded: "after ContinuousClock")
    }

    @Test("R10: a completion handler called on DispatchQueue.main.asyncAfter fails the receive")
    func mainQueueAfter() async {
        await expectEarlyRest(.mainQueueAfter, loaded: "after asyncAfter")
    }

    @Test("R10: a completion handler the SDK calls on the main queue, with no task, fails the receive")
    func mainQueueCallback() async {
        await expectEarlyRest(.heldCallback, loaded: "from the SDK") { reactor in
            let callback = reactor.callback
            DispatchQueue.main.async { callback?("from the SDK") }  // as the SDK would: not the test's task
        }
    }

    @Test("R10: main-actor work the test queued just before the receive is the test's own: no failure (200 rounds)")
    func mainActorWorkQueuedBefore() async {
        var round = 0
        await Repetitions.run(200) {
            round += 1
            let tester = ReactorTester(RealWaitLoader())
            await tester.send(.heldStream)  // an effect runs, waiting for the stream
            let text = "round \(round)"
            Task { @MainActor in tester.reactor.send(.set(text)) }  // queued on the main actor before the receive
            await tester.receive(.loaded(text)) { $0.loaded = text }
            tester.reactor.held.continuation.yield("end")
            await tester.receive(.loaded("end")) { $0.loaded = "end" }
            return tester.state.loaded == "end"
        }
    }

    @Test("R10: a test that has taken no step yet has nothing resting early: a real wait's state passes")
    func noStepYet() async {
        let tester = ReactorTester(RealWaitLoader())
        tester.reactor.send(.taskSleep)  // not through the tester: no step has rested in this test
        await tester.receive(.loaded("after Task.sleep")) { $0.loaded = "after Task.sleep" }  // on purpose: the state the real sleep let in, which R10 reports at this receive
    }

    @Test("R10: a stream the test yields into is the test driving the work: no failure (200 rounds)")
    func streamTheTestDrives() async {
        var round = 0
        await Repetitions.run(200) {
            round += 1
            let reactor = RealWaitLoader()
            let tester = ReactorTester(reactor)
            await tester.send(.heldStream)
            reactor.held.continuation.yield("round \(round)")
            await tester.receive(.loaded("round \(round)")) { $0.loaded = "round \(round)" }
            return tester.state.loaded == "round \(round)"
        }
    }
}
