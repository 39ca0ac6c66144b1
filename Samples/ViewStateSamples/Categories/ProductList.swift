import ViewStateKit

/// What the category product list presents: the pages loaded so far.
///
/// "Load more" keeps these products on screen with `loadStatus` `.loadingMore`, then appends
/// the next page; a failed "load more" keeps them with `.loadMoreFailed`.
public struct ProductList: Equatable, Sendable, PageableContent {
    /// The category shown.
    public let categoryId: Int
    /// The category's display name.
    public let categoryName: String
    /// The products loaded so far, in server order.
    public private(set) var products: [Product]
    /// How many products the category has in all.
    public private(set) var total: Int
    /// The last page loaded (from 1).
    public private(set) var page: Int
    /// What the loader is doing: fetching the next page, or why the last one failed.
    public var loadStatus = LoadStatus.idle

    /// `true` while the server has products not loaded yet; `false` at the end of the list.
    public var hasMore: Bool { products.count < total }

    /// The list as its first page shows it.
    public init(firstPage: ProductPage) {
        categoryId = firstPage.categoryId
        categoryName = firstPage.categoryName
        products = firstPage.items
        total = firstPage.items.isEmpty ? 0 : firstPage.total
        page = firstPage.page
    }

    /// Appends the next page. An empty page ends the list, whatever `total` said.
    public mutating func append(_ next: ProductPage) {
        products += next.items
        page = next.page
        total = next.items.isEmpty ? products.count : next.total
    }
}
