import Testing
import ViewStateKit
import ViewStateKitTracing
@testable import ViewStateKitTesting

/// Loads a page through a fake service and reports a failure with a mutation that changes
/// nothing visible: only `receive(_ mutation:)` can tell it arrived.
@MainActor
final class PageLoader: Reactor<PageLoader.Action, PageLoader.Mutation, PageLoader.State> {
    enum Action { case load }
    enum Mutation: Equatable, Sendable { case setLoading(Bool), setItems([String]), logFailure(String) }
    struct State: Equatable { var isLoading = false; var items: [String] = [] }

    let replies: FakeReplies<[String]>

    init(replies: FakeReplies<[String]>) {
        self.replies = replies
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        .merge(.mutation(.setLoading(true)), .run(id: "load") { [replies] send in
            do {
                await send(.setItems(try await replies.next()))
            } catch {
                await send(.logFailure("\(error)"))
            }
            await send(.setLoading(false))
        })
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setLoading(let isLoading): state.isLoading = isLoading
        case .setItems(let items): state.items = items
        case .logFailure: break  // logged elsewhere; the screen shows nothing new
        }
        return state
    }
}

struct PageError: Error, CustomStringConvertible {
    var description: String { "offline" }
}

@Suite("ReactorTester: receive by mutation, and send returns once effects have started")
@MainActor
struct ReceiveByMutationTests {
    let replies = FakeReplies<[String]>()

    /// A tester of a page loader whose load has been sent: its request waits for `replies`.
    func loading(exhaustive: Bool = true) async -> ReactorTester<PageLoader> {
        let tester = ReactorTester(PageLoader(replies: replies), exhaustive: exhaustive)
        await tester.send(.load) { $0.isLoading = true }
        return tester
    }

    @Test("send returns once the effect waits for its reply: the test releases it with no wait in between")
    func sendReturnsAfterEffectsStart() async {
        let tester = await loading()
        #expect(replies.requestCount == 1, "the effect had asked before send returned")
        replies.succeed(0, with: ["a", "b"])
        await tester.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
        await tester.receive(.setLoading(false)) { $0.isLoading = false }
    }

    @Test("send returns once a debounce sleeps: the test advances the clock with no wait in between")
    func sendReturnsAfterTheEffectSleeps() async {
        let clock = ManualClock()
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        await tester.send(.type("cu")) { $0.query = "cu" }
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .milliseconds(300))
        await tester.receive { $0.results = ["cu gangnam", "cu yeoksam"] }
    }

    @Test("receive(_ mutation:) checks the mutation: a failure that changes nothing is still received, by name")
    func receiveAMutationThatChangesNothing() async {
        let tester = await loading()
        replies.fail(0, with: PageError())
        await tester.receive(.logFailure("offline"))
        await tester.receive(.setLoading(false)) { $0.isLoading = false }
    }

    @Test("receive(_ mutation:) fails at the caller's line when another mutation arrived, showing both")
    func receiveTheWrongMutation() async {
        let tester = await loading()
        replies.fail(0, with: PageError())
        let line = #line + 2
        await withKnownIssue {
            await tester.receive(.setItems([]))
        } matching: { issue in
            issue.sourceLocation?.line == line && message(of: issue) == """
                receive(.setItems([])): the next state came from a different mutation (expected → actual):
                  mutation: .setItems([]) → .logFailure("offline")
                """
        }
        await tester.receive(.setLoading(false)) { $0.isLoading = false }
    }

    @Test("receive(where:) matches by a predicate; a mismatch fails, naming what arrived")
    func receiveWhere() async {
        let tester = await loading()
        replies.succeed(0, with: ["a"])
        await tester.receive(where: { if case .setItems = $0 { true } else { false } }) { $0.items = ["a"] }
        await withKnownIssue {
            await tester.receive(where: { if case .logFailure = $0 { true } else { false } }) { $0.isLoading = false }
        } matching: { message(of: $0).contains("mutation: a mutation matching the test's predicate → .setLoading(false)") }
    }

    @Test("receive(case:) matches a case whatever its payload, at its own line; another case does not match")
    func receiveCase() async {
        let tester = await loading()
        replies.succeed(0, with: ["a", "b"])
        await tester.receive(case: PageLoader.Mutation.setItems) { $0.items = ["a", "b"] }
        let line = #line + 2
        await withKnownIssue {
            await tester.receive(case: PageLoader.Mutation.logFailure) { $0.isLoading = false }
        } matching: { issue in
            message(of: issue).contains("mutation: case: the case of Mutation holding String → .setLoading(false)")
                && issue.sourceLocation?.line == line
        }
        let failing = await loading()
        replies.fail(1, with: PageError())
        await failing.receive(case: PageLoader.Mutation.logFailure)  // a String, as .setItems is not
        await failing.receive(case: PageLoader.Mutation.setLoading) { $0.isLoading = false }
    }

    @Test("not exhaustive: receive(case:) skips states from other cases until its own")
    func receiveCaseNotExhaustive() async {
        let tester = await loading(exhaustive: false)
        replies.succeed(0, with: ["a"])
        await tester.receive(case: PageLoader.Mutation.setLoading) { $0.isLoading = false }
        #expect(tester.reactor.currentState.items == ["a"])
    }

    @Test("exhaustive: a mutation that changed nothing must be received too, or the end check names it")
    func unreceivedNoChangeMutation() async {
        await withKnownIssue {
            let tester = await loading()
            replies.fail(0, with: PageError())
            await tester.receive(.setLoading(false)) { $0.isLoading = false }  // skips .logFailure
        } matching: { issue in
            // The mutation that arrived is named; the state it left, and the one left unreceived, fail too.
            let text = message(of: issue)
            return text.contains(#"mutation: .setLoading(false) → .logFailure("offline")"#)
                || text.hasPrefix("State after receive(.setLoading(false)) is not as expected")
                || text.hasPrefix("1 published state was not asserted at the end of the test")
        }
    }

    @Test("not exhaustive: receive(_ mutation:) skips states from other mutations until its own")
    func nonExhaustiveSkips() async {
        let tester = await loading(exhaustive: false)
        replies.succeed(0, with: ["a"])
        await tester.receive(.setLoading(false)) { $0.isLoading = false }
        #expect(tester.state == PageLoader.State(isLoading: false, items: ["a"]))
    }
}

