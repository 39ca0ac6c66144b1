/// The screens a navigator pushed, in order, held weakly: what lets a pop that follows the
/// state pop nothing when the user has already gone back in the UI (a back button, a swipe)
/// and the popped view controller told the state so.
@MainActor
struct PushedScreens<Screen: AnyObject> {
    private var screens: [Weak] = []

    private struct Weak {
        weak var screen: Screen?
    }

    /// Notes a push.
    mutating func pushed(_ screen: Screen) {
        screens.append(Weak(screen: screen))
    }

    /// Forgets every push: the root was replaced.
    mutating func removeAll() {
        screens.removeAll()
    }

    /// What a pop does, given the screens shown now, bottom first: the position to pop back to
    /// (the screen below the last one pushed, while that one is shown), `nil` to do nothing
    /// (the user already went back from it), or the top's when this navigator pushed nothing it
    /// knows of (a screen pushed another way pops as before).
    mutating func popTarget(shown: [Screen]) -> Int? {
        guard !screens.isEmpty else { return shown.count > 1 ? shown.count - 2 : nil }
        guard let last = screens.removeLast().screen, let position = shown.firstIndex(where: { $0 === last }) else {
            return nil
        }
        return position > 0 ? position - 1 : nil
    }
}
