import Foundation
import Testing
import ViewStateKitTesting
@testable import ViewStateKit
@testable import ViewStateSamples

/// The "What happens when…" table of the Questions and decisions article
/// (`QuestionsAndDecisions.md`): one test per row, titled with the row's words.
@Suite("What happens when…")
@MainActor
struct BadInputCatalogueTests {
    let network = StubNetwork(deliveryQueue: nil)

    /// The bookmarks screen's states for one load, with `reply` planned for it.
    private func bookmarks(_ reply: StubNetwork.Reply) async -> [ViewState<BookmarkList>] {
        network.plan(reply)
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        let task = controller.load()
        let recorder = StateRecorder(controller.state)
        await task.waitForCompletion()
        return recorder.values
    }

    /// The category screen's states for category `id`, with `reply` planned for it.
    private func category(_ id: Int, _ reply: StubNetwork.Reply = .normal) -> [ViewState<ProductList>] {
        network.plan(reply)
        var states: [ViewState<ProductList>] = []
        CategoryProductsController(api: StoreAPI(network: network)).products(categoryId: id) { states.append($0) }
        return states
    }

    @Test("malformed JSON") func malformedJSON() async {
        #expect(await bookmarks(.malformed).last?.failure?.reason == .badData)
    }

    @Test("truncated JSON") func truncatedJSON() async {
        #expect(await bookmarks(.truncated).last?.failure?.reason == .badData)
    }

    @Test("wrong field types") func wrongTypes() async {
        let failure = await bookmarks(.wrongTypes).last?.failure
        #expect(failure?.reason == .badData)
        #expect(failure?.message.contains("wrong type at [0].id") == true)
    }

    @Test("empty list") func emptyList() async {
        #expect(await bookmarks(.emptyList) == [.loading, .presenting(BookmarkList(stores: []))])
    }

    @Test("unknown id") func unknownID() {
        #expect(category(999) == [.loading, .failed(LoadFailure(.notFound, "category 999"))])
    }

    @Test("unknown id in an action") func unknownIDInAction() async {
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        await controller.load().waitForCompletion()
        #expect(controller.removeBookmark(id: 999) == nil)
        #expect(controller.state.value.content?.notice == LoadFailure(.notFound, "store 999 is not in your bookmarks"))
        #expect(controller.state.value.content?.stores.count == 4, "no data lost")
    }

    @Test("HTTP 404") func http404() {
        #expect(category(1, .status(404)).last == .failed(LoadFailure(.notFound, "category 1")))
    }

    @Test("HTTP 500") func http500() async {
        #expect(await bookmarks(.status(500)).last == .failed(LoadFailure(.server, "HTTP 500 for bookmarks")))
    }

    @Test("transport error") func transportError() async {
        #expect(await bookmarks(.transportError).last?.failure?.reason == .network)
    }

    @Test("timeout") func timeout() {
        #expect(category(1, .timeout).last == .failed(LoadFailure(.timeout, "category 1 took too long to answer")))
    }

    @Test("cancelled load") func cancelledLoad() {
        network.holdsReplies = true
        var states: [ViewState<ProductList>] = []
        let controller = CategoryProductsController(api: StoreAPI(network: network))
        controller.products(categoryId: 1) { states.append($0) }
        controller.cancel()
        network.release(0)
        #expect(states == [.loading, .failed(.cancelled)])
    }

    @Test("superseded load") func supersededLoad() {
        network.holdsReplies = true
        var states: [ViewState<ProductList>] = []
        let controller = CategoryProductsController(api: StoreAPI(network: network))
        controller.products(categoryId: 1) { states.append($0) }
        controller.products(categoryId: 2) { states.append($0) }
        network.release(1)
        network.release(0)
        #expect(states.count == 3)
        #expect(states.last?.content?.categoryName == "Snacks")
    }

    @Test("completion called twice") func completionCalledTwice() {
        var states: [ViewState<Int>] = []
        Loader<Int> { states.append($0) }.load { done in
            done(.success(1))
            done(.success(2))
        }
        #expect(states == [.loading, .presenting(1)])
    }

