import Testing
import ViewStateKit
import ViewStateKitTesting

struct Bookmarks: Equatable, Sendable, RefreshableContent {
    var names: [String]
    var loadStatus: LoadStatus = .idle
}

protocol BookmarksService: Sendable {
    func bookmarks() async throws -> [String]
}

@MainActor
final class BookmarksController {
    let state = StateCell<ViewState<Bookmarks>>(.loading)
    private let loader: Loader<Bookmarks>
    private let service: any BookmarksService

    init(service: any BookmarksService) {
        self.service = service
        loader = Loader(into: state)
    }

    @discardableResult
    func load() -> Task<Void, Never> {
        let service = self.service
        return loader.load { Bookmarks(names: try await service.bookmarks()) }
    }

    @discardableResult
    func refresh() -> Task<Void, Never> {
        let service = self.service
        return loader.refresh { Bookmarks(names: try await service.bookmarks()) }
    }
}

final class BookmarksView: Renderer {
    private(set) var lines: [String] = []

    func render(_ state: ViewState<Bookmarks>) {
        switch state {
        case .loading:
            lines = ["Loading…"]
        case .presenting(let bookmarks):
            lines = bookmarks.names
            if bookmarks.loadStatus == .refreshing {
                lines.insert("Refreshing…", at: 0)
            }
            if let failure = bookmarks.loadStatus.failure {
                lines.insert("Could not refresh: \(failure.message)", at: 0)
            }
        case .failed(let failure):
            lines = ["Could not load bookmarks: \(failure.message)", "Try again"]
        }
    }
}

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
