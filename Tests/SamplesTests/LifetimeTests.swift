import Testing
import ViewStateKitTesting
@testable import ViewStateKit
@testable import ViewStateSamples

/// Every reference type a user creates is freed once its owners let go — after a cancelled
/// load, and with effects still in flight.
@Suite("Lifetimes")
@MainActor
struct LifetimeTests {
    let network = StubNetwork(deliveryQueue: nil)

    @Test("a bookmarks controller is freed after a cancelled load")
    func bookmarksAfterCancel() async {
        network.holdsReplies = true
        var controller: BookmarkStoresController? = BookmarkStoresController(api: StoreAPI(network: network))
        weak let weakController = controller
        let load = controller?.load()
        controller?.cancel()
        await load?.waitForCompletion()
        controller = nil
        #expect(weakController == nil)
    }

    @Test("a bookmarks controller is freed with a removal still in flight, and nothing is published")
    func bookmarksWithRemovalInFlight() async {
        var controller: BookmarkStoresController? = BookmarkStoresController(api: StoreAPI(network: network))
        await controller?.load().waitForCompletion()
        weak let weakController = controller
        weak let weakCell = controller?.state
        network.plan(.status(500), for: "/bookmarks/101")
        network.holdsReplies = true
        let removal = controller?.removeBookmark(id: 101)
        await withSafetyNet { await network.waitForRequests(2) }
        controller = nil
        #expect(weakController == nil)
        #expect(weakCell == nil)
        network.release(1)  // the refusal arrives; there is nobody left to roll back
        await removal?.waitForCompletion()
    }

    @Test("a category controller is freed after a cancelled load and with a page in flight")
    func categoriesAfterCancelAndInFlight() {
        var states: [ViewState<ProductList>] = []
        var controller: CategoryProductsController? = CategoryProductsController(api: StoreAPI(network: network))
        weak let weakController = controller
        controller?.products(categoryId: 1) { states.append($0) }
        network.holdsReplies = true
        controller?.loadMore()
        controller?.cancel()
        controller?.loadMore()
        controller = nil
        #expect(weakController == nil)
        network.release(1)
        network.release(2)
        // loading, page 1, loading more, cancelled, loading more (the retry) — and nothing
        // once the controller is gone.
        #expect(states.count == 5)
        #expect(states[3].content?.loadStatus == .loadMoreFailed(.cancelled))
        #expect(states[4].content?.loadStatus == .loadingMore)
    }

    @Test("a bound console renderer is freed when its screen lets go, and the binding ends")
    func boundRendererFreed() async {
        let controller = BookmarkStoresController(api: StoreAPI(network: network))
        var renderer: ConsoleRenderer<BookmarkList>? = .bookmarks(write: { _ in })
        weak let weakRenderer = renderer
        var tokens = Set<ObservationToken>()
        renderer.map { controller.state.bind(to: $0) }?.store(in: &tokens)
        renderer = nil
        #expect(weakRenderer == nil)
        await controller.load().waitForCompletion()
        #expect(controller.state.observerCount == 0)
    }

    @Test("a token outlives its cell harmlessly and is freed with its owner")
    func tokenFreed() {
        var cell: StateCell<Int>? = StateCell(0)
        var token: ObservationToken? = cell?.observe { _ in }
        weak let weakToken = token
        cell = nil
        token?.cancel()
        token = nil
        #expect(weakToken == nil)
    }

    @Test("a stub network is freed with its held replies")
    func networkFreed() {
        var network: StubNetwork? = StubNetwork(deliveryQueue: nil)
        weak let weakNetwork = network
        network?.holdsReplies = true
        network?.send(.get, "/bookmarks") { _ in }
        network = nil
        #expect(weakNetwork == nil)
    }
}
