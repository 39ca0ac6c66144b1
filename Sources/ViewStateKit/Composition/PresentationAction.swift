/// An action for a presented child (a sheet, a full-screen cover, an alert, a dialog), as a
/// parent's action carries it: an action of the child, or the user dismissing it (a sheet
/// pulled down, an alert's button without an action). A parent declares one case for it
/// (`case destination(PresentationAction<Destination.Action>)`) and the child's ``ChildPlace``
/// routes it; the parent sees it after the child, to react (`case .destination(.dismiss)`).
public enum PresentationAction<ChildAction> {
    /// An action of the presented child; when nothing is presented it changes nothing, and
    /// says so (a debug warning in an app, a failure in a `ReactorTester` test).
    case presented(ChildAction)
    /// The user dismissed the child: it is set to `nil` and its work cancelled.
    case dismiss
}

extension PresentationAction: Equatable where ChildAction: Equatable {}
extension PresentationAction: Sendable where ChildAction: Sendable {}

extension PresentationAction {
    /// What a tap on an ``AlertState``'s button sends: the button's action, presented, or
    /// `.dismiss` for a button without one (OK, Cancel) and for a dismissal without a tap.
    /// - Parameter action: the tapped button's action, or `nil`.
    public static func button(_ action: ChildAction?) -> PresentationAction {
        action.map { .presented($0) } ?? .dismiss
    }
}
