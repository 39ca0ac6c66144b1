import Foundation

/// A value read and written only under a lock, from any thread: the one lock type of the
/// testing module and the samples. A class holding its mutable state in a `Locked` is
/// `Sendable` without an `@unchecked` of its own.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only under `lock`. Inlinable, so the testing
    // module's per-job bookkeeping calls it specialised, as it called its own locks before.
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock; `body` must not call out to code that could
    /// take the same lock.
    @inlinable
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
