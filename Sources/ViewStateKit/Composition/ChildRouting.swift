/// How a ``ChildPlace`` routes actions to its child and carries the child's mutations back to
/// it, and how the child's work is found again when the child goes away. Internal: users only
/// declare places.

/// What a parent's action is to one of its child places.
@usableFromInline
enum Routed<Address, Payload> {
    /// The child's own action, for the child at `address` (a row's id, a screen's).
    case child(Address, Payload)
    /// The child at `address` is to go away: a `.dismiss`, a `.popFrom(id:)`, an alert's button.
    case remove(Address)
}

/// A node of the tree of children, as actions reach it: where its state is in the root's state,
/// how its effects reach the root, and its place from the root (its work's scope). One object,
/// made when an action first reaches the child and kept by the child's place (``LastNode``);
/// its closures hold no state, only how to find it.
@MainActor @usableFromInline
final class NodeContext<State, Mutation> {
    /// The reactor at the root: it holds the state, runs the effects and keeps the work index.
    @usableFromInline unowned let runtime: any ChildRuntime
    /// This node's state, found in the root's state behind the pointer (`nil` once the node
    /// has gone away).
    @usableFromInline let read: @MainActor (UnsafeRawPointer) -> State?
    /// This node's state now, or `nil` when it has gone away.
    @usableFromInline let current: @MainActor () -> State?
    /// Changes this node's state in the root's state behind the pointer (nothing once the node
    /// has gone away): how a ``ChildMutation`` reaches its child, in place.
    @usableFromInline let modify: @MainActor (UnsafeMutableRawPointer, (inout State) -> Void) -> Void
    /// Runs an effect of this node: its mutations carried to it, its work scoped.
    @usableFromInline let perform: @MainActor (Effect<Mutation>) -> Void
    /// This node's place, outermost first; empty at the root.
    @usableFromInline let scope: [ChildScope]
    /// How the tags of this node's actions are read, for its places to pass the others by.
    @usableFromInline let actionLayout: EnumLayout?

    @inlinable
    init(runtime: any ChildRuntime, read: @escaping @MainActor (UnsafeRawPointer) -> State?, current: @escaping @MainActor () -> State?,
         modify: @escaping @MainActor (UnsafeMutableRawPointer, (inout State) -> Void) -> Void,
         perform: @escaping @MainActor (Effect<Mutation>) -> Void, scope: [ChildScope], actionLayout: EnumLayout?) {
        self.runtime = runtime
        self.read = read
        self.current = current
        self.modify = modify
        self.perform = perform
        self.scope = scope
        self.actionLayout = actionLayout
    }

}

/// What a reactor does for the children it routes to.
@MainActor @usableFromInline
protocol ChildRuntime: AnyObject {
    /// An action reached a child that is not there (N5): warn, or fail the test sending it.
    func missingChild(at place: String, action: Any)
    /// Work is about to start inside the child at `scope`: `isPresent` tells, from a root
    /// state, whether that child is still there (N4).
    func childStartsWork(at scope: [ChildScope], isPresent: @escaping (UnsafeRawPointer) -> Bool)
}

/// Where a child lives in its parent: the place (a key path, or a case's name) and, for rows
/// and screens, the child's id. Written in traces and warnings as `\State.rows[3]`,
/// `\State.path[#0]`, `.detail`.
@usableFromInline
package struct ChildScope: Hashable, CustomStringConvertible {
    /// The place: its key path in the parent's state, or its case's name.
    @usableFromInline package let place: AnyHashable
    /// The child's id among the place's children (a row's, a screen's), or `nil`.
    @usableFromInline package let address: AnyHashable?

    @inlinable
    init(place: AnyHashable, address: AnyHashable?) {
        self.place = place
        self.address = address
    }

    @usableFromInline package var description: String {
        (place.base as? String ?? "\(place.base)") + (address.map { "[\(ValueDescription.describe($0.base))]" } ?? "")
    }
}

