/// Where a child ``Feature`` lives in its parent, declared once: where its state is, and which
/// one of the parent's cases carries its actions. A parent — a ``Reactor`` or a ``Feature``, to
/// any depth — lists its children in `children`, and that one declaration routes both ways: an
/// action for the child runs the child's `mutate`, and each mutation the child makes, at once or
/// from its work, runs the child's `reduce`, in place. The parent's `Mutation` has no case for
/// its children, and its `reduce` never sees theirs.
///
/// The meetings sample's app: a shared list, a stack of screens, a sheet.
///
/// ```swift
/// override public var children: [ChildPlace<State, Action, Mutation>] {
///     [.shared(\.meetings),
///      .stack(MeetingsPath(), state: \.path, action: Action.path),
///      .presented(MeetingForm(), state: \.add, action: Action.add)]
/// }
/// ```
///
/// The rules (each has a test named after it):
/// - N1: the child runs first. An action for a child runs the child's `mutate` on its own
///   state, and the mutations it returns at once are reduced; then the parent's `mutate` sees
///   the same action (to react to a delegate action: `case .row(let id, .delegate(.remove))`).
///   A parent whose `Mutation` is its `Action` and keeps the default `mutate` does not hand that
///   action on as a mutation: it would reach the child's `reduce` a second time.
/// - N2: a child's mutation — returned by its `mutate` or sent by its work — is reduced by the
///   child alone, in place, and never reaches the parent's `reduce`; the parent's `Mutation`
///   has no case for it. A test receives it by its place: `receive(Row.Mutation.tick, at: \.rows, id: 2)`.
/// - N3: a child's work is its own: its ids are kept apart by its full place, to any depth (a row's
///   row's `"tick"` is its own), and `cancel(id:)` inside it reaches only its own work.
/// - N4: work of a child that a reduce removes (an optional set to `nil`, a row removed, a
///   screen popped, an enum changed to another case), at any depth, is cancelled inside that
///   reduce, before anyone hears the new state and before the next action runs. Work a child
///   starts after it was removed never starts.
/// - N5: an action for a child that is not there (a popped screen, a removed row, a `nil`
///   destination, an alert not shown) changes nothing, writes a debug warning naming the
///   child's place and the action, and fails a `ReactorTester` test at its `send`. The parent
///   still sees the action. A late mutation for a child that is gone changes nothing.
/// - N6: a presented child's `.dismiss` action, or ``Effect/dismiss`` from inside it, sets it
///   to `nil` (pops a screen) and cancels its work; a test receives the removal
///   (`receive(dismissalAt: \.path, id: 1)`); an
///   alert or dialog is cleared as soon as one of its buttons is tapped, before the parent
///   sees the button's action.
/// - N7: cost stays flat in the number of children: a row is found by its id through an index
///   checked on use, and after a reduce only the work under the place that changed is checked;
///   after the parent's own reduce, only under the lists and stacks whose storage it wrote.
/// - N8: a child's work talks back: work started with ``Effect/run(id:sending:_:catch:)`` sends
///   the child's own actions, each run through the reactor from the top as a view's action is
///   (the child's `mutate`, then its parent's: a delegate), and `await send.dismiss()` dismisses
///   the child from its work (N6). What cancelled work still sends is dropped quietly; an action
///   of another type than the child's is dropped with a debug warning naming both.
///
/// Cases are matched by their constructor (`Action.counter`): a case's payload is one value, or
/// a tuple of several (`case row(Int, Row.Action)`). A value's case is read from its enum's type
/// metadata, not through `Mirror`, so a parent enum with a custom mirror (`CustomReflectable`,
/// to keep logs short) routes as any other, and a place passes a value of another place's case
/// by after one look at its tag. Two places declared with the same case are said in a debug
/// build the first time a value of that case reaches them (the later place would never see it).
@MainActor
public struct ChildPlace<State, Action, Mutation> {
    /// What this place does, held once: copying a place (as a walk over a parent's places
    /// does) costs one reference, not one per closure.
    @usableFromInline let routes: PlaceRoutes<State, Action, Mutation>

