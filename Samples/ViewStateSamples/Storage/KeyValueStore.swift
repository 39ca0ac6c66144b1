import Foundation

/// Where small settings live between launches: `UserDefaults` in an app, `MemoryKeyValueStore`
/// in tests and the CLI. Values are raw bytes; each screen decides their format and treats an
/// unreadable value as absent.
public protocol KeyValueStore: AnyObject {
    /// The bytes stored under `key`, or `nil` when nothing is.
    func data(forKey key: String) -> Data?
    /// Stores `data` under `key`, replacing what was there.
    func set(_ data: Data, forKey key: String)
}

extension UserDefaults: KeyValueStore {
    /// Stores `data` under `key` (the `KeyValueStore` spelling of `set(_:forKey:)`).
    public func set(_ data: Data, forKey key: String) {
        set(data as Any, forKey: key)
    }
}

/// A `KeyValueStore` in memory, for tests and the CLI.
public final class MemoryKeyValueStore: KeyValueStore {
    /// Everything stored, by key.
    public private(set) var values: [String: Data]

    /// A store holding `values` (empty by default).
    public init(_ values: [String: Data] = [:]) {
        self.values = values
    }

    /// The bytes stored under `key`.
    public func data(forKey key: String) -> Data? {
        values[key]
    }

    /// Stores `data` under `key`.
    public func set(_ data: Data, forKey key: String) {
        values[key] = data
    }
}
