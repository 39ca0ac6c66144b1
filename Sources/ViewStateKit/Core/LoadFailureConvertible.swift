/// An app's own error type that says which ``LoadFailure`` it is, so `LoadFailure(error)` (and
/// so every ``Loader``) keeps its reason and its words instead of reading it as `.other`.
///
/// ```swift
/// enum APIError: Error, LoadFailureConvertible {
///     case unauthorized
///     case gone(id: Int)
///     var loadFailure: LoadFailure {
///         switch self {
///         case .unauthorized: LoadFailure(.server, "please sign in again")
///         case .gone(let id): LoadFailure(.notFound, "item \(id) was removed")
///         }
///     }
/// }
/// ```
public protocol LoadFailureConvertible: Error {
    /// The failure a screen shows for this error: its reason and a message a person can read.
    var loadFailure: LoadFailure { get }
}
