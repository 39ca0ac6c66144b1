import Foundation

/// The clock effects sleep on; live: `ContinuousClock`.
public enum ClockKey: DependencyKey {
    /// The continuous clock.
    public static var liveValue: any Clock<Duration> { ContinuousClock() }
}

/// What "now" is; live: `Date()`.
public enum DateKey: DependencyKey {
    /// The system's date.
    public static var liveValue: DateGenerator { DateGenerator { Date() } }
}

/// Where new ids come from; live: `UUID()`.
public enum UUIDKey: DependencyKey {
    /// Random UUIDs.
    public static var liveValue: UUIDGenerator { UUIDGenerator { UUID() } }
}

/// Makes the current date: `let now = date()`.
public struct DateGenerator: Sendable {
    private let make: @Sendable () -> Date

    /// A generator calling `make`.
    public init(_ make: @escaping @Sendable () -> Date) {
        self.make = make
    }

    /// The date now.
    public func callAsFunction() -> Date { make() }
}

/// Makes new ids: `let id = uuid()`.
public struct UUIDGenerator: Sendable {
    private let make: @Sendable () -> UUID

    /// A generator calling `make`.
    public init(_ make: @escaping @Sendable () -> UUID) {
        self.make = make
    }

    /// A new id.
    public func callAsFunction() -> UUID { make() }
}

extension Dependencies {
    /// The clock effects sleep on.
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }

    /// What "now" is.
    public var date: DateGenerator {
        get { self[DateKey.self] }
        set { self[DateKey.self] = newValue }
    }

    /// Where new ids come from.
    public var uuid: UUIDGenerator {
        get { self[UUIDKey.self] }
        set { self[UUIDKey.self] = newValue }
    }
}
