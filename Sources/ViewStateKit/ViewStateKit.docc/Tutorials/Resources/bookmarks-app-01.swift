import ViewStateKit

struct Bookmarks: Equatable, Sendable, RefreshableContent {
    var names: [String]
    var loadStatus: LoadStatus = .idle
}

protocol BookmarksService: Sendable {
    func bookmarks() async throws -> [String]
}
