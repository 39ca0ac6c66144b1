import ViewStateKit

/// What the bookmarks screen shows for one state, whatever draws it: the UIKit view
/// controller (`BookmarksViewController`) applies it to its views, and a test checks it
/// without UIKit.
public struct BookmarksDisplay: Equatable, Sendable {
    /// Whether the full-screen spinner turns: only while the first load runs.
    public var showsSpinner = false
    /// Whether the pull-to-refresh control turns: while a refresh runs over the list.
    public var isRefreshing = false
    /// One row per store: its name and address.
    public var rows: [String] = []
    /// A failure or a notice to read, or `nil`: a failed load replaces the rows with it; a
    /// failed refresh or removal shows it above the rows that stay.
    public var message: String?
    /// Whether a "Try again" button shows: after a failed load, which has nothing to keep.
    public var offersRetry = false

    /// What `state` looks like on screen.
    public init(_ state: ViewState<BookmarkList>) {
        switch state {
        case .loading:
            showsSpinner = true
        case .presenting(let list):
            rows = list.stores.map { "\($0.name) — \($0.address)" }
            isRefreshing = list.loadStatus == .refreshing
            message = (list.notice ?? list.loadStatus.failure).map { "\($0)" }
        case .failed(let failure):
            message = "\(failure)"
            offersRetry = true
        }
    }

    /// A display with exactly these parts, for tests.
    public init(showsSpinner: Bool = false, isRefreshing: Bool = false, rows: [String] = [],
                message: String? = nil, offersRetry: Bool = false) {
        (self.showsSpinner, self.isRefreshing, self.rows) = (showsSpinner, isRefreshing, rows)
        (self.message, self.offersRetry) = (message, offersRetry)
    }
}
