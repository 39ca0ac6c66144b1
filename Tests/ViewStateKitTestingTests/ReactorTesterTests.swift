import Foundation
import Testing
import ViewStateKit
@testable import ViewStateKitTesting

/// A search field that waits 300 ms after the last keystroke before searching (debounce: a
/// newer search cancels the sleeping one), with a pulse for alerts.
@MainActor
final class DebouncedSearch: Reactor<DebouncedSearch.Action, DebouncedSearch.Mutation, DebouncedSearch.State> {
    enum Action { case type(String), clear, fail }
    enum Mutation: Sendable { case setQuery(String), setResults([String]), setAlert(String) }
    struct State: Equatable {
        var query = ""
        var results: [String] = []
        var alert = Pulse("")
    }

    static let stores = ["cu gangnam", "cu yeoksam", "gs25 sinsa"]
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) {
        self.clock = clock
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .type(let query):
            return .merge(.mutation(.setQuery(query)), .run(id: "search") { [clock] send in
                do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
                await send(.setResults(Self.stores.filter { $0.hasPrefix(query) }))
            })
        case .clear:
            return .merge(.cancel(id: "search"), .mutations(.setQuery(""), .setResults([])))
        case .fail:
            return .mutation(.setAlert("search failed"))
        }
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setQuery(let query): state.query = query
        case .setResults(let results): state.results = results
        case .setAlert(let message): state.alert.value = message
        }
        return state
    }
}

@Suite("ReactorTester")
@MainActor
struct ReactorTesterTests {
    let clock = ManualClock()

    /// Types `query` (the tester checks the query change) and lets its 300 ms debounce pass:
    /// the search's results are what the reactor publishes next.
    func typePastDebounce(_ query: String,
                          into tester: ReactorTester<DebouncedSearch>,
                          line: UInt = #line) async {
        await tester.send(.type(query), { $0.query = query }, line: line)
        await clock.advance(by: .milliseconds(300), line: line)
    }

    @Test("a tester's reactor is the subclass itself: its own members need no cast, and helpers name one type")
    func reactorIsTheSubclass() async {
        let tester: ReactorTester<DebouncedSearch> = ReactorTester(DebouncedSearch(clock: clock))
        let reactor: DebouncedSearch = tester.reactor
        #expect(reactor.clock as? ManualClock === clock)
        #expect(reactor.asReactor === reactor)
        await tester.send(.type("c")) { $0.query = "c" }
        await clock.advance(by: .milliseconds(300))
        await tester.receive { $0.results = ["cu gangnam", "cu yeoksam"] }
    }

    @Test("debounce: quick typing searches once, 300 ms after the last keystroke")
    func debounce() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        await tester.send(.type("c")) { $0.query = "c" }
        await clock.advance(by: .milliseconds(200))
        await tester.send(.type("cu")) { $0.query = "cu" }
        await clock.advance(by: .milliseconds(299))
        #expect(tester.hasRunningWork, "still waiting: 1 ms to go")
        await clock.advance(by: .milliseconds(1))
        await tester.receive { $0.results = ["cu gangnam", "cu yeoksam"] }
    }

    @Test("clear cancels the sleeping search; nothing arrives afterwards")
    func clearCancels() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        await tester.send(.type("gs")) { $0.query = "gs" }
        await tester.send(.clear) { $0.query = "" }
        #expect(!tester.reactor.hasRunningWork)
        await clock.advance(by: .seconds(1))
        await tester.finish()
    }

    @Test("a pulse is asserted like any other change")
    func pulse() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        await tester.send(.fail) { $0.alert.value = "search failed" }
    }

    @Test("the tester of the tester: an unasserted state change fails the test")
    func unassertedStateFails() async {
        await withKnownIssue {
            let tester = ReactorTester(DebouncedSearch(clock: clock))
            await typePastDebounce("cu", into: tester)
            await withSafetyNet { await tester.reactor.waitUntilIdle() }
        } matching: { issue in
            let text = message(of: issue)
            return text.hasPrefix("1 published state was not asserted at the end of the test:")
                && text.contains(#"results: [] → ["cu gangnam", "cu yeoksam"]"#)
        }
    }

    @Test("an effect still running at the end fails the test")
    func runningEffectFails() async {
        await withKnownIssue {
            let tester = ReactorTester(DebouncedSearch(clock: clock))
            await tester.send(.type("cu")) { $0.query = "cu" }
        } matching: { message(of: $0).hasPrefix("An effect is still running at the end of the test") }
    }

    @Test("a wrong expectation shows the field diff, at the caller's line")
    func wrongExpectation() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        let line = #line + 2
        await withKnownIssue {
            await tester.send(.fail) { $0.alert.value = "oops" }
        } matching: { issue in
            let text = message(of: issue)
            return issue.sourceLocation?.line == line
                && text.hasPrefix("State after send(fail) is not as expected (expected → actual):")
                && text.contains(#"alert: "oops" → "search failed""#)
        }
    }

    @Test("a change the action did not make fails, and so does forgetting one it did")
    func missingOrExtraChange() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        await withKnownIssue {
            await tester.send(.clear) { $0.results = ["x"] }
        } matching: { message(of: $0).contains(#"results: ["x"] → []"#) }
        await withKnownIssue {
            await tester.send(.fail)
        } matching: { message(of: $0).contains(#"alert: "" → "search failed""#) }
    }

    @Test("receive fails at once when no effect is running")
    func receiveWithNothingRunning() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        await withKnownIssue {
            await tester.receive { $0.results = ["cu gangnam"] }
        } matching: { issue in
            let text = message(of: issue)
            return text.hasPrefix("receive: no state arrived and no effect is running.")
                && text.contains(#"results: [] → ["cu gangnam"]"#)
        }
    }

    @Test("a state published before the next send must have been received")
    func unreceivedBeforeSend() async {
        await withKnownIssue {
            let tester = ReactorTester(DebouncedSearch(clock: clock))
            await typePastDebounce("gs", into: tester)
            await withSafetyNet { await tester.reactor.waitUntilIdle() }
            await tester.send(.fail) { $0.results = ["gs25 sinsa"]; $0.alert.value = "search failed" }
        } matching: { message(of: $0).hasPrefix("1 published state was not asserted before send(fail):") }
    }

    @Test("not exhaustive: only what the test asks about is checked")
    func notExhaustive() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock), exhaustive: false)
        await tester.send(.fail) { $0.alert.value = "search failed" }
        await tester.send(.type("c")) { $0.query = "c" }
        await clock.advance(by: .milliseconds(300))
        await withSafetyNet { await tester.reactor.waitUntilIdle() }
        await tester.send(.type("gs")) { $0.query = "gs" }  // the "c" results arrived unasserted: skipped
        #expect(tester.state.results == ["cu gangnam", "cu yeoksam"])
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(300))
        await tester.receive { $0.results = ["gs25 sinsa"] }
        #expect(tester.state == tester.reactor.currentState, "receive moved the tester's state forward")
    }
}

