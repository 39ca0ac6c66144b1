import Dispatch
import Testing
import ViewStateKitTesting
@testable import ViewStateKit

@Suite("Loader: latest load wins")
@MainActor
struct LoaderTests {
    let service = StubService<[String]>()
    let renderer = RecordingRenderer<[String]>()
    let loader: Loader<[String]>

    init() {
        loader = Loader { [renderer] in renderer.render($0) }
    }

    private func load() {
        loader.load { done in service.fetch(completion: done) }
    }

    @Test("a successful load publishes loading, then presenting")
    func success() {
        load()
        expectSequence(renderer.states, equals: [.loading])
        #expect(loader.isLoading)
        service.release(0, with: .success(["CU", "GS25"]))
        expectSequence(renderer.states, equals: [.loading, .presenting(["CU", "GS25"])])
        #expect(!loader.isLoading)
    }

    @Test("a failed load publishes loading, then failed with the classified reason")
    func failure() {
        load()
        service.release(0, with: .failure(LoadFailure(.server, "HTTP 500")))
        expectSequence(renderer.states, equals: [.loading, .failed(LoadFailure(.server, "HTTP 500"))])
    }

    @Test("superseded: the older response arriving after the newer one is dropped")
    func superseded() {
        load()
        load()
        service.release(1, with: .success(["new"]))
        service.release(0, with: .success(["old"]))
        expectSequence(renderer.states, equals: [.loading, .loading, .presenting(["new"])])
    }

    @Test("superseded: the older response arriving first is dropped too")
    func supersededOlderFirst() {
        load()
        load()
        service.release(0, with: .success(["old"]))
        expectSequence(renderer.states, equals: [.loading, .loading])
        service.release(1, with: .success(["new"]))
        expectSequence(renderer.states, equals: [.loading, .loading, .presenting(["new"])])
    }

    @Test("cancelled: the load ends in failed(cancelled) and its late response is dropped")
    func cancelled() {
        load()
        loader.cancel()
        service.release(0, with: .success(["late"]))
        expectSequence(renderer.states, equals: [.loading, .failed(.cancelled)])
        #expect(!loader.isLoading)
    }

    @Test("a retry started from the cancelled state is not killed by that cancel: its reply is presented")
    func retryAfterCancel() {
        load()
        loader.cancel()
        load()  // the user taps Retry on the cancelled screen
        service.release(0, with: .success(["late"]))
        service.release(1, with: .success(["retried"]))
        expectSequence(renderer.states, equals: [.loading, .failed(.cancelled), .loading, .presenting(["retried"])])
        #expect(!loader.isLoading)
    }

    @Test("a retry the screen starts as it draws the cancelled state is not killed by that cancel: its reply is presented")
    func retryStartedWhileTheCancelIsDrawn() {
        let drawn = RecordingRenderer<[String]>()
        let holder = LoaderHolder<[String]>()
        holder.loader = Loader { [service] state in
            drawn.render(state)
            if state == .failed(.cancelled), drawn.states.count == 2 {  // the screen retries at once
                holder.loader?.load { done in service.fetch(completion: done) }
            }
        }
        holder.loader?.load { done in service.fetch(completion: done) }
        holder.loader?.cancel()
        service.release(1, with: .success(["retried"]))
        expectSequence(drawn.states, equals: [.loading, .failed(.cancelled), .loading, .presenting(["retried"])])
        #expect(holder.loader?.isLoading == false)
    }

    @Test("a load the screen starts as it draws a load's last state is not killed by that load's end: its reply is presented")
    func loadStartedWhileTheLastStateIsDrawn() {
        let drawn = RecordingRenderer<[String]>()
        let holder = LoaderHolder<[String]>()
        holder.loader = Loader { [service] state in
            drawn.render(state)
            if case .failed = state, drawn.states.count == 2 {  // the screen retries a failure at once
                holder.loader?.load { done in service.fetch(completion: done) }
            }
        }
        holder.loader?.load { done in service.fetch(completion: done) }
        service.release(0, with: .failure(LoadFailure(.server, "HTTP 500")))
        service.release(1, with: .success(["retried"]))
        expectSequence(drawn.states, equals: [.loading, .failed(LoadFailure(.server, "HTTP 500")), .loading, .presenting(["retried"])])
        #expect(holder.loader?.isLoading == false)
    }

