/// A ``Navigator`` whose stack is state: every step is a new ``NavigationState`` sent to ``state``.
///
/// Coordinators drive it like any navigator; SwiftUI reads `state.observed()` and binds
/// `NavigationStack(path:)` to `path` and `.sheet(item:)` to `presented`. When the user goes
/// back in the UI (a swipe, a back button, a sheet pulled down), the bindings write through
/// ``setPath(_:)`` and ``setPresented(_:)``, so the state always says what is on screen.
///
/// Steps that have nothing to act on do nothing and send nothing: ``pop()`` with nothing
/// pushed, ``dismiss()`` with nothing presented, a UI write equal to the current state.
/// Screens are `Hashable`, as `NavigationStack(path:)` needs, so a UI write is compared with
/// what the state shows: a deep link that replaces the top screen is sent, a read-back is not.
@MainActor
public final class StateNavigator<Screen: Hashable>: Navigator {
    /// The stack, one value per step.
    public let state: StateCell<NavigationState<Screen>>

    /// A navigator showing `root`, if given, with nothing pushed or presented.
    public init(root: Screen? = nil) {
        state = StateCell(NavigationState(root: root))
    }

    /// Appends `screen` to the path.
    public func push(_ screen: Screen) {
        change { $0.path.append(screen) }
    }

    /// Removes the last pushed screen; does nothing with nothing pushed.
    public func pop() {
        guard !state.value.path.isEmpty else { return }
        change { $0.path.removeLast() }
    }

    /// Presents `screen` over everything, replacing a screen already presented.
    public func present(_ screen: Screen) {
        change { $0.presented = screen }
    }

    /// Closes the presented screen; does nothing with nothing presented.
    public func dismiss() {
        guard state.value.presented != nil else { return }
        change { $0.presented = nil }
    }

    /// Makes `screen` the root, with nothing pushed or presented.
    public func setRoot(_ screen: Screen) {
        state.send(NavigationState(root: screen))
    }

    /// What the UI did to the path: a swipe back pops it, a back-button menu cuts it, a deep
    /// link replaces it. Sends the new state unless the path equals the one shown (the UI only
    /// reads it back).
    public func setPath(_ path: [Screen]) {
        guard path != state.value.path else { return }
        change { $0.path = path }
    }

    /// What the UI did to the presented screen: `nil` when the user dismissed it (a sheet
    /// pulled down). Sends nothing when it equals the screen presented now.
    public func setPresented(_ screen: Screen?) {
        guard screen != state.value.presented else { return }
        change { $0.presented = screen }
    }

    private func change(_ step: (inout NavigationState<Screen>) -> Void) {
        var next = state.value
        step(&next)
        state.send(next)
    }
}

#if canImport(Observation)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension StateNavigator {
    /// The binding `NavigationStack(path:)` needs: reads the path through `mirror` (a mirror of
    /// ``state``), and writes what the UI did through ``setPath(_:)``.
    public func pathBinding(_ mirror: ObservedState<NavigationState<Screen>>) -> FieldBinding<[Screen]> {
        FieldBinding(get: { mirror.path }, set: { [weak self] in self?.setPath($0) })
    }

    /// The binding `.sheet(item:)` needs: reads the presented screen through `mirror`, and
    /// writes the user's dismissal through ``setPresented(_:)``.
    public func presentedBinding(_ mirror: ObservedState<NavigationState<Screen>>) -> FieldBinding<Screen?> {
        FieldBinding(get: { mirror.presented }, set: { [weak self] in self?.setPresented($0) })
    }
}
#endif
