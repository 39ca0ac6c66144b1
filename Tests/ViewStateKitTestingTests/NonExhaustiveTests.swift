import Testing
import ViewStateKit
import ViewStateKitTesting

/// Adds to a score through a fake service, publishing three states per reply: the score, a
/// log line and the end of the busy flag. Then it waits for the next reply, if asked to.
@MainActor
final class Scoreboard: Reactor<Scoreboard.Action, Scoreboard.Mutation, Scoreboard.State> {
    enum Action { case add, addTwice }
    enum Mutation: Equatable, Sendable { case setBusy(Bool), addScore(Int), log(String) }
    struct State: Equatable { var score = 0; var log: [String] = []; var busy = false }

    let replies: FakeReplies<Int>

    init(replies: FakeReplies<Int>) {
        self.replies = replies
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        let rounds = action == .add ? 1 : 2
        return .merge(.mutation(.setBusy(true)), .run { [replies] send in
            for _ in 0..<rounds {
                guard let points = try? await replies.next() else { return }
                await send(.addScore(points))
                await send(.log("added \(points)"))
            }
            await send(.setBusy(false))
        })
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .setBusy(let busy): state.busy = busy
        case .addScore(let points): state.score += points
        case .log(let line): state.log.append(line)
        }
    }
}

/// Publishes a tick every 20 ms of real time, 500 times (ten seconds or more; a test cancels it):
/// states that keep arriving while a `receive` waits for one that never comes.
@MainActor
final class RealTimeTicker: Reactor<RealTimeTicker.Action, RealTimeTicker.Mutation, Int> {
    enum Action { case start, stop }
    enum Mutation: Equatable, Sendable { case tick, never }

    init() { super.init(initialState: 0) }

    override func mutate(action: Action) -> Effect<Mutation> {
        guard action == .start else { return .cancel(id: "ticks") }
        return .run(id: "ticks") { send in
            for _ in 0..<500 {
                await send(.tick)
                try await ContinuousClock().sleep(for: .milliseconds(20))  // the app's real clock, on purpose
            }
        }
    }

    override func reduce(into state: inout Int, mutation: Mutation) {
        if mutation == .tick { state += 1 }
    }
}

/// `exhaustive = false` as TCA's `exhaustivity = .off` (#46): a step checks only what it states,
/// against the state as it is after the action or mutation.
@Suite("ReactorTester, not exhaustive: only what the test states, on the state as it is")
@MainActor
struct NonExhaustiveTests {
    let replies = FakeReplies<Int>()

    @Test("receive(_ mutation:)'s closure sees the state the mutation left, with skipped states in it")
    func closureSeesTheStateAfter() async {
        let tester = ReactorTester(Scoreboard(replies: replies), exhaustive: false)
        await tester.send(.add)
        replies.succeed(0, with: 3)
        var seen: Scoreboard.State?
        await tester.receive(.log("added 3")) { seen = $0 }
        #expect(seen == Scoreboard.State(score: 3, log: ["added 3"], busy: true))
    }

    @Test("receive(_ mutation:) with no closure checks the mutation and nothing of the state")
    func noClosureChecksNothing() async {
        let tester = ReactorTester(Scoreboard(replies: replies), exhaustive: false)
        await tester.send(.add)
        replies.succeed(0, with: 3)
        await tester.receive(.addScore(3))  // the score changed; the test says nothing of it
        #expect(tester.state.score == 3, "the tester's state is the one received")
    }

    @Test("a closure states the result, not a change: `$0.score = 5` passes, `$0.score += 2` fails, showing the field")
    func closureStatesTheResult() async {
        let tester = ReactorTester(Scoreboard(replies: replies), exhaustive: false)
        await tester.send(.addTwice)
        replies.succeed(0, with: 3)
        await tester.receive(.addScore(3)) { $0.score = 3 }
        replies.succeed(1, with: 2)
        await withKnownIssue {
            await tester.receive(.addScore(2)) { $0.score += 2 }  // applied to 5: expects 7
        } matching: { issue in
            message(of: issue) == """
                State after receive(.addScore(2)) is not as expected (expected → actual):
                  score: 7 → 5
                """
        }
        await tester.receive(.setBusy(false)) { $0.score = 5; $0.busy = false }
    }

    @Test("receive without a mutation takes the first state in which what it states holds, skipping the rest")
    func receiveTakesTheFirstMatchingState() async {
        let tester = ReactorTester(Scoreboard(replies: replies), exhaustive: false)
        await tester.send(.add)
        replies.succeed(0, with: 4)
        await tester.receive { $0.busy = false }  // skips the score and the log line
        #expect(tester.state == Scoreboard.State(score: 4, log: ["added 4"], busy: false))
    }

