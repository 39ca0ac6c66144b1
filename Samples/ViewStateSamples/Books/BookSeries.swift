/// A numbered series of books, as the books endpoint sends it.
public struct BookSeries: Codable, Equatable, Sendable, Identifiable {
    /// The series number the user picks it by (1, 2, 3…).
    public let number: Int
    /// The series' title.
    public let title: String
    /// Its books, in reading order.
    public let books: [Book]

    /// The series number.
    public var id: Int { number }
}

/// One book of a series.
public struct Book: Codable, Equatable, Sendable, Identifiable {
    /// The book's id, unique across series; summary toggles are saved by it.
    public let id: Int
    /// The book's title.
    public let title: String
    /// A few sentences about it, shown when its row is expanded.
    public let summary: String
}
