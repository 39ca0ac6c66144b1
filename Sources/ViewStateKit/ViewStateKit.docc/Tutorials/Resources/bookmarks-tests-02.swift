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