/// A fetch whose work publishes only when the reply has a result: a `nil` reply ends the work
/// without a state.
@MainActor
final class QuietFetch: Reactor<QuietFetch.Action, QuietFetch.Mutation, QuietFetch.State> {
    enum Action { case fetch }
    enum Mutation: Sendable { case setResult(String) }
    struct State: Equatable { var result = "" }

    let replies = FakeReplies<String?>()

    init() {
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        .run { [replies] send in
            guard let result = try? await replies.next() else { return }
            await send(.setResult(result))
        }
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .setResult(let result): State(result: result)
        }
    }
}

/// Counts calls from `@Sendable` closures (a known-issue matcher).
final class CallCounter: @unchecked Sendable {
    // @unchecked: `stored` is read and written only under `lock`.
    private let lock = NSLock()
    private var stored = 0

    var count: Int { lock.withLock { stored } }

    func add() {
        lock.withLock { stored += 1 }
    }
}

extension ReactorTesterTests {
    @Test("send checks the last state an action published, not the first")
    func sendChecksTheLastState() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        await typePastDebounce("cu", into: tester)
        await tester.receive { $0.results = ["cu gangnam", "cu yeoksam"] }
        await tester.send(.clear) {  // publishes twice: the query cleared, then the results
            $0.query = ""
            $0.results = []
        }
    }

    @Test("receive fails at once, not at its time limit, when the work ends without publishing")
    func receiveWhenWorkEndsQuietly() async {
        let reactor = QuietFetch()
        let tester = ReactorTester(reactor, timeLimit: .seconds(60))
        await tester.send(.fetch)
        let release = Task {
            await reactor.replies.waitForRequests(1)
            reactor.replies.succeed(0, with: nil)
        }
        await withKnownIssue {
            await tester.receive { $0.result = "CU" }
        } matching: { message(of: $0).hasPrefix("receive: no state arrived and no effect is running.") }
        await release.waitForCompletion()
    }

    @Test("the end check reports once: finish, then the tester's end")
    func endCheckReportsOnce() async {
        let reports = CallCounter()
        await withKnownIssue {
            let tester = ReactorTester(DebouncedSearch(clock: clock))
            await typePastDebounce("cu", into: tester)
            await withSafetyNet { await tester.reactor.waitUntilIdle() }
            await tester.finish()
        } matching: { issue in
            reports.add()
            return message(of: issue).hasPrefix("1 published state was not asserted at the end of the test:")
        }
        #expect(reports.count == 1)
    }

    @Test("unasserted states are listed each as its change from the one before")
    func unassertedStatesListing() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        tester.reactor.send(.type("cu"))  // behind the tester's back: two states it never checked
        tester.reactor.send(.fail)
        await withKnownIssue {
            await tester.send(.clear) { $0.query = "" }
        } matching: { issue in
            message(of: issue) == """
                2 published states were not asserted before send(clear):
                  [0] changed by mutation .setQuery("cu") (previous → published):
                      query: "" → "cu"
                  [1] changed by mutation .setAlert("search failed") (previous → published):
                      alert: "" → "search failed"
                """
        }
    }
}

extension ReactorTesterTests {
    @Test("exhaustive: a received state that is not the expected one fails at once, with its diff")
    func exhaustiveReceiveMismatch() async {
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        await typePastDebounce("cu", into: tester)
        await withKnownIssue {
            await tester.receive { $0.results = ["cu gangnam"] }
        } matching: { issue in
            let text = message(of: issue)
            return text.hasPrefix("State after receive is not as expected (expected → actual):")
                && text.contains(#"results[1]: (missing) → "cu yeoksam""#)
        }
    }
}
