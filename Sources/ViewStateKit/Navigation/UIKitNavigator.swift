#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A ``Navigator`` over a `UINavigationController`. Compiled only where UIKit exists.
@MainActor
public final class UIKitNavigator: Navigator {
    /// The navigation controller every step goes through.
    public let navigationController: UINavigationController

    /// A navigator driving `navigationController`.
    public init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    /// Pushes `screen`, animated.
    public func push(_ screen: UIViewController) {
        navigationController.pushViewController(screen, animated: true)
    }

    /// Pops the top screen, animated.
    public func pop() {
        _ = navigationController.popViewController(animated: true)
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
        navigationController.setViewControllers([screen], animated: false)
    }
}
#endif
