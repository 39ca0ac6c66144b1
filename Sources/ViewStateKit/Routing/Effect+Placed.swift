/// A child's effects as its parent's: how a child's mutations, ids and dismissal cross its place
/// (rules N2, N3, N6).

extension Effect {
    /// This effect, of the child at `location`, as an effect of its parent: each of its mutations,
    /// now or from its work, is the child's, made by `place` into a ``ChildMutation`` that the
    /// reactor reduces into the child, in place (N2); every id is made `location`'s own (and
    /// anonymous work tagged with it), so the reactor finds the child's work when the child
    /// goes away (N3, N4); a ``dismiss`` becomes `dismissal`, the removal of the child, when the
    /// parent presented it (else it goes on up, N6). An action the work sends (``ActionSend``)
    /// goes through the function `lift` makes, which makes it the parent's action, or `nil` when
    /// it is not the child's. `dismissal` and `lift` are asked only by the effects that need them.
    @MainActor @inlinable
    func placed<Parent>(_ place: ChildMutation.Maker<Mutation>, location: ChildLocation, dismissal: () -> ChildMutation?,
                        lift: () -> @MainActor @Sendable (Any) -> Any?) -> Effect<Parent> {
        switch kind {
        case .mutation(let mutation):
            return Effect<Parent>(kind: .child(place.make(mutation)))
        case .mutations(let mutations):
            return .merge(mutations.map { Effect<Parent>(kind: .child(place.make($0))) })
        case .merge(let effects):
            return .merge(effects.map { $0.placed(place, location: location, dismissal: dismissal, lift: lift) })
        case .dismiss:
            return dismissal().map { Effect<Parent>(kind: .child($0)) } ?? .dismiss
        case .child(let mutation):
            return Effect<Parent>(kind: .child(mutation))
        case .cancel(let id):
            return Effect<Parent>(kind: .cancel(id: ChildWorkID.id(id, in: location)))
        case .run(let id, let start):
            let dismissal = dismissal(), lift = lift()
            return Effect<Parent>(kind: .run(id: ChildWorkID.id(id, in: location)) { outlet in
                var dismiss = outlet.dismiss
                if let dismissal {
                    // Made and delivered on the main actor only, where the places live.
                    nonisolated(unsafe) let removal = dismissal
                    dismiss = { outlet.child(removal) }
                }
                return start(WorkOutlet(deliver: { outlet.child(place.make($0)) }, child: outlet.child,
                                        act: { action in lift(action).map(outlet.act) },
                                        dismiss: dismiss, finished: outlet.finished))
            })
        }
    }
}

/// The id of work a child started inside a parent: the child's path (outermost first) and
/// the child's own id, or `nil` for work the child started without one (the reactor then
/// makes it anonymous, still inside the path).
@usableFromInline
struct ChildWorkID: Hashable {
    @usableFromInline let path: [ChildLocation]
    @usableFromInline let id: AnyHashable?

    @usableFromInline
    init(path: [ChildLocation], id: AnyHashable?) {
        self.path = path
        self.id = id
    }

    /// `id` (a child's own, possibly a grandchild's already) as seen from the parent inside `location`.
    @usableFromInline
    static func id(_ id: AnyHashable?, in location: ChildLocation) -> AnyHashable {
        if let inner = id?.base as? ChildWorkID {
            return AnyHashable(ChildWorkID(path: [location] + inner.path, id: inner.id))
        }
        return AnyHashable(ChildWorkID(path: [location], id: id))
    }
}
