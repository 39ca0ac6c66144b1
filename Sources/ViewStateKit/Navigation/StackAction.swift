/// An action for a ``ScreenStack`` of screens, as a parent's action carries it: an action for
/// the screen with an id, or the user going back. A parent declares one case for it
/// (`case path(StackAction<Path.Action>)`) and the stack's ``ChildPlace`` routes it.
public enum StackAction<ScreenAction> {
    /// An action for the screen with `id`; an id no longer on the stack changes nothing, and
    /// says so (a debug warning in an app, a failure in a `ReactorTester` test).
    case screen(id: StackID, action: ScreenAction)
    /// The user went back to the screen below `id` (a back button, a swipe, the back menu):
    /// pops the screen with `id` and every screen above it, cancelling their work.
    case popFrom(id: StackID)
}

extension StackAction: Equatable where ScreenAction: Equatable {}
extension StackAction: Sendable where ScreenAction: Sendable {}
