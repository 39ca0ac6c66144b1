/// A reusable part of a screen's logic (a counter, a row, a timer), written once and embedded
/// by every reactor that shows it with `Reactor.embed`, or run alone in a ``FeatureReactor``.
///
/// Its two requirements are a reactor's two override points, with the state passed in rather
/// than read from `currentState`: the parent owns the one copy of the state, and the feature
/// keeps its own `Action`, `Mutation` and `State` unchanged inside the parent's.
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
    /// The mutations its actions and effects produce.
    associatedtype Mutation
    /// The part of the state the feature owns.
    associatedtype State

    /// Turns an action into mutations, given the feature's current state: a reactor's
    /// `mutate(action:)`.
    func mutate(action: Action, state: State) -> Effect<Mutation>

    /// Changes `state` as `mutation` says, in place; keep it pure: a reactor's
    /// `reduce(into:mutation:)`.
    func reduce(into state: inout State, mutation: Mutation)
}

extension Feature where Mutation == Action {
    /// Each action is its own mutation, reduced at once: the default for a feature whose
    /// `Mutation` is its `Action` (one that starts no work).
    public func mutate(action: Action, state: State) -> Effect<Mutation> {
        .mutation(action)
    }
}

extension Feature {
    /// Reduces `mutation` into an optional child's state, in place; nothing when the child is
    /// `nil` (a late mutation for a child that has gone away is dropped).
    /// - Parameters:
    ///   - state: the parent's field holding the child, changed in place when present.
    ///   - mutation: the child's mutation.
    public func reduce(into state: inout State?, mutation: Mutation) {
        guard case .some(var child) = state else { return }
        state = nil  // the field lets go of its storage, so `child` changes it in place
        reduce(into: &child, mutation: mutation)
        state = child
    }
}

extension Feature where State: Identifiable {
    /// Reduces `mutation` into the row with `id`, in place; nothing when no row has that id
    /// (the row was removed).
    /// - Parameters:
    ///   - rows: the parent's list of rows, one changed in place.
    ///   - id: the row the mutation is for.
    ///   - mutation: the row's mutation.
    public func reduce(into rows: inout [State], id: State.ID, mutation: Mutation) {
        guard let index = rows.firstIndex(where: { $0.id == id }) else { return }
        reduce(into: &rows[index], mutation: mutation)
    }
}
