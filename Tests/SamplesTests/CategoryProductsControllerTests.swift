import Testing
import ViewStateKitTesting
import ViewStateKit
@testable import ViewStateSamples

@Suite("Category product list screen")
@MainActor
struct CategoryProductsControllerTests {
    let network = StubNetwork(deliveryQueue: nil)
    let controller: CategoryProductsController
    let renderer = Rendered()

    /// The states the screen's render function was called with.
    @MainActor final class Rendered {
        var states: [ViewState<ProductList>] = []
    }

    init() {
        controller = CategoryProductsController(api: StoreAPI(network: network))
    }

    private func show(_ category: Int) {
        let renderer = self.renderer
        controller.products(categoryId: category) { renderer.states.append($0) }
    }

    private func list(_ pages: Int, of category: Int, loadingMore: Bool = false) async throws -> ProductList {
        var list = ProductList(firstPage: try await Fixtures.page(1, of: category))
        for page in stride(from: 2, through: pages, by: 1) { list.append(try await Fixtures.page(page, of: category)) }
        list.loadStatus = loadingMore ? .loadingMore : .idle
        return list
    }

    @Test("success: loading, then the first page of 20 of 48 drinks")
    func success() async throws {
        show(1)
        let first = try await list(1, of: 1)
        expectSequence(renderer.states, equals: [.loading, .presenting(first)])
        #expect(first.products.count == 20)
        #expect(first.total == 48)
        #expect(first.hasMore)
        #expect(network.requests == ["GET /categories/1/products?page=1"])
    }

    @Test("empty: an empty category is presented at its end, not failed")
    func empty() {
        network.plan(.emptyList)
        show(1)
        #expect(renderer.states.last?.content?.products == [])
        #expect(renderer.states.last?.content?.hasMore == false)
    }

    @Test("not-found: an unknown category fails with not found — category 999")
    func unknownCategory() {
        show(999)
        expectSequence(renderer.states, equals: [.loading, .failed(LoadFailure(.notFound, "category 999"))])
        #expect(renderer.states.last?.failure?.description == "not found — category 999")
    }

    @Test("failure and malformed: a server error and bad data")
    func failures() {
        network.plan(.status(500), .malformed)
        show(1)
        show(1)
        expectSequence(renderer.states, equals: [
            .loading, .failed(LoadFailure(.server, "HTTP 500 for category 1")),
            .loading, .failed(LoadFailure(.badData, "category 1: unreadable data at the top level: The given data was not valid JSON.")),
        ])
    }

    @Test("paging: load more appends pages of 20 while the list stays presented, until the end")
    func paging() async throws {
        show(1)
        controller.loadMore()
        controller.loadMore()
        controller.loadMore()  // at the end of the list: nothing happens
        expectSequence(renderer.states, equals: [
            .loading,
            .presenting(try await list(1, of: 1)),
            .presenting(try await list(1, of: 1, loadingMore: true)),
            .presenting(try await list(2, of: 1)),
            .presenting(try await list(2, of: 1, loadingMore: true)),
            .presenting(try await list(3, of: 1)),
        ])
        #expect(renderer.states.last?.content?.products.count == 48)
        #expect(renderer.states.last?.content?.hasMore == false)
        #expect(network.requests.count == 3)
    }

    @Test("load more is ignored while a page is loading")
    func loadMoreWhileLoading() {
        show(1)
        network.holdsReplies = true
        controller.loadMore()
        controller.loadMore()
        #expect(network.requests.count == 2)
    }

    @Test("a failed load more keeps the products and says why; retrying works")
    func loadMoreFailure() async throws {
        show(1)
        network.plan(.transportError)
        controller.loadMore()
        var failed = try await list(1, of: 1)
        failed.loadStatus = .loadMoreFailed(LoadFailure(.network, "no connection while loading category 1"))
        #expect(renderer.states.last == .presenting(failed))
        controller.loadMore()
        #expect(renderer.states.last == .presenting(try await list(2, of: 1)))
    }

    @Test("superseded: switching categories drops the older category's late reply")
    func switchingCategories() async throws {
        network.holdsReplies = true
        show(1)
        show(2)
        network.release(1)
        network.release(0)
        expectSequence(renderer.states, equals: [.loading, .loading, .presenting(try await list(1, of: 2))])
    }

    @Test("superseded: switching categories during load more drops the page")
    func switchingDuringLoadMore() async throws {
        show(1)
        network.holdsReplies = true
        controller.loadMore()
        show(2)
        network.release(2)
        network.release(1)
        #expect(renderer.states.suffix(3) == [
            .presenting(try await list(1, of: 1, loadingMore: true)),
            .loading,
            .presenting(try await list(1, of: 2)),
        ])
    }

    @Test("cancelled: the load ends in failed(cancelled) and its reply is dropped")
    func cancelled() {
        network.holdsReplies = true
        show(1)
        controller.cancel()
        network.release(0)
        expectSequence(renderer.states, equals: [.loading, .failed(.cancelled)])
    }

    @Test("an empty page ends the list even if the total said more")
    func emptyPageEndsList() async throws {
        show(1)
        network.plan(.emptyList)
        controller.loadMore()
        #expect(renderer.states.last?.content?.hasMore == false)
        #expect(renderer.states.last?.content?.products.count == 20)
    }

    @Test("background queue: replies hop to the main actor", .timeLimit(.minutes(1)))
    func backgroundDelivery() async throws {
        let controller = CategoryProductsController(api: StoreAPI(network: StubNetwork()))
        let console = ConsoleRenderer.categories(write: { _ in })
        controller.products(categoryId: 2, then: console.render)
        await console.waitUntilSettled()
        #expect(console.lines == [
            "[categories] loading",
            "[categories] presenting: Snacks, 12 of 12 products (end of list) — Honey Butter Chips ₩1,000, Shrimp Crackers ₩1,200, Choco Pie ₩1,500, …",
        ])
    }
}
