import Foundation

/// A product sold in a category.
public struct Product: Codable, Equatable, Sendable, Identifiable {
    /// The product's id on the server.
    public let id: Int
    /// The category it is listed in.
    public let categoryId: Int
    /// Its display name, e.g. "Banana Milk".
    public let name: String
    /// Its price in won.
    public let price: Int
    /// A product photo.
    public let imageURL: URL
}

/// One page of a category's products, as the server sends it.
public struct ProductPage: Codable, Equatable, Sendable {
    /// The category the page belongs to.
    public let categoryId: Int
    /// The category's display name.
    public let categoryName: String
    /// The page number, from 1.
    public let page: Int
    /// How many products the category has in all.
    public let total: Int
    /// The products on this page (at most `ProductPage.size`).
    public let items: [Product]

    /// Products per page.
    public static let size = 20
}