    @Test("receive without a closure or a mutation takes the next state, whatever it changed")
    func receiveTakesTheNextState() async {
        let tester = ReactorTester(Scoreboard(replies: replies), exhaustive: false)
        await tester.send(.add)
        replies.succeed(0, with: 4)
        await tester.receive()
        #expect(tester.state == Scoreboard.State(score: 4, log: [], busy: true))
    }

    @Test("a non-exhaustive send whose closure does not match the state the action left fails, showing the field")
    func sendThatDoesNotMatch() async {
        let tester = ReactorTester(Scoreboard(replies: replies), exhaustive: false)
        let line = #line + 2
        await withKnownIssue {
            await tester.send(.add) { $0.busy = false }
        } matching: { issue in
            issue.sourceLocation?.line == line && message(of: issue) == """
                State after send(add) is not as expected (expected → actual):
                  busy: false → true
                """
        }
        await tester.send(.add) { $0.busy = true }  // states the result: passes
    }

    @Test("assert while published states are not received: not exhaustive, it checks the latest; exhaustive, it names them")
    func assertWithUnreceivedStates() async {
        let tester = ReactorTester(Scoreboard(replies: replies), exhaustive: false)
        await tester.send(.add) { $0.busy = true }
        replies.succeed(0, with: 2)
        await withSafetyNet { await tester.reactor.waitUntilIdle() }  // three states published, none received
        tester.assert { $0.score = 2; $0.busy = false }
        withKnownIssue {
            tester.assert { $0.score = 3 }
        } matching: { message(of: $0).contains("score: 3 → 2") }

        let strict = ReactorTester(Scoreboard(replies: FakeReplies<Int>()))
        await strict.send(.add) { $0.busy = true }
        strict.reactor.replies.succeed(0, with: 2)
        await withSafetyNet { await strict.reactor.waitUntilIdle() }
        withKnownIssue {
            strict.assert { $0 = Scoreboard.State(score: 2, log: ["added 2"], busy: false) }
        } matching: { message(of: $0).hasPrefix("3 published states were not asserted before assert:") }
        #expect(strict.state == Scoreboard.State(score: 2, log: ["added 2"], busy: false), "it goes on from the latest")
    }

    @Test("exhaustive turned back on after several skipped states goes on from the latest; set when on already, it changes nothing")
    func exhaustiveBackOnAfterSkippedStates() async {
        let tester = ReactorTester(Scoreboard(replies: replies))
        await tester.send(.add) { $0.busy = true }
        tester.exhaustive = false
        replies.succeed(0, with: 2)
        await withSafetyNet { await tester.reactor.waitUntilIdle() }  // three states, none received
        tester.exhaustive = true
        #expect(tester.state == Scoreboard.State(score: 2, log: ["added 2"], busy: false))
        await tester.send(.add) { $0.busy = true }  // from the latest: nothing left unasserted
        tester.exhaustive = true  // already on: the published states stay to be received
        replies.succeed(1, with: 1)
        await tester.receive(.addScore(1)) { $0.score = 3 }
        tester.exhaustive = true
        await tester.receive(.log("added 1")) { $0.log.append("added 1") }
        await tester.receive(.setBusy(false)) { $0.busy = false }
    }

    @Test("a receive already waiting when its state arrives returns then, while the work goes on waiting")
    func receiveWakesOnItsState() async {
        let tester = ReactorTester(Scoreboard(replies: replies))
        await tester.send(.addTwice) { $0.busy = true }
        replies.succeed(0, with: 5)  // the work resumes in the background; the receive waits for it
        await tester.receive(.addScore(5)) { $0.score = 5 }
        await tester.receive(.log("added 5")) { $0.log = ["added 5"] }
        #expect(tester.reactor.hasRunningWork, "the work waits for its second reply: it never went idle")
        replies.succeed(1, with: 1)
        await tester.receive(.addScore(1)) { $0.score = 6 }
        await tester.receive(.log("added 1")) { $0.log.append("added 1") }
        await tester.receive(.setBusy(false)) { $0.busy = false }
    }

    @Test("a receive whose mutation never comes fails at its one deadline, though other states keep arriving")
    func oneDeadlineAcrossWakes() async {
        let tester = ReactorTester(RealTimeTicker(), exhaustive: false, timeLimit: .milliseconds(200))
        await tester.send(.start)
        await withKnownIssue {
            await tester.receive(.never)
        } matching: { issue in
            // The ticks come from a real clock, which the engine also reports (rule R10).
            message(of: issue).hasPrefix("receive(.never): no") && message(of: issue).contains("within 0.2 seconds")
                || message(of: issue).contains("rule R10")
        }
        // Not the sent work's `cancel()`: it waits the tester's short limit, which a loaded machine can outlast.
        tester.reactor.send(.stop)
        await withSafetyNet { await tester.reactor.waitUntilIdle() }
    }
}