    @Test("cancel with nothing in flight does nothing")
    func cancelIdle() {
        loader.cancel()
        load()
        service.release(0, with: .success([]))
        loader.cancel()
        expectSequence(renderer.states, equals: [.loading, .presenting([])])
    }

    @Test("a completion called twice publishes only once")
    func completionCalledTwice() {
        load()
        service.release(0, with: .success(["first"]))
        service.release(0, with: .failure(LoadFailure(.network, "again")))
        expectSequence(renderer.states, equals: [.loading, .presenting(["first"])])
    }

    @Test("a callback on a background queue hops to the main actor before publishing",
          .timeLimit(.minutes(1)))
    func backgroundCallback() async {
        let loader = Loader<[String]> { [renderer] state in
            MainActor.assertIsolated()
            renderer.render(state)
        }
        loader.load { done in service.fetch(completion: done) }
        service.release(0, with: .success(["CU"]), on: .global())
        await renderer.waitForStates(2)
        expectSequence(renderer.states, equals: [.loading, .presenting(["CU"])])
    }

    @Test("superseded on background queues: only the newest response is rendered",
          .timeLimit(.minutes(1)))
    func supersededInBackground() async {
        load()
        load()
        service.release(0, with: .success(["old"]), on: .global())
        service.release(1, with: .success(["new"]), on: .global())
        await renderer.waitForStates(3)
        // Either reply may arrive first; only the newer one is rendered. A late "old" reply
        // would also be dropped after the third load, which supersedes both.
        load()
        service.release(2, with: .success(["last"]))
        expectSequence(renderer.states, equals: [.loading, .loading, .presenting(["new"]), .loading, .presenting(["last"])])
    }

    @Test("async: success and failure publish loading then one final state")
    func asyncSuccessAndFailure() async {
        await loader.load { ["CU"] }.waitForCompletion()
        await loader.load { throw LoadFailure(.notFound, "store 9") }.waitForCompletion()
        expectSequence(renderer.states, equals: [
            .loading, .presenting(["CU"]),
            .loading, .failed(LoadFailure(.notFound, "store 9")),
        ])
    }

    @Test("async superseded: the older load is cancelled and its reply dropped")
    func asyncSuperseded() async {
        let first = PendingReply<[String]>()
        let second = PendingReply<[String]>()
        let older = loader.load { try await first.value() }
        let newer = loader.load { try await second.value() }
        await older.waitForCompletion()  // the superseded work was cancelled: it ends with no reply
        second.send(.success(["new"]))
        await newer.waitForCompletion()
        first.send(.success(["old"]))
        expectSequence(renderer.states, equals: [.loading, .loading, .presenting(["new"])])
    }

    @Test("async cancelled: failed(cancelled), and the reply is dropped")
    func asyncCancelled() async {
        let reply = PendingReply<[String]>()
        let task = loader.load { try await reply.value() }
        loader.cancel()
        reply.send(.success(["late"]))
        await task.waitForCompletion()
        expectSequence(renderer.states, equals: [.loading, .failed(.cancelled)])
    }

    @Test("a loader made into a cell sends every state into the cell")
    func loadIntoCell() async {
        let cell = StateCell<ViewState<[String]>>(.failed(LoadFailure(.network, "offline")))
        let token = cell.bind(to: renderer)
        let loader = Loader(into: cell)
        loader.load { done in service.fetch(completion: done) }
        service.release(0, with: .success(["CU"]))
        await loader.load { ["GS25"] }.waitForCompletion()
        expectSequence(renderer.states, equals: [
            .failed(LoadFailure(.network, "offline")),
            .loading, .presenting(["CU"]),
            .loading, .presenting(["GS25"]),
        ])
        withExtendedLifetime(token) {}
    }
}

@Suite("Loader lifetime")
@MainActor
struct LoaderLifetimeTests {
    @Test("a freed loader cancels its async load and publishes nothing more")
    func freedLoaderCancels() async {
        var states: [ViewState<Int>] = []
        var loader: Loader<Int>? = Loader { states.append($0) }
        weak let weakLoader = loader
        let reply = PendingReply<Int>()
        let task = loader?.load { try await reply.value() }
        loader = nil
        #expect(weakLoader == nil)
        await task?.waitForCompletion()
        #expect(task?.isCancelled == true)
        #expect(states == [.loading])
    }

