import Foundation
import ViewStateKit

/// The books screen, as a reactor: loads the series list, lets the user pick a series by
/// number and expand or collapse each book's summary.
///
/// The expanded summaries are saved in a `KeyValueStore` under `expandedKey` (a JSON array of
/// book ids) and read back when the screen opens: nothing stored, or a stored value that is
/// not such an array, reads as all collapsed, and the next toggle overwrites it. The selected
/// series lives with the screen; it starts at the first series. An unknown series number or
/// book id changes nothing. A load that fails, or a list that does not decode, ends in
/// `.failed` with a message naming what was wrong.
@MainActor
public final class BooksReactor: Reactor<BooksReactor.Action, BooksReactor.Mutation, BooksReactor.State> {
    /// What the user does.
    public enum Action: Sendable {
        /// Opens the screen or pulls to reload.
        case load
        /// Picks series `number`.
        case selectSeries(Int)
        /// Expands or collapses book `id`'s summary.
        case toggleSummary(bookId: Int)
    }

    /// How the state changes.
    public enum Mutation: Sendable {
        /// The series list: loading, loaded, or failed.
        case setSeries(ViewState<[BookSeries]>)
        /// The selected series number.
        case setSelectedSeries(Int)
        /// The books whose summary is expanded.
        case setExpanded(Set<Int>)
    }

    /// Everything the screen knows.
    public struct State: Equatable, Sendable {
        /// The series list as loaded.
        public var series: ViewState<[BookSeries]> = .loading
        /// The selected series' number; `nil` until a list with a series has loaded.
        public var selectedSeries: Int?
        /// The books whose summary is expanded.
        public var expandedBookIDs: Set<Int>

        /// What the view draws.
        public var shelf: ViewState<BookShelf> {
            series.map { list in
                BookShelf(seriesNumbers: list.map(\.number),
                          series: list.first { $0.number == selectedSeries },
                          expandedBookIDs: expandedBookIDs)
            }
        }
    }

    /// The key the expanded summaries are stored under.
    public static let expandedKey = "books.expandedSummaries"

    private let api: StoreAPI
    private let store: KeyValueStore

    /// The screen, loading through `api` and keeping summary toggles in `store`.
    public init(api: StoreAPI, store: KeyValueStore) {
        self.api = api
        self.store = store
        let saved = store.data(forKey: Self.expandedKey).flatMap { try? JSONDecoder().decode([Int].self, from: $0) }
        super.init(initialState: State(expandedBookIDs: Set(saved ?? [])))
    }

    /// Loads in the background (a newer load replaces a running one); toggles are saved at once.
    public override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .load:
            return .merge(.mutation(.setSeries(.loading)), .run(id: "load") { [api] send in
                await send(.setSeries(.presenting(try await api.books())))
            } catch: { error, send in
                await send(.setSeries(.failed(LoadFailure(error))))
            })
        case .selectSeries(let number):
            guard currentState.series.content?.contains(where: { $0.number == number }) == true else { return .none }
            return .mutation(.setSelectedSeries(number))
        case .toggleSummary(let id):
            let books = currentState.series.content?.flatMap(\.books) ?? []
            guard books.contains(where: { $0.id == id }) else { return .none }
            var expanded = currentState.expandedBookIDs
            if expanded.remove(id) == nil { expanded.insert(id) }
            store.set((try? JSONEncoder().encode(expanded.sorted())) ?? Data("[]".utf8), forKey: Self.expandedKey)
            return .mutation(.setExpanded(expanded))
        }
    }

    /// Applies `mutation` to `state`, in place; a newly loaded list keeps the selection if it
    /// still exists, and otherwise selects its first series (an empty list changes nothing).
    public override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .setSeries(let series):
            state.series = series
            if let list = series.content, let first = list.first,
               !list.contains(where: { $0.number == state.selectedSeries }) {
                state.selectedSeries = first.number
            }
        case .setSelectedSeries(let number):
            state.selectedSeries = number
        case .setExpanded(let expanded):
            state.expandedBookIDs = expanded
        }
    }
}