/// A child place, spelt out: how to find the child's actions in the parent's, and how to read
/// and change the child's state by its address. The public factories of ``ChildPlace`` fill one
/// in; ``place`` turns it into the routing closures.
@MainActor @usableFromInline
struct PlaceSpec<State, Action, Mutation, Child: Feature, Address: Hashable & Sendable> {
    @usableFromInline let child: Child
    /// The key path of the child's place, or `nil` for an enum case (named by ``caseName``).
    @usableFromInline let placeKey: AnyHashable?
    @usableFromInline let caseName: @MainActor () -> String?
    /// Whether children here have ids of their own (rows, screens), written in their scope.
    @usableFromInline let identified: Bool
    @usableFromInline let action: @MainActor (Action) -> Routed<Address, Child.Action>?
    /// Makes a child's action the parent's: what an action the child's work sends goes through.
    @usableFromInline let embed: @MainActor (Address, Child.Action) -> Action
    @usableFromInline let read: @MainActor (State, Address) -> Child.State?
    @usableFromInline let modify: @MainActor (inout State, Address, (inout Child.State) -> Void) -> Void
    /// Changes every child this place holds now, in place, in order.
    @usableFromInline let each: @MainActor (inout State, (inout Child.State) -> Void) -> Void
    /// For children that can be sent away (a dismissal, a pop): the change that does it.
    @usableFromInline let removal: (@MainActor (inout State, Address) -> Void)?
    /// The child's own places, read from `child.children` once, on first use (a feature may
    /// contain itself, as a tree's rows do, so not before).
    @usableFromInline let childPlaces: Once<[ChildPlace<Child.State, Child.Action, Child.Mutation>]>
    /// Whether a child here holds a ``Shared`` copy, at any depth.
    @usableFromInline let holdsShared: HoldsShared
    /// What the case carrying the child's actions learnt of the tags it met, for the place to
    /// pass actions of other cases by.
    @usableFromInline let actionTags: LearntTags?
    /// The node of the child last reached through this place, kept for the next action.
    @usableFromInline let lastNode = LastNode<Address, Child.State, Child.Mutation>()

    @inlinable
    init(child: Child, place: AnyHashable?, caseName: @escaping @MainActor () -> String? = { nil }, identified: Bool = false,
         action: @escaping @MainActor (Action) -> Routed<Address, Child.Action>?,
         embed: @escaping @MainActor (Address, Child.Action) -> Action,
         read: @escaping @MainActor (State, Address) -> Child.State?,
         modify: @escaping @MainActor (inout State, Address, (inout Child.State) -> Void) -> Void,
         each: @escaping @MainActor (inout State, (inout Child.State) -> Void) -> Void,
         removal: (@MainActor (inout State, Address) -> Void)? = nil, tags: LearntTags? = nil) {
        self.child = child
        actionTags = tags
        placeKey = place
        self.caseName = caseName
        self.identified = identified
        self.action = action
        self.embed = embed
        self.read = read
        self.modify = modify
        self.each = each
        self.removal = removal
        let childPlaces = Once { child.children }
        self.childPlaces = childPlaces
        holdsShared = HoldsShared { childPlaces.value.contains { $0.holdsShared() } }
    }

    /// The child's scope at `address`, below its parent's.
    @inlinable
    func scope(_ address: Address) -> ChildScope {
        let name = placeKey ?? AnyHashable("." + (caseName() ?? "\(Child.State.self)"))
        return ChildScope(place: name, address: identified ? AnyHashable(address) : nil)
    }

    @inlinable
    var place: ChildPlace<State, Action, Mutation> {
        let holdsShared = self.holdsShared, each = self.each, childPlaces = self.childPlaces
        let action = self.action, placeKey = self.placeKey, caseName = self.caseName
        let place = ChildPlace(route: route, share: { state, pass in
            guard holdsShared.value else { return }
            each(&state) { child in SharedPass.walk(&child, places: childPlaces.value, with: &pass) }
        }, holdsShared: { holdsShared.value })
        place.routes.actionTags = actionTags
        place.routes.takesAction = { action($0) != nil }
        place.routes.name = { "the place of \(Child.self) at " + (placeKey.map { "\($0.base)" } ?? "." + (caseName() ?? "?")) }
        return place
    }

