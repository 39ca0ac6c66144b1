import Foundation
import Testing
import ViewStateKit
import ViewStateKitTesting
@testable import TutorialApp

struct SavedBookmarks: BookmarksService {
    func bookmarks() async throws -> [String] { ["CU Gangnam", "GS25 Yeoksam"] }
}

@Test @MainActor func bookmarksGoFromLoadingToPresenting() async {
    let controller = BookmarksController(service: SavedBookmarks())
    let view = BookmarksView()
    let states = StateRecorder(controller.state)
    let token = controller.state.bind(to: view)
    await controller.load().waitForCompletion()
    states.expect([.loading, .presenting(Bookmarks(names: ["CU Gangnam", "GS25 Yeoksam"]))])
    #expect(view.lines == ["CU Gangnam", "GS25 Yeoksam"])
    withExtendedLifetime(token) {}
}

@Test @MainActor func bookmarksStayOnScreenWhileRefreshing() async {
    let controller = BookmarksController(service: SavedBookmarks())
    await controller.load().waitForCompletion()
    let states = StateRecorder(controller.state)
    await controller.refresh().waitForCompletion()
    let saved = Bookmarks(names: ["CU Gangnam", "GS25 Yeoksam"])
    states.expect([
        .presenting(saved),
        .presenting(Bookmarks(names: saved.names, loadStatus: .refreshing)),
        .presenting(saved),
    ])
}

struct ConnectionLost: LocalizedError {
    var errorDescription: String? { "The connection was lost." }
}

struct UnreachableBookmarks: BookmarksService {
    func bookmarks() async throws -> [String] { throw ConnectionLost() }
}

@Test @MainActor func failedBookmarksLoadSaysWhy() async {
    let controller = BookmarksController(service: UnreachableBookmarks())
    let view = BookmarksView()
    let token = controller.state.bind(to: view)
    await controller.load().waitForCompletion()
    #expect(controller.state.value == .failed(LoadFailure(.other, "The connection was lost.")))
    #expect(view.lines == ["Could not load bookmarks: The connection was lost.", "Try again"])
    withExtendedLifetime(token) {}
}
