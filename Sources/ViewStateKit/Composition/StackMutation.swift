/// A change to a ``ScreenStack`` of screens, as a parent's mutation carries it: a screen's own
/// mutation, or a pop. A parent declares one case for it (`case path(StackMutation<Path.Mutation>)`);
/// the stack's ``ChildPlace`` reduces it, so the parent's `reduce` never sees it.
public enum StackMutation<ScreenMutation> {
    /// A mutation of the screen with `id`; dropped when that screen has been popped.
    case screen(id: StackID, mutation: ScreenMutation)
    /// Pops the screen with `id` and every screen above it; nothing when `id` is not on the stack.
    case popFrom(id: StackID)
}

extension StackMutation: Equatable where ScreenMutation: Equatable {}
extension StackMutation: Sendable where ScreenMutation: Sendable {}