    /// N1, N5, N6: runs the child's action on the child (its own children first), or its removal.
    @inlinable
    func route(_ parentAction: Action, _ parent: State, _ context: NodeContext<State, Mutation>) -> Bool {
        guard let routed = action(parentAction) else { return false }
        switch routed {
        case .remove(let address):
            guard removal != nil, read(parent, address) != nil else {
                context.runtime.missingChild(at: describe(address, in: context), action: parentAction)
                return true
            }
            if let removal = Self.removalMutation(removal, at: address, element: scope(address), in: context) {
                context.perform(Effect(kind: .child(removal)))
            }
        case .child(let address, let childAction):
            guard let childState = read(parent, address) else {
                context.runtime.missingChild(at: describe(address, in: context), action: parentAction)
                return true
            }
            let childContext = lastNode.node(in: context, at: address) ?? node(in: context, at: address)
            child.process(childAction, state: childState, places: childPlaces.value, in: childContext)
        }
        return true
    }

    /// The node of the child at `address` below `context`: how its state is read and changed
    /// from the root, and how its effects reach the reactor (its mutations carried back to it,
    /// its work scoped by its place). Made once for a child, and kept while actions keep
    /// reaching the same one (``LastNode``): its closures read the state afresh each time.
    @inlinable
    func node(in context: NodeContext<State, Mutation>, at address: Address) -> NodeContext<Child.State, Child.Mutation> {
        let read = self.read, modify = self.modify
        let childCurrent: @MainActor () -> Child.State? = {
            guard let parent = context.current() else { return nil }
            return read(parent, address)
        }
        let element = scope(address)
        let scope = context.scope + [element]
        let childModify: @MainActor (UnsafeMutableRawPointer, (inout Child.State) -> Void) -> Void = { root, change in
            context.modify(root) { parent in modify(&parent, address, change) }
        }
        // The child's places held weakly: the node is kept by a place among them (``LastNode``).
        let child = self.child, places = childPlaces
        let maker = ChildMutation.Maker<Child.Mutation> { [weak places] mutation in
            ChildMutation(mutation: mutation, scope: scope, changed: scope, apply: { root in
                childModify(root) { child.reduce(mutation, places: places?.value ?? [], into: &$0) }
            })
        }
        let removal = self.removal, embed = self.embed
        let childRead: @MainActor (UnsafeRawPointer) -> Child.State? = { root in
            guard let parent = context.read(root) else { return nil }
            return read(parent, address)
        }
        let childContext = NodeContext<Child.State, Child.Mutation>(
            runtime: context.runtime, read: childRead, current: childCurrent, modify: childModify,
            perform: { [unowned runtime = context.runtime] effect in
                if effect.startsWork {
                    runtime.childStartsWork(at: scope, isPresent: { childRead($0) != nil })
                }
                // The removal and the lift of actions are made only for the effects that use them.
                context.perform(effect.placed(maker, scope: element,
                                              dismissal: { Self.removalMutation(removal, at: address, element: element, in: context) },
                                              lift: { Self.lift(embed, at: address) }))
            },
            scope: scope, actionLayout: EnumLayout(Child.Action.self))
        lastNode.keep(childContext, in: context, at: address)
        return childContext
    }

    /// N6: the removal of the child at `address` as a mutation the reactor carries to this
    /// place, or `nil` when children here cannot be sent away.
    @inlinable
    static func removalMutation(_ removal: (@MainActor (inout State, Address) -> Void)?, at address: Address,
                                element: ChildScope, in context: NodeContext<State, Mutation>) -> ChildMutation? {
        guard let removal else { return nil }
        return ChildMutation(mutation: nil, scope: context.scope + [element], changed: context.scope, apply: { root in
            context.modify(root) { parent in removal(&parent, address) }
        })
    }

    /// How an action the work of the child at `address` sends becomes the parent's action: a
    /// value of another type than the child's actions is dropped, and a debug build warns.
    @inlinable
    static func lift(_ embed: @escaping @MainActor (Address, Child.Action) -> Action, at address: Address)
        -> @MainActor @Sendable (Any) -> Any? {
        let embed = UncheckedEmbed(embed)
        return { sent in
            guard let action = sent as? Child.Action else {
                DebugWarning.write("""
                    ViewStateKit warning: work of \(Child.self) sent the action \(sent), of type \(type(of: sent)), \
                    which is not a \(Child.self).Action, so it was dropped. Pass the feature's own Action type as `sending:`.
                    """)
                return nil
            }
            return embed.embed(address, action)
        }
    }

