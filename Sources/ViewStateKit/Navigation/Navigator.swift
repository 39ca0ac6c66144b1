/// Where a coordinator sends navigation. A UIKit app wraps its navigation controller
/// (`UIKitNavigator`), the samples print each step, and tests record them.
@MainActor
public protocol Navigator<Screen>: AnyObject {
    /// What the navigator shows: a view controller, a screen name, a route value.
    associatedtype Screen

    /// Shows `screen` on top of the current one, with a way back.
    func push(_ screen: Screen)
    /// Goes back one screen.
    func pop()
    /// Shows `screen` modally over everything.
    func present(_ screen: Screen)
    /// Closes the modally presented screen.
    func dismiss()
    /// Replaces everything with `screen`, with no way back.
    func setRoot(_ screen: Screen)
}
