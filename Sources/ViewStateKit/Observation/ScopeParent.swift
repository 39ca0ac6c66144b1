/// What a view scopes to one of its children: a ``Reactor``, its ``ObservedReactor``, or a
/// ``ScopedReactor`` (to reach a child's child). Each `scope(…)` names the child's place with
/// the same key path and case its ``ChildPlace`` was declared with, and gives a
/// ``ScopedReactor`` that reads the child's state and sends the child's actions — TCA's
/// `store.scope(state:action:)`. A child that may be absent gives `nil` while it is not there.
///
/// The meetings sample's SwiftUI app draws each pushed screen from its own scope:
///
/// ```swift
/// .navigationDestination(for: StackID.self) { id in
///     if let screen = app.scope(stack: \.path, id: id, action: MeetingsApp.Action.path) {
///         MeetingsScreenView(screen: screen)
///     }
/// }
/// ```
///
/// A scoped reactor keeps its parent alive and follows it; the parent does not keep it.
/// Conformances are the library's: there is nothing to implement.
@MainActor
public protocol ScopeParent: AnyObject {
    /// The actions the parent is sent.
    associatedtype Action
    /// The parent's state.
    associatedtype State
    /// The parent's state, as a cell its children's scopes follow.
    var state: StateCell<State> { get }
    /// Sends `action` to the parent.
    func send(_ action: Action)
}

extension ScopeParent {
    /// The child always there at `child` (a ``ChildPlace/scope(_:state:action:)`` place).
    /// - Parameters:
    ///   - child: where the child's state lives in this state.
    ///   - action: this parent's case that carries the child's actions: `Action.counter`.
    public func scope<ChildState, ChildAction>(state child: KeyPath<State, ChildState>,
                                               action: @escaping (ChildAction) -> Action) -> ScopedReactor<ChildAction, ChildState> {
        let read: (State) -> ChildState = { $0[keyPath: child] }
        return ScopedReactor(initial: read(state.value), followRoot: followingRoot(read), send: { self.send(action($0)) },
                             dismiss: (self as? ScopedReactor<Action, State>)?.dismissal, isProcessing: runningCheck)
    }

    /// The child at `child` while it is there, else `nil` (a ``ChildPlace/ifLet(_:state:action:)`` place).
    /// - Parameters:
    ///   - child: where the optional child's state lives in this state.
    ///   - action: this parent's case that carries the child's actions.
    public func scope<ChildState, ChildAction>(optional child: KeyPath<State, ChildState?>,
                                               action: @escaping (ChildAction) -> Action) -> ScopedReactor<ChildAction, ChildState>? {
        scoped(read: { $0[keyPath: child] }, send: action)
    }

    /// The presented child at `child` (a sheet, a cover, a destination) while it is there, else
    /// `nil` (a ``ChildPlace/presented(_:state:action:)`` place). Its ``ScopedReactor/dismiss()``
    /// sends `.dismiss`, as a sheet pulled down does.
    /// - Parameters:
    ///   - child: where the optional child's state lives in this state.
    ///   - action: this parent's case that carries the child's ``PresentationAction``: `Action.add`.
    public func scope<ChildState, ChildAction>(presented child: KeyPath<State, ChildState?>,
                                               action: @escaping (PresentationAction<ChildAction>) -> Action)
        -> ScopedReactor<ChildAction, ChildState>? {
        scoped(read: { $0[keyPath: child] }, send: { action(.presented($0)) }, dismiss: { action(.dismiss) })
    }

    /// The row with `id` in the list at `rows` while it is there, else `nil` (a
    /// ``ChildPlace/rows(_:state:action:)-(_,WritableKeyPath<State,[Child.State]>,_)`` place). The row is found again by its id in
    /// each state, in constant time while rows are changed, added or removed one at a time
    /// around it, so a list of row views costs each state one step per row.
    /// - Parameters:
    ///   - rows: where the list lives in this state.
    ///   - id: the row's id.
    ///   - action: this parent's case that carries a row's id and action: `Action.row`.
    public func scope<Row: Identifiable, RowAction>(rows: KeyPath<State, [Row]>, id: Row.ID,
                                                    action: @escaping (Row.ID, RowAction) -> Action) -> ScopedReactor<RowAction, Row>? {
        let finder = RowFinder<Row>()
        return scoped(read: { finder.find(id, in: $0[keyPath: rows]) }, send: { action(id, $0) })
    }

    /// The row with `id` in the list at `rows` while it is there, else `nil` (a
    /// ``ChildPlace/rows(_:state:action:)-(_,WritableKeyPath<State,IdentifiedArray<Child.State>>,_)``
    /// place), found by id in constant time in each state.
    /// - Parameters:
    ///   - rows: where the list lives in this state.
    ///   - id: the row's id.
    ///   - action: this parent's case that carries a row's id and action: `Action.row`.
    public func scope<Row: Identifiable, RowAction>(rows: KeyPath<State, IdentifiedArray<Row>>, id: Row.ID,
                                                    action: @escaping (Row.ID, RowAction) -> Action) -> ScopedReactor<RowAction, Row>? {
        scoped(read: { $0[keyPath: rows][id: id] }, send: { action(id, $0) })
    }

