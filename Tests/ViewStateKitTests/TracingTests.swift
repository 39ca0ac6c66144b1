import Testing
import ViewStateKitTesting
@testable import ViewStateKit
import ViewStateKitTracing

/// A search screen for the trace: two fields change in one mutation; a search effect that a
/// newer one supersedes; a pulse.
@MainActor
final class TracedSearch: Reactor<TracedSearch.Action, TracedSearch.Mutation, TracedSearch.State> {
    enum Action { case type(String), alert, finish }
    enum Mutation { case start(String), found([String]), alert }
    struct State: Equatable {
        var query = ""
        var isSearching = false
        var results: [String] = []
        var alert = Pulse("")
    }

    let replies: [String: PendingReply<[String]>]

    init(replies: [String: PendingReply<[String]>] = [:]) {
        self.replies = replies
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .type(let query):
            let reply = replies[query]
            return .merge(.mutation(.start(query)), .run(id: "search") { send in
                guard let results = try? await reply?.value() else { return }
                await send(.found(results))
            })
        case .alert:
            return .mutation(.alert)
        case .finish:
            return .none
        }
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .start(let query):
            state.query = query
            state.isSearching = true
        case .found(let results):
            state.results = results
            state.isSearching = false
        case .alert:
            state.alert.value = "offline"
        }
        return state
    }
}

@Suite("Tracing")
@MainActor
struct TracingTests {
    @Test("a traced reactor writes its actions, mutations with the fields they changed, and its effects")
    func reactorTrace() async {
        let first = PendingReply<[String]>()
        let second = PendingReply<[String]>()
        let reactor = TracedSearch(replies: ["c": first, "cu": second])
        var lines: [String] = []
        let trace = reactor.trace("search") { lines.append($0) }
        defer { trace.cancel() }
        let token = reactor.state.observe { state in
            if state.query == "c", state.alert.value.isEmpty { reactor.send(.alert) }  // queued (R3), once
        }
        reactor.send(.type("c"))
        reactor.send(.type("cu"))
        second.send(.success(["cu gangnam"]))
        first.send(.success(["late"]))
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(lines == [
            #"[search] action .type("c") (ran at once)"#,
            #"[search] mutation .start("c")"#,
            #"[search]   query: "" → "c""#,
            "[search]   isSearching: false → true",
            #"[search] action .alert (queued behind .type("c"))"#,
            #"[search] effect "search" #1 started"#,
            "[search] action .alert (ran from the queue)",
            "[search] mutation .alert",
            #"[search]   alert: "" → "offline""#,
            #"[search] action .type("cu") (ran at once)"#,
            #"[search] mutation .start("cu")"#,
            #"[search]   query: "c" → "cu""#,
            #"[search] effect "search" #1 cancelled (superseded by "search" #2)"#,
            #"[search] effect "search" #2 started"#,
            #"[search] mutation .found(["cu gangnam"]) from effect "search" #2"#,
            #"[search]   isSearching: true → false"#,
            #"[search]   results: [] → ["cu gangnam"]"#,
            #"[search] effect "search" #2 finished"#,
        ])
        withExtendedLifetime(token) {}
    }

    @Test("a pulse assigned the same value again reads as its value; an unchanged state says so; a stubbed action is recorded")
    func pulseAndStub() {
        let reactor = TracedSearch()
        var lines: [String] = []
        let trace = reactor.trace("search") { lines.append($0) }
        defer { trace.cancel() }
        reactor.send(.alert)
        reactor.send(.alert)
        reactor.isStubbed = true
        reactor.send(.finish)
        #expect(Array(lines.suffix(4)) == [
            "[search] action .alert (ran at once)",
            "[search] mutation .alert",
            #"[search]   alert: "offline" (assigned again)"#,
            "[search] action .finish (stubbed: recorded, not run)",
        ])
    }

    @Test("a traced reactor goes through exactly the states an untraced one does; cancelling the trace token stops the lines")
    func tracingChangesNothing() async {
        func states(traced: Bool) async -> [TracedSearch.State] {
            let reply = PendingReply<[String]>()
            let reactor = TracedSearch(replies: ["cu": reply])
            var lines: [String] = []
            let trace = traced ? reactor.trace("search") { lines.append($0) } : nil
            defer { trace?.cancel() }
            var states: [TracedSearch.State] = []
            let token = reactor.state.observe { states.append($0) }
            reactor.send(.type("cu"))
            reactor.send(.alert)
            reply.send(.success(["cu gangnam"]))
            await withSafetyNet { await reactor.waitUntilIdle() }
            #expect(lines.isEmpty != traced)
            withExtendedLifetime(token) {}
            return states
        }
        #expect(await states(traced: true) == states(traced: false))
        let reactor = TracedSearch()
        var lines: [String] = []
        let trace = reactor.trace("search") { lines.append($0) }
        defer { trace.cancel() }
        reactor.send(.alert)
        let count = lines.count
        trace.cancel()
        reactor.send(.alert)
        #expect(lines.count == count)
    }

    @Test("a traced cell writes its value, then each send as the fields that changed; long lines are cut")
    func cellTrace() {
        let cell = StateCell<ViewState<[String]>>(.loading)
        var lines: [String] = []
        let token = cell.trace("stores") { lines.append($0) }
        cell.send(.presenting(["CU", "GS25"]))
        cell.send(.presenting(["CU", "GS25 Yeoksam"]))
        cell.send(.presenting(["CU", "GS25 Yeoksam"]))
        cell.send(.presenting([String(repeating: "x", count: 200)]))
        token.cancel()
        cell.send(.loading)
        #expect(Array(lines.prefix(7)) == [
            "[stores] value .loading",
            "[stores] sent",
            #"[stores]   value: .loading → .presenting(["CU", "GS25"])"#,
            "[stores] sent",
            #"[stores]   presenting[1]: "GS25" → "GS25 Yeoksam""#,
            "[stores] sent",
            "[stores]   (no change)",
        ])
        let last = Array(lines.suffix(3))
        #expect(last.first == "[stores] sent", "the last send's lines, and nothing after the token was cancelled")
        #expect(last[1].hasPrefix(#"[stores]   presenting[0]: "CU" → "xxxx"#))
        #expect(last[2] == #"[stores]   presenting[1]: "GS25 Yeoksam" → (missing)"#)
        #expect(lines.allSatisfy { $0.count <= 160 })
        #expect(lines[lines.count - 2].count == 160 && lines[lines.count - 2].hasSuffix("…"))
    }
}

