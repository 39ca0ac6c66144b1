/// How a ``ChildPlace`` routes actions and mutations to its child, and how the child's work
/// is found again when the child goes away. Internal: users only declare places.

/// What a parent's action or mutation is to one of its child places.
enum Routed<Address, Payload> {
    /// The child's own action or mutation, for the child at `address` (a row's id, a screen's).
    case child(Address, Payload)
    /// The child at `address` is to go away: a `.dismiss`, a `.popFrom(id:)`, an alert's button.
    case remove(Address)
}

/// What a child node needs while an action runs through it: where its state is in the root's
/// state, how its effects reach the root, and its place from the root (its work's scope).
@MainActor
struct NodeContext<State, Mutation> {
    /// The reactor at the root: it holds the state, runs the effects and keeps the work index.
    unowned let runtime: any ChildRuntime
    /// This node's state, found in the root's state (`nil` once the node has gone away).
    let read: (Any) -> State?
    /// Runs an effect of this node: mapped to the root's mutations, with its work scoped.
    let perform: (Effect<Mutation>) -> Void
    /// This node's place, outermost first; empty at the root.
    let scope: [ChildScope]

    /// This node's state now, or `nil` when it has gone away.
    var current: State? { read(runtime.rootState) }
}

/// What a reactor does for the children it routes to.
@MainActor
protocol ChildRuntime: AnyObject {
    /// The reactor's current state, erased: each node finds its own in it.
    var rootState: Any { get }
    /// An action reached a child that is not there (N5): warn, or fail the test sending it.
    func missingChild(at place: String, action: Any)
    /// Work is about to start inside the child at `scope`: `isPresent` tells, from a root
    /// state, whether that child is still there (N4).
    func childStartsWork(at scope: [ChildScope], isPresent: @escaping (Any) -> Bool)
}

/// Where a child lives in its parent: the place (a key path, or a case's name) and, for rows
/// and screens, the child's id. Written in traces and warnings as `\State.rows[3]`,
/// `\State.path[#0]`, `.detail`.
struct ChildScope: Hashable, CustomStringConvertible {
    let place: AnyHashable
    let address: AnyHashable?

    var description: String {
        (place.base as? String ?? "\(place.base)") + (address.map { "[\(ValueDescription.describe($0.base))]" } ?? "")
    }
}

/// A child place, spelt out: how to find the child's actions and mutations in the parent's,
/// how to wrap the child's mutations, and how to read and change the child's state by its
/// address. The public factories of ``ChildPlace`` fill one in; ``place`` turns it into the
/// routing closures.
@MainActor
struct PlaceSpec<State, Action, Mutation, Child: Feature, Address: Hashable & Sendable> {
    let child: Child
    /// The key path of the child's place, or `nil` for an enum case (named by ``caseName``).
    let placeKey: AnyHashable?
    let caseName: () -> String?
    /// Whether children here have ids of their own (rows, screens), written in their scope.
    let identified: Bool
    let action: (Action) -> Routed<Address, Child.Action>?
    let mutation: (Mutation) -> Routed<Address, Child.Mutation>?
    let wrap: @Sendable (Address, Child.Mutation) -> Mutation
    /// Makes a child's action the parent's: what an action the child's work sends goes through.
    let embed: (Address, Child.Action) -> Action
    let read: (State, Address) -> Child.State?
    let modify: (inout State, Address, (inout Child.State) -> Void) -> Void
    /// Changes every child this place holds now, in place, in order.
    let each: (inout State, (inout Child.State) -> Void) -> Void
    /// For children that can be sent away: the parent's mutation that does it, and the change
    /// it makes.
    let removal: (mutation: @Sendable (Address) -> Mutation, remove: (inout State, Address) -> Void)?
    /// The child's own places, read from `child.children` once, on first use (a feature may
    /// contain itself, as a tree's rows do, so not before).
    let childPlaces: Once<[ChildPlace<Child.State, Child.Action, Child.Mutation>]>
    /// Whether a child here holds a ``Shared`` copy, at any depth.
    let holdsShared: HoldsShared
    /// What the cases carrying the child's actions and mutations learnt of the tags they met,
    /// for the place to pass values of other cases by.
    let actionTags: LearntTags?, mutationTags: LearntTags?

