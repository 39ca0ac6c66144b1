// The walk of one action through a tree of features, top to bottom: the reactor routes the
// action to the first of its places that takes it (`Reactor.routeToChildren`, then
// `Array.routeToChild` here), the place runs it on its child (`PlaceSpec.route`), and the child
// runs it on its own children, then its own `mutate` (`Feature.runChildFirst` here). What the
// child's effects make is carried back to it through its node (`PlaceSpec.node(in:at:)`,
// `Effect.placed`) and reduced into it by the reactor (`Reactor.reduceChild`).
//
// Where each rule of `ChildPlace` lives:
// - N1 the child runs first: `Array.routeToChild`, `Feature.runChildFirst`, `ChildTook` (here).
// - N2 a child's mutation is its own: `ChildMutation`, `PlaceSpec.node(in:at:)`,
//   `Reactor.reduceChild` (Reactor+Children.swift), `Feature.reduceOwn` and
//   `Array.warnOfChildCase` (here).
// - N3 a child's work is its own: `Effect.placed` and `ChildWorkID` (Effect+Placed.swift).
// - N4 a removed child's work stops: `Reactor.childStartsWork` and the
//   `stopWorkOfAbsentChildren` family (Reactor+ChildWork.swift).
// - N5 an action for a missing child: `ChildRuntime.reportMissingChild` (NodeContext.swift,
//   Reactor+Children.swift).
// - N6 dismissal: `PlaceSpec.dismissal`, `Reactor.dismissItself` (Reactor+Work.swift).
// - N7 flat cost: `RowIndex`, `UntouchedStorage`, `Reactor.storageChecks`, `LastNode`.
// - N8 a child's work talks back: `PlaceSpec.lift`, `WorkOutlet.act` (Effect+Run.swift).
// The rules of `Shared` (S1–S6) are in the Shared folder: `Reactor+Shared.swift` (S1, S3),
// `SharedPass.swift` (S1, S2: the walk in the places' order), `SharedReference.swift` (S4),
// `Shared.swift` (S4, S5, S6 saving), `OpenStorages.swift` (S6: one reference per storage).

extension Feature {
    /// Runs `action` at this node: its children first (N1), then its own `mutate` on its state
    /// as it is after the children's immediate mutations.
    @inlinable
    func runChildFirst(_ action: Action, state: State, places: [ChildPlace<State, Action, Mutation>],
                 in context: NodeContext<State, Mutation>) {
        let tookIt = places.routeToChild(action, state, context)
        guard let state = tookIt ? context.current() : state else { return }  // as a child left it (N1)
        UndeclaredShared.check(state, places: places, owner: Self.self)
        ChildTook.action = tookIt  // every node sets it before its own mutate; the root puts it back
        let effect = mutate(action: action, state: state)
        if !effect.isNone { context.perform(effect) }  // nothing to carry up through the parents
    }

    /// Reduces one of this node's own mutations with its `reduce`, in place (N2).
    @inlinable
    func reduceOwn(_ mutation: Mutation, places: [ChildPlace<State, Action, Mutation>], into state: inout State) {
        places.warnOfChildCase(mutation, reducedBy: Self.self)
        reduce(into: &state, mutation: mutation)
    }
}

extension Array {
    /// Routes `action` to the first of these places it is for, if any (N1): `false` when it is
    /// none's. In a debug build, the first time a place takes an action, the places declared
    /// after it are asked too: one that would also take it shares its case, and never sees its
    /// actions, so a warning names both (a place declared twice by mistake).
    @MainActor @discardableResult @inlinable
    func routeToChild<State, Action, Mutation>(_ action: Action, _ state: State, _ context: NodeContext<State, Mutation>) -> Bool
    where Element == ChildPlace<State, Action, Mutation> {
        guard !isEmpty else { return false }
        let tag = count > 1 ? context.actionLayout?.tag(of: action) : nil  // one place: it looks itself
        for place in self where !place.passes(tag, place.routes.actionTags) && place.route(action, state, context) {
            #if DEBUG
            lookForTwins(of: place, checked: \.actionsChecked, value: action) { $0.routes.takesAction($1) }
            #endif
            return true
        }
        return false
    }

    /// N2, in a debug build: a parent whose `Mutation` is its `Action` reduced, as its own, a
    /// mutation of a case one of these places carries. A child's mutations are its own (its
    /// `mutate`'s and its work's), so the child never sees it: said once per place, naming the
    /// way to reach the child (an action) — the mistake of code written when a parent could
    /// send its child a mutation.
    @MainActor @usableFromInline
    func warnOfChildCase<State, Action, Mutation>(_ mutation: Mutation, reducedBy owner: Any.Type)
    where Element == ChildPlace<State, Action, Mutation> {
        #if DEBUG
        guard !isEmpty, ObjectIdentifier(Mutation.self) == ObjectIdentifier(Action.self), let action = mutation as? Action,
              let place = first(where: { $0.routes.takesAction(action) }), !place.routes.ownCaseWarned else { return }
        place.routes.ownCaseWarned = true
        DebugWarning.write("""
            ViewStateKit warning: \(ValueDescription.describe(mutation)) reached the reduce of \(owner) as its own mutation, \
            but its case belongs to \(place.routes.name()), and a child's mutations are its own: the child never sees \
            it. To change the child, send it that action; else return .none for it.
            """)
        #endif
    }

    /// The first time `first`, one of these places, takes a value of one kind (`checked`), warns
    /// of every later place that `takes` it too.
    @MainActor @usableFromInline
    func lookForTwins<State, Action, Mutation, Value>(of first: ChildPlace<State, Action, Mutation>,
                                                             checked: ReferenceWritableKeyPath<PlaceRoutes<State, Action, Mutation>, Bool>,
                                                             value: Value,
                                                             takes: (ChildPlace<State, Action, Mutation>, Value) -> Bool)
    where Element == ChildPlace<State, Action, Mutation> {
        guard !first.routes[keyPath: checked], let index = firstIndex(where: { $0.routes === first.routes }) else { return }
        first.routes[keyPath: checked] = true
        for later in self[(index + 1)...] where takes(later, value) {
            DebugWarning.write("""
                ViewStateKit warning: two child places carry the same case: \(ValueDescription.describe(value)) goes to \
                \(first.routes.name()), and \(later.routes.name()), declared after it, never sees the values of that case. Give each \
                child a case of its own.
                """)
        }
    }
}

/// A place's `embed`, carried into the work's outlet: the work sends on the main actor only,
/// where the place lives, and the closure is an enum case's constructor.
@usableFromInline
struct UncheckedEmbed<Address, ChildAction, Action>: @unchecked Sendable {
    @usableFromInline let embed: (Address, ChildAction) -> Action
    @inlinable init(_ embed: @escaping (Address, ChildAction) -> Action) { self.embed = embed }
}

/// Whether the action whose `mutate` is running was taken by one of its node's child places
/// (N1): what the default `mutate` of a feature whose `Mutation` is its `Action` reads, so it
/// does not hand the child its own action a second time, as a mutation for it (N2).
@MainActor @usableFromInline
enum ChildTook {
    /// Set before each node's `mutate`; the reactor's send puts back what it found once its own
    /// `mutate` has run, so a reactor without children never reads another's answer.
    @usableFromInline @exclusivity(unchecked) static var action = false
}
