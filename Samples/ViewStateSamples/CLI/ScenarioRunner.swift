import Foundation
import ViewStateKit
import ViewStateKitTracing

/// Runs one scenario on one screen: sets up the stub network, drives the logic controller
/// like a user would, and waits (on events, never on a clock) until each step has settled.
@MainActor
struct ScenarioRunner {
    let network: StubNetwork
    let write: (String) -> Void
    /// Whether screens also write their trace (`VIEWSTATE_TRACE=1`).
    var trace = false
    /// What the meetings' timer sleeps on.
    var clock: any Clock<Duration> = ContinuousClock()

    /// The trace of `cell` under `name` while the token lives, when tracing; `nil` otherwise.
    private func traced<Value>(_ cell: StateCell<Value>, _ name: String) -> ObservationToken? {
        trace ? cell.trace(name, to: write) : nil
    }

    func run(_ screen: Screen, _ scenario: Scenario, category: Int?) async {
        switch screen {
        case .bookmarks: await runBookmarks(scenario)
        case .categories: await runCategories(scenario, category: category)
        case .selectStore: runSelectStore(scenario)
        case .register: runRegister(scenario)
        case .books: await runBooks(scenario)
        case .basket: runBasket(scenario)
        case .meetings: await runMeetings(scenario)
        }
    }

    private func planFailure(for scenario: Scenario, at prefix: String) {
        switch scenario {
        case .empty: network.plan(.emptyList, for: prefix)
        case .failure: network.plan(.status(500), for: prefix)
        case .offline: network.plan(.transportError, for: prefix)
        case .timeout: network.plan(.timeout, for: prefix)
        case .malformed: network.plan(.malformed, for: prefix)
        case .truncated: network.plan(.truncated, for: prefix)
        case .wrongTypes: network.plan(.wrongTypes, for: prefix)
        default: break
        }
    }

    private func runBookmarks(_ scenario: Scenario) async {
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        let renderer = ConsoleRenderer.bookmarks(write: write)
        let tracing = traced(controller.state, "trace bookmarks")
        defer { tracing?.cancel() }
        planFailure(for: scenario, at: "/bookmarks")
        // Bound after the first load starts, so the replayed state is that load's `.loading`.
        switch scenario {
        case .superseded:
            network.plan(.status(500), for: "/bookmarks")  // would show as failed, were it not dropped
            network.holdsReplies = true
            // An async request is made when its task first runs: wait for each in turn, so
            // the older load is request 0 (held) and the newer, which cancels it, request 1.
            let older = controller.load()
            await network.waitForRequests(1)
            let token = controller.state.bind(to: renderer)
            write("[user] reload the bookmarks before the first load has answered: the newer load supersedes it")
            let newer = controller.load()
            await network.waitForRequests(2)
            network.release(1)
            await newer.value
            network.release(0)
            await older.value
            write("[note] the first load's reply (HTTP 500) arrived late and was dropped: no state for it")
            token.cancel()
        case .cancelled:
            network.holdsReplies = true
            let load = controller.load()
            let token = controller.state.bind(to: renderer)
            controller.cancel()
            await load.value
            token.cancel()
        default:
            let load = controller.load()
            let token = controller.state.bind(to: renderer)
            await load.value
            switch scenario {
            case .refresh:
                await controller.refresh().value
            case .remove:
                await controller.removeBookmark(id: 102)?.value
            case .rollback:
                network.plan(.status(500), for: "/bookmarks/102")
                await controller.removeBookmark(id: 102)?.value
            case .notFound:
                await controller.removeBookmark(id: 999)?.value
            default:
                break
            }
            token.cancel()
        }
    }

    private func runCategories(_ scenario: Scenario, category: Int?) async {
        let controller = CategoryProductsController(api: StoreAPI(network: network))
        let console = ConsoleRenderer.categories(write: write)
        // When tracing, every state passes through a traced cell on its way to the console.
        let shown = StateCell<ViewState<ProductList>>(.loading)
        let tracing = traced(shown, "trace categories")
        defer { tracing?.cancel() }
        let renderer = trace ? RenderThrough(shown, console) : RenderThrough(nil, console)
        let id = category ?? (scenario == .notFound ? 999 : 1)
        planFailure(for: scenario, at: "/categories")
        switch scenario {
        case .superseded:
            network.holdsReplies = true
            let other = id == 2 ? 1 : 2
            controller.products(categoryId: id, then: renderer.render)
            write("[user] open category \(other) before category \(id) has answered")
            controller.products(categoryId: other, then: renderer.render)
            network.release(1)
            await renderer.waitUntilSettled()
            network.release(0)
            await network.flush()
            write("[note] category \(id)'s reply arrived late and was dropped: no state for it")
        case .cancelled:
            network.holdsReplies = true
            controller.products(categoryId: id, then: renderer.render)
            controller.cancel()
            network.release(0)
            await network.flush()
        case .paging:
            controller.products(categoryId: id, then: renderer.render)
            await renderer.waitUntilSettled()
            var pagesLeft = 10  // a bound, in case a server never ends its list
            while renderer.lines.last?.contains("(end of list)") == false, pagesLeft > 0 {
                controller.loadMore()
                await renderer.waitUntilSettled()
                pagesLeft -= 1
            }
        default:
            controller.products(categoryId: id, then: renderer.render)
            await renderer.waitUntilSettled()
        }
    }

