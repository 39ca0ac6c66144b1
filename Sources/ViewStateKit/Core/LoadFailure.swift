import Foundation

/// Why a screen could not show its content: a reason a renderer can branch on, and a
/// message it can show.
///
/// ``description`` reads `"<reason> — <message>"`, e.g. `"not found — category 999"`.
public struct LoadFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is, so a renderer can choose an icon, a retry button or a
    /// different screen. The raw value is a short human-readable phrase.
    public enum Reason: String, Equatable, Sendable, CaseIterable {
        /// The thing asked for does not exist (an unknown id, an HTTP 404).
        case notFound = "not found"
        /// The request never got a usable answer (offline, connection lost, transport error).
        case network
        /// The server answered with an error (an HTTP 5xx, a rejected change).
        case server = "server error"
        /// The request took longer than allowed.
        case timeout = "timed out"
        /// An answer arrived but could not be read (malformed, truncated or wrongly typed data).
        case badData = "bad data"
        /// The load was cancelled before it finished.
        case cancelled
        /// Any other error; the message carries the error's own description.
        case other
    }

    /// The kind of failure.
    public var reason: Reason
    /// A human-readable sentence or phrase saying what went wrong.
    public var message: String

    /// A failure with the given reason and message.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The failure `Loader.cancel()` publishes.
    public static let cancelled = LoadFailure(.cancelled, "the load was cancelled")

    /// Classifies any error, first match wins:
    /// - a ``LoadFailure`` is kept as it is;
    /// - a ``LoadFailureConvertible`` error (an app's own error type) says which failure it is;
    /// - `CancellationError` becomes `.cancelled`;
    /// - `DecodingError` becomes `.badData` with the failing field's path;
    /// - `URLError` becomes `.timeout`, `.cancelled` or `.network`;
    /// - a `LocalizedError` with an `errorDescription` becomes `.other` with that description;
    /// - anything else becomes `.other` with the error's own description.
    public init(_ error: any Error) {
        switch error {
        case let failure as LoadFailure:
            self = failure
        case let convertible as any LoadFailureConvertible:
            self = convertible.loadFailure
        case is CancellationError:
            self = .cancelled
        case let decoding as DecodingError:
            self.init(.badData, LoadFailure.describe(decoding))
        case let url as URLError:
            switch url.code {
            case .timedOut: self.init(.timeout, "the request timed out")
            case .cancelled: self = .cancelled
            default: self.init(.network, url.localizedDescription)
            }
        case let localized as any LocalizedError where localized.errorDescription != nil:
            self.init(.other, localized.errorDescription ?? "")
        default:
            self.init(.other, String(describing: error))
        }
    }

    /// `"<reason> — <message>"`.
    public var description: String { "\(reason.rawValue) — \(message)" }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            // `[0].books[1].id`: an index follows its array's name without a dot.
            let path = context.codingPath.reduce(into: "") { path, key in
                if let index = key.intValue {
                    path += "[\(index)]"
                } else {
                    path += (path.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return path.isEmpty ? "the top level" : path
        }
        switch error {
        case .dataCorrupted(let context):
            return "unreadable data at \(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing field \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "unreadable data"
        }
    }
}
