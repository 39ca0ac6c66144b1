/// A parent reactor runs a child ``Feature`` on the child's part of its state, with the
/// child's actions, mutations and effects unchanged: call `embed` in `mutate(action:)` for the
/// action that carries a child's action, and the feature's `reduce(into:…)` in
/// `reduce(into:mutation:)` for the mutation that carries the child's mutation.
///
/// Every child's work is its own: its ids are scoped to the child (two counters may both run
/// `"tick"`), and an optional child's or a row's work is cancelled as soon as a reduce removes
/// the child (TCA's `ifLet` and `forEach`). An action for a child that is not there does
/// nothing. The parent reacts to a child's action by matching it first:
/// `case .row(let id, .delete): .mutation(.remove(id))`.
extension Reactor {
    /// Runs `action` on the child at `state`, its effects sending `mutation(childMutation)`.
    /// - Parameters:
    ///   - child: the child's logic.
    ///   - state: where the child's state lives in this reactor's state.
    ///   - action: the child's action.
    ///   - mutation: wraps a child's mutation as this reactor's: `Mutation.first`.
    /// - Returns: the child's effect, as this reactor's.
    public final func embed<Child: Feature>(_ child: Child, state: KeyPath<State, Child.State>, action: Child.Action,
                                            mutation: @escaping @Sendable (Child.Mutation) -> Mutation) -> Effect<Mutation> {
        child.mutate(action: action, state: currentState[keyPath: state])
            .map(mutation, scope: AnyHashable(ChildScope(state, id: nil)))
    }

    /// Runs `action` on the optional child at `state`, if it is there (else nothing); its
    /// work is cancelled as soon as a reduce sets the child to `nil`. A child replaced by
    /// another without passing through `nil` keeps the first one's work: for children that come
    /// and go by identity, use a list of rows.
    /// - Parameters:
    ///   - child: the child's logic.
    ///   - state: where the optional child's state lives in this reactor's state.
    ///   - action: the child's action.
    ///   - mutation: wraps a child's mutation as this reactor's: `Mutation.timer`.
    /// - Returns: the child's effect, as this reactor's, or `.none` when the child is `nil`.
    public final func embed<Child: Feature>(_ child: Child, state: KeyPath<State, Child.State?>, action: Child.Action,
                                            mutation: @escaping @Sendable (Child.Mutation) -> Mutation) -> Effect<Mutation> {
        guard let childState = currentState[keyPath: state] else { return .none }
        let scope = AnyHashable(ChildScope(state, id: nil))
        let effect = child.mutate(action: action, state: childState).map(mutation, scope: scope)
        if effect.startsWork { childScopes[scope] = { $0[keyPath: state] != nil } }
        return effect
    }

    /// Runs `action` on the row with `id` in the list at `rows`, if it is there (else
    /// nothing); the row's work is cancelled as soon as a reduce removes the row.
    /// - Parameters:
    ///   - child: the rows' logic.
    ///   - rows: where the list of rows lives in this reactor's state.
    ///   - id: the row the action is for.
    ///   - action: the row's action.
    ///   - mutation: wraps a row's mutation as this reactor's: `{ .row(id, $0) }`.
    /// - Returns: the row's effect, as this reactor's, or `.none` when no row has `id`.
    public final func embed<Child: Feature>(_ child: Child, rows: KeyPath<State, [Child.State]>, id: Child.State.ID,
                                            action: Child.Action,
                                            mutation: @escaping @Sendable (Child.Mutation) -> Mutation) -> Effect<Mutation>
    where Child.State: Identifiable {
        guard let row = currentState[keyPath: rows].first(where: { $0.id == id }) else { return .none }
        let scope = AnyHashable(ChildScope(rows, id: AnyHashable(id)))
        let effect = child.mutate(action: action, state: row).map(mutation, scope: scope)
        if effect.startsWork { childScopes[scope] = { $0[keyPath: rows].contains { $0.id == id } } }
        return effect
    }
}

/// Where a child lives in its parent's state: a key path, and a row's id in a list. Written in
/// traces as `\State.rows[3]`.
struct ChildScope: Hashable, CustomStringConvertible {
    let path: AnyKeyPath
    let id: AnyHashable?

    init(_ path: AnyKeyPath, id: AnyHashable?) {
        self.path = path
        self.id = id
    }

    var description: String {
        "\(path)" + (id.map { "[\(ValueDiff.describe($0.base))]" } ?? "")
    }
}