@Suite("ImmediateClock")
struct ImmediateClockTests {
    @Test("a sleep ends at once and moves now to its deadline; now never goes back")
    func sleepsEndAtOnce() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(for: .seconds(5))
        #expect(clock.now.offset == .seconds(5))
        try await clock.sleep(until: .init(offset: .seconds(2)))
        #expect(clock.now.offset == .seconds(5))
        try await clock.sleep(for: .milliseconds(300))
        #expect(clock.now.offset == .milliseconds(5_300))
    }

    @Test("a cancelled task's sleep throws CancellationError and leaves now alone")
    func cancelledSleepThrows() async {
        let clock = ImmediateClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await clock.sleep(for: .seconds(1))
                return "woke"
            } catch {
                return "\(type(of: error))"
            }
        }
        #expect(await sleeper.value == "CancellationError")
        #expect(clock.now.offset == .zero)
    }

    @Test("a debounced search under an ImmediateClock searches as soon as it is typed")
    @MainActor
    func debounceWithImmediateClock() async {
        let tester = ReactorTester(DebouncedSearch(clock: ImmediateClock()))
        await tester.send(.type("gs")) { $0.query = "gs" }
        await tester.receive { $0.results = ["gs25 sinsa"] }
    }
}

/// An effect delivers `.first`; an observer that hears it sends an action whose mutation,
/// `.second`, is reduced while the first state is still being delivered (C5 queues it).
@MainActor
final class FollowUp: Reactor<FollowUp.Action, FollowUp.Mutation, [String]> {
    enum Action { case start, followUp }
    enum Mutation: Equatable, Sendable { case first, second }

    init() { super.init(initialState: []) }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .start: .run { send in await send(.first) }
        case .followUp: .mutation(.second)
        }
    }

    override func reduce(state: [String], mutation: Mutation) -> [String] {
        state + ["\(mutation)"]
    }
}

@Suite("ReactorTester pairs each state with its own mutation")
@MainActor
struct MutationPairingTests {
    @Test("a mutation reduced during another state's delivery is paired with its own state, in order")
    func reentrantMutationsPairInOrder() async {
        let reactor = FollowUp()
        let followUp = reactor.state.observe { [weak reactor] state in  // before the tester: it hears first
            if state == ["first"] { reactor?.send(.followUp) }
        }
        let tester = ReactorTester(reactor)
        await tester.send(.start)
        await tester.receive(.first) { $0 = ["first"] }
        await tester.receive(.second) { $0 = ["first", "second"] }
        withExtendedLifetime(followUp) {}
    }
}

