import Dispatch
import Testing
import ViewStateKitTesting
import ViewStateKit
@testable import ViewStateSamples

@Suite("Bookmarked stores screen")
@MainActor
struct BookmarkStoresControllerTests {
    let network = StubNetwork(deliveryQueue: nil)
    let controller: BookmarkStoresController

    init() {
        controller = BookmarkStoresController(api: StoreAPI(network: network))
    }

    /// Loads, recording from just after the load starts (so the replay is the load's own `.loading`).
    private func load() async -> StateRecorder<ViewState<BookmarkList>> {
        let task = controller.load()
        let recorder = StateRecorder(controller.state)
        await task.waitForCompletion()
        return recorder
    }

    @Test("success: loading, then the four bookmarked stores")
    func success() async throws {
        let states = await load().values
        #expect(states == [.loading, .presenting(BookmarkList(stores: try await Fixtures.bookmarks()))])
        #expect(states.last?.content?.stores.map(\.brand) == ["CU", "GS25", "7-Eleven", "emart24"])
        #expect(network.requests == ["GET /bookmarks"])
    }

    @Test("empty: an empty list is presented, not a failure")
    func empty() async {
        network.plan(.emptyList)
        expectSequence(await load().values, equals: [.loading, .presenting(BookmarkList(stores: []))])
    }

    @Test("failure: HTTP 500 fails with a server error naming the resource")
    func failure() async {
        network.plan(.status(500))
        expectSequence(await load().values, equals: [.loading, .failed(LoadFailure(.server, "HTTP 500 for bookmarks"))])
    }

    @Test("offline and timeout fail with network and timeout reasons")
    func offlineAndTimeout() async {
        network.plan(.transportError, .timeout)
        #expect(await load().values.last == .failed(LoadFailure(.network, "no connection while loading bookmarks")))
        #expect(await load().values.last == .failed(LoadFailure(.timeout, "bookmarks took too long to answer")))
    }

    @Test("malformed, truncated and wrongly typed JSON fail with bad data")
    func badData() async {
        network.plan(.malformed, .truncated, .wrongTypes)
        let notJSON = LoadFailure(.badData, "bookmarks: unreadable data at the top level: The given data was not valid JSON.")
        expectSequence(await load().values, equals: [.loading, .failed(notJSON)])
        expectSequence(await load().values, equals: [.loading, .failed(notJSON)])
        let wrongType = await load().values.last?.failure
        #expect(wrongType?.reason == .badData)
        #expect(wrongType?.message.hasPrefix("bookmarks: wrong type at [0].id") == true)
    }

    @Test("superseded: the older load's late failure never reaches the screen")
    func superseded() async throws {
        network.plan(.status(500))
        network.holdsReplies = true
        let older = controller.load()
        await withSafetyNet { await network.waitForRequests(1) }  // so the older load is request 0
        let recorder = StateRecorder(controller.state)
        let newer = controller.load()
        await withSafetyNet { await network.waitForRequests(2) }
        network.release(1)
        await newer.waitForCompletion()
        network.release(0)
        await older.waitForCompletion()
        // The newer load finds the cell already showing `.loading` and does not send it again.
        expectSequence(recorder.values, equals: [.loading, .presenting(BookmarkList(stores: try await Fixtures.bookmarks()))])
    }

    @Test("cancelled: the load ends in failed(cancelled)")
    func cancelled() async {
        network.holdsReplies = true
        let task = controller.load()
        let recorder = StateRecorder(controller.state)
        controller.cancel()
        await task.waitForCompletion()
        network.release(0)
        expectSequence(recorder.values, equals: [.loading, .failed(.cancelled)])
    }

    @Test("refresh: the list stays on screen while refreshing")
    func refresh() async throws {
        let stores = try await Fixtures.bookmarks()
        let recorder = await load()
        await controller.refresh().waitForCompletion()
        expectSequence(recorder.values, equals: [
            .loading,
            .presenting(BookmarkList(stores: stores)),
            .presenting(BookmarkList(stores: stores, loadStatus: .refreshing)),
            .presenting(BookmarkList(stores: stores)),
        ])
    }