    /// The screen with `id` on the stack at `stack` while it is there, else `nil` (a
    /// ``ChildPlace/stack(_:state:action:)`` place). Its ``ScopedReactor/dismiss()``
    /// pops it (and every screen above it), as a back button does.
    /// - Parameters:
    ///   - stack: where the stack lives in this state.
    ///   - id: the screen's id, as `.navigationDestination(for: StackID.self)` gives it.
    ///   - action: this parent's case that carries the stack's ``StackAction``: `Action.path`.
    public func scope<Screen, ScreenAction>(stack: KeyPath<State, ScreenStack<Screen>>, id: StackID,
                                            action: @escaping (StackAction<ScreenAction>) -> Action)
        -> ScopedReactor<ScreenAction, Screen>? {
        scoped(read: { $0[keyPath: stack][id: id] }, send: { action(.screen(id: id, action: $0)) },
               dismiss: { action(.popFrom(id: id)) })
    }

    /// The case `state` of this enum state while it is that case, else `nil` (an
    /// ``ChildPlace/ifCase(_:state:action:)`` place): a pushed screen's detail, say.
    /// - Parameters:
    ///   - state: the state's case: `Screen.State.detail`.
    ///   - action: the action's case: `Screen.Action.detail`.
    public func scope<ChildState, ChildAction>(ifCase state: @escaping (ChildState) -> State,
                                               action: @escaping (ChildAction) -> Action) -> ScopedReactor<ChildAction, ChildState>? {
        let states = EnumCase(state)
        return scoped(read: { states.extract(from: $0) }, send: action)
    }

    /// A scope of the child `read` finds, while it is there.
    private func scoped<ChildState, ChildAction>(read: @escaping (State) -> ChildState?,
                                                 send action: @escaping (ChildAction) -> Action,
                                                 dismiss: (() -> Action)? = nil) -> ScopedReactor<ChildAction, ChildState>? {
        let scopedParent = self as? ScopedReactor<Action, State>
        guard scopedParent?.isPresent != false, let initial = read(state.value) else { return nil }
        // A child with no dismissal of its own is dismissed with the nearest one holding it (N6).
        let dismissal = dismiss.map { dismissal in { self.send(dismissal()) } } ?? scopedParent?.dismissal
        return ScopedReactor(initial: initial, followRoot: followingRoot(read), send: { self.send(action($0)) },
                             dismiss: dismissal, isProcessing: runningCheck)
    }

    /// How a child `read` finds in this state follows the root: through this state's cell, or,
    /// below another scope, through that scope's own following, so that a child of a child that
    /// went away knows it has gone too.
    private func followingRoot<ChildState>(_ read: @escaping (State) -> ChildState?)
        -> (@escaping (ChildState?) -> Void) -> ObservationToken {
        if let scopedParent = self as? ScopedReactor<Action, State> {
            let parentFollows = scopedParent.followRoot
            return { body in parentFollows { body($0.flatMap(read)) } }
        }
        return { [state] body in state.observe { body(read($0)) } }
    }

    /// Whether the reactor at the root is running an action now.
    private var runningCheck: () -> Bool {
        let root = self as? any RunsActions
        return { root?.isRunningAnAction ?? false }
    }
}

/// Finds one row by its id as its list changes: where it was last time, or one place before or
/// after it (a row removed or added in front of it), else by a scan of the list. The usual
/// change costs each live row scope a constant; only a reorder pays the scan.
@MainActor
final class RowFinder<Row: Identifiable> {
    private var last = 0

    func find(_ id: Row.ID, in rows: [Row]) -> Row? {
        for guess in last - 1...last + 1 where rows.indices.contains(guess) && rows[guess].id == id {
            last = guess
            return rows[guess]
        }
        RowFinderScans.count += 1
        guard let found = rows.firstIndex(where: { $0.id == id }) else { return nil }
        last = found
        return rows[found]
    }
}

/// The scans of every ``RowFinder``, whatever its row type: how a test sees that the usual
/// change needs none.
@MainActor
enum RowFinderScans {
    static var count = 0
}

/// What tells whether the reactor at the root of a scope runs an action now, so a binding's
/// write queued behind it reads back (R3).
@MainActor
protocol RunsActions: AnyObject {
    var isRunningAnAction: Bool { get }
}

extension Reactor: ScopeParent, RunsActions {
    var isRunningAnAction: Bool { isProcessing }
}

extension ScopedReactor: RunsActions {
    var isRunningAnAction: Bool { isProcessing() }
}
