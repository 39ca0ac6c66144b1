import Foundation
import ViewStateKit

/// The app's typed API over the network: decodes answers with `Codable` and turns every
/// failure into a `LoadFailure` that names what was asked for.
public struct StoreAPI: Sendable {
    private let network: StubNetwork

    /// An API talking to `network`.
    public init(network: StubNetwork) {
        self.network = network
    }

    /// The user's bookmarked stores.
    public func bookmarks() async throws -> [Store] {
        try await decode([Store].self, "bookmarks") { try await network.send(.get, "/bookmarks") }
    }

    /// The user's bookmarked stores, through a completion handler called on the network's queue.
    public func bookmarks(completion: @escaping @Sendable (Result<[Store], any Error>) -> Void) {
        network.send(.get, "/bookmarks") { completion(Self.decode([Store].self, "bookmarks", $0)) }
    }

    /// Removes store `id` from the bookmarks.
    public func removeBookmark(id: Int) async throws {
        do {
            _ = try await network.send(.delete, "/bookmarks/\(id)")
        } catch {
            throw Self.failure(error, "bookmark \(id)")
        }
    }

    /// Page `page` (from 1) of category `categoryId`'s products, through a completion handler.
    public func products(categoryId: Int, page: Int, completion: @escaping @Sendable (Result<ProductPage, any Error>) -> Void) {
        network.send(.get, "/categories/\(categoryId)/products?page=\(page)") {
            completion(Self.decode(ProductPage.self, "category \(categoryId)", $0))
        }
    }

    /// Page `page` (from 1) of category `categoryId`'s products.
    public func products(categoryId: Int, page: Int) async throws -> ProductPage {
        try await decode(ProductPage.self, "category \(categoryId)") {
            try await network.send(.get, "/categories/\(categoryId)/products?page=\(page)")
        }
    }

    /// The book series list.
    public func books() async throws -> [BookSeries] {
        try await decode([BookSeries].self, "books") { try await network.send(.get, "/books") }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ resource: String, _ fetch: () async throws -> Data) async throws -> T {
        let result: Result<Data, any Error>
        do { result = .success(try await fetch()) } catch { result = .failure(error) }
        return try Self.decode(type, resource, result).get()
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ resource: String, _ result: Result<Data, any Error>) -> Result<T, any Error> {
        Result {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(type, from: result.get())
        }.mapError { failure($0, resource) }
    }

    /// Names the resource in the failure: a 404 for category 999 reads "not found — category 999".
    private static func failure(_ error: any Error, _ resource: String) -> LoadFailure {
        switch error {
        case StubNetwork.Failure.status(404): LoadFailure(.notFound, resource)
        case StubNetwork.Failure.status(let code) where code >= 500: LoadFailure(.server, "HTTP \(code) for \(resource)")
        case StubNetwork.Failure.status(let code): LoadFailure(.other, "HTTP \(code) for \(resource)")
        case StubNetwork.Failure.transport: LoadFailure(.network, "no connection while loading \(resource)")
        case StubNetwork.Failure.timeout: LoadFailure(.timeout, "\(resource) took too long to answer")
        default:
            LoadFailure(error).describing(resource)
        }
    }
}

private extension LoadFailure {
    /// Adds the resource to a decoding failure's message: "bookmarks: missing field …".
    func describing(_ resource: String) -> LoadFailure {
        reason == .badData ? LoadFailure(.badData, "\(resource): \(message)") : self
    }
}
