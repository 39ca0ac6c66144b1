extension ChildPlace {
    /// An alert or confirmation dialog at `state`: cleared as soon as the user taps any of its
    /// buttons or dismisses it, before the parent's `mutate` sees the button's action
    /// (`case .alert(.presented(.confirmDelete))`), so no handler clears it by hand.
    /// - Parameters:
    ///   - state: where the alert lives in the parent's state.
    ///   - action: the parent's case that carries the alert's ``PresentationAction``.
    @inlinable
    public static func alert<AlertAction>(state: WritableKeyPath<State, AlertState<AlertAction>?>,
                                          action: @escaping (PresentationAction<AlertAction>) -> Action) -> ChildPlace {
        let actions = EnumCase(action)
        return PlaceSpec<State, Action, Mutation, AlertButtons<AlertAction>, OnlyChild>(
            child: AlertButtons(), place: AnyHashable(state),
            action: { actions.extract(from: $0).map { _ in .remove(OnlyChild()) } },
            embed: { _, button in action(.presented(button)) },
            read: { parent, _ in parent[keyPath: state] },
            modify: { _, _, _ in },
            each: { _, _ in },
            removal: { parent, _ in parent[keyPath: state] = nil },
            tags: actions.learnt
        ).place
    }

    /// An alert or confirmation dialog as one case of an enum of destinations (TCA's
    /// `case alert(AlertState<Alert>)` in a `@Reducer enum Destination`), in that enum's
    /// `children` beside its other cases. A tap on any of its buttons dismisses the presented
    /// destination holding it (N6) before anyone else sees the button's action; then the
    /// parent's `mutate` does: `case .destination(.presented(.alert(.confirmDelete)))`. The user
    /// dismissing it without a tap sends the destination's `.dismiss`.
    /// - Parameters:
    ///   - state: the state's case: `Destination.State.alert`.
    ///   - action: the action's case: `Destination.Action.alert`.
    @inlinable
    public static func alert<AlertAction>(case state: @escaping (AlertState<AlertAction>) -> State,
                                          action: @escaping (AlertAction) -> Action) -> ChildPlace {
        ifCase(AlertCase<AlertAction>(), state: state, action: action)
    }
}

/// The logic of an alert as a child: its buttons' actions, nothing to reduce, and no work.
/// Its place clears it on any of them.
@MainActor @usableFromInline
struct AlertButtons<ButtonAction>: Feature {
    @usableFromInline typealias Action = ButtonAction
    @usableFromInline typealias State = AlertState<ButtonAction>
    @usableFromInline typealias Mutation = Never

    @inlinable init() {}
}

/// The logic of an alert that is one case of an enum of destinations: any button's action
/// dismisses the destination holding it.
@MainActor @usableFromInline
struct AlertCase<ButtonAction>: Feature {
    @usableFromInline typealias Action = ButtonAction
    @usableFromInline typealias State = AlertState<ButtonAction>
    @usableFromInline typealias Mutation = Never

    @inlinable init() {}

    @inlinable
    func mutate(action: ButtonAction, state: AlertState<ButtonAction>) -> Effect<Never> {
        .dismiss
    }
}
