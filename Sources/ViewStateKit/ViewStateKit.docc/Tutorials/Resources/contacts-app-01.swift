import ViewStateKit

struct Contact: Equatable, Sendable, Identifiable {
    let id: Int
    var name: String
}

struct ContactDetail: Feature {
    struct State: Equatable, Sendable {
        var contact: Contact
        var isFavorite = false
    }

    enum Action: Equatable, Sendable {
        case favoriteTapped
        case closeTapped
    }

    enum Mutation: Equatable, Sendable {
        case setFavorite(Bool)
    }

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .favoriteTapped:
            .mutation(.setFavorite(!state.isFavorite))
        case .closeTapped:
            .dismiss
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .setFavorite(let isFavorite):
            state.isFavorite = isFavorite
        }
    }
}
