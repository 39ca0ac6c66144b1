import Foundation

/// The server behind `StubNetwork`: answers requests from the JSON fixtures shipped with the
/// samples, like the real backend would (bookmarks, deleting a bookmark, paged products, book series).
final class FixtureServer {
    private let bookmarks: [[String: Any]]
    private let categories: [[String: Any]]
    private let products: [[String: Any]]
    private let books: [[String: Any]]
    private var removedBookmarks: Set<Int> = []

    /// Loads the bundled fixtures; a missing or unreadable fixture serves as an empty list.
    init() {
        bookmarks = Self.fixture("bookmarks")
        categories = Self.fixture("categories")
        products = Self.fixture("products")
        books = Self.fixture("books")
    }

    /// The status and body for `method path`; `emptyLists` answers every list as empty.
    func respond(_ method: StubNetwork.Method, _ path: String, emptyLists: Bool = false) -> (status: Int, body: Data) {
        let parts = path.split(separator: "?", maxSplits: 1)
        let segments = parts.first.map { $0.split(separator: "/").map(String.init) } ?? []
        let query = parts.count > 1 ? String(parts[1]) : ""
        if method == .get, segments == ["bookmarks"] {
            let live = bookmarks.filter { !removedBookmarks.contains($0["id"] as? Int ?? -1) }
            return (200, Self.json(emptyLists ? [] : live))
        }
        if method == .get, segments == ["books"] {
            return (200, Self.json(emptyLists ? [] : books))
        }
        if method == .delete, segments.count == 2, segments[0] == "bookmarks" {
            guard let id = Int(segments[1]), bookmarks.contains(where: { $0["id"] as? Int == id }),
                  !removedBookmarks.contains(id) else { return (404, Data()) }
            removedBookmarks.insert(id)
            return (204, Data())
        }
        if method == .get, segments.count == 3, segments[0] == "categories", segments[2] == "products" {
            guard let id = Int(segments[1]), let category = categories.first(where: { $0["id"] as? Int == id }) else {
                return (404, Data())
            }
            let page = max(1, Int(query.replacingOccurrences(of: "page=", with: "")) ?? 1)
            let all = emptyLists ? [] : products.filter { $0["categoryId"] as? Int == id }
            let start = min(all.count, (page - 1) * ProductPage.size)
            let items = Array(all[start..<min(all.count, start + ProductPage.size)])
            let body: [String: Any] = [
                "categoryId": id, "categoryName": category["name"] ?? "", "page": page,
                "total": all.count, "items": items,
            ]
            return (200, Self.json(body))
        }
        return (404, Data())
    }

    private static func fixture(_ name: String) -> [[String: Any]] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json"),
              let data = try? Data(contentsOf: url),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list
    }

    private static func json(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
