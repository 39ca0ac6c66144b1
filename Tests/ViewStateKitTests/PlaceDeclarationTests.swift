import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// Two counters whose second place was declared with the first one's case by mistake.
@MainActor
final class TwinCounters: Reactor<TwoCounters.Action, TwoCounters.Action, TwoCounters.State> {
    init() { super.init(initialState: TwoCounters.State()) }

    override var children: [ChildPlace<State, Action, Action>] {
        [.scope(Counter(), state: \.first, action: Action.first, mutation: Action.first),
         .scope(Counter(), state: \.second, action: Action.first, mutation: Action.first)]
    }

    override func mutate(action: Action) -> Effect<Action> {
        if case .first(.increment) = action { return .mutation(.first(.increment)) }  // a mutation of the shared case too
        return .none
    }
}

/// A parent whose actions print short in logs through a custom mirror.
@MainActor
final class ShortLoggedCounter: Reactor<ShortLoggedCounter.Action, ShortLoggedCounter.Action, ShortLoggedCounter.State> {
    struct State: Equatable { var counter = Counter.State() }
    enum Action: Sendable, CustomReflectable {
        case counter(Counter.Action)
        var customMirror: Mirror { Mirror(self, children: [:]) }
    }

    init() { super.init(initialState: State()) }

    override var children: [ChildPlace<State, Action, Action>] {
        [.scope(Counter(), state: \.counter, action: Action.counter, mutation: Action.counter)]
    }
}

@MainActor
@Suite("Declaring places: mistakes the library can see are said, never silent")
struct PlaceDeclarationTests {
    #if DEBUG
    @Test("two places declared with the same case: the first use of the case warns once, naming both places")
    func sameCaseTwice() {
        let reactor = TwinCounters()
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.first(.increment))
            reactor.send(.first(.increment))
        }
        #expect(warnings == [
            """
            ViewStateKit warning: two child places carry the same case: .first(.increment) goes to the place of Counter \
            at \\State.first, and the place of Counter at \\State.second, declared after it, never sees the values of \
            that case. Give each child a case of its own.
            """,
            """
            ViewStateKit warning: two child places carry the same case: .first(.increment) goes to the place of Counter \
            at \\State.first, and the place of Counter at \\State.second, declared after it, never sees the values of \
            that case. Give each child a case of its own.
            """,
        ], "one for the action, one for the mutation, each once")
        #expect(reactor.currentState.first.count == 4 && reactor.currentState.second.count == 0)
    }

    @Test("places with cases of their own warn of nothing, however often they are used")
    func distinctCasesAreQuiet() {
        let reactor = TwoCounters()
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.first(.increment))
            reactor.send(.second(.increment))
            reactor.send(.first(.decrement))
        }
        #expect(warnings.isEmpty)
    }

    @Test("a parent whose Action has a custom mirror is told, at its declaration, that its child may not be reached")
    func customMirrorIsSaid() {
        nonisolated(unsafe) var warnings: [String] = []
        let reactor = DebugWarning.$sink.withValue({ warnings.append($0) }) {
            let reactor = ShortLoggedCounter()
            reactor.send(.counter(.increment))
            return reactor
        }
        #expect(reactor.currentState.counter.count == 0, "the custom mirror hides the case: nothing reached the child")
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("ViewStateKit warning: Action has a custom mirror (CustomReflectable).") == true,
                "\(warnings)")
    }
    #endif
}