    init(child: Child, place: AnyHashable?, caseName: @escaping () -> String? = { nil }, identified: Bool = false,
         action: @escaping (Action) -> Routed<Address, Child.Action>?,
         mutation: @escaping (Mutation) -> Routed<Address, Child.Mutation>?,
         wrap: @escaping @Sendable (Address, Child.Mutation) -> Mutation,
         embed: @escaping (Address, Child.Action) -> Action,
         read: @escaping (State, Address) -> Child.State?,
         modify: @escaping (inout State, Address, (inout Child.State) -> Void) -> Void,
         each: @escaping (inout State, (inout Child.State) -> Void) -> Void,
         removal: (mutation: @Sendable (Address) -> Mutation, remove: (inout State, Address) -> Void)? = nil,
         tags: (action: LearntTags, mutation: LearntTags)? = nil) {
        self.child = child
        actionTags = tags?.action
        mutationTags = tags?.mutation
        placeKey = place
        self.caseName = caseName
        self.identified = identified
        self.action = action
        self.mutation = mutation
        self.wrap = wrap
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
    func scope(_ address: Address) -> ChildScope {
        let name = placeKey ?? AnyHashable("." + (caseName() ?? "\(Child.State.self)"))
        return ChildScope(place: name, address: identified ? AnyHashable(address) : nil)
    }

    var place: ChildPlace<State, Action, Mutation> {
        let holdsShared = self.holdsShared, each = self.each, childPlaces = self.childPlaces
        let action = self.action, mutation = self.mutation, placeKey = self.placeKey, caseName = self.caseName
        let place = ChildPlace(route: route, reduce: reduce, share: { state, pass in
            guard holdsShared.value else { return }
            each(&state) { child in SharedPass.walk(&child, places: childPlaces.value, with: &pass) }
        }, holdsShared: { holdsShared.value })
        place.routes.actionTags = actionTags
        place.routes.mutationTags = mutationTags
        place.routes.takesAction = { action($0) != nil }
        place.routes.takesMutation = { mutation($0) != nil }
        place.routes.name = { "the place of \(Child.self) at " + (placeKey.map { "\($0.base)" } ?? "." + (caseName() ?? "?")) }
        return place
    }

    /// N1, N5: runs the child's action on the child (its own children first), or its removal.
    func route(_ parentAction: Action, _ context: NodeContext<State, Mutation>) -> Bool {
        guard let routed = action(parentAction) else { return false }
        switch routed {
        case .remove(let address):
            guard let removal, let parent = context.current, read(parent, address) != nil else {
                context.runtime.missingChild(at: describe(address, in: context), action: parentAction)
                return true
            }
            context.perform(.mutation(removal.mutation(address)))
        case .child(let address, let childAction):
            let read = self.read
            let childRead: (Any) -> Child.State? = { root in context.read(root).flatMap { read($0, address) } }
            guard childRead(context.runtime.rootState) != nil else {
                context.runtime.missingChild(at: describe(address, in: context), action: parentAction)
                return true
            }
            let element = scope(address)
            let scope = context.scope + [element]
            let wrap = self.wrap
            let dismissal = removal.map { $0.mutation(address) }
            let childContext = NodeContext<Child.State, Child.Mutation>(
                runtime: context.runtime, read: childRead,
                perform: { [unowned runtime = context.runtime] effect in
                    if effect.startsWork {
                        runtime.childStartsWork(at: scope, isPresent: { childRead($0) != nil })
                    }
                    context.perform(effect.map({ wrap(address, $0) }, scope: element, dismissal: dismissal,
                                               lift: lift(at: address)))
                },
                scope: scope)
            child.process(childAction, places: childPlaces.value, in: childContext)
        }
        return true
    }

    /// N2, N6: reduces the child's mutation into the child, in place, or removes the child.
    func reduce(_ parentMutation: Mutation, _ state: inout State, _ scope: [ChildScope], _ changed: inout [ChildScope]?) -> Bool {
        guard let routed = mutation(parentMutation) else { return false }
        switch routed {
        case .remove(let address):
            removal?.remove(&state, address)
            changed = scope
        case .child(let address, let childMutation):
            modify(&state, address) { childState in
                child.reduce(childMutation, places: childPlaces.value, into: &childState,
                             scope: scope + [self.scope(address)], changed: &changed)
            }
        }
        return true
    }

    /// How an action the work of the child at `address` sends becomes the parent's action: a
    /// value of another type than the child's actions is dropped, and a debug build warns.
    private func lift(at address: Address) -> @MainActor @Sendable (Any) -> Any? {
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

    private func describe(_ address: Address, in context: NodeContext<State, Mutation>) -> String {
        let scope = context.scope + [scope(address)]
        return scope.map(\.description).joined(separator: " › ")
    }
}

extension Feature {
    /// Runs `action` at this node: its children first (N1), then its own `mutate` on its state
    /// as it is after the children's immediate mutations.
    func process(_ action: Action, places: [ChildPlace<State, Action, Mutation>], in context: NodeContext<State, Mutation>) {
        let tookIt = places.route(action, context)
        guard let state = context.current else { return }
        UndeclaredShared.check(state, places: places, owner: Self.self)
        ChildTook.action = tookIt  // every node sets it before its own mutate; the root puts it back
        context.perform(mutate(action: action, state: state))
    }

    /// Reduces `mutation` at this node: into the child it is for (N2), else with its own
    /// `reduce`, recording this node's scope as the one that changed.
    func reduce(_ mutation: Mutation, places: [ChildPlace<State, Action, Mutation>], into state: inout State,
                scope: [ChildScope], changed: inout [ChildScope]?) {
        if places.reduce(mutation, &state, scope, &changed) { return }
        UndeclaredShared.check(state, places: places, owner: Self.self)
        reduce(into: &state, mutation: mutation)
        changed = scope
    }
}

extension Array {
    /// Routes `action` to the first of these places it is for, if any (N1): `false` when it is
    /// none's. In a debug build, the first time a place takes an action, the places declared
    /// after it are asked too: one that would also take it shares its case, and never sees its
    /// actions, so a warning names both (a place declared twice by mistake).
    @MainActor @discardableResult
    func route<State, Action, Mutation>(_ action: Action, _ context: NodeContext<State, Mutation>) -> Bool
    where Element == ChildPlace<State, Action, Mutation> {
        guard !isEmpty else { return false }
        let tag = EnumLayout(Action.self)?.tag(of: action)
        for place in self where !place.passes(tag, place.routes.actionTags) && place.route(action, context) {
            #if DEBUG
            lookForTwins(of: place, checked: \.actionsChecked, value: action) { $0.routes.takesAction($1) }
            #endif
            return true
        }
        return false
    }

    /// Reduces `mutation` into the first of these places it is for: `false` when it is none's.
    /// In a debug build, warns as ``route(_:_:)`` does of a later place sharing its case.
    @MainActor
    func reduce<State, Action, Mutation>(_ mutation: Mutation, _ state: inout State, _ scope: [ChildScope],
                                         _ changed: inout [ChildScope]?) -> Bool
    where Element == ChildPlace<State, Action, Mutation> {
        guard !isEmpty else { return false }
        let tag = EnumLayout(Mutation.self)?.tag(of: mutation)
        for place in self where !place.passes(tag, place.routes.mutationTags) && place.reduce(mutation, &state, scope, &changed) {
            #if DEBUG
            lookForTwins(of: place, checked: \.mutationsChecked, value: mutation) { $0.routes.takesMutation($1) }
            #endif
            return true
        }
        return false
    }

    /// The first time `first`, one of these places, takes a value of one kind (`checked`), warns
    /// of every later place that `takes` it too.
    @MainActor
    private func lookForTwins<State, Action, Mutation, Value>(of first: ChildPlace<State, Action, Mutation>,
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
private struct UncheckedEmbed<Address, ChildAction, Action>: @unchecked Sendable {
    let embed: (Address, ChildAction) -> Action
    init(_ embed: @escaping (Address, ChildAction) -> Action) { self.embed = embed }
}

/// Whether the action whose `mutate` is running was taken by one of its node's child places
/// (N1): what the default `mutate` of a feature whose `Mutation` is its `Action` reads, so it
/// does not hand the child its own action a second time, as a mutation for it (N2).
@MainActor @usableFromInline
enum ChildTook {
    /// Set before each node's `mutate`; the reactor's send puts back what it found once its own
    /// `mutate` has run, so a reactor without children never reads another's answer.
    @usableFromInline static var action = false
}

/// A value made on first use, then kept: shared by the copies of the declaration holding it.
@MainActor
final class Once<Value> {
    private var made: Value?
    private let make: () -> Value

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

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
@MainActor
final class RowIndex<Row: Identifiable> {
    private var positions: [Row.ID: Int] = [:]

    func position(of id: Row.ID, in rows: [Row]) -> Int? {
        if let position = positions[id], position < rows.count, rows[position].id == id { return position }
        guard rows.count > 8 else { return rows.firstIndex { $0.id == id } }  // short lists: a scan
        positions = Dictionary(rows.indices.map { (rows[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        if let position = positions[id], rows[position].id == id { return position }
        return nil
    }
}