    @Test("refresh failure keeps the list and says why; no data lost")
    func refreshFailure() async throws {
        let stores = try await Fixtures.bookmarks()
        let recorder = await load()
        network.plan(.transportError)
        await controller.refresh().waitForCompletion()
        #expect(recorder.values.suffix(2) == [
            .presenting(BookmarkList(stores: stores, loadStatus: .refreshing)),
            .presenting(BookmarkList(stores: stores, loadStatus: .refreshFailed(LoadFailure(.network, "no connection while loading bookmarks")))),
        ])
    }

    @Test("refresh with nothing presented loads")
    func refreshWhenFailed() async throws {
        network.plan(.status(500))
        let recorder = await load()
        await controller.refresh().waitForCompletion()
        #expect(recorder.values.suffix(2) == [.loading, .presenting(BookmarkList(stores: try await Fixtures.bookmarks()))])
    }

    @Test("remove: the store disappears at once and the server is asked")
    func remove() async throws {
        let stores = try await Fixtures.bookmarks()
        let recorder = await load()
        await controller.removeBookmark(id: 102)?.waitForCompletion()
        #expect(recorder.values.last == .presenting(BookmarkList(stores: stores.filter { $0.id != 102 })))
        #expect(recorder.values.count == 3, "no state after the server agreed")
        #expect(network.requests.last == "DELETE /bookmarks/102")
    }

    @Test("rollback: a refused removal puts the store back in place, with a notice")
    func rollback() async throws {
        let stores = try await Fixtures.bookmarks()
        let recorder = await load()
        network.plan(.status(500), for: "/bookmarks/102")
        await controller.removeBookmark(id: 102)?.waitForCompletion()
        #expect(recorder.values.suffix(2) == [
            .presenting(BookmarkList(stores: stores.filter { $0.id != 102 })),
            .presenting(BookmarkList(stores: stores, notice: LoadFailure(
                .server, "could not remove GS25 Yeoksam: HTTP 500 for bookmark 102"))),
        ])
    }

    @Test("rollback: the refused removal is not applied on the server; a refresh keeps the store")
    func rollbackThenRefresh() async throws {
        let stores = try await Fixtures.bookmarks()
        await controller.load().waitForCompletion()
        network.plan(.status(500), for: "/bookmarks/102")
        await controller.removeBookmark(id: 102)?.waitForCompletion()
        await controller.refresh().waitForCompletion()
        #expect(controller.state.value == .presenting(BookmarkList(stores: stores)))
    }

    @Test("race: a removal in flight wins over a list read before it; the removed store never comes back")
    func removalWinsOverOlderList() async throws {
        let stores = try await Fixtures.bookmarks()
        let recorder = await load()
        network.holdsReplies = true
        let refresh = controller.refresh()
        await withSafetyNet { await network.waitForRequests(2) }
        let removal = controller.removeBookmark(id: 102)
        await withSafetyNet { await network.waitForRequests(3) }
        network.release(1)  // the list, read before the server removed 102
        await refresh.waitForCompletion()
        network.release(2)  // the removal succeeds
        await removal?.waitForCompletion()
        let withoutYeoksam = stores.filter { $0.id != 102 }
        expectSequence(recorder.values, equals: [
            .loading,
            .presenting(BookmarkList(stores: stores)),
            .presenting(BookmarkList(stores: stores, loadStatus: .refreshing)),
            .presenting(BookmarkList(stores: withoutYeoksam, loadStatus: .refreshing)),
            .presenting(BookmarkList(stores: withoutYeoksam)),
        ])
        network.holdsReplies = false
        await controller.refresh().waitForCompletion()
        #expect(controller.state.value == .presenting(BookmarkList(stores: withoutYeoksam)), "the server's list agrees")
    }

    @Test("race: a list read before a removal was confirmed, arriving after it, does not bring the store back")
    func confirmedRemovalWinsOverStaleList() async throws {
        let stores = try await Fixtures.bookmarks()
        await controller.load().waitForCompletion()
        network.holdsReplies = true
        let refresh = controller.refresh()
        await withSafetyNet { await network.waitForRequests(2) }  // the server reads the list now, 102 included
        network.holdsReplies = false
        await controller.removeBookmark(id: 102)?.waitForCompletion()  // the server removes 102 and says so
        network.release(1)  // the stale list arrives
        await refresh.waitForCompletion()
        let withoutYeoksam = stores.filter { $0.id != 102 }
        #expect(controller.state.value == .presenting(BookmarkList(stores: withoutYeoksam)))
        await controller.refresh().waitForCompletion()
        #expect(controller.state.value == .presenting(BookmarkList(stores: withoutYeoksam)))
    }

    @Test("race: a removal refused after a list hid its store puts the store back")
    func refusedRemovalAfterHiddenList() async throws {
        let stores = try await Fixtures.bookmarks()
        await controller.load().waitForCompletion()
        network.holdsReplies = true
        network.plan(.status(500), for: "/bookmarks/102")
        let refresh = controller.refresh()
        await withSafetyNet { await network.waitForRequests(2) }
        let removal = controller.removeBookmark(id: 102)
        await withSafetyNet { await network.waitForRequests(3) }
        network.release(1)
        await refresh.waitForCompletion()
        #expect(controller.state.value.content?.stores.contains { $0.id == 102 } == false)
        network.release(2)
        await removal?.waitForCompletion()
        #expect(controller.state.value == .presenting(BookmarkList(stores: stores, notice: LoadFailure(
            .server, "could not remove GS25 Yeoksam: HTTP 500 for bookmark 102"))))
    }

    @Test("not-found: removing an id that is not bookmarked only shows a notice")
    func removeUnknownID() async throws {
        let stores = try await Fixtures.bookmarks()
        let recorder = await load()
        #expect(controller.removeBookmark(id: 999) == nil)
        #expect(recorder.values.last == .presenting(BookmarkList(
            stores: stores, notice: LoadFailure(.notFound, "store 999 is not in your bookmarks"))))
        #expect(network.requests == ["GET /bookmarks"])
    }

    @Test("remove while loading does nothing")
    func removeWhileLoading() {
        network.holdsReplies = true
        controller.load()
        #expect(controller.removeBookmark(id: 101) == nil)
        #expect(controller.state.value == .loading)
        controller.cancel()
    }

    @Test("background queue: replies hop to the main actor", .timeLimit(.minutes(1)))
    func backgroundDelivery() async throws {
        let controller = BookmarkStoresController(api: StoreAPI(network: StubNetwork()))
        let task = controller.load()
        let recorder = StateRecorder(controller.state)
        await task.waitForCompletion()
        await controller.removeBookmark(id: 101)?.waitForCompletion()
        let stores = try await Fixtures.bookmarks()
        expectSequence(recorder.values, equals: [
            .loading,
            .presenting(BookmarkList(stores: stores)),
            .presenting(BookmarkList(stores: Array(stores.dropFirst()))),
        ])
    }

    @Test("a controller freed mid-request is freed, and nothing is published afterwards")
    func freedMidRequest() async {
        network.holdsReplies = true
        var controller: BookmarkStoresController? = BookmarkStoresController(api: StoreAPI(network: network))
        weak let weakController = controller
        let task = controller?.load()
        weak let weakCell = controller?.state
        controller = nil
        #expect(weakController == nil)
        #expect(weakCell == nil)
        await task?.waitForCompletion()
        network.release(0)
    }
}
