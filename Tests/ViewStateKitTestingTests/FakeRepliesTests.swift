import Testing
import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

/// A screen loading its stores through an `async` service backed by fake replies.
@MainActor
final class FakeStoresController {
    let state = StateCell<ViewState<[String]>>(.loading)
    private let loader: Loader<[String]>
    private let replies: FakeReplies<[String]>

    init(replies: FakeReplies<[String]>) {
        self.replies = replies
        loader = Loader(into: state)
    }

    @discardableResult
    func load() -> Task<Void, Never> {
        let replies = self.replies
        return loader.load { try await replies.next() }
    }

    @discardableResult
    func loadWithCompletion() -> Task<Void, Never> {
        let replies = self.replies
        return loader.load { done in replies.next(completion: done) }
    }
}

@Suite("FakeReplies and awaitable recorders")
@MainActor
struct FakeRepliesTests {
    @Test("an async reply is held until the test releases it; the doc comment's example")
    func asyncReply() async {
        let replies = FakeReplies<[String]>()
        let controller = FakeStoresController(replies: replies)
        let states = StateRecorder(controller.state)
        let load = controller.load()            // the service calls `try await replies.next()`
        await replies.waitForRequests(1)
        replies.succeed(0, with: ["CU", "GS25"])
        await load.waitForCompletion()
        states.expect([.loading, .presenting(["CU", "GS25"])])
    }

    @Test("a completion-handler reply, released with an error")
    func completionReply() async {
        let replies = FakeReplies<[String]>()
        let controller = FakeStoresController(replies: replies)
        let states = StateRecorder(controller.state)
        let load = controller.loadWithCompletion()
        #expect(replies.requestCount == 1)
        replies.fail(0, with: LoadFailure(.network, "offline"))
        await load.waitForCompletion()
        states.expect([.loading, .failed(LoadFailure(.network, "offline"))])
    }

    @Test("a superseded load's request is cancelled: its late release fails the test as already answered")
    func cancelledRequest() async {
        let replies = FakeReplies<[String]>()
        let controller = FakeStoresController(replies: replies)
        let states = StateRecorder(controller.state)
        let older = controller.load()
        await replies.waitForRequests(1)
        let newer = controller.load()
        await older.waitForCompletion()  // cancelled: its request ended with CancellationError
        await replies.waitForRequests(2)
        replies.succeed(1, with: ["new"])
        await newer.waitForCompletion()
        withKnownIssue {
            replies.succeed(0, with: ["late"])
        } matching: { message(of: $0) == "FakeReplies: request 0 was already answered (or cancelled)." }
        withKnownIssue {
            replies.succeed(5, with: [])
        } matching: { message(of: $0) == "FakeReplies: there is no request 5; 2 requests were made." }
        states.expect([.loading, .presenting(["new"])])
    }

    @Test("waitForRequests fails after its time limit when the code never asks")
    func waitForRequestsTimeLimit() async {
        let replies = FakeReplies<Int>()
        await withKnownIssue {
            await replies.waitForRequests(1, timeLimit: .milliseconds(20))
        } matching: { message(of: $0) == "waitForRequests: 0 of 1 requests made after 0.02 seconds of real time." }
    }

    @Test("a recorder waits for the next N values, and fails after its time limit when they never come")
    func recorderWaits() async {
        let replies = FakeReplies<[String]>()
        let controller = FakeStoresController(replies: replies)
        let states = StateRecorder(controller.state)
        controller.load()
        await replies.waitForRequests(1)
        let released = Task { replies.succeed(0, with: ["CU"]) }
        await states.waitForValues(2)
        states.expect([.loading, .presenting(["CU"])])
        await released.waitForCompletion()
        await withKnownIssue {
            await states.waitForValues(3, timeLimit: .milliseconds(20))
        } matching: { message(of: $0) == "waitForValues: 2 of 3 values recorded after 0.02 seconds of real time." }
    }
}

