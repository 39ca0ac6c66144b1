// Code shown in the core's doc comments, compiled and run here. `scripts/check-listings` checks
// that every line of a doc comment's Swift example appears, in order, in a source file.
import Testing
import ViewStateKit

/// `Reactor`'s example: two actions, two mutations, a state changed in place.
@MainActor
final class FavouritesReactor: Reactor<FavouritesReactor.Action, FavouritesReactor.Mutation, FavouritesReactor.State> {
    enum Action { case add(String), clear }
    enum Mutation: Sendable { case append(String), removeAll }
    struct State: Equatable { var names: [String] = [] }

    init() { super.init(initialState: State()) }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .add(let name): .mutation(.append(name))
        case .clear: .mutation(.removeAll)
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .append(let name): state.names.append(name)
        case .removeAll: state.names.removeAll()
        }
    }
}

@Suite("Doc comment examples: ViewStateKit")
@MainActor
struct DocCommentExampleTests {
    @Test("StateCell: the current value at once, then every value sent, until the token goes")
    func stateCell() {
        let cell = StateCell<ViewState<[String]>>(.loading)
        var drawn: [ViewState<[String]>] = []
        let token = cell.observe { drawn.append($0) }
        cell.send(.presenting(["CU", "GS25"]))
        token.cancel()
        cell.send(.loading)
        #expect(drawn == [.loading, .presenting(["CU", "GS25"])])
    }

    @Test("Reactor: each action's mutations are reduced in place, in order")
    func reactor() {
        let reactor = FavouritesReactor()
        reactor.send(.add("CU"))
        reactor.send(.add("GS25"))
        #expect(reactor.currentState.names == ["CU", "GS25"])
        reactor.send(.clear)
        #expect(reactor.currentState.names.isEmpty)
    }
}
