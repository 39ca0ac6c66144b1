/// Owns a flow: starts its screens, turns their state and pulses into navigation, and owns the
/// child coordinators of sub-flows.
///
/// Subclass it, keep the navigator your flow uses, and override ``start()``. A child started
/// with ``start(_:)`` is held by its parent until it calls ``finish()``; then it is removed and,
/// with nothing else holding it, freed. A parent holds its children strongly and a child holds
/// its parent weakly, so freeing a parent frees the whole tree.
@MainActor
open class Coordinator {
    /// The running child coordinators, in the order they started.
    public private(set) var children: [Coordinator] = []

    /// The coordinator that started this one, while it is alive.
    public private(set) weak var parent: Coordinator?

    /// A coordinator with no children.
    public init() {}

    /// Starts the flow. The default does nothing.
    open func start() {}

    /// Adds `child` to ``children`` and starts it. A child already running under a parent is left
    /// where it is.
    public final func start(_ child: Coordinator) {
        guard child.parent == nil, !children.contains(where: { $0 === child }) else { return }
        children.append(child)
        child.parent = self
        child.start()
    }

    /// Ends this flow: the parent removes it from its children. Finishing twice, or without a
    /// parent, does nothing.
    public final func finish() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }
}
