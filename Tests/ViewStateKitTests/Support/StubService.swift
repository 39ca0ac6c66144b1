import Dispatch
import ViewStateKit

/// A completion-handler service that keeps every request until the test releases its reply,
/// on the calling (main) thread or on a background queue.
@MainActor
final class StubService<Reply: Sendable> {
    private var pending: [Loader<Reply>.Completion] = []

    /// How many requests have been made.
    private(set) var requestCount = 0

    func fetch(completion: @escaping Loader<Reply>.Completion) {
        requestCount += 1
        pending.append(completion)
    }

    /// Calls request `index`'s completion with `result`, now or on `queue`.
    func release(_ index: Int, with result: Result<Reply, any Error>, on queue: DispatchQueue? = nil) {
        let completion = pending[index]
        if let queue {
            queue.async { completion(result) }
        } else {
            completion(result)
        }
    }
}

/// A reply an `async` stub returns once the test sends it. Waiting ends in
/// `CancellationError` when the waiting task is cancelled.
final class PendingReply<Value: Sendable>: Sendable {
    private let stream: AsyncStream<Result<Value, any Error>>
    private let continuation: AsyncStream<Result<Value, any Error>>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    func value() async throws -> Value {
        for await result in stream { return try result.get() }
        throw CancellationError()
    }

    func send(_ result: Result<Value, any Error>) {
        continuation.yield(result)
    }
}

/// Notes when it is freed, for leak checks through a weak reference.
final class Tracked {}
