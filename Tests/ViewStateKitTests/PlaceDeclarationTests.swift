import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// Two counters whose second place was declared with the first one's case by mistake.
@MainActor
final class TwinCounters: Reactor<TwoCounters.Action, TwoCounters.Action, TwoCounters.State> {
    init() { super.init(initialState: TwoCounters.State()) }

    override var children: [ChildPlace<State, Action, Action>] {
        [.scope(Counter(), state: \.first, action: Action.first),
         .scope(Counter(), state: \.second, action: Action.first)]
    }

}

/// Two counters, then a shared value declared after them.
@MainActor
final class SharedAfterAStack: Reactor<TwoCounters.Action, TwoCounters.Action, SharedAfterAStack.State> {
    struct State: Equatable {
        var first = Counter.State()
        var total = Shared(0)
    }

    init() { super.init(initialState: State()) }

    override var children: [ChildPlace<State, Action, Action>] {
        [.scope(Counter(), state: \.first, action: Action.first), .shared(\.total)]
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
        [.scope(Counter(), state: \.counter, action: Action.counter)]
    }
}

/// A parent whose state and mutations print short in logs.
@MainActor
final class ShortLoggedParent: Reactor<ShortLoggedParent.Action, ShortLoggedParent.Mutation, ShortLoggedParent.State> {
    struct State: Equatable, CustomReflectable {
        var counter = Counter.State()
        var total = Shared(0)
        var customMirror: Mirror { Mirror(self, children: [:]) }
    }
    enum Action: Sendable { case counter(Counter.Action) }
    enum Mutation: Sendable, CustomReflectable {
        case counter(Counter.Action)
        var customMirror: Mirror { Mirror(self, children: [:]) }
    }

    init() { super.init(initialState: State()) }

    override var children: [ChildPlace<State, Action, Mutation>] {
        [.scope(Counter(), state: \.counter, action: Action.counter), .shared(\.total)]
    }
}

/// The same screens, printed in full.
struct PlainScreens: Feature {
    enum State: Equatable { case counter(Counter.State) }
    enum Action: Sendable { case counter(Counter.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.ifCase(Counter(), state: State.counter, action: Action.counter)]
    }
}

/// Screens as an enum whose state prints short in logs.
struct ShortLoggedScreens: Feature {
    enum State: Equatable, CustomReflectable {
        case counter(Counter.State)
        var customMirror: Mirror { Mirror(self, children: [:]) }
    }
    enum Action: Sendable { case counter(Counter.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.ifCase(Counter(), state: State.counter, action: Action.counter)]
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
        ], "once, however often the case is sent")
        #expect(reactor.currentState.first.count == 2 && reactor.currentState.second.count == 0)
    }

    @Test("places with cases of their own warn of nothing, however often they are used; a shared value takes no case")
    func distinctCasesAreQuiet() {
        let reactor = TwoCounters()
        let withShared = SharedAfterAStack()
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.first(.increment))
            reactor.send(.second(.increment))
            reactor.send(.first(.decrement))
            withShared.send(.first(.increment))
        }
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(withShared.currentState.first.count == 1)
    }

    @Test("enums with a custom mirror route as any other: a parent's mutations, and a screen enum's state and actions")
    func customMirrorsOfMutationsAndStates() {
        nonisolated(unsafe) var warnings: [String] = []
        let parent = ShortLoggedParent()
        let screens = FeatureReactor(ShortLoggedScreens(), initialState: .counter(Counter.State()))
        let plain = FeatureReactor(PlainScreens(), initialState: .counter(Counter.State()))
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            parent.send(.counter(.increment))
            for _ in 0..<2 {
                screens.send(.counter(.increment))
                plain.send(.counter(.increment))
            }
        }
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(parent.currentState.counter.count == 1, "the mutation's case is found whatever its mirror shows")
        guard case .counter(let shown) = screens.currentState, case .counter(let expected) = plain.currentState else {
            Issue.record("the screen changed case")
            return
        }
        #expect(shown.count == expected.count && shown.count > 0, "the state's case too, as for the same enum without a custom mirror")
    }

    @Test("a parent whose Action has a custom mirror routes to its child, and says nothing")
    func customMirrorRoutes() {
        nonisolated(unsafe) var warnings: [String] = []
        let reactor = DebugWarning.$sink.withValue({ warnings.append($0) }) {
            let reactor = ShortLoggedCounter()
            reactor.send(.counter(.increment))
            reactor.send(.counter(.decrement))
            reactor.send(.counter(.increment))
            return reactor
        }
        #expect(reactor.currentState.counter.count == 1)
        #expect(warnings.isEmpty, "\(warnings)")
    }
    #endif
}
