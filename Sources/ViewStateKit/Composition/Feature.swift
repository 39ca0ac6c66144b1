/// A reusable part of a screen's logic (a counter, a row, a timer, a whole screen), written
/// once and embedded by every parent that shows it — a ``Reactor`` or another feature, to any
/// depth — through a ``ChildPlace`` in the parent's `children`, or run alone in a ``FeatureReactor``.
///
/// Its requirements are a reactor's override points, with the state passed in rather than
/// read from `currentState`: the parent owns the one copy of the state, and the feature keeps
/// its own `Action`, `Mutation` and `State` unchanged inside the parent's. Each has a default:
/// `mutate` does nothing (or, when `Mutation` is `Action`, reduces the action itself), `reduce`
/// changes nothing, and there are no children — so a feature that is only an enum of other
/// features (a stack's screens, a sheet's destinations) declares its `children` and nothing else.
///
/// ```swift
/// struct Counter: Feature {
///     struct State: Equatable { var count = 0 }
///     enum Action: Sendable { case decrement, increment }
///
///     func reduce(into state: inout State, mutation: Action) {
///         state.count += mutation == .increment ? 1 : -1
///     }
/// }
/// ```
@MainActor
public protocol Feature {
    /// The actions the feature is sent.
    associatedtype Action
    /// The mutations its actions and effects produce: `Never` for a feature that has none of
    /// its own (one that is only an enum of other features, say).
    associatedtype Mutation = Never
    /// The part of the state the feature owns.
    associatedtype State

    /// Turns an action into mutations, given the feature's current state: a reactor's
    /// `mutate(action:)`.
    func mutate(action: Action, state: State) -> Effect<Mutation>

    /// Changes `state` as `mutation` says, in place; keep it pure: a reactor's
    /// `reduce(into:mutation:)`. Mutations of the feature's children never reach it (rule N2).
    func reduce(into state: inout State, mutation: Mutation)

    /// The feature's own children, each declared once (rules N1–N8 in ``ChildPlace``).
    var children: [ChildPlace<State, Action, Mutation>] { get }
}

extension Feature {
    /// No work: the default for a feature whose logic is all in `reduce` or in its children.
    public func mutate(action: Action, state: State) -> Effect<Mutation> {
        .none
    }

    /// No change: the default for a feature whose state only its children change.
    public func reduce(into state: inout State, mutation: Mutation) {}

    /// No children.
    public var children: [ChildPlace<State, Action, Mutation>] { [] }
}

extension Feature where Mutation == Action {
    /// Each action is its own mutation, reduced at once: the default for a feature whose
    /// `Mutation` is its `Action` (one that starts no work). An action one of its children took
    /// is not: the child has run it already (N1), and as a mutation it would reach the child's
    /// `reduce` a second time (N2).
    public func mutate(action: Action, state: State) -> Effect<Mutation> {
        ChildTook.action ? .none : .mutation(action)
    }
}
