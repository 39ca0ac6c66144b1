/// What a ``Loader`` is doing to content that stays on screen: refreshing it, loading more of
/// it, or why the last refresh or page failed. A renderer shows it as a spinner, a banner or
/// a "retry" row, while the content itself stays presented.
public enum LoadStatus: Equatable, Sendable {
    /// Nothing is running; the content is as loaded.
    case idle
    /// A pull-to-refresh is running; the content shown is the one being replaced.
    case refreshing
    /// The next page is being fetched; it will be appended.
    case loadingMore
    /// The last refresh failed; the content shown is the one from before it.
    case refreshFailed(LoadFailure)
    /// The last "load more" failed; the content shown is what had loaded, and `loadMore` retries.
    case loadMoreFailed(LoadFailure)

    /// `true` while a refresh or a page is being fetched.
    public var isBusy: Bool { self == .refreshing || self == .loadingMore }

    /// Why the last refresh or page failed, or `nil`.
    public var failure: LoadFailure? {
        switch self {
        case .refreshFailed(let failure), .loadMoreFailed(let failure): failure
        case .idle, .refreshing, .loadingMore: nil
        }
    }
}

/// Content a ``Loader`` can refresh while it stays on screen: it carries the loader's
/// ``LoadStatus``, so the renderer can show that a refresh is running, or why it failed.
public protocol RefreshableContent {
    /// What the loader is doing to this content; the loader sets it, the renderer reads it.
    var loadStatus: LoadStatus { get set }
}

/// Content that arrives page by page: a ``Loader`` can append the next page while the pages
/// loaded so far stay on screen.
public protocol PageableContent: RefreshableContent {
    /// One page of it, as the service returns it.
    associatedtype Page: Sendable

    /// `false` once the last page is in: `loadMore` then does nothing.
    var hasMore: Bool { get }

    /// Adds `page` after the pages loaded so far.
    mutating func append(_ page: Page)
}