extension ReceiveByMutationTests {
    @Test("not exhaustive: receive(_ mutation:) fails at the caller's line when its mutation's state is not the expected one")
    func nonExhaustiveWrongState() async {
        let tester = await loading(exhaustive: false)
        replies.succeed(0, with: ["a"])
        let line = #line + 2
        await withKnownIssue {
            await tester.receive(.setItems(["a"])) { $0.items = ["b"] }
        } matching: { issue in
            issue.sourceLocation?.line == line && message(of: issue) == """
                State after receive(.setItems(["a"])) is not as expected (expected → actual):
                  items[0]: "b" → "a"
                """
        }
        await tester.receive(.setLoading(false)) { $0.isLoading = false }
    }

    @Test("a receive that finds another state than expected fails at the caller's line")
    func receiveMismatchAtCallersLine() async {
        let tester = await loading()
        replies.succeed(0, with: ["a"])
        let line = #line + 2
        await withKnownIssue {
            await tester.receive { $0.items = ["b"] }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && message(of: issue).hasPrefix("State after receive is not as expected (expected → actual):")
        }
        await tester.receive { $0.isLoading = false }
    }

    @Test("non-exhaustive: a send after unreceived states checks its change against the last of them")
    func nonExhaustiveSendAfterSkippedStates() async {
        let tester = await loading(exhaustive: false)
        replies.succeed(0, with: ["a"])
        await withSafetyNet { await tester.reactor.waitUntilIdle() }  // two states published, neither received
        await tester.send(.load) { $0.isLoading = true }  // from the last: items ["a"], not loading
        #expect(tester.state == PageLoader.State(isLoading: true, items: ["a"]))
        replies.succeed(1, with: ["b"])
        await tester.receive(.setLoading(false)) { $0.items = ["b"]; $0.isLoading = false }
    }
}

/// Places an outsider found thin (#40): receive's failures, by line and by what they check.
@Suite("ReactorTester: receive's failures are at their own line and check all they state")
@MainActor
struct ReceiveThinPlacesTests {
    let replies = FakeReplies<[String]>()

    @Test("a receive(where:) failure is reported at its own line")
    func receiveWhereFailsAtItsLine() async {
        let tester = ReactorTester(PageLoader(replies: replies))
        await tester.send(.load) { $0.isLoading = true }
        replies.succeed(0, with: ["a"])
        let line = #line + 2
        await withKnownIssue {
            await tester.receive(where: { if case .logFailure = $0 { true } else { false } }) { $0.items = ["a"] }
        } matching: { issue in issue.sourceLocation?.line == line }
        await tester.receive(.setLoading(false)) { $0.isLoading = false }
    }

    @Test("a state set directly is not taken for any mutation by receive(_ mutation:)")
    func stateSetDirectlyIsNoMutation() async {
        let reactor = PageLoader(replies: replies)
        reactor.isStubbed = true
        let tester = ReactorTester(reactor)
        reactor.setStubState(PageLoader.State(isLoading: true, items: []))
        await withKnownIssue {
            await tester.receive(.setLoading(true)) { $0.isLoading = true }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("(none: the state was set directly)")
        }
    }

    @Test("a receive that is not exhaustive still checks the whole change it states")
    func nonExhaustiveReceiveChecksItAll() async {
        let tester = ReactorTester(PageLoader(replies: replies), exhaustive: false, timeLimit: .milliseconds(200))
        await tester.send(.load) { $0.isLoading = true }
        replies.succeed(0, with: ["a"])
        await withKnownIssue {
            await tester.receive { // the items arrive, but loading never becomes true twice
                $0.items = ["a"]
                $0.isLoading = true
                $0.items.append("b")
            }
        }
    }
}

@Suite("ReactorTester: a trace started and cancelled beside it")
@MainActor
struct TraceBesideTesterTests {
    @Test("cancelling a trace while a ReactorTester listens leaves receive-by-mutation working")
    func cancelTraceKeepsMutations() async {
        let replies = FakeReplies<[String]>()
        let reactor = PageLoader(replies: replies)
        let tester = ReactorTester(reactor)
        var lines: [String] = []
        let trace = reactor.trace("page") { lines.append($0) }
        await tester.send(.load) { $0.isLoading = true }
        trace.cancel()
        replies.succeed(0, with: ["a"])
        await tester.receive(.setItems(["a"])) { $0.items = ["a"] }
        await tester.receive(.setLoading(false)) { $0.isLoading = false }
        #expect(!lines.isEmpty && !lines.contains { $0.contains("setItems") }, "the trace stopped; the tester did not")
    }
}
