#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A ``Navigator`` over a `UINavigationController`. Compiled only where UIKit exists.
@MainActor
public final class UIKitNavigator: Navigator {
    /// The navigation controller every step goes through.
    public let navigationController: UINavigationController
    /// The screens this navigator pushed, to tell a pop the user already made.
    private var pushed = PushedScreens<UIViewController>()

    /// A navigator driving `navigationController`.
    public init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    /// Pushes `screen`, animated.
    public func push(_ screen: UIViewController) {
        pushed.pushed(screen)
        navigationController.pushViewController(screen, animated: true)
    }

    /// Pops the screen this navigator pushed last, animated (with any shown above it). When the
    /// user has already gone back from it (a back button, a swipe, whose view controller then
    /// told the state, which this navigator follows), nothing more is popped.
    public func pop() {
        let shown = navigationController.viewControllers
        guard let target = pushed.popTarget(shown: shown) else { return }
        _ = navigationController.popToViewController(shown[target], animated: true)
    }

    /// Presents `screen` modally, animated.
    public func present(_ screen: UIViewController) {
        navigationController.present(screen, animated: true)
    }

    /// Dismisses the presented screen, animated.
    public func dismiss() {
        navigationController.dismiss(animated: true)
    }

    /// Makes `screen` the only screen, without animation.
    public func setRoot(_ screen: UIViewController) {
        pushed.removeAll()
        navigationController.setViewControllers([screen], animated: false)
    }
}
#endif
