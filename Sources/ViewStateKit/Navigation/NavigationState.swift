/// What a navigation stack shows, as a value: the root, the screens pushed on it, and the
/// screen presented over everything. ``StateNavigator`` keeps one in a cell.
///
/// The pushed screens are a ``ScreenStack``, the same stack a reactor keeps in its state: each
/// screen has the ``StackID`` it was pushed with, so SwiftUI's `NavigationStack(path:)` binds to
/// the ids (``StateNavigator/pathBinding(_:)``) and a UIKit ``Navigator`` follows the stack with
/// ``StateCell/follow(_:with:screen:)``, as they do a reactor's.
public struct NavigationState<Screen> {
    /// The bottom screen, or `nil` before anything set one.
    public var root: Screen?
    /// The screens pushed on the root, bottom first, each under the id it was pushed with.
    public var path: ScreenStack<Screen>
    /// The screen presented modally, or `nil`.
    public var presented: Screen?

    /// A stack showing ``root``, with nothing pushed or presented unless given.
    public init(root: Screen? = nil, path: ScreenStack<Screen> = ScreenStack(), presented: Screen? = nil) {
        self.root = root
        self.path = path
        self.presented = presented
    }

    /// The screen on top: the presented one, else the last pushed, else the root.
    public var top: Screen? { presented ?? path.last ?? root }
}

extension NavigationState: Equatable where Screen: Equatable {}
extension NavigationState: Sendable where Screen: Sendable {}
