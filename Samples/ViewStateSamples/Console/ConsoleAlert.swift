import ViewStateKit

extension AlertState {
    /// The alert as the console draws it: its title and message on one line, then its buttons
    /// numbered from 1 (an alert without buttons has one "OK"), a role after the title:
    /// `alert: Empty the basket? — 6 items will be removed. | [1] Empty (destructive) [2] Cancel (cancel)`.
    var consoleLine: String {
        let kind = style == .alert ? "alert" : "dialog"
        let message = message.map { " — \($0)" } ?? ""
        let choices = shownButtons.enumerated().map { index, button in
            "[\(index + 1)] \(button.title)" + (button.role.map { " (\($0))" } ?? "")
        }
        return "\(kind): \(title)\(message) | " + choices.joined(separator: " ")
    }

    /// What tapping the button titled `title` sends: its action, or `nil` (it only dismisses,
    /// as does a title the alert does not have).
    func tap(_ title: String) -> Action? {
        shownButtons.first { $0.title == title }?.action
    }
}
