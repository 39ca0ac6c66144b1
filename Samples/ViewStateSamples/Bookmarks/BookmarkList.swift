import ViewStateKit

/// What the bookmarked-stores screen presents.
///
/// A refresh keeps the list on screen with `loadStatus` `.refreshing`, and a failed refresh
/// keeps it with `.refreshFailed`; a failed removal restores the store and sets `notice`.
public struct BookmarkList: Equatable, Sendable, RefreshableContent {
    /// The bookmarked stores, most recently bookmarked last.
    public var stores: [Store]
    /// What the loader is doing to the list: refreshing it, or why the last refresh failed.
    public var loadStatus: LoadStatus
    /// Why the last removal did not work (or its store was not in the list), or `nil`.
    public var notice: LoadFailure?

    /// A list of `stores`, with nothing running and no notice unless given.
    public init(stores: [Store], loadStatus: LoadStatus = .idle, notice: LoadFailure? = nil) {
        self.stores = stores
        self.loadStatus = loadStatus
        self.notice = notice
    }
}
