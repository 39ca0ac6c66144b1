import ViewStateKit

struct Bookmarks: Equatable, Sendable, RefreshableContent {
    var names: [String]
    var loadStatus: LoadStatus = .idle
    var isComplete = false
}

protocol BookmarksService: Sendable {
    func bookmarks() async throws -> [String]
    func bookmarks(after last: String) async throws -> [String]
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

    @discardableResult
    func loadMore() -> Task<Void, Never> {
        let service = self.service
        return loader.loadMore { shown in try await service.bookmarks(after: shown.names.last ?? "") }
    }
}

extension Bookmarks: PageableContent {
    var hasMore: Bool { !isComplete }

    mutating func append(_ page: [String]) {
        names += page
        isComplete = page.isEmpty
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
            if bookmarks.loadStatus == .loadingMore {
                lines.append("Loading more…")
            }
        case .failed(let failure):
            lines = ["Could not load bookmarks: \(failure.message)", "Try again"]
        }
    }
}
