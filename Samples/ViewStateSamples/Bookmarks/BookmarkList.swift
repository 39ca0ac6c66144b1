import ViewStateKit

/// What the bookmarked-stores screen presents.
///
/// A refresh keeps the list on screen with `isRefreshing` set; a failed refresh or removal
/// keeps (or restores) the list and sets `notice`, which the renderer shows as a banner.
public struct BookmarkList: Equatable, Sendable {
    /// The bookmarked stores, most recently bookmarked last.
    public var stores: [Store]
    /// `true` while a pull-to-refresh is in flight; the stores stay on screen meanwhile.
    public var isRefreshing = false
    /// A failure to show over the list (a refresh or removal that did not work), or `nil`.
    public var notice: LoadFailure?

    /// A list of `stores` with no refresh in flight and no notice.
    public init(stores: [Store], isRefreshing: Bool = false, notice: LoadFailure? = nil) {
        self.stores = stores
        self.isRefreshing = isRefreshing
        self.notice = notice
    }
}
