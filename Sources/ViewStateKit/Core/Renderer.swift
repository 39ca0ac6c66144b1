/// A view that draws whatever ``ViewState`` it is given.
///
/// Conform a view controller or view to it and switch on the state in ``render(_:)``; bind it
/// to a logic controller's cell with `bind(to:)`, or to the ``ViewState`` inside a larger state
/// (a reactor's) with `bind(to:_:)`.
@MainActor
public protocol Renderer: AnyObject {
    /// What the screen shows when it is presenting.
    associatedtype Content

    /// Draws `state`. Called once when bound (with the current state), then once per state sent.
    func render(_ state: ViewState<Content>)
}
