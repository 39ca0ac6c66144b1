/// An alert or a confirmation dialog as part of a screen's state: a title, a message and
/// buttons, each naming the action its tap sends. The reactor sets it to show the alert; the
/// view draws it while the state holds it (SwiftUI's `.alert`, a console's numbered choices), so
/// a test asserts it like any field.
///
/// Declared as a child place (`ChildPlace.alert(state:action:)`), it is cleared as soon
/// as a button is tapped, and the reactor only reacts to the button's action (the basket
/// sample). Without one, a reactor clears it itself: a tap sends the reactor's one alert action
/// with the button's action, or `nil` for a button without one (OK, Cancel) and for a
/// dismissal without a tap, and that action dismisses the alert:
///
/// ```swift
/// struct State: Equatable {
///     var items = ["a", "b"]
///     var alert: AlertState<Action.Alert>?
/// }
/// enum Action: Equatable, Sendable {
///     case deleteTapped, alert(Alert?)
///     enum Alert: Equatable, Sendable { case confirmDelete, archiveInstead }
/// }
/// // …
/// static let confirm = AlertState<Action.Alert>(.confirmationDialog, title: "Delete all?", message: "This cannot be undone.",
/// buttons: [.destructive("Delete", action: .confirmDelete),
/// AlertButton("Archive", action: .archiveInstead),
/// .cancel("Cancel")])
///
/// override func mutate(action: Action) -> Effect<Mutation> {
///     switch action {
///     case .deleteTapped: .mutation(.showAlert(Self.confirm))
///     case .alert(.confirmDelete?): .mutations(.dismissAlert, .deleteAll)
///     case .alert(.archiveInstead?): .mutations(.dismissAlert, .archive)
///     case .alert(nil): .mutation(.dismissAlert)
///     }
/// }
/// ```
public struct AlertState<Action> {
    /// How the alert is drawn.
    public enum Style: Sendable, Equatable {
        /// A centred alert (SwiftUI's `.alert`).
        case alert
        /// A sheet of choices from the bottom (SwiftUI's `.confirmationDialog`).
        case confirmationDialog
    }

    /// How it is drawn.
    public var style: Style
    /// Its title.
    public var title: String
    /// The text under the title, if any.
    public var message: String?
    /// Its buttons, in order. An alert without buttons is drawn with one "OK" that sends `nil`.
    public var buttons: [AlertButton<Action>]

    /// An alert or dialog with these parts.
    /// - Parameters:
    ///   - style: `.alert` (the default) or `.confirmationDialog`.
    ///   - title: its title.
    ///   - message: the text under the title, if any.
    ///   - buttons: its buttons, in order; none draws one "OK".
    public init(_ style: Style = .alert, title: String, message: String? = nil, buttons: [AlertButton<Action>] = []) {
        self.style = style
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// The buttons as a view draws them: the alert's own, or one "OK" that only dismisses.
    public var shownButtons: [AlertButton<Action>] {
        buttons.isEmpty ? [AlertButton("OK")] : buttons
    }
}

/// One button of an ``AlertState``: its title, its role, and the action its tap sends.
public struct AlertButton<Action> {
    /// What the button does, for how it is drawn.
    public enum Role: Sendable, Equatable {
        /// Cancels: drawn apart, and what dismissing without a tap means.
        case cancel
        /// Destroys data: drawn in red.
        case destructive
    }

    /// Its title.
    public var title: String
    /// Its role, if any.
    public var role: Role?
    /// The action its tap sends, or `nil` to only dismiss.
    public var action: Action?

    /// A button titled `title` that sends `action` (or only dismisses, without one).
    public init(_ title: String, role: Role? = nil, action: Action? = nil) {
        self.title = title
        self.role = role
        self.action = action
    }

    /// A cancel button: it only dismisses, unless given an action.
    public static func cancel(_ title: String, action: Action? = nil) -> AlertButton {
        AlertButton(title, role: .cancel, action: action)
    }

    /// A destructive button that sends `action`.
    public static func destructive(_ title: String, action: Action) -> AlertButton {
        AlertButton(title, role: .destructive, action: action)
    }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Sendable where Action: Sendable {}
extension AlertButton: Equatable where Action: Equatable {}
extension AlertButton: Sendable where Action: Sendable {}