    @Test("reply after the screen is gone") func replyAfterScreenGone() {
        network.holdsReplies = true
        var states: [ViewState<ProductList>] = []
        var controller: CategoryProductsController? = CategoryProductsController(api: StoreAPI(network: network))
        weak let weakController = controller
        controller?.products(categoryId: 1) { states.append($0) }
        controller = nil
        network.release(0)
        #expect(weakController == nil)
        #expect(states == [.loading])
    }

    @Test("renderer gone") func rendererGone() async {
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        var renderer: ConsoleRenderer<BookmarkList>? = .bookmarks(write: { _ in })
        let token = renderer.map { controller.state.bind(to: $0) }
        renderer = nil
        await controller.load().waitForCompletion()
        #expect(controller.state.observerCount == 0)
        token?.cancel()
    }

    @Test("failed removal") func failedRemoval() async {
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        await controller.load().waitForCompletion()
        network.plan(.transportError, for: "/bookmarks/103")
        await controller.removeBookmark(id: 103)?.waitForCompletion()
        #expect(controller.state.value.content?.stores.map(\.id) == [101, 102, 103, 104])
        #expect(controller.state.value.content?.notice?.reason == .network)
    }

    @Test("failed refresh") func failedRefresh() async {
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        await controller.load().waitForCompletion()
        network.plan(.malformed)
        await controller.refresh().waitForCompletion()
        #expect(controller.state.value.content?.stores.count == 4)
        #expect(controller.state.value.content?.loadStatus.failure?.reason == .badData)
    }

    @Test("removal racing a refresh") func removalRacingRefresh() async {
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        await controller.load().waitForCompletion()
        network.holdsReplies = true
        let refresh = controller.refresh()
        await withSafetyNet { await network.waitForRequests(2) }
        let removal = controller.removeBookmark(id: 101)
        await withSafetyNet { await network.waitForRequests(3) }
        network.release(1)
        network.release(2)
        await refresh.waitForCompletion()
        await removal?.waitForCompletion()
        #expect(controller.state.value.content?.stores.map(\.id) == [102, 103, 104])
    }

    @Test("failed load more") func failedLoadMore() {
        var states: [ViewState<ProductList>] = []
        let controller = CategoryProductsController(api: StoreAPI(network: network))
        controller.products(categoryId: 1) { states.append($0) }
        network.plan(.status(503))
        controller.loadMore()
        #expect(states.last?.content?.products.count == 20)
        #expect(states.last?.content?.loadStatus == .loadMoreFailed(LoadFailure(.server, "HTTP 503 for category 1")))
    }

    @Test("empty page before the advertised end") func emptyPageBeforeEnd() {
        var states: [ViewState<ProductList>] = []
        let controller = CategoryProductsController(api: StoreAPI(network: network))
        controller.products(categoryId: 1) { states.append($0) }
        network.plan(.emptyList)
        controller.loadMore()
        controller.loadMore()
        #expect(states.last?.content?.hasMore == false)
        #expect(network.requests.count == 2, "no request past the end")
    }

    @Test("reentrant send") func reentrantSend() {
        let cell = StateCell(0)
        var seen: [[Int]] = [[], []]
        let first = cell.observe { value in
            seen[0].append(value)
            if value == 1 { cell.send(2) }
        }
        let second = cell.observe { seen[1].append($0) }
        cell.send(1)
        #expect(seen == [[0, 1, 2], [0, 1, 2]])
        _ = (first, second)
    }

    @Test("renderer starts a new load from render") func loadFromRender() async {
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        network.plan(.status(500))
        var rendered: [String] = []
        var retry: Task<Void, Never>?
        let token = controller.state.observe { state in
            rendered.append(state.failure.map { _ in "failed" } ?? (state.isLoading ? "loading" : "presenting"))
            if state.failure != nil, retry == nil { retry = controller.load() }
        }
        await controller.load().waitForCompletion()
        await retry?.waitForCompletion()
        #expect(rendered == ["loading", "failed", "loading", "presenting"])
        token.cancel()
    }

    @Test("observer cancelling another") func observerCancellingAnother() {
        let cell = StateCell(0)
        var seenBySecond: [Int] = []
        var second: ObservationToken?
        let first = cell.observe { if $0 == 1 { second?.cancel() } }
        second = cell.observe { seenBySecond.append($0) }
        cell.send(1)
        #expect(seenBySecond == [0])
        _ = first
    }

