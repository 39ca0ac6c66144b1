import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// A screen state holding a `ViewState` beside other fields, as a reactor's state does.
struct SearchScreen: Equatable {
    var query = ""
    var repos: ViewState<[String]> = .loading
    var selection: Int?
}

/// Content that is not `Equatable`: a binding to it renders on every send.
struct Opaque {
    let number: Int
}

@Suite("StateCell projections (C12–C14)")
@MainActor
struct StateCellProjectionTests {
    @Test("C12: observing a key path replays the current part, then calls only when it changes")
    func observeKeyPath() {
        let cell = StateCell(SearchScreen())
        var queries: [String] = []
        let token = cell.observe(\.query) { queries.append($0) }
        cell.send(SearchScreen(query: "c"))
        cell.send(SearchScreen(query: "c", repos: .presenting(["cu"])))
        cell.send(SearchScreen(query: "cu", repos: .presenting(["cu"])))
        cell.send(SearchScreen(query: "cu", repos: .presenting(["cu"])))
        #expect(queries == ["", "c", "cu"])
        withExtendedLifetime(token) {}
    }

    @Test("C12: an optional part that starts as nil is replayed, and a change back to nil is delivered")
    func observeOptionalKeyPath() {
        let cell = StateCell(SearchScreen())
        var selections: [Int?] = []
        let token = cell.observe(\.selection) { selections.append($0) }
        cell.send(SearchScreen(selection: 2))
        cell.send(SearchScreen(selection: nil))
        cell.send(SearchScreen(query: "x", selection: nil))
        #expect(selections == [nil, 2, nil])
        withExtendedLifetime(token) {}
    }

    @Test("C12: a projected observer keeps its place in the order (C2) and cancels at once (C7)")
    func projectionOrderAndCancel() {
        let cell = StateCell(0)
        var calls: [String] = []
        var projected: ObservationToken?
        let first = cell.observe { value in
            calls.append("first \(value)")
            if value == 20 { projected?.cancel() }
        }
        projected = cell.observe(\.tens) { calls.append("tens \($0)") }
        let last = cell.observe { calls.append("last \($0)") }
        cell.send(10)
        cell.send(11)
        cell.send(20)
        #expect(calls == [
            "first 0", "tens 0", "last 0",
            "first 10", "tens 1", "last 10",
            "first 11", "last 11",
            "first 20", "last 20",
        ])
        _ = (first, last)
    }

    @Test("C13: a renderer bound to the ViewState inside a larger state renders only when it changes")
    func bindKeyPathEquatable() {
        let cell = StateCell(SearchScreen())
        let renderer = RecordingRenderer<[String]>()
        let token = cell.bind(to: renderer, \.repos)
        cell.send(SearchScreen(query: "c"))
        cell.send(SearchScreen(query: "c", repos: .presenting(["cu"])))
        cell.send(SearchScreen(query: "c", repos: .presenting(["cu"]), selection: 0))
        cell.send(SearchScreen(query: "cu", repos: .loading))
        expectSequence(renderer.states, equals: [.loading, .presenting(["cu"]), .loading])
        withExtendedLifetime(token) {}
    }

    /// A screen state generic over its content, for the helper below.
    struct Holder<Content> { var state: ViewState<Content> = .loading }

    /// A helper generic over the renderer, which knows nothing of `Equatable`: the call a team
    /// writes once for all its screens.
    static func bindState<R: Renderer>(_ cell: StateCell<Holder<R.Content>>, to renderer: R) -> ObservationToken {
        cell.bind(to: renderer, \.state)
    }

    @Test("C13: a binding made in a generic helper skips unchanged states too: the check is made at run time, not by overload")
    func bindKeyPathFromGenericHelper() {
        let cell = StateCell(Holder<[String]>())
        let renderer = RecordingRenderer<[String]>()
        let token = Self.bindState(cell, to: renderer)
        cell.send(Holder())
        cell.send(Holder(state: .presenting(["cu"])))
        cell.send(Holder(state: .presenting(["cu"])))
        expectSequence(renderer.states, equals: [.loading, .presenting(["cu"])])
        token.cancel()
    }

    @Test("C13: with content that is not Equatable, every send renders")
    func bindKeyPathNotEquatable() {
        struct Screen { var state: ViewState<Opaque> = .loading }
        let cell = StateCell(Screen())
        let renderer = RecordingRenderer<Opaque>()
        let token = cell.bind(to: renderer, \.state)
        cell.send(Screen())
        cell.send(Screen(state: .presenting(Opaque(number: 1))))
        cell.send(Screen(state: .presenting(Opaque(number: 1))))
        #expect(renderer.states.count == 4)
        #expect(renderer.states.last?.content?.number == 1)
        withExtendedLifetime(token) {}
    }

    @Test("C13: the renderer is held weakly; once it is gone the binding ends at the next send")
    func bindKeyPathWeak() {
        let cell = StateCell(SearchScreen())
        var renderer: RecordingRenderer<[String]>? = RecordingRenderer()
        weak let weakRenderer = renderer
        let token = renderer.map { cell.bind(to: $0, \.repos) }
        #expect(cell.observerCount == 1)
        renderer = nil
        #expect(weakRenderer == nil)
        cell.send(SearchScreen(repos: .presenting(["cu"])))
        #expect(cell.observerCount == 0)
        token?.cancel()  // the ended binding's token does nothing
        #expect(cell.observerCount == 0)
    }

    @Test("C14: a projection sees the sequence every observer sees, less unchanged parts, under reentrant sends")
    func projectionUnderReentrancy() {
        let cell = StateCell(0)
        var whole: [Int] = []
        var tens: [Int] = []
        let sender = cell.observe { value in
            whole.append(value)
            if value == 1 { cell.send(25) }
            if value == 25 { cell.send(29) }
        }
        let projected = cell.observe(\.tens) { tens.append($0) }
        cell.send(1)
        #expect(whole == [0, 1, 25, 29])
        #expect(tens == [0, 2], "0 (replay), 0 unchanged for 1, 2 for 25, 2 unchanged for 29")
        #expect(cell.value == 29)
        _ = (sender, projected)
    }

    @Test("C14: a renderer drawing from a projection sends from render; the send is queued, the order kept")
    func renderSendsReentrantly() {
        let cell = StateCell(SearchScreen())
        let renderer = RetryingRenderer(cell: cell)
        var queries: [String] = []
        let token = cell.bind(to: renderer, \.repos)
        let after = cell.observe(\.query) { queries.append($0) }
        cell.send(SearchScreen(query: "c", repos: .failed(LoadFailure(.network, "offline"))))
        #expect(renderer.rendered == ["loading", "failed", "loading"])
        #expect(queries == ["", "c", "c retry"])
        withExtendedLifetime((token, after)) {}
    }
}

