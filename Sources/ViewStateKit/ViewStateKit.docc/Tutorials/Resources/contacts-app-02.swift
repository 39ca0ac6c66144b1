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

@MainActor
final class ContactsApp: Reactor<ContactsApp.Action, ContactsApp.Mutation, ContactsApp.State> {
    struct State: Equatable, Sendable {
        var contacts: [Contact]
        var favorites: Set<Int> = []
        var path = ScreenStack<ContactDetail.State>()
    }

    enum Action: Equatable, Sendable {
        case contactTapped(id: Int)
        case path(StackAction<ContactDetail.Action>)
    }

    enum Mutation: Equatable, Sendable {
        case push(ContactDetail.State)
    }

    init(contacts: [Contact]) {
        super.init(initialState: State(contacts: contacts))
    }

    override var children: [ChildPlace<State, Action, Mutation>] {
        [.stack(ContactDetail(), state: \.path, action: Action.path)]
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .contactTapped(let id):
            guard let contact = currentState.contacts.first(where: { $0.id == id }) else { return .none }
            let isFavorite = currentState.favorites.contains(id)
            return .mutation(.push(ContactDetail.State(contact: contact, isFavorite: isFavorite)))
        case .path:
            return .none
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .push(let detail):
            state.path.push(detail)
        }
    }
}
