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
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .setQuery(let query):
            state.query = query
        case .setResults(let results):
            state.results = results
        }
    }
}
