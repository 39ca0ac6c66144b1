/// How an action reaches a child: what a parent's action is to a place (``Routed``), and the
/// node each child is reached through (``NodeContext``), below the reactor that runs them all
/// (``ChildRuntime``). Internal: users only declare places.

/// What a parent's action is to one of its child places.
@usableFromInline
enum Routed<Address, Payload> {
    /// The child's own action, for the child at `address` (a row's id, a screen's).
    case child(Address, Payload)
    /// The child at `address` is to go away: a `.dismiss`, a `.popFrom(id:)`, an alert's button.
    case remove(Address)
}

/// A node of the tree of children, as actions reach it: where its state is in the root's state,
/// how its effects reach the root, and its place from the root (its work's path). One object,
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
    /// Runs an effect of this node: its mutations carried to it, its work kept apart as its own.
    @usableFromInline let perform: @MainActor (Effect<Mutation>) -> Void
    /// This node's place, outermost first; empty at the root.
    @usableFromInline let path: [ChildLocation]
    /// How the tags of this node's actions are read, for its places to pass the others by.
    @usableFromInline let actionLayout: EnumLayout?

    @inlinable
    init(runtime: any ChildRuntime, read: @escaping @MainActor (UnsafeRawPointer) -> State?, current: @escaping @MainActor () -> State?,
         modify: @escaping @MainActor (UnsafeMutableRawPointer, (inout State) -> Void) -> Void,
         perform: @escaping @MainActor (Effect<Mutation>) -> Void, path: [ChildLocation], actionLayout: EnumLayout?) {
        self.runtime = runtime
        self.read = read
        self.current = current
        self.modify = modify
        self.perform = perform
        self.path = path
        self.actionLayout = actionLayout
    }

}

/// What a reactor does for the children it routes to.
@MainActor @usableFromInline
protocol ChildRuntime: AnyObject {
    /// An action reached a child that is not there (N5): warn, or fail the test sending it.
    func reportMissingChild(at place: String, action: Any)
    /// Work is about to start inside the child at `path`: `isPresent` tells, from a root
    /// state, whether that child is still there (N4).
    func childStartsWork(at path: [ChildLocation], isPresent: @escaping (UnsafeRawPointer) -> Bool)
}
