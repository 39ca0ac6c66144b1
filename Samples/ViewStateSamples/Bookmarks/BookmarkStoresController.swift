import ViewStateKit

/// The bookmarked-stores screen's logic: load, pull-to-refresh, and remove a bookmark with an
/// optimistic update. It publishes everything through `state`.
///
/// - `load()`: `.loading`, then `.presenting` or `.failed`.
/// - `refresh()`: while presenting, `.presenting` with `isRefreshing`, then the new list; a
///   failed refresh keeps the list and sets `notice`. With nothing presented it loads.
/// - `removeBookmark(id:)`: the store disappears at once; if the server refuses, it is put
///   back where it was and `notice` says why. An id that is not in the list only sets a
///   not-found `notice`; while loading or failed it does nothing.
/// - A newer load or refresh supersedes an older one (last request wins).
@MainActor
public final class BookmarkStoresController {
    /// The screen's one state.
    public let state = StateCell<ViewState<BookmarkList>>(.loading)

    private let api: StoreAPI
    private let loader = Loader<[Store]>()

    /// A controller loading from `api`. Nothing is requested until `load()`.
    public init(api: StoreAPI) {
        self.api = api
    }

    /// Loads the bookmarks. The returned task ends when the load is over.
    @discardableResult
    public func load() -> Task<Void, Never> {
        let api = self.api
        return loader.load(then: { [weak self] in self?.state.send($0.map { BookmarkList(stores: $0) }) }) {
            try await api.bookmarks()
        }
    }

    /// Reloads while keeping the current list on screen. The returned task ends when it is over.
    @discardableResult
    public func refresh() -> Task<Void, Never> {
        guard let shown = state.value.content else { return load() }
        let api = self.api
        return loader.load(then: { [weak self] result in
            guard let self else { return }
            let stores = state.value.content?.stores ?? shown.stores
            switch result {
            case .loading: state.send(.presenting(BookmarkList(stores: stores, isRefreshing: true)))
            case .presenting(let fresh): state.send(.presenting(BookmarkList(stores: fresh)))
            case .failed(let failure): state.send(.presenting(BookmarkList(stores: stores, notice: failure)))
            }
        }) {
            try await api.bookmarks()
        }
    }

    /// Removes store `id` from the list at once and asks the server to remove it; rolls back
    /// with a notice if the server refuses. Returns the request's task, or `nil` when there
    /// was nothing to remove.
    @discardableResult
    public func removeBookmark(id: Int) -> Task<Void, Never>? {
        guard var list = state.value.content else { return nil }
        guard let index = list.stores.firstIndex(where: { $0.id == id }) else {
            list.notice = LoadFailure(.notFound, "store \(id) is not in your bookmarks")
            state.send(.presenting(list))
            return nil
        }
        let removed = list.stores.remove(at: index)
        list.notice = nil
        state.send(.presenting(list))
        let api = self.api
        return Task { [weak self] in
            do {
                try await api.removeBookmark(id: id)
            } catch {
                self?.rollBack(removed, to: index, because: LoadFailure(error))
            }
        }
    }

    /// Cancels the load or refresh in flight (see `Loader.cancel()`).
    public func cancel() {
        loader.cancel()
    }

    private func rollBack(_ store: Store, to index: Int, because failure: LoadFailure) {
        guard var list = state.value.content else { return }  // a reload is showing the server's truth
        if !list.stores.contains(where: { $0.id == store.id }) {
            list.stores.insert(store, at: min(index, list.stores.count))
        }
        list.notice = LoadFailure(failure.reason, "could not remove \(store.name): \(failure.message)")
        state.send(.presenting(list))
    }
}