    @Test("cancel twice") func cancelTwice() {
        let cell = StateCell(0)
        let token = cell.observe { _ in }
        let other = cell.observe { _ in }
        token.cancel()
        token.cancel()
        #expect(cell.observerCount == 1)
        _ = other
    }

    @Test("send during replay") func sendDuringReplay() {
        let cell = StateCell(0)
        var seen: [Int] = []
        let token = cell.observe { value in
            seen.append(value)
            if value == 0 { cell.send(1) }
        }
        #expect(seen == [0, 1])
        withExtendedLifetime(token) {}
    }

    @Test("unknown command line") func unknownCommandLine() async {
        var errors: [String] = []
        let status = await SamplesCLI.run(["bookmarks", "--scenario", "chaos"], output: { _ in }, errorOutput: { errors.append($0) })
        #expect(status == 2)
        #expect(errors == ["viewstate-samples: unknown scenario 'chaos'", SamplesCLI.helpHint])
    }

    @Test("coordinator gone") func coordinatorGone() {
        /// Goes home when the bookmarks screen presents an empty list.
        @MainActor final class EmptyListCoordinator: Coordinator {
            let navigator: ConsoleNavigator
            let controller: BookmarkStoresController
            var token: ObservationToken?
            init(navigator: ConsoleNavigator, controller: BookmarkStoresController) {
                self.navigator = navigator
                self.controller = controller
            }
            override func start() {
                token = controller.state.observe { [weak self] state in
                    if state.content?.stores.isEmpty == true { self?.navigator.setRoot("home") }
                }
            }
        }
        var printed: [String] = []
        let navigator = ConsoleNavigator(write: { printed.append($0) })
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        var coordinator: EmptyListCoordinator? = EmptyListCoordinator(navigator: navigator, controller: controller)
        coordinator?.start()
        weak let weakCoordinator = coordinator
        coordinator = nil
        #expect(weakCoordinator == nil)
        controller.state.send(.presenting(BookmarkList(stores: [])))
        #expect(printed.isEmpty, "a coordinator that is gone navigates nowhere")
        #expect(controller.state.observerCount == 0)
        navigator.push("home")
        #expect(printed == ["[nav] push home"])
    }

    @Test("corrupt persisted value") func corruptPersistedValue() async {
        let store = MemoryKeyValueStore([BooksReactor.expandedKey: Data("{not json".utf8),
                                         SelectStoreReactor.favoriteKey: Data("Lawson".utf8)])
        #expect(SelectStoreReactor(entry: .settings, store: store).currentState.selected == nil)
        let books = BooksReactor(api: StoreAPI(network: network), store: store)
        #expect(books.currentState.expandedBookIDs.isEmpty)
        books.send(.load)
        await withSafetyNet { await books.waitUntilIdle() }
        books.send(.toggleSummary(bookId: 31))
        #expect(store.data(forKey: BooksReactor.expandedKey) == Data("[31]".utf8))
    }

    @Test("reactor action after its screen is gone") func reactorActionAfterScreenGone() async {
        var printed: [String] = []
        let app = Coordinator()
        weak var weakFlow: SelectStoreCoordinator?
        let reactor = {
            let flow = SelectStoreCoordinator(entry: .onboarding, store: MemoryKeyValueStore(),
                                              navigator: ConsoleNavigator(write: { printed.append($0) }))
            weakFlow = flow
            app.start(flow)
            return flow.reactor
        }()
        reactor.send(.select(.cu))
        reactor.send(.select(.gs25))  // a second tap lands after the flow went home
        #expect(printed == ["[nav] set root select-store", "[nav] set root home"])
        #expect(weakFlow == nil)
        #expect(reactor.state.observerCount == 0)

        network.holdsReplies = true
        var books: BooksReactor? = BooksReactor(api: StoreAPI(network: network), store: MemoryKeyValueStore())
        let cell = books?.state
        books?.send(.load)
        await withSafetyNet { await network.waitForRequests(1) }
        books = nil
        network.release(0)
        await withSafetyNet { await network.flush() }
        #expect(cell?.value.series == .loading, "the late reply reached nobody")
    }
}