    /// Routes `action` to the child if it is the child's, given the parent's state: `false`
    /// when it is not.
    @usableFromInline var route: (Action, State, NodeContext<State, Mutation>) -> Bool { routes.route }
    /// Visits the ``Shared`` copies this place holds: its own, or its children's at any depth.
    @usableFromInline var share: (inout State, inout SharedPass) -> Void { routes.share }
    /// Whether this place holds a ``Shared`` copy, itself or in a child at any depth.
    @usableFromInline var holdsShared: () -> Bool { routes.holdsShared }
    /// See ``PlaceRoutes/storage``.
    var storage: (key: AnyHashable, keep: (State) -> (State) -> Bool)? { routes.storage }

    /// Whether a value with `tag` is known to be for another place, so this one need not look.
    @inlinable
    func passes(_ tag: UInt32?, _ tags: LearntTags?) -> Bool {
        guard let tag, let tags else { return false }
        return tags.rejects(tag)
    }

    @usableFromInline
    init(route: @escaping (Action, State, NodeContext<State, Mutation>) -> Bool,
         share: @escaping (inout State, inout SharedPass) -> Void, holdsShared: @escaping () -> Bool) {
        routes = PlaceRoutes(route: route, share: share, holdsShared: holdsShared)
    }

    /// A ``Shared`` value this parent holds at `state` (rule S1 of ``Shared``): what the parent's
    /// `reduce` sets there is written behind every copy after the reduce, and the copy is
    /// refreshed when another copy is written. It routes no action or mutation.
    /// - Parameter state: where the shared value lives in the parent's state.
    public static func shared<Value>(_ state: WritableKeyPath<State, Shared<Value>>) -> ChildPlace {
        ChildPlace(route: { _, _, _ in false },
                   share: { parent, pass in pass.visit(&parent[keyPath: state]) }, holdsShared: { true })
    }

    /// One child, always there, at `state`: TCA's `Scope`.
    /// - Parameters:
    ///   - child: the child's logic.
    ///   - state: where the child's state lives in the parent's state.
    ///   - action: the parent's case that carries the child's actions: `Action.counter`.
    @inlinable
    public static func scope<Child: Feature>(_ child: Child, state: WritableKeyPath<State, Child.State>,
                                             action: @escaping (Child.Action) -> Action) -> ChildPlace {
        let field = StateField(state)
        return single(child, place: AnyHashable(state), actions: EnumCase(action),
                      read: field.read, modify: field.modify)
    }

    /// One child that is there while the parent's own state says so, at `state`: TCA's `ifLet`
    /// (a banner, a player shown while something plays). Only the parent's reduce sets it or
    /// clears it: the user cannot dismiss it, and a ``Effect/dismiss`` from inside it goes on up
    /// to the parent's parent (N6). Its work is cancelled when a reduce sets it to `nil` (N4).
    /// For a sheet or a cover the user can dismiss, use ``presented(_:state:action:)``.
    /// - Parameters:
    ///   - child: the child's logic.
    ///   - state: where the optional child's state lives in the parent's state.
    ///   - action: the parent's case that carries the child's actions.
    @inlinable
    public static func ifLet<Child: Feature>(_ child: Child, state: WritableKeyPath<State, Child.State?>,
                                             action: @escaping (Child.Action) -> Action) -> ChildPlace {
        let field = StateField(state)
        return single(child, place: AnyHashable(state), actions: EnumCase(action),
                      read: field.read, modify: { parent, change in field.modify(&parent) { Self.modify(&$0, change) } })
    }

