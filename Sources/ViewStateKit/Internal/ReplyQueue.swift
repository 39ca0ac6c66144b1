import Foundation

/// Replies held until someone releases them: the one mechanism behind ViewStateKitTesting's
/// `FakeReplies` and the samples' stub network. Each request gets an index, in request order;
/// releasing an index calls that request's completion once. Safe from any thread.
package final class ReplyQueue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every mutable property is read and written only under `lock`.
    package typealias Completion = @Sendable (Result<Value, any Error>) -> Void

    private let lock = NSLock()
    /// Each request's completion, until it is answered.
    private var completions: [Completion?] = []
    private var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    package init() {}

    /// How many requests have been made.
    package var count: Int {
        lock.withLock { completions.count }
    }

    /// Records a request answered by `completion`, and returns its index.
    @discardableResult
    package func enqueue(_ completion: @escaping Completion) -> Int {
        let (index, ready) = lock.withLock {
            completions.append(completion)
            let count = completions.count
            let ready = countWaiters.filter { $0.count <= count }.map(\.continuation)
            countWaiters.removeAll { $0.count <= count }
            return (count - 1, ready)
        }
        ready.forEach { $0.resume() }
        return index
    }

    /// Makes a request and waits for its reply. Cancelling the waiting task ends the request at
    /// once with `CancellationError`; a later release of it does nothing.
    package func next() async throws -> Value {
        let index = LockedSlot<Int>()  // set inside the continuation, read by the cancellation handler
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                index.value = enqueue { continuation.resume(with: $0) }
                if Task.isCancelled { release(index.value, with: .failure(CancellationError())) }
            }
        } onCancel: {
            if let value = index.value { release(value, with: .failure(CancellationError())) }
        }
    }

    /// Calls request `index`'s completion with `result`. Returns `false`, doing nothing, for a
    /// request that does not exist or was already answered.
    @discardableResult
    package func release(_ index: Int?, with result: Result<Value, any Error>) -> Bool {
        let completion: Completion? = lock.withLock {
            guard let index, completions.indices.contains(index) else { return nil }
            defer { completions[index] = nil }
            return completions[index]
        }
        completion?(result)
        return completion != nil
    }


    /// Returns once `count` requests have been made in all (at once if they have).
    package func waitForCount(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock {
                if completions.count >= count { return true }
                countWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
