/// The places of a list of children by id (TCA's `forEach`): over an array, or an
/// ``IdentifiedArray``. A row's work is cancelled when a reduce removes the row (rule N7).
extension ChildPlace {
    /// A list of children by id, at `state`: TCA's `forEach`. A row's work is cancelled when a
    /// reduce removes the row.
    /// - Parameters:
    ///   - child: the rows' logic.
    ///   - state: where the list of rows lives in the parent's state.
    ///   - action: the parent's case that carries a row's id and action: `Action.row` for
    ///     `case row(Row.State.ID, Row.Action)`.
    @inlinable
    public static func rows<Child: Feature>(_ child: Child, state: WritableKeyPath<State, [Child.State]>,
                                            action: @escaping (Child.State.ID, Child.Action) -> Action) -> ChildPlace
    where Child.State: Identifiable, Child.State.ID: Sendable {
        let index = RowIndex<Child.State>()
        return rows(child, state: state, action: action,
                    read: { rows, id in
                        guard let position = index.position(of: id, in: rows) else { return nil }
                        return rows[position]
                    },
                    modify: { rows, id, change in
                        guard let position = index.position(of: id, in: rows) else { return }
                        change(&rows[position])
                    },
                    each: { rows, body in
                        for position in rows.indices { body(&rows[position]) }
                    },
                    sameStorage: { $0.hasSameStorage(as: $1) })
    }

    /// A list of children found by id, at `state`: TCA's `forEach` over an `IdentifiedArrayOf`.
    /// As ``rows(_:state:action:)-(_,WritableKeyPath<State,[Child.State]>,_)``, with each row
    /// found in constant time.
    /// - Parameters:
    ///   - child: the rows' logic.
    ///   - state: where the list of rows lives in the parent's state.
    ///   - action: the parent's case that carries a row's id and action: `Action.row` for
    ///     `case row(Row.State.ID, Row.Action)`.
    @inlinable
    public static func rows<Child: Feature>(_ child: Child, state: WritableKeyPath<State, IdentifiedArray<Child.State>>,
                                            action: @escaping (Child.State.ID, Child.Action) -> Action) -> ChildPlace
    where Child.State: Identifiable, Child.State.ID: Sendable {
        rows(child, state: state, action: action,
             read: { rows, id in rows[id: id] },
             modify: { rows, id, change in rows.modify(id: id, change) },
             each: { rows, body in rows.modifyEach(body) },
             sameStorage: { $0.hasSameStorage(as: $1) })
    }

    /// A list of rows of any storage: how to find a row by id, change it, change each, and tell
    /// whether the storage was written.
    @inlinable
    static func rows<Child: Feature, Rows>(
        _ child: Child, state: WritableKeyPath<State, Rows>,
        action: @escaping (Child.State.ID, Child.Action) -> Action,
        read: @escaping (Rows, Child.State.ID) -> Child.State?,
        modify: @escaping (inout Rows, Child.State.ID, (inout Child.State) -> Void) -> Void,
        each: @escaping (inout Rows, (inout Child.State) -> Void) -> Void,
        sameStorage: @escaping (Rows, Rows) -> Bool
    ) -> ChildPlace where Child.State: Identifiable, Child.State.ID: Sendable {
        let actions = EnumCase(action), field = StateField(state)
        return PlaceSpec<State, Action, Mutation, Child, Child.State.ID>(
            child: child, place: AnyHashable(state), identified: true,
            action: { parent in
                guard let (id, action) = actions.extract(from: parent) else { return nil }
                return .child(id, action)
            },
            embed: { action($0, $1) },
            read: { parent, id in read(field.read(parent), id) },
            modify: { parent, id, change in field.modify(&parent) { modify(&$0, id, change) } },
            each: { parent, body in each(&parent[keyPath: state], body) },
            tags: actions.learnt
        ).place.keeping(state, sameStorage)
    }
}
