/// A view that draws whatever ``ViewState`` it is given.
///
/// Conform a view controller or view to it and switch on the state in ``render(_:)``; bind it
/// to a logic controller's cell with `bind(to:)`, or to the ``ViewState`` inside a larger state
/// (a reactor's) with `bind(to:_:)`.
///
/// A renderer draws a ``ViewState`` — `render(_ state: ViewState<Content>)` — never a whole
/// state of another shape: a `render(_ state: MyReactor.State)` does not conform, and Swift says
/// "type … does not conform to protocol 'Renderer'" with "protocol requires nested type
/// 'Content'". For a reactor whose state is a struct, keep a `ViewState` field in it and bind
/// to that field (`reactor.state.bind(to: view, \.stores)`), or observe the whole state with
/// `reactor.state.observe { … }` and no renderer.
@MainActor
public protocol Renderer: AnyObject {
    /// What the screen shows when it is presenting.
    associatedtype Content

    /// Draws `state`. Called once when bound (with the current state), then once per state sent.
    func render(_ state: ViewState<Content>)
}