extension Int {
    /// The tens digit: the projection the tests observe.
    var tens: Int { self / 10 }
}

/// Retries from inside `render` when it is given a failure, by sending a new state.
@MainActor
private final class RetryingRenderer: Renderer {
    let cell: StateCell<SearchScreen>
    var rendered: [String] = []

    init(cell: StateCell<SearchScreen>) {
        self.cell = cell
    }

    func render(_ state: ViewState<[String]>) {
        rendered.append(state.failure == nil ? (state.isLoading ? "loading" : "presenting") : "failed")
        if state.failure != nil { cell.send(SearchScreen(query: cell.value.query + " retry")) }
    }
}

/// ReactorKit's GitHubSearch, ported: the view binds the repos in one line.
@MainActor
final class RepoSearchReactor: Reactor<RepoSearchReactor.Action, RepoSearchReactor.Mutation, SearchScreen> {
    enum Action { case type(String), found([String]), select(Int) }
    enum Mutation { case setQuery(String), setRepos(ViewState<[String]>), select(Int) }

    init() {
        super.init(initialState: SearchScreen())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .type(let query): .mutations(.setQuery(query), .setRepos(.loading))
        case .found(let repos): .mutation(.setRepos(.presenting(repos)))
        case .select(let index): .mutation(.select(index))
        }
    }

    override func reduce(state: SearchScreen, mutation: Mutation) -> SearchScreen {
        var state = state
        switch mutation {
        case .setQuery(let query): state.query = query
        case .setRepos(let repos): state.repos = repos
        case .select(let index): state.selection = index
        }
        return state
    }
}

@Suite("A reactor drives a renderer")
@MainActor
struct ReactorRendererTests {
    @Test("bind(to:_:) renders the reactor's ViewState only when it changes")
    func reactorDrivesRenderer() {
        let reactor = RepoSearchReactor()
        let view = RecordingRenderer<[String]>()
        let token = reactor.state.bind(to: view, \.repos)
        reactor.send(.type("swift"))
        reactor.send(.found(["apple/swift"]))
        reactor.send(.select(0))
        reactor.send(.type("swift-nio"))
        expectSequence(view.states, equals: [.loading, .presenting(["apple/swift"]), .loading])
        withExtendedLifetime(token) {}
    }
}
