/// A service a screen uses — a clock, the current date, a uuid generator, the app's own API or
/// storage — named by a type: the key a ``Dependencies`` value stores it under, and the value
/// used when nobody provided one (the live one, in the app).
///
/// The meetings sample's storage:
///
/// ```swift
/// public enum MeetingsStorageKey: DependencyKey {
///     // …
///     public static var liveValue: SharedStorage<[Meeting]> {
///         // …
///     }
/// }
///
/// extension Dependencies {
///     /// Where the meetings app saves its meetings.
///     public var meetingsStorage: SharedStorage<[Meeting]> {
///         get { self[MeetingsStorageKey.self] }
///         set { self[MeetingsStorageKey.self] = newValue }
///     }
/// }
/// ```
public protocol DependencyKey {
    /// The service's type.
    associatedtype Value: Sendable
    /// The value an app uses when nothing else was provided.
    static var liveValue: Value { get }
}
