/// A ``Navigator`` whose stack is state: every step is a new ``NavigationState`` sent to ``state``.
///
/// Coordinators drive it like any navigator, and the pushed screens are a ``ScreenStack`` — one
/// navigation model with a reactor's stack. SwiftUI reads `state.observed()`, binds
/// `NavigationStack(path:)` to the stack's ids (``pathBinding(_:)``, each screen drawn with
/// `.navigationDestination(for: StackID.self)`) and `.sheet(item:)` to `presented`; a UIKit
/// ``Navigator`` follows the stack with ``StateCell/follow(_:with:screen:)``. When the user goes
/// back in the UI (a swipe, a back button, a sheet pulled down), the bindings write through
/// ``setPath(_:)`` and ``setPresented(_:)``, so the state always says what is on screen.
///
/// Steps that have nothing to act on do nothing and send nothing: ``pop()`` with nothing
/// pushed, ``dismiss()`` with nothing presented, a UI write equal to the current state, and a
/// written path the UI could not have made by going back (new or reordered ids). A deep link
/// replaces the pushed screens with ``replacePath(with:)``.
@MainActor
public final class StateNavigator<Screen: Equatable>: Navigator {
    /// The stack, one value per step.
    public let state: StateCell<NavigationState<Screen>>

    /// A navigator showing `root`, if given, with nothing pushed or presented.
    public init(root: Screen? = nil) {
        state = StateCell(NavigationState(root: root))
    }

    /// Pushes `screen` on the path, under a new id.
    public func push(_ screen: Screen) {
        change { $0.path.push(screen) }
    }

    /// Removes the last pushed screen; does nothing with nothing pushed.
    public func pop() {
        guard !state.value.path.isEmpty else { return }
        change { $0.path.popLast() }
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

    /// Makes `screen` the root, with nothing pushed or presented. Screens pushed later take new
    /// ids, never one a screen had before.
    public func setRoot(_ screen: Screen) {
        change { state in
            state.root = screen
            state.path.removeAll()
            state.presented = nil
        }
    }

    /// Replaces the pushed screens with `screens`, bottom first, each under a new id: a deep link.
    public func replacePath(with screens: [Screen]) {
        change { $0.path.replace(with: screens) }
    }

    /// What the UI did to the path, as the ids it shows now: a swipe back or the back menu
    /// writes a shorter path that keeps the bottom screens, which pops from the first id it
    /// dropped. Anything else sends nothing: the path read back, or ids the UI could not have
    /// made by going back (screens are pushed with ``push(_:)`` and ``replacePath(with:)``).
    public func setPath(_ ids: [StackID]) {
        let shown = state.value.path.ids
        guard ids.count < shown.count, Array(shown.prefix(ids.count)) == ids else { return }
        change { $0.path.pop(from: shown[ids.count]) }
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
    /// The binding `NavigationStack(path:)` needs: reads the pushed screens' ids through
    /// `mirror` (a mirror of ``state``; a view redraws when they change, not when a screen's
    /// value does), and writes what the UI did through ``setPath(_:)``. Draw each screen with
    /// `.navigationDestination(for: StackID.self) { id in … mirror.value.path[id: id] … }`.
    public func pathBinding(_ mirror: ObservedState<NavigationState<Screen>>) -> FieldBinding<[StackID]> {
        FieldBinding(get: { mirror[dynamicMember: \.path.ids] }, set: { [weak self] in self?.setPath($0) })
    }

    /// The binding `.sheet(item:)` needs: reads the presented screen through `mirror`, and
    /// writes the user's dismissal through ``setPresented(_:)``.
    public func presentedBinding(_ mirror: ObservedState<NavigationState<Screen>>) -> FieldBinding<Screen?> {
        FieldBinding(get: { mirror.presented }, set: { [weak self] in self?.setPresented($0) })
    }
}
#endif
