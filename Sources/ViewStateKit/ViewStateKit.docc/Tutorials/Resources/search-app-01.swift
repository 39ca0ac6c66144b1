import ViewStateKit

protocol PlacesService: Sendable {
    func places(matching query: String) async throws -> [String]
}

@MainActor
final class PlaceSearch: Reactor<PlaceSearch.Action, PlaceSearch.Mutation, PlaceSearch.State> {
    enum Action {
        case type(String)
    }

    enum Mutation: Equatable, Sendable {
        case setQuery(String)
        case setResults([String])
    }

    struct State: Equatable {
        var query = ""
        var results: [String] = []
    }

}
