#if canImport(SwiftUI)
import SwiftUI

// Compiled only where SwiftUI exists (Apple platforms), and type-checked on Linux against the
// stand-ins (`scripts/check-apple-code`). What these modifiers read and send is tested on Linux:
// `ScopedReactor` and its `dismiss()` (`Tests/ViewStateKitTests/ScopedReactorTests.swift`), and
// `PresentationAction.button(_:)`, which an alert's taps send.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension View {
    /// Shows `alert` while the state holds it, as an alert or a confirmation dialog by its
    /// style. A tap on a button sends `send(.button(action))`: `.presented(action)`, or
    /// `.dismiss` for a button without one (OK, Cancel). Declared as a ``ChildPlace/alert(state:action:)``
    /// place, the alert is cleared by that action; the presentation is a constant of this
    /// render, so the state, not SwiftUI, says whether it shows.
    /// - Parameters:
    ///   - alert: the alert in the state, or `nil`.
    ///   - send: sends the alert's ``PresentationAction`` to the reactor: `{ app.send(.alert($0)) }`.
    @MainActor
    public func alert<ButtonAction>(_ alert: AlertState<ButtonAction>?,
                                    send: @escaping @MainActor (PresentationAction<ButtonAction>) -> Void) -> some View {
        self
            .alert(alert?.title ?? "", isPresented: .constant(alert?.style == .alert), presenting: alert) { alert in
                AlertStateButtons(alert: alert, send: send)
            } message: { alert in
                Text(alert.message ?? "")
            }
            .confirmationDialog(alert?.title ?? "", isPresented: .constant(alert?.style == .confirmationDialog),
                                titleVisibility: .visible, presenting: alert) { alert in
                AlertStateButtons(alert: alert, send: send)
            } message: { alert in
                Text(alert.message ?? "")
            }
    }

    /// Shows the alert or confirmation dialog a scope holds — an alert place's
    /// (``ScopeParent/scope(presented:action:)`` at its field) or an alert among a sheet's
    /// destinations (``ScopeParent/scope(ifCase:action:)`` of its case) — while it is there. A
    /// button with an action sends it through the scope; one without (OK, Cancel) dismisses the
    /// alert, or the destination holding it (``ScopedReactor/dismiss()``).
    /// - Parameter alert: the alert's scope, or `nil` when there is none.
    @MainActor
    public func alert<ButtonAction>(_ alert: ScopedReactor<ButtonAction, AlertState<ButtonAction>>?) -> some View {
        self.alert(alert?.isPresent == true ? alert?.value : nil) { tap in
            switch tap {
            case .presented(let action): alert?.send(action)
            case .dismiss: alert?.dismiss()
            }
        }
    }

    /// Presents `child` as a sheet while it is there (a ``ScopeParent/scope(presented:action:)``
    /// scope); the user pulling the sheet down sends its dismissal (``ScopedReactor/dismiss()``).
    /// - Parameters:
    ///   - child: the presented child's scope, or `nil` when nothing is presented.
    ///   - content: the child's view, given its scope.
    @MainActor
    public func sheet<ChildAction, ChildState, Content: View>(
        _ child: ScopedReactor<ChildAction, ChildState>?,
        @ViewBuilder content: @escaping (ScopedReactor<ChildAction, ChildState>) -> Content) -> some View {
        sheet(isPresented: Binding(FieldBinding(get: { child != nil }, set: { isPresented in
            if !isPresented, child?.isPresent == true { child?.dismiss() }
        }))) {
            if let child { content(child) }
        }
    }
}

/// An ``AlertState``'s buttons, each sending its ``PresentationAction`` when tapped.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
private struct AlertStateButtons<ButtonAction>: View {
    let alert: AlertState<ButtonAction>
    let send: @MainActor (PresentationAction<ButtonAction>) -> Void

    var body: some View {
        ForEach(Array(alert.shownButtons.enumerated()), id: \.offset) { _, button in
            switch button.role {
            case .cancel?: Button(button.title, role: .cancel) { send(.button(button.action)) }
            case .destructive?: Button(button.title, role: .destructive) { send(.button(button.action)) }
            case nil: Button(button.title) { send(.button(button.action)) }
            }
        }
    }
}
#endif