    private func runSelectStore(_ scenario: Scenario) {
        let store = MemoryKeyValueStore()
        if scenario == .settings { store.set(Data("CU".utf8), forKey: SelectStoreReactor.favoriteKey) }
        let app = Coordinator()
        let flow = SelectStoreCoordinator(entry: scenario == .settings ? .settings : .onboarding,
                                          store: store, navigator: ConsoleNavigator(write: write))
        app.start(flow)
        let reactor = flow.reactor
        let tracing = trace ? reactor.trace("trace select-store", to: write) : nil
        defer { tracing?.cancel() }
        let token = reactor.state.printLines(screen: "select-store", write: write) { $0.consoleLine }
        switch scenario {
        case .skip:
            reactor.send(.skip)
        case .settings:
            reactor.send(.select(.gs25))
            reactor.send(.select(.emart24))
            reactor.send(.save)
        default:
            reactor.send(.select(.gs25))
        }
        write(store.consoleLine(SelectStoreReactor.favoriteKey))
        token.cancel()
    }

    private func runRegister(_ scenario: Scenario) {
        let app = Coordinator()
        let flow = RegisterCoordinator(navigator: ConsoleNavigator(write: write))
        app.start(flow)
        let input = flow.input
        guard let output = flow.output else { return }
        let tracing = [traced(input.name, "trace register name"), traced(output.isRegisterEnabled, "trace register enabled")]
        defer { tracing.forEach { $0?.cancel() } }
        let token = output.isRegisterEnabled.printLines(screen: "register", write: write) {
            input.consoleLine(isRegisterEnabled: $0)
        }
        let names = scenario == .invalid ? ["K", " Kim", "Kimberly Ann"] : ["K", "Kim"]
        for name in names {
            input.name.send(name)
            input.registerTap.send()
        }
        token.cancel()
    }

    private func runBooks(_ scenario: Scenario) async {
        let store = MemoryKeyValueStore()
        if scenario == .corruptStorage {
            store.set(Data("{not json".utf8), forKey: BooksReactor.expandedKey)
            write(store.consoleLine(BooksReactor.expandedKey))
        }
        planFailure(for: scenario, at: "/books")
        let reactor = BooksReactor(api: StoreAPI(network: network), store: store)
        let tracing = trace ? reactor.trace("trace books", to: write) : nil
        defer { tracing?.cancel() }
        let renderer = ConsoleRenderer.books(write: write)
        let token = reactor.state.bind(to: renderer, \.shelf)
        reactor.send(.load)
        await renderer.waitUntilSettled()
        // The user's actions, once there is a list to act on.
        if reactor.currentState.series.content != nil {
            switch scenario {
            case .notFound:
                write("[user] select series 9, then expand book 999 (neither exists)")
                reactor.send(.selectSeries(9))
                reactor.send(.toggleSummary(bookId: 999))
                write("[note] no state: there is no series 9 and no book 999, so nothing changed")
            case .corruptStorage:
                reactor.send(.toggleSummary(bookId: 11))
            default:
                reactor.send(.toggleSummary(bookId: 12))
                reactor.send(.selectSeries(2))
            }
            write(store.consoleLine(BooksReactor.expandedKey))
        }
        token.cancel()
    }
}

extension ScenarioRunner {
    /// The basket: its lines on one line per change, the confirmation drawn with numbered
    /// buttons, and a tap written before the action it sends.
    private func runBasket(_ scenario: Scenario) {
        let reactor = BasketReactor.sample()
        let tracing = trace ? reactor.trace("trace basket", to: write) : nil
        defer { tracing?.cancel() }
        let lines = reactor.state.printLines(screen: "basket", write: write) { $0.consoleLine }
        var isShowingAlert = false
        let alerts = reactor.state.observe(\.alert) { [write] alert in
            if let alert { write("[basket] \(alert.consoleLine)") } else if isShowingAlert { write("[basket] dialog closed") }
            isShowingAlert = alert != nil
        }
        func tap(_ title: String) {
            guard let alert = reactor.currentState.alert else { return }
            write("[basket] tap: \(title)")
            reactor.send(.alert(.button(alert.tap(title))))
        }
        switch scenario {
        case .emptyBasket:
            reactor.send(.emptyTapped)
            tap("Empty")
        case .keepBasket:
            reactor.send(.emptyTapped)
            tap("Cancel")
        case .notFound:
            write("[user] tap + on basket line 999, then remove it (there is no such line)")
            reactor.send(.line(999, .increment))
            reactor.send(.line(999, .remove))
            write("[note] no state: there is no line 999, so nothing changed")
        default:
            reactor.send(.line(1001, .increment))
            reactor.send(.line(2011, .decrement))
            reactor.send(.line(2003, .remove))
        }
        withExtendedLifetime((lines, alerts)) {}
    }
}

/// A console renderer for the categories screen that first passes each state through a
/// traced cell (when tracing), so the trace lines stand beside the rendered ones.
@MainActor
private struct RenderThrough {
    let cell: StateCell<ViewState<ProductList>>?
    let console: ConsoleRenderer<ProductList>

    init(_ cell: StateCell<ViewState<ProductList>>?, _ console: ConsoleRenderer<ProductList>) {
        self.cell = cell
        self.console = console
    }

    var lines: [String] { console.lines }

    func render(_ state: ViewState<ProductList>) {
        cell?.send(state)
        console.render(state)
    }

    func waitUntilSettled() async {
        await console.waitUntilSettled()
    }
}
