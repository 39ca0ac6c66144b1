import Testing
import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

/// Bad input to the test engine: each a clear failure at the caller's line.
@MainActor
@Suite("Test engine bad input: misuse fails at the caller's line")
struct TestEngineBadInputTests {
    @Test("a negative advance fails at its line and leaves the clock where it is")
    func negativeAdvance() async {
        let clock = ManualClock()
        await clock.advance(by: .seconds(2))
        let line = #line + 2
        await withKnownIssue {
            await clock.advance(by: .seconds(-1))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && message(of: issue) == "advance(by: -1.0 seconds): a clock never goes back; the clock stays at 2.0 seconds."
        }
        #expect(clock.now.offset == .seconds(2))
        await clock.advance(by: .zero)  // no time at all is not going back
        #expect(clock.now.offset == .seconds(2))
    }

    @Test("an advance with nothing to wake only moves the clock: the way to show that nothing happens")
    func advanceWithNothingToWake() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickingTimer(clock: clock))
        await tester.send(.toggle) { $0.isRunning = true }
        await tester.send(.toggle) { $0.isRunning = false }
        await clock.advance(by: .seconds(10))  // the cancelled timer stays quiet
        #expect(clock.now.offset == .seconds(10))
    }

    @Test("one clock shared by two tests: an advance that wakes the other test's work fails at its line, and wakes it all the same")
    func clockSharedByTwoTests() async {
        let clock = ManualClock()
        let otherTests = CallSite.$simulatedTest.withValue("OtherSuite/otherTest()") {
            Task { try? await clock.sleep(for: .seconds(1)) }
        }
        await clock.waitForSleepers(1)
        let line = #line + 2
        await withKnownIssue {
            await clock.advance(by: .seconds(1))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && message(of: issue).hasPrefix("advance: it woke work of another test (OtherSuite/otherTest()) sleeping on this clock")
        }
        await otherTests.waitForCompletion()
        #expect(clock.sleeperCount == 0)
    }

    @Test("a tester used in a test other than the one that made it fails at each use, naming both")
    func testerFromAnotherTest() async {
        let clock = ManualClock()
        let tester = CallSite.$simulatedTest.withValue("OtherSuite/otherTest()") { ReactorTester(TickingTimer(clock: clock)) }
        let reports = await issues(containing: "this ReactorTester was made in another test (OtherSuite/otherTest())") {
            await tickOnceAndStop(tester, clock)
            tester.assert { _ in }
            await tester.finish()
        }
        #expect(reports == 5)  // the sends, the receive, the assert and the finish
    }

    @Test("a tester used outside any test (a detached task) fails at that use, naming the test that made it and no test")
    func testerUsedOutsideAnyTest() async {
        let tester = ReactorTester(TickingTimer(clock: ManualClock()))
        let made = CallSite.currentTest ?? "?"
        let failures = Locked<[String]>([])
        await Task.detached {  // no task-locals: no test
            await CallSite.$failureSink.withValue({ message in failures.withLock { $0.append(message) } }) {
                await MainActor.run { tester.assert { _ in } }
            }
        }.value
        #expect(failures.withLock { $0 } == [
            "assert: this ReactorTester was made in another test (\(made)), which has ended or runs beside this one "
                + "(no test); its states and checks belong there. Make a tester in each test.",
        ])
    }

    @Test("send waits for its effects as long as the tester's own limit when it is longer, and never less than the default")
    func sendHonoursTheTestersLimit() {
        #expect(ReactorTester<TickingTimer>.sendLimit(.seconds(30)) == .seconds(30))
        #expect(ReactorTester<TickingTimer>.sendLimit(.milliseconds(20)) == SafetyNet.defaultLimit)
    }

    @Test("a send whose effects never rest fails the test at its line, not only in the log")
    func sendWhoseEffectsNeverRest() async {
        let tester = ReactorTester(BusyForever(), exhaustive: false)
        let line = #line + 4
        var work: SentWork?
        await withKnownIssue {
            await TesterLimits.$sendLimit.withValue(.milliseconds(50)) {
                work = await tester.send(.start)
            }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && message(of: issue).hasPrefix("send(start): its effects were still running after 0.05 seconds of real time")
        }
        await work?.cancel()
    }
}

/// A reactor whose effect is busy forever, never waiting for the test: it yields until cancelled.
@MainActor
final class BusyForever: Reactor<BusyForever.Action, BusyForever.Mutation, Int> {
    enum Action { case start }
    enum Mutation: Sendable {}

    init() {
        super.init(initialState: 0)
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        .run { _ in
            while !Task.isCancelled { await Task.yield() }
        }
    }
}

/// TCA's timer test in four steps: start, one tick, stop.
@MainActor
func tickOnceAndStop(_ tester: ReactorTester<TickingTimer>, _ clock: ManualClock) async {
    await tester.send(.toggle) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await tester.receive(.tick) { $0.seconds = 1 }
    await tester.send(.toggle) { $0.isRunning = false }
}

/// How many issues `body` records whose message contains `text`; any other fails the test.
@MainActor
func issues(containing text: String, _ body: @MainActor () async -> Void) async -> Int {
    let count = Locked(0)
    await withKnownIssue {
        await body()
    } matching: { issue in
        let matches = message(of: issue).contains(text)
        if matches { count.withLock { $0 += 1 } }
        return matches
    }
    return count.withLock { $0 }
}
