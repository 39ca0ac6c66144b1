/// A mutation of a child feature on its way to the reactor at the root, carried by the engine
/// with the child's place: so a parent declares one case per child (its actions'), and its own
/// `reduce` never sees its children's mutations (N2). The reactor reduces it into the child, in
/// place; a test receives it by its place (`receive(Row.Mutation.tick, at: \.rows, id: 2)`), and a trace
/// writes it with its place (`\State.rows[2] › .tick`).
@usableFromInline
package struct ChildMutation {
    /// The child's own mutation; `nil` for the child's removal (a dismissal, a pop).
    @usableFromInline package let mutation: Any?
    /// The child's place from the root, outermost first.
    @usableFromInline package let path: [ChildLocation]
    /// The node whose own state the reduce changes: the child, or for a removal its parent (N4).
    @usableFromInline let changed: [ChildLocation]
    /// Makes the change in the root's state, behind the pointer: the child's `reduce`, in place.
    @usableFromInline let apply: (UnsafeMutableRawPointer) -> Void

    @inlinable
    init(mutation: Any?, path: [ChildLocation], changed: [ChildLocation], apply: @escaping (UnsafeMutableRawPointer) -> Void) {
        self.mutation = mutation
        self.path = path
        self.changed = changed
        self.apply = apply
    }

    /// How the mutation reads in a trace and a test's failure: its place, then the mutation.
    package var description: String {
        let place = path.map(\.description).joined(separator: " › ")
        return mutation.map { place + " › " + ValueDescription.describe($0) } ?? place + " dismissed"
    }

    /// Makes a ``ChildMutation`` of each mutation of the child at one place. Made and called on
    /// the main actor only, where places live; carried into the child's work's outlet.
    @usableFromInline
    struct Maker<Mutation>: @unchecked Sendable {
        @usableFromInline let make: @MainActor (Mutation) -> ChildMutation

        @inlinable init(make: @escaping @MainActor (Mutation) -> ChildMutation) {
            self.make = make
        }
    }
}

/// A mutation a reactor reduced, as a test hears it: the reactor's own, or one of a child's.
package enum HeardMutation<Mutation> {
    case own(Mutation)
    case child(ChildMutation)

    /// How it reads in a test's failure.
    package var description: String {
        switch self {
        case .own(let mutation): ValueDescription.describe(mutation)
        case .child(let mutation): mutation.description
        }
    }
}
