import Foundation

/// A value read and written only under a lock, from any thread.
final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
