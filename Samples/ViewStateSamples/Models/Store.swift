import Foundation

/// A convenience store the user has bookmarked.
public struct Store: Codable, Equatable, Sendable, Identifiable {
    /// The store's id on the server.
    public let id: Int
    /// The store's display name, e.g. "CU Gangnam Station".
    public let name: String
    /// The chain it belongs to: CU, GS25, 7-Eleven, emart24.
    public let brand: String
    /// Its street address.
    public let address: String
    /// A photo of the store front.
    public let imageURL: URL
    /// When the user bookmarked it.
    public let bookmarkedAt: Date

    /// A store with these fields, for previews and tests.
    public init(id: Int, name: String, brand: String, address: String, imageURL: URL, bookmarkedAt: Date) {
        self.id = id
        self.name = name
        self.brand = brand
        self.address = address
        self.imageURL = imageURL
        self.bookmarkedAt = bookmarkedAt
    }
}
