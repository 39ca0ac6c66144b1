extension StateCell where Value: Sendable {
    /// The current value, then every later value, in order and none lost, as an async sequence.
    ///
    /// Each access starts a new observation. It ends when the iteration ends or its task is
    /// cancelled (the cell drops the observer no later than its next send), and the sequence
    /// finishes when the cell is freed.
    public var values: AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .unbounded)
        let finisher = StreamFinisher(continuation)
        _ = register { value in
            if case .terminated = finisher.continuation.yield(value) { return false }
            return true
        }
        return stream
    }
}

/// Finishes a stream when the cell lets go of the observer that feeds it.
private final class StreamFinisher<Element: Sendable> {
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    deinit {
        continuation.finish()
    }
}
