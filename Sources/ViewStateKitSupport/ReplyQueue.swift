/// Replies held until someone releases them: the one mechanism behind ViewStateKitTesting's
/// `FakeReplies` and the samples' stub network. Each request gets an index, in request order;
/// releasing an index calls that request's completion once. Safe from any thread.
package final class ReplyQueue<Value: Sendable>: Sendable {
    package typealias Completion = @Sendable (Result<Value, any Error>) -> Void

    private struct State {
        /// Each request's completion, until it is answered.
        var completions: [Completion?] = []
        var countWaiters = CountWaiters()
    }
    private let state = Locked(State())

    package init() {}

    /// How many requests have been made.
    package var count: Int {
        state.withLock { $0.completions.count }
    }

    /// Records a request answered by `completion`, and returns its index.
    @discardableResult
    package func enqueue(_ completion: @escaping Completion) -> Int {
        let (index, ready) = state.withLock {
            $0.completions.append(completion)
            return ($0.completions.count - 1, $0.countWaiters.reached($0.completions.count))
        }
        ready.forEach { $0.end(true) }
        return index
    }

    /// Makes a request and waits for its reply. Cancelling the waiting task ends the request at
    /// once with `CancellationError`; a later release of it does nothing.
    package func next() async throws -> Value {
        let index = Locked<Int?>(nil)  // set inside the continuation, read by the cancellation handler
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let made = enqueue { continuation.resume(with: $0) }
                index.withLock { $0 = made }
                if Task.isCancelled { release(made, with: .failure(CancellationError())) }
            }
        } onCancel: {
            if let made = index.withLock({ $0 }) { release(made, with: .failure(CancellationError())) }
        }
    }

    /// Calls request `index`'s completion with `result`. Returns `false`, doing nothing, for a
    /// request that does not exist or was already answered.
    @discardableResult
    package func release(_ index: Int?, with result: Result<Value, any Error>) -> Bool {
        let completion: Completion? = state.withLock { state in
            guard let index, state.completions.indices.contains(index) else { return nil }
            defer { state.completions[index] = nil }
            return state.completions[index]
        }
        completion?(result)
        return completion != nil
    }

    /// Returns `true` once `count` requests have been made in all (at once if they have), or
    /// `false` after `limit` of real time; never gives up without a limit.
    package func waitForCount(_ count: Int, within limit: Duration? = nil,
                              isolation: isolated (any Actor)? = #isolation) async -> Bool {
        await wait(within: limit) { gate in
            if state.withLock({ $0.countWaiters.add(gate, until: count, current: $0.completions.count) }) {
                gate.end(true)
            }
        }
    }
}