extension TracingTests {
    @Test("a mutation that changes nothing says so; a line of exactly 160 characters is kept whole")
    func noChangeAndLineLength() {
        let reactor = TypingReactor()
        var lines: [String] = []
        let trace = reactor.trace("typing") { lines.append($0) }
        defer { trace.cancel() }
        reactor.send(.type(""))
        #expect(lines == [#"[typing] action .type("") (ran at once)"#, #"[typing] mutation .setQuery("")"#, "[typing]   (no change)"])
        let exact = String(repeating: "x", count: 156)  // "[t] " and 156 characters: 160
        #expect(TraceLine.make("t", exact) == "[t] " + exact)
        #expect(TraceLine.make("t", exact + "y") == "[t] " + exact.dropLast() + "…")
    }
}

extension TracingTests {
    @Test("a mutation is attributed to its effect only while the effect delivers it: the next action's is not")
    func attributionEndsWithTheEffect() async {
        let reply = PendingReply<[String]>()
        let reactor = TracedSearch(replies: ["cu": reply])
        var lines: [String] = []
        let trace = reactor.trace("search") { lines.append($0) }
        defer { trace.cancel() }
        reactor.send(.type("cu"))
        reply.send(.success(["cu gangnam"]))
        await withSafetyNet { await reactor.waitUntilIdle() }
        reactor.send(.alert)
        #expect(Array(lines.suffix(3)) == [
            "[search] action .alert (ran at once)",
            "[search] mutation .alert",
            #"[search]   alert: "" → "offline""#,
        ])
    }

    @Test("tracing a reactor a tester already listens to writes every line; tracing again renames and redirects, and the earlier token stops nothing")
    func traceBesideATester() async {
        let reactor = TracedSearch()
        let tester = ReactorTester(reactor)  // listens to mutations with no lines written
        var first: [String] = []
        var second: [String] = []
        let one = reactor.trace("one") { first.append($0) }
        await tester.send(.alert) { $0.alert.value = "offline" }
        let two = reactor.trace("two") { second.append($0) }
        one.cancel()  // replaced already: stops nothing
        await tester.send(.alert) { $0.alert.value = "offline" }
        two.cancel()
        await tester.send(.alert) { $0.alert.value = "offline" }  // the tester still hears mutations
        #expect(first == [
            "[one] action .alert (ran at once)",
            "[one] mutation .alert",
            #"[one]   alert: "" → "offline""#,
        ])
        #expect(second == [
            "[two] action .alert (ran at once)",
            "[two] mutation .alert",
            #"[two]   alert: "offline" (assigned again)"#,
        ])
    }

    @Test("a reactor's trace lasts as long as its token, as a cell's does: dropping the token stops the lines")
    func droppingTheTokenStopsTheTrace() {
        let reactor = TracedSearch()
        var lines: [String] = []
        var trace: ObservationToken? = reactor.trace("search") { lines.append($0) }
        reactor.send(.alert)
        #expect(lines.count == 3)
        withExtendedLifetime(trace) {}
        trace = nil
        reactor.send(.alert)
        #expect(lines.count == 3)
        #expect(reactor.tracer == nil, "nothing listens: the reactor is back on the untraced path")
    }
}

extension TracingTests {
    @Test("a trace started while an untraced action runs says a queued action waits behind another action, never a stale one")
    func traceStartedMidAction() async {
        let reactor = TypingReactor()
        let tester = ReactorTester(reactor, exhaustive: false)  // keeps a tracer listening between traces
        var first: [String] = []
        var second: [String] = []
        let one = reactor.trace("one") { first.append($0) }
        reactor.send(.type("a"))
        one.cancel()
        var two: ObservationToken?
        let token = reactor.state.observe { state in
            guard state.query == "b", two == nil else { return }
            two = reactor.trace("two") { second.append($0) }
            reactor.send(.type("c"))
        }
        reactor.send(.type("b"))
        #expect(first.first == #"[one] action .type("a") (ran at once)"#)
        #expect(second.first == #"[two] action .type("c") (queued behind another action)"#)
        token.cancel()
        two?.cancel()
        await tester.finish()
    }
}

