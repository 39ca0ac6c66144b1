import Dispatch
import Foundation
import ViewStateKit
internal import ViewStateKitSupport

/// A stubbed network that behaves like a real one: it serves the samples' JSON fixtures,
/// can be told per request to fail in any of the ways a real network fails, and can hold
/// replies until a test releases them.
///
/// Completion handlers run on `deliveryQueue` (a serial background queue by default, like a
/// URLSession delegate queue), or synchronously on the caller's thread when it is `nil`.
/// Time passes on `clock`: a `.delayed` reply arrives after its delay, and one slower than
/// `requestTimeout` fails with `Failure.timeout` once the timeout has passed. Tests pass a
/// `ManualClock` (ViewStateKitTesting) and advance it by hand.
public final class StubNetwork: @unchecked Sendable {
    // @unchecked: every mutable property is read and written only under `lock`.

    /// An HTTP method.
    public enum Method: String, Sendable {
        /// Read a resource.
        case get = "GET"
        /// Delete a resource.
        case delete = "DELETE"
    }

    /// What the network answers to one request.
    public enum Reply: Sendable, Equatable {
        /// The fixture server's answer (which may itself be a 404 for an unknown id).
        case normal
        /// The fixture server's answer with every list empty.
        case emptyList
        /// An HTTP error status, e.g. 404 or 500.
        case status(Int)
        /// The connection failed: no answer at all.
        case transportError
        /// No answer in time.
        case timeout
        /// A body that is not JSON (an HTML error page from a proxy).
        case malformed
        /// The first half of the normal body, as when a connection drops mid-transfer.
        case truncated
        /// Valid JSON whose ids are strings instead of numbers.
        case wrongTypes
        /// The normal answer, after this long on the network's clock — or a timeout, when
        /// that is longer than `requestTimeout`.
        case delayed(Duration)
    }

    /// A request that did not get a successful answer.
    public enum Failure: Error, Equatable {
        /// The server answered with this HTTP status.
        case status(Int)
        /// The connection failed.
        case transport
        /// The request timed out.
        case timeout
    }

    private struct Request {
        let method: Method
        let path: String
        let reply: Reply
        let isHeld: Bool
        /// The server's answer, read when the request is made (a held reply is the server's
        /// state at that moment, delivered late, as on a slow network).
        var answer: Result<Data, any Error> = .failure(Failure.transport)
    }

    private let lock = NSLock()
    private let server = FixtureServer()
    private let deliveryQueue: DispatchQueue?
    private let clock: any Clock<Duration>
    private var timeout = Duration.seconds(10)
    private var plans: [(prefix: String, reply: Reply)] = []
    private var sent: [Request] = []
    private var holding = false
    /// Each request's completion until it is answered: the mechanism `FakeReplies` (in
    /// ViewStateKitTesting) is built on, with the same request numbers as `sent`.
    private let replies = ReplyQueue<Data>()

    /// A network serving the fixtures; `deliveryQueue: nil` calls back synchronously.
    public init(deliveryQueue: DispatchQueue? = DispatchQueue(label: "StubNetwork.delivery"),
                clock: any Clock<Duration> = ContinuousClock()) {
        self.deliveryQueue = deliveryQueue
        self.clock = clock
    }

    /// How long a request waits for a `.delayed` reply before failing with
    /// `Failure.timeout` (10 seconds by default, like a short URLRequest timeout).
    public var requestTimeout: Duration {
        get { lock.withLock { timeout } }
        set { lock.withLock { timeout = newValue } }
    }

    /// Queues `replies` for the next requests whose path starts with `prefix`, one per request,
    /// in order. Requests with no planned reply get `.normal`.
    public func plan(_ replies: Reply..., for prefix: String = "/") {
        lock.withLock { plans += replies.map { (prefix, $0) } }
    }

    /// While `true`, replies are held until `release(_:)`; setting it to `false` does not
    /// release the replies already held.
    public var holdsReplies: Bool {
        get { lock.withLock { holding } }
        set { lock.withLock { holding = newValue } }
    }

    /// Every request made so far, as `"GET /bookmarks"`, in order.
    public var requests: [String] {
        lock.withLock { sent.map { "\($0.method.rawValue) \($0.path)" } }
    }

