import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// A paged list for the loader's refresh and load-more tests: pages of strings.
struct Feed: Equatable, Sendable, PageableContent {
    var items: [String]
    var total: Int
    var loadStatus = LoadStatus.idle

    var hasMore: Bool { items.count < total }

    mutating func append(_ page: [String]) {
        items += page
    }
}

@Suite("Loader: refresh, load more, silent cancel")
@MainActor
struct LoaderRefreshingTests {
    let feeds = StubService<Feed>()
    let pages = StubService<[String]>()
    let renderer = RecordingRenderer<Feed>()
    let loader: Loader<Feed>

    init() {
        loader = Loader { [renderer] in renderer.render($0) }
    }

    let firstPage = Feed(items: ["a", "b"], total: 5)

    @discardableResult
    private func load() -> Task<Void, Never> {
        loader.load { done in feeds.fetch(completion: done) }
    }

    @discardableResult
    private func refresh() -> Task<Void, Never> {
        loader.refresh { done in feeds.fetch(completion: done) }
    }

    @discardableResult
    private func loadMore() -> Task<Void, Never> {
        loader.loadMore { _, done in pages.fetch(completion: done) }
    }

    /// Loads `firstPage` and forgets the states that took.
    private func presentFirstPage() {
        load()
        feeds.release(feeds.requestCount - 1, with: .success(firstPage))
        #expect(renderer.states.last == .presenting(firstPage))
    }

    private func feed(_ items: [String], total: Int = 5, _ status: LoadStatus = .idle) -> ViewState<Feed> {
        .presenting(Feed(items: items, total: total, loadStatus: status))
    }

