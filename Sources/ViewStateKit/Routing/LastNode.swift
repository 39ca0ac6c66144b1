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
