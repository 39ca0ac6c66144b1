import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// A view controller, for the pops `UIKitNavigator` makes.
final class ShownScreen {
    let name: String
    init(_ name: String) { self.name = name }
}

/// A navigation controller's stack of screens, driven as `UIKitNavigator` drives
/// `UINavigationController` (push, pop to the target `PushedScreens` gives), and a back button
/// that the user taps.
@MainActor
final class FakeNavigationController: Navigator {
    private(set) var shown: [ShownScreen]
    private var pushed = PushedScreens<ShownScreen>()

    init(root: ShownScreen) { shown = [root] }

    func push(_ screen: ShownScreen) {
        pushed.pushed(screen)
        shown.append(screen)
    }

    func pop() {
        guard let target = pushed.popTarget(shown: shown) else { return }
        shown.removeSubrange((target + 1)...)
    }

    func present(_ screen: ShownScreen) {}
    func dismiss() {}
    func setRoot(_ screen: ShownScreen) {
        pushed.removeAll()
        shown = [screen]
    }

    /// The user's back button: UIKit pops the top screen itself.
    func backButton() -> ShownScreen? {
        shown.count > 1 ? shown.removeLast() : nil
    }
}

@MainActor
@Suite("UIKitNavigator's pops: a pop that follows the state pops what the user has not already popped")
struct PushedScreensTests {
    let root = ShownScreen("root"), first = ShownScreen("first"), second = ShownScreen("second")

    @Test("a pop goes back from the screen pushed last, with any shown above it")
    func popsTheLastPushed() {
        var pushed = PushedScreens<ShownScreen>()
        pushed.pushed(first)
        pushed.pushed(second)
        #expect(pushed.popTarget(shown: [root, first, second]) == 1)
        let other = ShownScreen("pushed another way")
        #expect(pushed.popTarget(shown: [root, first, other]) == 0, "a screen above it goes with it")
        #expect(pushed.popTarget(shown: [root, first]) == 0, "nothing it pushed is left: the top goes, as before")
    }

    @Test("after the user went back from a screen, the pop that follows pops nothing; the next one pops as before")
    func userAlreadyWentBack() {
        var pushed = PushedScreens<ShownScreen>()
        pushed.pushed(first)
        pushed.pushed(second)
        #expect(pushed.popTarget(shown: [root, first]) == nil)
        #expect(pushed.popTarget(shown: [root, first]) == 0)
    }

    @Test("a root is never popped; a pushed screen since freed pops nothing; set root forgets the pushes")
    func edges() {
        var pushed = PushedScreens<ShownScreen>()
        #expect(pushed.popTarget(shown: [root]) == nil)
        pushed.pushed(ShownScreen("freed"))
        #expect(pushed.popTarget(shown: [root, first]) == nil)
        pushed.pushed(first)
        pushed.removeAll()  // a new root: first is forgotten, so a pop takes the top, not first with it
        #expect(pushed.popTarget(shown: [root, first, second]) == 1)
        pushed.pushed(first)
        #expect(pushed.popTarget(shown: [first, second]) == nil, "a pushed screen that became the root stays")
    }

    @Test("a stack followed into a navigation controller: the user's back button, told to the state, pops nothing more")
    func followedStackAndBackButton() {
        let app = StackApp(clock: ManualClock())
        let navigation = FakeNavigationController(root: root)
        var made: [StackID: ShownScreen] = [:]
        let following = app.state.follow(\.path, with: navigation) { id, _ in
            let screen = ShownScreen("screen \(id)")
            made[id] = screen
            return screen
        }
        app.send(.pushCounter)
        app.send(.pushTicker)
        #expect(navigation.shown.map(\.name) == ["root", "screen #0", "screen #1"])
        #expect(navigation.backButton() === made[1])
        app.send(.path(.popFrom(id: 1)))  // the popped view controller tells the state (viewDidDisappear)
        #expect(navigation.shown.map(\.name) == ["root", "screen #0"], "following the pop popped nothing more")
        app.send(.popToRoot)  // a pop the state makes is followed
        #expect(navigation.shown.map(\.name) == ["root"])
        withExtendedLifetime(following) {}
    }
}
