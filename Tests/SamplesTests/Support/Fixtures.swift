@testable import ViewStateSamples
import ViewStateKit

/// The fixtures as the app decodes them, fetched through a network of their own so the
/// network under test sees no extra requests.
enum Fixtures {
    static func bookmarks() async throws -> [Store] {
        try await StoreAPI(network: StubNetwork(deliveryQueue: nil)).bookmarks()
    }

    static func books() async throws -> [BookSeries] {
        try await StoreAPI(network: StubNetwork(deliveryQueue: nil)).books()
    }

    static func page(_ page: Int, of category: Int) async throws -> ProductPage {
        try await StoreAPI(network: StubNetwork(deliveryQueue: nil)).products(categoryId: category, page: page)
    }
}
