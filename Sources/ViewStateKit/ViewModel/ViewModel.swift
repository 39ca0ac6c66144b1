/// The Input → Output view model: `transform` wires a screen's inputs (``Events`` for taps,
/// ``StateCell``s for values such as text fields) to its outputs (cells the view binds, events
/// it reacts to, such as navigation).
///
/// A view model keeps the observation tokens its wiring creates, so the wiring lives exactly as
/// long as the view model does.
@MainActor
public protocol ViewModel: AnyObject {
    /// What the view feeds in.
    associatedtype Input
    /// What the view binds and reacts to.
    associatedtype Output

    /// Connects `input` to the returned outputs.
    func transform(_ input: Input) -> Output
}
