#if canImport(Observation)
import Observation

/// An `Observable` mirror of a reactor's state for SwiftUI, plus ``send(_:)``:
/// `@State var search = SearchReactor().observed()`, then `search.query`, `search.send(.clear)`.
///
/// Reading follows ``ObservedState``: ``value`` tracks every state, an `Equatable` field only its
/// own changes. Actions go to the reactor, so its rules hold (a queued action, R3, is
/// published in order). The mirror keeps the reactor alive; the reactor does not keep it.
///
/// Pulses: read the pulse field and react with `.onChange(of: search.alert) { _, alert in … }`.
/// A ``Pulse`` compares unequal after every assignment, even of an equal value, so the view
/// reacts once per assignment, not to unrelated changes, and not to a pulse assigned before it
/// appeared. Two assignments before one frame are one `onChange`; `reactor.observePulse(_:_:)`
/// sees every one.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ObservedReactor<R: ReactorTypes>: Observable, ScopeParent {
    /// The actions the reactor is sent.
    public typealias Action = R.Action
    /// The mutations its actions and effects produce.
    public typealias Mutation = R.Mutation
    /// The state it publishes.
    public typealias State = R.State

    /// The reactor this mirrors; kept alive by the mirror.
    public let reactor: R
    /// The reactor, as its base class.
    private let base: Reactor<Action, Mutation, State>

    /// The reactor's state cell, which the scopes of its children (``ScopeParent``) follow.
    public var state: StateCell<State> { base.state }

    private let mirror: ObservedState<State>
    /// Values written through a binding whose action is still queued behind the one running.
    private var pending: [AnyKeyPath: Any] = [:]

    /// A mirror of ``reactor``'s state. `observed()` makes one: `SearchReactor().observed()`
    /// is an `ObservedReactor<SearchReactor>`.
    public init(_ reactor: R) {
        self.reactor = reactor
        base = reactor.asReactor
        mirror = ObservedState(base.state)
    }

    /// The reactor's state. Reading it tracks every state published.
    public var value: State { mirror.value }

    /// An `Equatable` field of the state. Reading it tracks only changes of that field.
    public subscript<Member: Equatable>(dynamicMember member: KeyPath<State, Member>) -> Member {
        mirror[dynamicMember: member]
    }

    /// A field that is not `Equatable`. Reading it tracks every state, like ``value``.
    public subscript<Member>(dynamicMember member: KeyPath<State, Member>) -> Member {
        mirror[dynamicMember: member]
    }

    /// Sends `action` to the reactor.
    public func send(_ action: Action) {
        base.send(action)
    }

    /// A two-way binding to `field` for a control (a `TextField`, a `Toggle`): reading it reads
    /// the field, writing it sends `action(newValue)`.
    ///
    /// A write made while the reactor is processing another action is queued (R3); until the
    /// queue has run, reading the binding returns what was written, so a text field that reads
    /// its binding back in the same update neither loses nor reorders keystrokes.
    public func binding<Member: Equatable>(_ field: KeyPath<State, Member> & Sendable,
                                           send action: @escaping @MainActor @Sendable (Member) -> Action) -> FieldBinding<Member> {
        FieldBinding(get: { [self] in
            if base.isProcessing, let written = pending[field] as? Member { return written }
            pending[field] = nil
            return self[dynamicMember: field]
        }, set: { [self] newValue in
            pending[field] = newValue
            base.send(action(newValue))
            if !base.isProcessing { pending[field] = nil }
        })
    }

    /// A two-way binding to `field` through the reactor's one binding action (see
    /// ``BindingAction``): writing it sends `action(.set(field, newValue))`, so a form binds
    /// every control with `send: Action.binding` and no action per field. Reads and queued
    /// writes behave as ``binding(_:send:)-(KeyPath<State,Member>Sendable,_)`` does.
    public func binding<Member: Equatable & Sendable>(_ field: WritableKeyPath<State, Member> & Sendable,
                                                      send action: @escaping @MainActor @Sendable (BindingAction<State>) -> Action)
        -> FieldBinding<Member> {
        binding(field, send: { action(.set(field, $0)) })
    }

    /// The binding `NavigationStack(path:)` needs for the ``ScreenStack`` at `stack`: it reads the
    /// stack's ids (show each with `.navigationDestination(for: StackID.self)`), and a pop the UI
    /// writes (a back button, a swipe, the back menu) sends `action(.popFrom(id:))` for the
    /// first screen it dropped. Pushes come from the reactor's `reduce`; a written path that is
    /// not a pop (new or reordered ids) sends nothing.
    /// - Parameters:
    ///   - stack: the stack in the reactor's state.
    ///   - action: the reactor's case that carries the stack's actions: `Action.path`.
    /// - Returns: the binding for `NavigationStack(path:)`.
    public func stackPath<Screen, ScreenAction>(_ stack: KeyPath<State, ScreenStack<Screen>> & Sendable,
                                                send action: @escaping @MainActor @Sendable (StackAction<ScreenAction>) -> Action)
        -> FieldBinding<[StackID]> {
        let ids = stack.appending(path: \.ids)
        return FieldBinding(get: { [self] in self[dynamicMember: ids] }, set: { [base] path in
            guard let pop: StackAction<ScreenAction> = base.currentState[keyPath: stack].popAction(forPath: path) else { return }
            base.send(action(pop))
        })
    }

    /// The binding `.sheet(isPresented:)` or `.fullScreenCover(isPresented:)` needs for the
    /// presented child at `child`: `true` while it is there; the UI writing `false` (a sheet
    /// pulled down) sends `action(.dismiss)`.
    /// - Parameters:
    ///   - child: the optional child in the reactor's state.
    ///   - action: the reactor's case that carries the child's ``PresentationAction``.
    /// - Returns: the binding for the presentation modifier.
    public func isPresented<Child, ChildAction>(_ child: KeyPath<State, Child?> & Sendable,
                                                send action: @escaping @MainActor @Sendable (PresentationAction<ChildAction>) -> Action)
        -> FieldBinding<Bool> {
        FieldBinding(get: { [self] in value[keyPath: child] != nil }, set: { [base] isPresented in
            guard !isPresented, base.currentState[keyPath: child] != nil else { return }
            base.send(action(.dismiss))
        })
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservedReactor: RunsActions {
    var isRunningAnAction: Bool { base.isProcessing }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ReactorTypes {
    /// An `Observable` mirror of this reactor for SwiftUI, named by the reactor's type
    /// (`ObservedReactor<SearchReactor>`); see ``ObservedReactor``.
    public func observed() -> ObservedReactor<Self> {
        ObservedReactor(self)
    }
}
#endif