    @Test("a loader holds its cell weakly: once the cell is gone a load publishes nothing and still ends")
    func cellGoneBeforeTheReply() async {
        let service = StubService<Int>()
        var cell: StateCell<ViewState<Int>>? = StateCell(.failed(.cancelled))
        weak let weakCell = cell
        let loader = Loader(into: cell!)
        var states: [ViewState<Int>] = []
        let token = cell?.observe { states.append($0) }
        let task = loader.load { done in service.fetch(completion: done) }
        token?.cancel()
        cell = nil
        #expect(weakCell == nil, "the loader did not keep the cell")
        service.release(0, with: .success(1))
        await task.waitForCompletion()
        #expect(states == [.failed(.cancelled), .loading])
        #expect(!loader.isLoading)
    }

    @Test("a freed loader ends the task of its completion-handler load, though no reply ever comes")
    func freedLoaderEndsItsCompletionTask() async {
        let service = StubService<Int>()
        var states: [ViewState<Int>] = []
        var loader: Loader<Int>? = Loader { states.append($0) }
        let task = loader?.load { done in service.fetch(completion: done) }
        loader = nil  // the screen went away; the service never answers
        let ended = await withSafetyNet { await task?.value }
        #expect(ended)
        #expect(states == [.loading])
    }

    @Test("a freed loader drops a completion that arrives later")
    func freedLoaderDropsCompletion() {
        let service = StubService<Int>()
        var states: [ViewState<Int>] = []
        var loader: Loader<Int>? = Loader { states.append($0) }
        loader?.load { done in service.fetch(completion: done) }
        loader = nil
        service.release(0, with: .success(1))
        #expect(states == [.loading])
    }
}

extension LoaderTests {
    @Test("a load started by a renderer while the previous one publishes .loading wins")
    func loadStartedWhilePublishingLoadingWins() async {
        var states: [String] = []
        var startInner: (() -> Void)?
        let loader = Loader<[String]> { state in
            states.append("\(state)")
            let start = startInner  // taken out first: the inner load calls this handler again
            startInner = nil
            start?()  // the renderer starts a load while the first one publishes .loading
        }
        var inner: Task<Void, Never>?
        startInner = { inner = loader.load { done in service.fetch(completion: done) } }
        let outer = loader.load { done in service.fetch(completion: done) }
        #expect(service.requestCount == 2)
        service.release(0, with: .success(["inner reply"]))
        service.release(1, with: .success(["outer reply"]))
        #expect(states == ["loading", "loading", "presenting([\"inner reply\"])"])
        #expect(!loader.isLoading)
        // Both tasks end: the superseded one when it was superseded, the inner one with its reply.
        #expect(await outer.waitForCompletion() != nil)
        #expect(await inner?.waitForCompletion() != nil)
    }
}

extension LoaderTests {
    @Test("an async load superseded by a renderer while it publishes .loading is cancelled")
    func asyncLoadSupersededWhilePublishingLoading() async {
        let held = PendingReply<[String]>()
        var inner: Task<Void, Never>?
        var startInner: (() -> Void)?
        let loader = Loader<[String]> { [renderer] state in
            renderer.render(state)
            let start = startInner  // taken out first: the inner load calls this handler again
            startInner = nil
            start?()  // the renderer starts a load while the first one publishes .loading
        }
        startInner = { inner = loader.load { ["inner reply"] } }
        let outer = loader.load { try await held.value() }
        await outer.waitForCompletion()  // cancelled: it ends although its reply never comes
        await inner?.waitForCompletion()
        #expect(renderer.states == [.loading, .loading, .presenting(["inner reply"])])
    }

    @Test("a completion-handler load's task ends once its final state is published")
    func completionLoadTaskEndsWithTheLoad() async {
        let task = loader.load { done in service.fetch(completion: done) }
        service.release(0, with: .success(["CU"]), on: DispatchQueue(label: "replies"))
        await task.waitForCompletion()
        #expect(renderer.states == [.loading, .presenting(["CU"])])
    }
}

/// Holds a loader for a handler that starts loads on it (a screen that retries as it draws).
@MainActor
final class LoaderHolder<Content: Sendable> {
    var loader: Loader<Content>?
}
