extension StateCell {
    /// Makes `navigator` show the ``ScreenStack`` at `stack`, step by step: the screens on the
    /// stack now are pushed at once, then every screen the state pushes is pushed and every
    /// screen it pops is popped (screens above a changed one are popped and pushed again). A
    /// UIKit app follows a reactor's stack with its ``Navigator`` this way; when the user goes
    /// back in the UI (a back button, a swipe), the popped screen's view controller sends the
    /// stack's `.popFrom(id:)` action, and following that state pops nothing more.
    ///
    /// The meetings sample's console follows its stack and its add sheet with `[nav]` lines:
    ///
    /// ```swift
    /// let navigator = ConsoleNavigator(write: write)
    /// let following = [
    ///     app.state.follow(\.path, with: navigator) { _, screen in screen.navigationName },
    ///     app.state.follow(presented: \.add, with: navigator) { _ in "add form" },
    /// ```
    /// - Parameters:
    ///   - stack: the stack in the cell's value.
    ///   - navigator: the navigator to drive; held weakly: when it is gone, nothing happens.
    ///   - screen: what the navigator shows for the screen with an id.
    /// - Returns: the token that keeps the following going; cancel or drop it to stop.
    @MainActor
    public func follow<Screen, Shown: Navigator>(_ stack: KeyPath<Value, ScreenStack<Screen>>, with navigator: Shown,
                                                 screen: @escaping (StackID, Screen) -> Shown.Screen) -> ObservationToken {
        var shown: [StackID] = []
        return observe { [weak navigator] value in
            let now = value[keyPath: stack]
            guard let navigator, now.ids != shown else { return }
            let kept = zip(shown, now.ids).prefix { $0 == $1 }.count
            for _ in kept..<shown.count { navigator.pop() }
            for index in kept..<now.count { navigator.push(screen(now.ids[index], now[index])) }
            shown = now.ids
        }
    }

    /// Makes `navigator` present the child at `presented` while it is there and dismiss it when
    /// it goes (a sheet, a full-screen cover). A child replaced by another without passing
    /// through `nil` is dismissed and the new one presented.
    /// - Parameters:
    ///   - presented: the optional child in the cell's value.
    ///   - navigator: the navigator to drive; held weakly.
    ///   - screen: what the navigator shows for the child.
    /// - Returns: the token that keeps the following going; cancel or drop it to stop.
    @MainActor
    public func follow<Child, Shown: Navigator>(presented: KeyPath<Value, Child?>, with navigator: Shown,
                                                           screen: @escaping (Child) -> Shown.Screen) -> ObservationToken {
        var shown: Child?
        return observe { [weak navigator] value in
            let now = value[keyPath: presented]
            guard let navigator, (now == nil) != (shown == nil) || !Self.sameCase(now, shown) else {
                shown = now
                return
            }
            if shown != nil { navigator.dismiss() }
            if let now { navigator.present(screen(now)) }
            shown = now
        }
    }

    /// Whether two children are the same case of an enum (or, for a child that is not an enum,
    /// both there): a change inside a presented child presents nothing new.
    private static func sameCase<Child>(_ left: Child?, _ right: Child?) -> Bool {
        guard let left, let right else { return left == nil && right == nil }
        return EnumCase<Child, Any>.sameCase(left, right)
    }
}