    @usableFromInline
    func describe(_ address: Address, in context: NodeContext<State, Mutation>) -> String {
        let scope = context.scope + [scope(address)]
        return scope.map(\.description).joined(separator: " › ")
    }
}

extension Feature {
    /// Runs `action` at this node: its children first (N1), then its own `mutate` on its state
    /// as it is after the children's immediate mutations.
    @inlinable
    func process(_ action: Action, state: State, places: [ChildPlace<State, Action, Mutation>],
                 in context: NodeContext<State, Mutation>) {
        let tookIt = places.route(action, state, context)
        guard let state = tookIt ? context.current() : state else { return }  // as a child left it (N1)
        UndeclaredShared.check(state, places: places, owner: Self.self)
        ChildTook.action = tookIt  // every node sets it before its own mutate; the root puts it back
        let effect = mutate(action: action, state: state)
        if !effect.isNone { context.perform(effect) }  // nothing to carry up through the parents
    }

    /// Reduces one of this node's own mutations with its `reduce`, in place (N2).
    @inlinable
    func reduce(_ mutation: Mutation, places: [ChildPlace<State, Action, Mutation>], into state: inout State) {
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
    func route<State, Action, Mutation>(_ action: Action, _ state: State, _ context: NodeContext<State, Mutation>) -> Bool
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

/// The node a place made for the child it reached last, kept for the next action: a tap after
/// a tap on the same child (a counter, the top screen, one row) makes no new closures. Kept
/// for one child per place declaration, so it holds nothing that grows with the children; it is
/// used only under the same parent node (so the same reactor and the same place in it), where it
/// reads and changes the same child as a new one would.
@MainActor @usableFromInline
final class LastNode<Address: Hashable, ChildState, ChildMutation> {
    // Read and written on the main actor only, by the routing of one action at a time: like the
    // reactor's own action path, they skip dynamic exclusivity checks.
    @usableFromInline @exclusivity(unchecked) var node: NodeContext<ChildState, ChildMutation>?
    /// The parent node the kept node was made under: alive while the kept node is (the node's
    /// closures hold it), so no other node can take its address.
    @usableFromInline @exclusivity(unchecked) var parent: ObjectIdentifier?
    @usableFromInline @exclusivity(unchecked) var address: Address?

    @inlinable init() {}

    /// The node kept for the child at `address` below `context`, if it is that child's.
    @inlinable
    func node<State, Mutation>(in context: NodeContext<State, Mutation>, at address: Address)
        -> NodeContext<ChildState, ChildMutation>? {
        guard let node, parent == ObjectIdentifier(context), self.address == address else { return nil }
        return node
    }

    /// Keeps `node`, the node of the child at `address` below `context`.
    @inlinable
    func keep<State, Mutation>(_ node: NodeContext<ChildState, ChildMutation>, in context: NodeContext<State, Mutation>,
                               at address: Address) {
        (self.node, parent, self.address) = (node, ObjectIdentifier(context), address)
    }
}

/// A value made on first use, then kept: shared by the copies of the declaration holding it.
@MainActor @usableFromInline
final class Once<Value> {
    @usableFromInline @exclusivity(unchecked) var made: Value?
    @usableFromInline let make: () -> Value

    @inlinable
    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    @inlinable
    var value: Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}

/// Finds a row by its id in constant time while the list keeps its order: the position
/// found last time for each id, checked against the list on each use and rebuilt from the
/// list when the check fails (a row moved, or was inserted or removed before it). A lookup
/// costs one dictionary read while the list only changes in place; a change of order costs
/// one pass over the list, once.
@MainActor @usableFromInline
final class RowIndex<Row: Identifiable> {
    @usableFromInline var positions: [Row.ID: Int] = [:]

    @inlinable init() {}

    @inlinable
    func position(of id: Row.ID, in rows: [Row]) -> Int? {
        if let position = positions[id], position < rows.count, rows[position].id == id { return position }
        guard rows.count > 8 else {  // short lists: a scan
            for position in rows.indices where rows[position].id == id { return position }
            return nil
        }
        positions = [:]
        for position in rows.indices where positions[rows[position].id] == nil { positions[rows[position].id] = position }
        if let position = positions[id], rows[position].id == id { return position }
        return nil
    }
}
