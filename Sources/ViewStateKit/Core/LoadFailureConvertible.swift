/// An app's own error type that says which ``LoadFailure`` it is, so `LoadFailure(error)` (and
/// so every ``Loader``) keeps its reason and its words instead of reading it as `.other`.
///
/// ```swift
/// enum APIError: Error, LoadFailureConvertible {
///     case unauthorized
///     var loadFailure: LoadFailure { LoadFailure(.server, "please sign in again") }
/// }
/// ```
public protocol LoadFailureConvertible: Error {
    /// The failure a screen shows for this error: its reason and a message a person can read.
    var loadFailure: LoadFailure { get }
}
