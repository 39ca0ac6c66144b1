import ViewStateKit
internal import ViewStateKitSupport

/// A service's replies, held until the test releases each one with a value or an error: the
/// stand-in for a network call, for `async` and completion-handler services alike.
///
/// ```swift
/// let replies = FakeReplies<[String]>()
/// let load = controller.load()            // the service calls `try await replies.next()`
/// await replies.waitForRequests(1)
/// replies.succeed(0, with: ["CU", "GS25"])
/// await load.value
/// ```
///
/// Requests are numbered from 0 in the order they are made. Cancelling a task waiting in
/// ``next()`` ends its request at once with `CancellationError`. Releasing a request that does
/// not exist, or twice, fails the test: a test that releases the wrong reply never passes by
/// accident. Waits fail after ``SafetyNet``'s limit instead of hanging. Safe from any task.
public final class FakeReplies<Value: Sendable>: Sendable {
    /// A reply as the test released it, with the followed work that follows the work it resumes.
    private struct Released: Sendable {
        let result: Result<Value, any Error>
        let waker: FollowedWork
    }

    private let queue = ReplyQueue<Released>()
    /// The Swift Testing test that made it: the test a release from code with no test of its own
    /// (a detached task, a Dispatch queue) belongs to, so only that test's advances wait for it.
    private let test = CallSite.currentTest

    /// No requests yet.
    public init() {}

    /// How many requests have been made.
    public var requestCount: Int { queue.count }

    /// For an `async` service: makes a request and waits for the test to release it.
    public func next() async throws -> Value {
        let released = try await queue.next()  // throws only when the waiting task is cancelled
        await released.waker.arrive()  // go on as the release's followed work
        return try released.result.get()
    }

    /// For a completion-handler service: makes a request; `completion` is called once, on the
    /// thread that releases it.
    public func next(completion: @escaping @Sendable (Result<Value, any Error>) -> Void) {
        queue.enqueue { answer in
            switch answer {
            case .success(let released):
                completion(released.result)  // on the releasing thread, inside its followed work
                released.waker.resumedInPlace()
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    /// Returns once `count` requests have been made in all — the code under test has asked —
    /// or fails the test after `timeLimit` of real time.
    public func waitForRequests(_ count: Int, timeLimit: Duration = SafetyNet.defaultLimit,
                                fileID: String = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) async {
        guard await queue.waitForCount(count, within: timeLimit) else {
            return CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
                "waitForRequests: \(requestCount) of \(count) requests made after \(timeLimit) of real time.")
        }
    }

    /// Answers request `index` with `value`.
    public func succeed(_ index: Int, with value: Value,
                        fileID: String = #fileID, filePath: StaticString = #filePath,
                        line: UInt = #line, column: UInt = #column) {
        release(index, .success(value), CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers request `index` with `error`.
    public func fail(_ index: Int, with error: any Error,
                     fileID: String = #fileID, filePath: StaticString = #filePath,
                     line: UInt = #line, column: UInt = #column) {
        release(index, .failure(error), CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func release(_ index: Int, _ result: Result<Value, any Error>, _ site: CallSite) {
        let step = FollowedStep("FakeReplies release of request \(index)", at: site)
        FollowedWork.beginStep(step)
        let resumed = FollowedWork(step)
        resumed.expectResumption()  // until the resumed request goes on, wherever it goes on
        let released = resumed.run { queue.release(index, with: .success(Released(result: result, waker: resumed))) }
        if !released { resumed.resumedInPlace() }  // nothing was waiting
        FollowedWork.settleLater(resumed, of: CallSite.currentTest ?? test)  // the test's next advance lets the resumed work rest first
        guard !released else { return }
        let made = requestCount
        site.fail((0..<made).contains(index)
            ? "FakeReplies: request \(index) was already answered (or cancelled)."
            : "FakeReplies: there is no request \(index); \(made) request\(made == 1 ? " was" : "s were") made.")
    }
}
