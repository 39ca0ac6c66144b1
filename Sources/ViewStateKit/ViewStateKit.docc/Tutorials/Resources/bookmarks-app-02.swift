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

}