    /// A stack of screens, at `state`: TCA's `forEach` over a `StackState`. The screen type is
    /// usually an enum of features, one case per screen, whose `children` are
    /// ``ifCase(_:state:action:)`` places. A popped screen's work is cancelled; a screen's
    /// ``Effect/dismiss`` pops it (and every screen above it).
    /// - Parameters:
    ///   - screen: the screens' logic.
    ///   - state: where the stack lives in the parent's state.
    ///   - action: the parent's case that carries a ``StackAction``: `Action.path`.
    @inlinable
    public static func stack<Screen: Feature>(_ screen: Screen, state: WritableKeyPath<State, ScreenStack<Screen.State>>,
                                              action: @escaping (StackAction<Screen.Action>) -> Action) -> ChildPlace {
        let actions = EnumCase(action), field = StateField(state)
        return PlaceSpec<State, Action, Mutation, Screen, StackID>(
            child: screen, place: AnyHashable(state), identified: true,
            action: { parent in
                switch actions.extract(from: parent) {
                case .screen(let id, let action)?: .child(id, action)
                case .popFrom(let id)?: .remove(id)
                case nil: nil
                }
            },
            embed: { id, screenAction in action(.screen(id: id, action: screenAction)) },
            read: { parent, id in field.read(parent)[id: id] },
            modify: { parent, id, change in
                field.modify(&parent) { stack in
                    guard let position = stack.index(of: id) else { return }
                    stack.modify(at: position, change)
                }
            },
            each: { parent, body in
                for position in parent[keyPath: state].indices { parent[keyPath: state].modify(at: position, body) }
            },
            removal: { parent, id in parent[keyPath: state].pop(from: id) },
            tags: actions.learnt
        ).place.keeping(state) { $0.hasSameStorage(as: $1) }
    }

    /// A child presented over the parent — a sheet, a full-screen cover, a destination enum —
    /// at `state`: TCA's `@Presents` with `ifLet`. The user's `.dismiss`, or the child's own
    /// ``Effect/dismiss``, sets it to `nil`, and its work is cancelled.
    /// - Parameters:
    ///   - child: the child's logic.
    ///   - state: where the optional child's state lives in the parent's state.
    ///   - action: the parent's case that carries a ``PresentationAction``: `Action.destination`.
    @inlinable
    public static func presented<Child: Feature>(_ child: Child, state: WritableKeyPath<State, Child.State?>,
                                                 action: @escaping (PresentationAction<Child.Action>) -> Action) -> ChildPlace {
        let actions = EnumCase(action), field = StateField(state)
        return PlaceSpec<State, Action, Mutation, Child, OnlyChild>(
            child: child, place: AnyHashable(state),
            action: { parent in
                switch actions.extract(from: parent) {
                case .presented(let action)?: .child(OnlyChild(), action)
                case .dismiss?: .remove(OnlyChild())
                case nil: nil
                }
            },
            embed: { _, childAction in action(.presented(childAction)) },
            read: { parent, _ in field.read(parent) },
            modify: { parent, _, change in field.modify(&parent) { Self.modify(&$0, change) } },
            each: { parent, body in Self.modify(&parent[keyPath: state], body) },
            removal: { parent, _ in parent[keyPath: state] = nil },
            tags: actions.learnt
        ).place
    }

    /// One case of an enum state — a screen of a stack, a destination among several — whose
    /// logic is `child`: TCA's `@Reducer enum` and `ifCaseLet`. A parent whose state is an enum
    /// lists one such place per case and needs no `switch` of its own. The child's work is
    /// cancelled when a reduce changes the enum to another case.
    /// - Parameters:
    ///   - child: the case's logic.
    ///   - state: the state's case: `State.detail`.
    ///   - action: the action's case: `Action.detail`.
    @inlinable
    public static func ifCase<Child: Feature>(_ child: Child, state: @escaping (Child.State) -> State,
                                              action: @escaping (Child.Action) -> Action) -> ChildPlace {
        let states = EnumCase(state), actions = EnumCase(action)
        return single(child, place: nil, caseName: { states.name ?? actions.name }, actions: actions,
                      read: { states.extract(from: $0) },
                      modify: { parent, change in
                          guard var childState = states.extract(from: parent) else { return }
                          change(&childState)
                          parent = state(childState)
                      })
    }