    @Test("refresh keeps the content presented while it runs, then shows the fresh content")
    func refreshSuccess() {
        presentFirstPage()
        refresh()
        feeds.release(1, with: .success(Feed(items: ["z"], total: 1)))
        expectSequence(renderer.states, equals: [
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .refreshing),
            feed(["z"], total: 1),
        ])
    }

    @Test("a failed refresh keeps the content and says why; no data lost")
    func refreshFailure() {
        presentFirstPage()
        refresh()
        feeds.release(1, with: .failure(LoadFailure(.network, "offline")))
        expectSequence(renderer.states, equals: [
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .refreshing),
            feed(["a", "b"], .refreshFailed(LoadFailure(.network, "offline"))),
        ])
    }

    @Test("refresh with nothing presented is a load")
    func refreshWithNothingPresented() {
        load()
        feeds.release(0, with: .failure(LoadFailure(.server, "HTTP 500")))
        refresh()
        feeds.release(1, with: .success(firstPage))
        expectSequence(renderer.states, equals: [
            .loading, .failed(LoadFailure(.server, "HTTP 500")),
            .loading, feed(["a", "b"]),
        ])
    }

    @Test("load more appends the next page, showing that more is loading")
    func loadMoreSuccess() {
        presentFirstPage()
        loadMore()
        pages.release(0, with: .success(["c", "d"]))
        expectSequence(renderer.states, equals: [
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .loadingMore),
            feed(["a", "b", "c", "d"]),
        ])
    }

    @Test("a failed page keeps what is shown and says why; load more retries it")
    func loadMoreFailureAndRetry() {
        presentFirstPage()
        loadMore()
        pages.release(0, with: .failure(LoadFailure(.timeout, "the request timed out")))
        loadMore()
        pages.release(1, with: .success(["c", "d"]))
        expectSequence(renderer.states, equals: [
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .loadingMore),
            feed(["a", "b"], .loadMoreFailed(LoadFailure(.timeout, "the request timed out"))),
            feed(["a", "b"], .loadingMore),
            feed(["a", "b", "c", "d"]),
        ])
    }

    @Test("at the end of the list load more does nothing and asks for nothing")
    func endOfList() async {
        presentFirstPage()
        loadMore()
        pages.release(0, with: .success(["c", "d", "e"]))
        let nothing = loadMore()
        await nothing.waitForCompletion()
        #expect(pages.requestCount == 1)
        expectSequence(renderer.states, equals: [
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .loadingMore),
            feed(["a", "b", "c", "d", "e"]),
        ])
    }

    @Test("load more does nothing before anything is presented or while a load runs; asked twice, it fetches once")
    func loadMoreNeverSupersedes() {
        loadMore()
        load()
        loadMore()
        #expect(pages.requestCount == 0)
        feeds.release(0, with: .success(firstPage))
        loadMore()
        loadMore()
        refresh()
        loadMore()
        #expect(pages.requestCount == 1, "one page request: the second asked while the first ran, the third during a refresh")
    }

    @Test("newest wins: a refresh supersedes a page in flight, whose late reply is dropped")
    func refreshSupersedesLoadMore() {
        presentFirstPage()
        loadMore()
        refresh()
        pages.release(0, with: .success(["c", "d"]))
        feeds.release(1, with: .success(Feed(items: ["x", "y"], total: 5)))
        expectSequence(renderer.states, equals: [
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .loadingMore),
            feed(["a", "b"], .refreshing),
            feed(["x", "y"]),
        ])
    }

    @Test("newest wins: a load supersedes a refresh, and a refresh a refresh")
    func loadSupersedesRefresh() {
        presentFirstPage()
        refresh()
        refresh()
        load()
        feeds.release(1, with: .success(Feed(items: ["old"], total: 1)))
        feeds.release(2, with: .success(Feed(items: ["older"], total: 1)))
        feeds.release(3, with: .success(Feed(items: ["new"], total: 1)))
        expectSequence(renderer.states, equals: [
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .refreshing),
            feed(["a", "b"], .refreshing),
            .loading,
            feed(["new"], total: 1),
        ])
    }

    @Test("cancel says so for every kind: failed, refresh failed, page failed — all as cancelled")
    func loudCancel() {
        load()
        loader.cancel()
        presentFirstPage()
        refresh()
        loader.cancel()
        loadMore()
        loader.cancel()
        feeds.release(0, with: .success(Feed(items: ["late"], total: 1)))
        pages.release(0, with: .success(["late"]))
        expectSequence(renderer.states, equals: [
            .loading, .failed(.cancelled),
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .refreshing), feed(["a", "b"], .refreshFailed(.cancelled)),
            feed(["a", "b"], .loadingMore), feed(["a", "b"], .loadMoreFailed(.cancelled)),
        ])
    }

    @Test("silent cancel: a load publishes nothing; a refresh or page puts the content back to idle")
    func silentCancel() {
        load()
        loader.cancelSilently()
        #expect(!loader.isLoading)
        presentFirstPage()
        refresh()
        loader.cancelSilently()
        loadMore()
        loader.cancelSilently()
        loader.cancelSilently()  // nothing in flight: does nothing
        feeds.release(0, with: .success(Feed(items: ["late"], total: 1)))
        expectSequence(renderer.states, equals: [
            .loading,
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .refreshing), feed(["a", "b"]),
            feed(["a", "b"], .loadingMore), feed(["a", "b"]),
        ])
    }

    @Test("a completion-handler load returns a task that ends when the load is over, however it ends")
    func awaitedCompletionLoad() async {
        let finished = load()
        feeds.release(0, with: .success(firstPage))
        await finished.waitForCompletion()
        let superseded = refresh()
        let cancelled = refresh()
        loader.cancel()
        await superseded.waitForCompletion()
        await cancelled.waitForCompletion()
        let page = loadMore()
        pages.release(0, with: .success(["c"]), on: .global())
        await page.waitForCompletion()
        expectSequence(renderer.states, equals: [
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .refreshing), feed(["a", "b"], .refreshing),
            feed(["a", "b"], .refreshFailed(.cancelled)),
            feed(["a", "b"], .loadingMore), feed(["a", "b", "c"]),
        ])
    }

    @Test("refresh and load more into a cell keep the cell's content, changed since by the screen")
    func intoCell() async {
        let cell = StateCell<ViewState<Feed>>(.loading)
        let token = cell.bind(to: renderer)
        let loader = Loader(into: cell)
        await loader.load { Feed(items: ["a", "b"], total: 5) }.waitForCompletion()
        cell.send(feed(["b"]))  // the screen removed "a" itself
        await loader.loadMore { shown in ["page after \(shown.items.count)"] }.waitForCompletion()
        let failing = loader.refresh { throw LoadFailure(.network, "offline") }
        await failing.waitForCompletion()
        expectSequence(renderer.states, equals: [
            .loading, feed(["a", "b"]),
            feed(["b"]),
            feed(["b"], .loadingMore), feed(["b", "page after 1"]),
            feed(["b", "page after 1"], .refreshing),
            feed(["b", "page after 1"], .refreshFailed(LoadFailure(.network, "offline"))),
        ])
        withExtendedLifetime(token) {}
    }
}

