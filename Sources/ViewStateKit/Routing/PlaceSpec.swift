/// A child place, spelt out: how to find the child's actions in the parent's, and how to read
/// and change the child's state by its address. The public factories of ``ChildPlace`` fill one
/// in; ``place`` turns it into the routing closures.
@MainActor @usableFromInline
struct PlaceSpec<State, Action, Mutation, Child: Feature, Address: Hashable & Sendable> {
    @usableFromInline let child: Child
    /// The key path of the child's place, or `nil` for an enum case (named by ``caseName``).
    @usableFromInline let placeKey: AnyHashable?
    @usableFromInline let caseName: @MainActor () -> String?
    /// Whether children here have ids of their own (rows, screens), written in their location.
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

    /// The child's location at `address`, below its parent's.
    @inlinable
    func location(_ address: Address) -> ChildLocation {
        let name = placeKey ?? AnyHashable("." + (caseName() ?? "\(Child.State.self)"))
        return ChildLocation(place: name, address: identified ? AnyHashable(address) : nil)
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
                context.runtime.reportMissingChild(at: describe(address, in: context), action: parentAction)
                return true
            }
            if let removal = Self.dismissal(removal, at: address, location: location(address), in: context) {
                context.perform(Effect(kind: .child(removal)))
            }
        case .child(let address, let childAction):
            guard let childState = read(parent, address) else {
                context.runtime.reportMissingChild(at: describe(address, in: context), action: parentAction)
                return true
            }
            let childContext = lastNode.node(in: context, at: address) ?? node(in: context, at: address)
            child.runChildFirst(childAction, state: childState, places: childPlaces.value, in: childContext)
        }
        return true
    }

    /// The node of the child at `address` below `context`: how its state is read and changed
    /// from the root, and how its effects reach the reactor (its mutations carried back to it,
    /// its work kept apart by its place). Made once for a child, and kept while actions keep
    /// reaching the same one (``LastNode``): its closures read the state afresh each time.
    @inlinable
    func node(in context: NodeContext<State, Mutation>, at address: Address) -> NodeContext<Child.State, Child.Mutation> {
        let read = self.read, modify = self.modify
        let childCurrent: @MainActor () -> Child.State? = {
            guard let parent = context.current() else { return nil }
            return read(parent, address)
        }
        let location = location(address)
        let path = context.path + [location]
        let childModify: @MainActor (UnsafeMutableRawPointer, (inout Child.State) -> Void) -> Void = { root, change in
            context.modify(root) { parent in modify(&parent, address, change) }
        }
        // The child's places held weakly: the node is kept by a place among them (``LastNode``).
        let child = self.child, places = childPlaces
        let maker = ChildMutation.Maker<Child.Mutation> { [weak places] mutation in
            ChildMutation(mutation: mutation, path: path, changed: path, apply: { root in
                childModify(root) { child.reduceOwn(mutation, places: places?.value ?? [], into: &$0) }
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
                    runtime.childStartsWork(at: path, isPresent: { childRead($0) != nil })
                }
                // The removal and the lift of actions are made only for the effects that use them.
                context.perform(effect.placed(maker, location: location,
                                              dismissal: { Self.dismissal(removal, at: address, location: location, in: context) },
                                              lift: { Self.lift(embed, at: address) }))
            },
            path: path, actionLayout: EnumLayout(Child.Action.self))
        lastNode.keep(childContext, in: context, at: address)
        return childContext
    }

    /// N6: the removal of the child at `address` as a mutation the reactor carries to this
    /// place, or `nil` when children here cannot be sent away.
    @inlinable
    static func dismissal(_ removal: (@MainActor (inout State, Address) -> Void)?, at address: Address,
                                location: ChildLocation, in context: NodeContext<State, Mutation>) -> ChildMutation? {
        guard let removal else { return nil }
        return ChildMutation(mutation: nil, path: context.path + [location], changed: context.path, apply: { root in
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
        let path = context.path + [location(address)]
        return path.map(\.description).joined(separator: " › ")
    }
}
