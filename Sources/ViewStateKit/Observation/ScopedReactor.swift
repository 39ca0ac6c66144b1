#if canImport(Observation)
import Observation
#endif

/// A view's handle on one child of a reactor — a row, a pushed screen, a sheet, a counter — made
/// by `scope(…)` on the reactor (``ScopeParent``): the child's state, kept current, and
/// ``send(_:)`` for the child's own actions. A view written against a child's feature takes one
/// of these and works under any parent that holds that feature, or alone
/// (`reactor.scope(state: \.self, action: { $0 })`).
///
/// - ``state`` is a ``StateCell`` of the child's state: a UIKit child view controller observes
///   or binds it. It is sent each state the parent publishes in which the child is there; when
///   the child's state is `Equatable` (checked at run time), only when it changed.
/// - ``send(_:)`` wraps the action in the parent's case and sends it to the reactor, so every
///   rule of the composition holds (N1: the child's `mutate` runs, then the parent's sees it).
/// - Once the child has gone from the parent's state (a popped screen, a removed row, a
///   dismissed sheet), ``isPresent`` is `false` and ``state`` keeps its last value, as a view
///   animating away still draws; a send then changes nothing and says so (rule N5). Should the
///   child come back under the same place (a row with the same id), it is followed again.
/// - In SwiftUI, read ``value`` or a field (`row.title`) in `body`: reading an `Equatable`
///   field tracks only that field's changes, as ``ObservedReactor`` does.
///
/// It follows its parent for as long as it lives; the parent does not keep it alive.
@MainActor
@dynamicMemberLookup
public final class ScopedReactor<Action, State>: ScopeParent {
    /// The child's state, as the parent last published it while the child was there.
    public let state: StateCell<State>
    /// Whether the child is in its parent's latest state.
    public private(set) var isPresent = true
    private let sendToParent: (Action) -> Void
    /// What ``dismiss()`` sends, if anything can dismiss this child.
    let dismissal: (() -> Void)?
    /// Whether the reactor at the root is running an action now (a binding's write is queued).
    let isProcessing: () -> Bool
    private var following: ObservationToken?
    /// The `Observable` mirror of ``state`` SwiftUI reads through, made on first read.
    private var mirror: AnyObject?
    /// Values written through a binding whose action is still queued behind the one running.
    private var pending: [AnyKeyPath: Any] = [:]

    /// Calls its argument with this child's state in each state the reactor at the root
    /// publishes (`nil` while the child is not there), until the token it returns is let go:
    /// how this child, and a child of it, follow the root.
    let followRoot: (@escaping (State?) -> Void) -> ObservationToken

    /// A child whose state is now `initial`, followed through `followRoot`.
    init(initial: State, followRoot: @escaping (@escaping (State?) -> Void) -> ObservationToken,
         send: @escaping (Action) -> Void, dismiss: (() -> Void)? = nil, isProcessing: @escaping () -> Bool) {
        state = StateCell(initial)
        sendToParent = send
        dismissal = dismiss
        self.isProcessing = isProcessing
        self.followRoot = followRoot
        let isUnchanged = StateCell<State>.equality(of: State.self)
        following = followRoot { [weak self] child in
            guard let self else { return }
            guard let child else {
                isPresent = false
                return
            }
            let wasPresent = isPresent
            isPresent = true
            if wasPresent, let isUnchanged, isUnchanged(state.value, child) { return }
            state.send(child)
        }
    }

    /// Sends `action` to the child, through its parent's case.
    public func send(_ action: Action) {
        sendToParent(action)
    }

    /// Dismisses the child as the user would: a presented child's `.dismiss`, a pushed screen's
    /// `.popFrom(id:)` (a sheet pulled down, a back button). A child inside one (a screen's enum
    /// case, an alert among a sheet's destinations, a row of a sheet) dismisses the nearest
    /// presented child or screen holding it, as ``Effect/dismiss`` from its logic does (rule N6).
    /// With nothing holding it that can be dismissed, nothing changes and a debug build says so.
    public func dismiss() {
        guard let dismissal else {
            return DebugWarning.write("ViewStateKit warning: dismiss() on a scoped \(State.self), which neither is nor is "
                                      + "held by a presented child or a stack's screen, so it changed nothing.")
        }
        dismissal()
    }
}

#if canImport(Observation)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ScopedReactor: Observable {
    /// The child's state. Reading it tracks every state the child is sent.
    public var value: State { observed.value }

    /// An `Equatable` field of the child's state. Reading it tracks only that field's changes.
    public subscript<Member: Equatable>(dynamicMember member: KeyPath<State, Member>) -> Member {
        observed[dynamicMember: member]
    }

    /// A field that is not `Equatable`. Reading it tracks every state, like ``value``.
    public subscript<Member>(dynamicMember member: KeyPath<State, Member>) -> Member {
        observed.value[keyPath: member]
    }

    /// A two-way binding to `field` for a control: reading it reads the field, writing it sends
    /// `action(newValue)`. As ``ObservedReactor/binding(_:send:)-(KeyPath<State,Member>Sendable,_)``,
    /// a write queued behind a running action reads back what was written until it has run.
    public func binding<Member: Equatable>(_ field: KeyPath<State, Member> & Sendable,
                                           send action: @escaping @MainActor @Sendable (Member) -> Action) -> FieldBinding<Member> {
        FieldBinding(get: { [self] in
            if isProcessing(), let written = pending[field] as? Member { return written }
            pending[field] = nil
            return self[dynamicMember: field]
        }, set: { [self] newValue in
            pending[field] = newValue
            send(action(newValue))
            if !isProcessing() { pending[field] = nil }
        })
    }

    private var observed: ObservedState<State> {
        if let mirror = mirror as? ObservedState<State> { return mirror }
        let made = state.observed()
        mirror = made
        return made
    }
}
#endif
