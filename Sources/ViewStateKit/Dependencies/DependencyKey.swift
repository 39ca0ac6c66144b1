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
    /// The value a test uses when it did not provide one: a fake that never reaches the real
    /// world (an in-memory store, a client that answers from fixtures, or one whose every
    /// endpoint fails the test). `nil`, the default: a test that uses the service without
    /// providing it fails, naming it (rule D1 of ``Dependencies``).
    ///
    /// With one, a test can replace a single endpoint of the service and keep the others fake:
    /// `Dependencies.test { $0.speech.authorizationStatus = { .denied } }`.
    static var testValue: Value? { get }
}

extension DependencyKey {
    /// No test value: a test that uses the service must provide it.
    public static var testValue: Value? { nil }
}

/// A built-in service's stand-in in a test that did not provide it (the test fails all the
/// same): a value that never touches the real world, instead of the live one.
package protocol StandInForTests {
    /// The stand-in, of the key's `Value` type.
    static var standIn: any Sendable { get }
}
