// The DocC tutorial "Write a reactor from scratch": its app file, compiled. Each step's app file
// (`ViewStateKit.docc/Tutorials/Resources/search-app-*.swift`) is this file with later steps
// left out (`scripts/check-listings`); `scripts/check-consumer` builds the last one in an app target.
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
        case setFailure(String)
    }

    struct State: Equatable {
        var query = ""
        var results: [String] = []
        var failure: String?
    }

    private let service: any PlacesService
    private let clock: any Clock<Duration>

    init(service: any PlacesService, clock: any Clock<Duration> = ContinuousClock()) {
        self.service = service
        self.clock = clock
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .type(let query):
            return .merge(.mutation(.setQuery(query)), search(query))
        }
    }

    private func search(_ query: String) -> Effect<Mutation> {
        guard !query.isEmpty else {
            return .merge(.cancel(id: "search"), .mutation(.setResults([])))
        }
        return .run(id: "search") { [service, clock] send in
            try await clock.sleep(for: .milliseconds(300))
            await send(.setResults(try await service.places(matching: query)))
        } catch: { error, send in
            await send(.setFailure("Search failed: \(error.localizedDescription)"))
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .setQuery(let query):
            state.query = query
        case .setResults(let results):
            state.results = results
            state.failure = nil
        case .setFailure(let message):
            state.failure = message
        }
    }
}