extension FakeRepliesTests {
    @Test("a request made by a task already cancelled ends at once with CancellationError")
    func requestFromCancelledTask() async {
        let replies = FakeReplies<Int>()
        let request = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                _ = try await replies.next()
                return "answered"
            } catch {
                return "\(type(of: error))"
            }
        }
        #expect(await request.waitForCompletion() == "CancellationError")
        #expect(replies.requestCount == 1)
    }
}

extension FakeRepliesTests {
    @Test("waiting for values already recorded returns at once")
    func waitForValuesAlreadyThere() async {
        let states = StateRecorder(StateCell(1))
        #expect(await states.waitForValues(1, timeLimit: .seconds(60)))
        #expect(states.values == [1])
    }
}

extension FakeRepliesTests {
    @Test("releasing a request that was never made fails at the caller's line, for a success and a failure alike")
    func unknownRequestAtTheCallersLine() async {
        let replies = FakeReplies<Int>()
        let request = Task { try? await replies.next() }
        await replies.waitForRequests(1)
        let successLine = #line + 2
        withKnownIssue {
            replies.succeed(1, with: 0)
        } matching: { issue in
            issue.sourceLocation?.line == successLine
                && message(of: issue) == "FakeReplies: there is no request 1; 1 request was made."
        }
        let failureLine = #line + 2
        withKnownIssue {
            replies.fail(-1, with: PageError())
        } matching: { issue in
            issue.sourceLocation?.line == failureLine
                && message(of: issue) == "FakeReplies: there is no request -1; 1 request was made."
        }
        replies.fail(0, with: PageError())
        #expect(await request.waitForCompletion() == .some(nil))
    }
}

extension FakeRepliesTests {
    @Test("a load's task ends when the load is over, not before: completion handler or async alike")
    func loadTaskEndsWithTheLoad() async {
        let replies = FakeReplies<[String]>()
        let controller = FakeStoresController(replies: replies)
        for (request, start) in [controller.loadWithCompletion, controller.load].enumerated() {
            let load = start()
            let ended = Locked(false)
            let watcher = FollowedWork(FollowedStep("watching the load", at: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)))
            watcher.run {
                _ = Task.detached {
                    await load.value
                    ended.withLock { $0 = true }
                }
            }
            #expect(await watcher.settle(within: SafetyNet.defaultLimit) == .rested)  // the watcher waits on the load
            #expect(!ended.withLock { $0 })
            await replies.waitForRequests(request + 1)  // an async load asks from a task of its own
            replies.succeed(request, with: ["CU"])
            await load.waitForCompletion()
        }
    }
}

extension FakeRepliesTests {
    @Test("an advance right after a completion-handler release moves the clock at once: the handler ran in the release")
    func advanceRightAfterCompletionHandlerRelease() async {
        let replies = FakeReplies<Int>()
        let clock = ManualClock()  // the default limit: a loaded CI machine took over 2 s to let the release rest
        let answer = Locked<Int?>(nil)
        replies.next { result in answer.withLock { $0 = try? result.get() } }
        replies.succeed(0, with: 7)
        #expect(answer.withLock { $0 } == 7)
        await clock.advance(by: .seconds(1))
        #expect(clock.now.offset == .seconds(1))
    }
}


extension FakeRepliesTests {
    @Test("two waits for requests on one FakeReplies at once: each ends when its own count is reached, not before")
    func twoConcurrentCountWaits() async {
        let replies = FakeReplies<Int>()
        let ended = Locked<[Int]>([])
        let forTwo = Task { @MainActor in
            await replies.waitForRequests(2)
            ended.withLock { $0.append(2) }
        }
        let forOne = Task { @MainActor in
            await replies.waitForRequests(1)
            ended.withLock { $0.append(1) }
        }
        await Task.yield()  // behind both tasks on the main actor: each has registered its wait
        replies.next { _ in }
        await forOne.waitForCompletion()
        #expect(ended.withLock { $0 } == [1], "one request ends the wait for one, not the wait for two")
        replies.next { _ in }
        await forTwo.waitForCompletion()
        #expect(ended.withLock { $0 } == [1, 2])
        replies.succeed(0, with: 0)
        replies.succeed(1, with: 1)
    }
}
