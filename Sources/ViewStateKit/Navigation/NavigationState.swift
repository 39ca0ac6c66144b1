/// What a navigation stack shows, as a value: the root, the screens pushed on it, and the
/// screen presented over everything. ``StateNavigator`` keeps one in a cell.
///
/// SwiftUI binds to it: `NavigationStack(path:)` to ``path``, `.sheet(item:)` to ``presented``.
public struct NavigationState<Screen> {
    /// The bottom screen, or `nil` before anything set one.
    public var root: Screen?
    /// The screens pushed on the root, bottom first.
    public var path: [Screen]
    /// The screen presented modally, or `nil`.
    public var presented: Screen?

    /// A stack showing ``root``, with nothing pushed or presented unless given.
    public init(root: Screen? = nil, path: [Screen] = [], presented: Screen? = nil) {
        self.root = root
        self.path = path
        self.presented = presented
    }

    /// The screen on top: the presented one, else the last pushed, else the root.
    public var top: Screen? { presented ?? path.last ?? root }
}

extension NavigationState: Equatable where Screen: Equatable {}
extension NavigationState: Hashable where Screen: Hashable {}
extension NavigationState: Sendable where Screen: Sendable {}
