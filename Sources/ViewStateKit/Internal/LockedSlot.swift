import Foundation

/// One optional value that two tasks hand over: set on one thread, read on another. A request's
/// index, set inside a continuation and read by its cancellation handler; a task's value, carried
/// out of the task that waited for it.
package final class LockedSlot<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` is read and written only under `lock`.
    private let lock = NSLock()
    private var stored: Value?

    package init() {}

    /// The value, once it has been set.
    package var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