extension LoaderRefreshingTests {
    @Test("cancel says so for the async kinds too: refresh failed, page failed — as cancelled, the content kept")
    func loudCancelAsync() async {
        let cell = StateCell<ViewState<Feed>>(.loading)
        let states = StateRecorder(cell)
        let loader = Loader(into: cell)
        await loader.load { Feed(items: ["a", "b"], total: 5) }.waitForCompletion()
        let refreshReply = PendingReply<Feed>()
        let refreshing = loader.refresh { try await refreshReply.value() }
        loader.cancel()
        await refreshing.waitForCompletion()
        let pageReply = PendingReply<[String]>()
        let paging = loader.loadMore { _ in try await pageReply.value() }
        loader.cancel()
        await paging.waitForCompletion()
        states.expect([
            .loading, feed(["a", "b"]),
            feed(["a", "b"], .refreshing), feed(["a", "b"], .refreshFailed(.cancelled)),
            feed(["a", "b"], .loadingMore), feed(["a", "b"], .loadMoreFailed(.cancelled)),
        ])
    }
}

@Suite("Loader: no second .loading")
@MainActor
struct LoaderLoadingOnceTests {
    @Test("a loader into a cell does not send .loading to a cell that already shows it; a bound renderer draws it once")
    func intoCellSkipsRepeatedLoading() async {
        let renderer = RecordingRenderer<[String]>()
        let cell = StateCell<ViewState<[String]>>(.loading)
        let loader = Loader(into: cell)
        let token = cell.bind(to: renderer)
        await loader.load { ["CU"] }.waitForCompletion()
        await loader.load { ["GS25"] }.waitForCompletion()
        expectSequence(renderer.states, equals: [.loading, .presenting(["CU"]), .loading, .presenting(["GS25"])])
        withExtendedLifetime(token) {}
    }

    @Test("a loader's handler always hears .loading first")
    func handlerHearsLoadingFirst() async {
        var states: [ViewState<[String]>] = []
        let loader = Loader<[String]> { states.append($0) }
        await loader.load { ["CU"] }.waitForCompletion()
        await loader.load { ["GS25"] }.waitForCompletion()
        #expect(states == [.loading, .presenting(["CU"]), .loading, .presenting(["GS25"])])
    }
}

extension LoaderRefreshingTests {
    @Test("a refresh or a page that ends keeps what the screen changed while it ran")
    func keepsChangesMadeMeanwhile() {
        let cell = StateCell<ViewState<Feed>>(.loading)
        let loader = Loader(into: cell)
        loader.load { done in feeds.fetch(completion: done) }
        feeds.release(0, with: .success(firstPage))
        loader.refresh { done in feeds.fetch(completion: done) }
        cell.send(feed(["a"], total: 5, .refreshing))  // the screen removed "b" meanwhile
        feeds.release(1, with: .failure(LoadFailure(.network, "offline")))
        #expect(cell.value == feed(["a"], total: 5, .refreshFailed(LoadFailure(.network, "offline"))))
        loader.loadMore { _, done in pages.fetch(completion: done) }
        cell.send(feed(["x"], total: 5, .loadingMore))  // and changed it again while the page loaded
        pages.release(0, with: .success(["c"]))
        #expect(cell.value == feed(["x", "c"], total: 5))
    }

    @Test("a failed page or refresh says why through failure; idle, refreshing and loading more have none")
    func failureOfAStatus() {
        let server = LoadFailure(.server, "HTTP 500")
        #expect(LoadStatus.loadMoreFailed(server).failure == server)
        #expect(LoadStatus.refreshFailed(.cancelled).failure == .cancelled)
        #expect(LoadStatus.idle.failure == nil)
        #expect(LoadStatus.refreshing.failure == nil)
        #expect(LoadStatus.loadingMore.failure == nil)
    }

    @Test("refreshing and loading more are busy; idle and failed are not")
    func busyStatuses() {
        #expect(LoadStatus.refreshing.isBusy)
        #expect(LoadStatus.loadingMore.isBusy)
        #expect(!LoadStatus.idle.isBusy)
        #expect(!LoadStatus.refreshFailed(.cancelled).isBusy)
        #expect(!LoadStatus.loadMoreFailed(.cancelled).isBusy)
    }
}