    /// Delivers the held reply of request `index` (0-based, in request order). Releasing a
    /// request twice, or one that does not exist, does nothing.
    public func release(_ index: Int) {
        guard let answer = lock.withLock({ sent.indices.contains(index) ? sent[index].answer : nil }) else { return }
        replies.release(index, with: answer)
    }

    /// Returns once `count` requests have been made in all (at once if they have). An `async`
    /// request is made when its task first runs, so wait for it before releasing its reply.
    public func waitForRequests(_ count: Int) async {
        _ = await replies.waitForCount(count)
    }

    /// Returns once every reply released so far has been handed to its completion handler,
    /// and the main actor has run what those handlers enqueued on it before this call resumes.
    public func flush() async {
        guard let deliveryQueue else { return }
        await withCheckedContinuation { continuation in
            deliveryQueue.async { continuation.resume() }
        }
    }

    /// Sends a request; `completion` is called once with the body or the failure.
    public func send(_ method: Method, _ path: String, completion: @escaping @Sendable (Result<Data, any Error>) -> Void) {
        answerUnlessHeld(record(method, path, completion))
    }

    /// Sends a request and returns the body; throws the failure. Cancelling the awaiting task
    /// ends the request at once with `CancellationError`.
    public func send(_ method: Method, _ path: String) async throws -> Data {
        let index = Locked<Int?>(nil)  // set inside the continuation, read by the cancellation handler
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let made = record(method, path) { continuation.resume(with: $0) }
                index.withLock { $0 = made }
                if Task.isCancelled { replies.release(made, with: .failure(CancellationError())) }
                answerUnlessHeld(made)
            }
        } onCancel: {
            replies.release(index.withLock { $0 }, with: .failure(CancellationError()))
        }
    }

    /// Records a request with its planned reply, the server's answer and its completion (on the
    /// delivery queue), and returns its index.
    private func record(_ method: Method, _ path: String,
                        _ completion: @escaping @Sendable (Result<Data, any Error>) -> Void) -> Int {
        let deliver: @Sendable (Result<Data, any Error>) -> Void = { [deliveryQueue] result in
            if let deliveryQueue {
                deliveryQueue.async { completion(result) }
            } else {
                completion(result)
            }
        }
        return lock.withLock {
            let planned = plans.firstIndex { path.hasPrefix($0.prefix) }
            let reply = planned.map { plans.remove(at: $0).reply } ?? .normal
            var request = Request(method: method, path: path, reply: reply, isHeld: holding)
            request.answer = respondLocked(to: request)
            sent.append(request)
            return replies.enqueue(deliver)  // under `lock`, so the numbers stay those of `sent`
        }
    }

    /// Answers request `index` now, or after its delay, unless it is held.
    private func answerUnlessHeld(_ index: Int) {
        let (request, limit) = lock.withLock { (sent[index], timeout) }
        if request.isHeld { return }
        if case .delayed(let delay) = request.reply {
            Task { [clock] in
                try? await clock.sleep(for: min(delay, limit))
                release(index)
            }
        } else {
            release(index)
        }
    }

    /// The answer to `request`; called with `lock` held.
    private func respondLocked(to request: Request) -> Result<Data, any Error> {
        // A request planned to fail never reaches the server: a refused DELETE removes nothing.
        switch request.reply {
        case .status(let code): return .failure(Failure.status(code))
        case .transportError: return .failure(Failure.transport)
        case .timeout: return .failure(Failure.timeout)
        case .delayed(let delay) where delay > timeout: return .failure(Failure.timeout)
        case .normal, .emptyList, .malformed, .truncated, .wrongTypes, .delayed: break
        }
        let answer = server.respond(request.method, request.path, emptyLists: request.reply == .emptyList)
        guard (200..<300).contains(answer.status) else { return .failure(Failure.status(answer.status)) }
        switch request.reply {
        case .malformed:
            return .success(Data("<html><body>502 Bad Gateway</body></html>".utf8))
        case .truncated:
            return .success(answer.body.prefix(answer.body.count / 2))
        case .wrongTypes:
            let text = String(decoding: answer.body, as: UTF8.self)
            let stringIDs = text.replacingOccurrences(of: #""id":(\d+)"#, with: #""id":"$1""#, options: .regularExpression)
            return .success(Data(stringIDs.utf8))
        default:
            return .success(answer.body)
        }
    }
}