    /// A child without an id of its own (one child, an optional one, one case of an enum),
    /// whose actions the parent's case carries as they are.
    @inlinable
    static func single<Child: Feature>(_ child: Child, place: AnyHashable?, caseName: @escaping () -> String? = { nil },
                                               actions: EnumCase<Action, Child.Action>,
                                               read: @escaping (State) -> Child.State?,
                                               modify: @escaping (inout State, (inout Child.State) -> Void) -> Void) -> ChildPlace {
        PlaceSpec<State, Action, Mutation, Child, OnlyChild>(
            child: child, place: place, caseName: { caseName() },
            action: { parent in
                guard let action = actions.extract(from: parent) else { return nil }
                return .child(OnlyChild(), action)
            },
            embed: { _, childAction in actions.embed(childAction) },
            read: { parent, _ in read(parent) },
            modify: { parent, _, change in modify(&parent, change) },
            each: { parent, body in modify(&parent, body) },
            tags: actions.learnt
        ).place
    }

    /// This place, able to tell that a reduce left the value at `state` untouched: `same` says
    /// whether two values share their storage, which holding the first keeps unshared with any
    /// value a write makes.
    @inlinable
    func keeping<Value>(_ state: WritableKeyPath<State, Value>,
                                _ same: @escaping (Value, Value) -> Bool) -> ChildPlace {
        routes.storage = (AnyHashable(state), { before in
            let kept = before[keyPath: state]
            return { after in same(kept, after[keyPath: state]) }
        })
        return self
    }

    /// Changes an optional child in place, when it is there.
    @inlinable
    static func modify<Child>(_ optional: inout Child?, _ change: (inout Child) -> Void) {
        guard case .some(var child) = optional else { return }
        optional = nil  // the field lets go of its storage, so `child` changes it in place
        change(&child)
        optional = child
    }
}

/// What a ``ChildPlace`` does, as its factory filled it in: one instance per declaration,
/// shared by the copies of the place.
@MainActor @usableFromInline
final class PlaceRoutes<State, Action, Mutation> {
    @usableFromInline let route: (Action, State, NodeContext<State, Mutation>) -> Bool
    @usableFromInline let share: (inout State, inout SharedPass) -> Void
    @usableFromInline let holdsShared: () -> Bool
    /// For a place whose storage can be told untouched at once (rows, a stack): its key in a
    /// child's scope, and a check made from the state before a reduce that tells, after it,
    /// whether the reduce left that storage as it was, holding it meanwhile (N7).
    @usableFromInline var storage: (key: AnyHashable, keep: (State) -> (State) -> Bool)?
    /// Whether an action is this place's, changing nothing, and what the place is called in
    /// warnings: for the debug check that no two places share a case.
    @usableFromInline var takesAction: (Action) -> Bool = { _ in false }
    @usableFromInline var name: () -> String = { "a shared value" }
    /// Whether that check was made for this place; whether a parent's own mutation of this
    /// place's case was said (``Swift/Array/warnOfChildCase(_:reducedBy:)``).
    @usableFromInline var actionsChecked = false, ownCaseWarned = false
    /// What this place's case learnt of the tags of the parent's actions.
    @usableFromInline var actionTags: LearntTags?

    @usableFromInline
    init(route: @escaping (Action, State, NodeContext<State, Mutation>) -> Bool,
         share: @escaping (inout State, inout SharedPass) -> Void, holdsShared: @escaping () -> Bool) {
        self.route = route
        self.share = share
        self.holdsShared = holdsShared
    }
}

/// The address of a place that holds one child (or none): there is nothing to tell apart.
@usableFromInline
struct OnlyChild: Hashable, Sendable {
    @inlinable init() {}
}
