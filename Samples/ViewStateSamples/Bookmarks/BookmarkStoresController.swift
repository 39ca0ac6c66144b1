import ViewStateKit

/// The bookmarked-stores screen's logic: load, pull-to-refresh, and remove a bookmark with an
/// optimistic update. It publishes everything through `state`.
///
/// - `load()` and `refresh()` are `Loader`'s: `.loading` then the list; a refresh keeps the
///   list presented (`.refreshing`, then the new list, or the old one with `.refreshFailed`).
/// - `removeBookmark(id:)`: the store disappears at once; if the server refuses, it is put
///   back where it was and `notice` says why. An id that is not in the list only sets a
///   not-found `notice`; while loading or failed it does nothing.
/// - A removal wins over an older list: a list requested before the server confirmed a
///   removal never shows that store again (it may have been read before the removal).
/// - A newer load or refresh supersedes an older one (last request wins).
@MainActor
public final class BookmarkStoresController {
    /// The screen's one state.
    public let state = StateCell<ViewState<BookmarkList>>(.loading)

    private let api: StoreAPI
    private let loader: Loader<BookmarkList>
    private var listRequests = 0
    /// Removed store id → the first list request that reflects the removal (`.max` until confirmed).
    private var removals: [Int: Int] = [:]

    /// A controller loading from `api`. Nothing is requested until `load()`.
    public init(api: StoreAPI) {
        self.api = api
        loader = Loader(into: state)
    }

    /// Loads the bookmarks. The returned task ends when the load is over.
    @discardableResult
    public func load() -> Task<Void, Never> {
        loader.load(fetchList())
    }

    /// Reloads while keeping the current list on screen. The returned task ends when it is over.
    @discardableResult
    public func refresh() -> Task<Void, Never> {
        loader.refresh(fetchList())
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
        removals[id] = .max
        return Task { [weak self, api] in
            do {
                try await api.removeBookmark(id: id)
                self?.confirmRemoval(of: id)
            } catch {
                self?.rollBack(removed, to: index, because: LoadFailure(error))
            }
        }
    }

    /// Cancels the load or refresh in flight (see `Loader.cancel()`).
    public func cancel() {
        loader.cancel()
    }

    /// The request for a fresh list. It finishes on the main actor, so the stores it hides
    /// are the ones being removed when the list reaches the screen.
    private func fetchList() -> @Sendable () async throws -> BookmarkList {
        listRequests += 1
        let request = listRequests
        return { @MainActor [weak self, api] in
            let stores = try await api.bookmarks()
            return BookmarkList(stores: self?.withoutRemovals(stores, listedBy: request) ?? stores)
        }
    }

    private func withoutRemovals(_ stores: [Store], listedBy request: Int) -> [Store] {
        removals = removals.filter { request < $0.value }  // this list reflects the others
        return stores.filter { removals[$0.id] == nil }
    }

    private func confirmRemoval(of id: Int) {
        removals[id] = listRequests + 1
    }

    private func rollBack(_ store: Store, to index: Int, because failure: LoadFailure) {
        removals[store.id] = nil
        guard var list = state.value.content else { return }  // a reload is showing the server's truth
        if !list.stores.contains(where: { $0.id == store.id }) {
            list.stores.insert(store, at: min(index, list.stores.count))
        }
        list.notice = LoadFailure(failure.reason, "could not remove \(store.name): \(failure.message)")
        state.send(.presenting(list))
    }
}
