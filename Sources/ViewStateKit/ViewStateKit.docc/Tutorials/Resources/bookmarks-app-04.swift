import ViewStateKit

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
