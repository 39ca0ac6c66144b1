#if canImport(SwiftUI)
import SwiftUI
import ViewStateKit

// The bookmark and category screens in SwiftUI, over the same controllers as the console
// screens. Compiled only on Apple platforms: the Linux CI neither builds nor runs this file.
// Everything it uses besides SwiftUI is tested on Linux: `StateCell.observed()`, the
// controllers, `StateNavigator` and its bindings, `Binding(FieldBinding)`'s construction.

/// The bookmarked stores: pull to refresh, remove a store, retry a failed load.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct BookmarkStoresView: View {
    private let controller: BookmarkStoresController
    @State private var screen: ObservedState<ViewState<BookmarkList>>

    /// The screen over `controller`, which it starts loading when it appears.
    public init(controller: BookmarkStoresController) {
        self.controller = controller
        _screen = State(initialValue: controller.state.observed())
    }

    /// Draws the screen's one state.
    public var body: some View {
        Group {
            switch screen.value {
            case .loading:
                ProgressView()
            case .presenting(let list):
                List {
                    if let failure = list.notice ?? list.loadStatus.failure {
                        Text(failure.message).foregroundStyle(.red)
                    }
                    ForEach(list.stores, id: \.id) { store in
                        HStack {
                            Text(store.name)
                            Spacer()
                            Button("Remove") { controller.removeBookmark(id: store.id) }
                        }
                    }
                }
                .refreshable { [controller] in await controller.refresh().value }
            case .failed(let failure):
                VStack {
                    Text(failure.message)
                    Button("Retry") { controller.load() }
                }
            }
        }
        .onAppear { controller.load() }
    }
}

/// One category's products, a page at a time.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct CategoryProductsView: View {
    private let controller: CategoryProductsController
    private let categoryId: Int
    @State private var screen: ObservedState<ViewState<ProductList>>

    /// The screen showing category `categoryId` through `controller`.
    public init(controller: CategoryProductsController, categoryId: Int) {
        self.controller = controller
        self.categoryId = categoryId
        _screen = State(initialValue: StateCell<ViewState<ProductList>>(.loading).observed())
    }

    /// Draws the screen's one state; the last row asks for more, or retries a failed page.
    public var body: some View {
        Group {
            switch screen.value {
            case .loading:
                ProgressView()
            case .presenting(let list):
                List {
                    ForEach(list.products, id: \.id) { product in
                        Text("\(product.name) \(won(product.price))")
                    }
                    if let failure = list.loadStatus.failure {
                        Button("Retry: \(failure.message)") { controller.loadMore() }
                    } else if list.loadStatus == .loadingMore {
                        ProgressView()
                    } else if list.hasMore {
                        Button("Load more") { controller.loadMore() }
                    }
                }
                .navigationTitle(list.categoryName)
            case .failed(let failure):
                Text(failure.message)
            }
        }
        .onAppear { controller.products(categoryId: categoryId, then: screen.cell.send) }
    }
}

/// The books screen over `BooksReactor`: the load runs for as long as the view is shown
/// (`.task`), and pull to refresh waits for the reload to end (`.refreshable`), both through
/// `sendAndWait`, so leaving the screen cancels a load in flight.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct BooksView: View {
    private let reactor: BooksReactor
    @State private var books: ObservedReactor<BooksReactor>

    /// The screen over `reactor`, which loads when the view appears.
    public init(reactor: BooksReactor) {
        self.reactor = reactor
        _books = State(initialValue: reactor.observed())
    }

    /// Draws the shelf: the series to pick, the selected series' books, a summary when expanded.
    public var body: some View {
        Group {
            switch books.shelf {
            case .loading:
                ProgressView()
            case .presenting(let shelf):
                List {
                    ForEach(shelf.seriesNumbers, id: \.self) { number in
                        Button("Series \(number)") { books.send(.selectSeries(number)) }
                    }
                    ForEach(shelf.series?.books ?? []) { book in
                        VStack(alignment: .leading) {
                            Button(book.title) { books.send(.toggleSummary(bookId: book.id)) }
                            if shelf.isExpanded(book) { Text(book.summary) }
                        }
                    }
                }
                .refreshable { [reactor] in await reactor.sendAndWait(.load) }
            case .failed(let failure):
                Text(failure.message)
            }
        }
        .task { [reactor] in await reactor.sendAndWait(.load) }
    }
}

/// The basket over `BasketReactor`: a stepper per line, and the confirmation before emptying
/// it drawn from the state's `AlertState`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct BasketView: View {
    @State private var basket: ObservedReactor<BasketReactor>

    /// The screen over `reactor`.
    public init(reactor: BasketReactor) {
        _basket = State(initialValue: reactor.observed())
    }

    /// Draws the lines, the total and the button that asks before emptying.
    public var body: some View {
        List {
            ForEach(basket.lines) { line in
                HStack {
                    Text("\(line.name) ×\(line.quantity)")
                    Spacer()
                    Button("−") { basket.send(.line(line.id, .decrement)) }
                    Button("+") { basket.send(.line(line.id, .increment)) }
                    Button("Remove", role: .destructive) { basket.send(.line(line.id, .remove)) }
                }
            }
            Text("Total \(won(basket.value.total))")
            Button("Empty basket", role: .destructive) { basket.send(.emptyTapped) }
        }
        .alert(basket.alert) { basket.send(.alert($0)) }
    }
}

/// The two screens in a navigation stack whose path is a `StateNavigator`'s state.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct SamplesRootView: View {
    private let api: StoreAPI
    private let navigator: StateNavigator<Int>
    @State private var stack: ObservedState<NavigationState<Int>>

    /// The bookmarks screen, with category screens pushed by category id.
    public init(api: StoreAPI, navigator: StateNavigator<Int>) {
        self.api = api
        self.navigator = navigator
        _stack = State(initialValue: navigator.state.observed())
    }

    /// The stack: a swipe back writes the shorter path to the navigator.
    public var body: some View {
        NavigationStack(path: Binding(navigator.pathBinding(stack))) {
            BookmarkStoresView(controller: BookmarkStoresController(api: api))
                .toolbar { Button("Drinks") { navigator.push(1) } }
                .navigationDestination(for: StackID.self) { id in
                    if let categoryId = stack.value.path[id: id] {
                        CategoryProductsView(controller: CategoryProductsController(api: api), categoryId: categoryId)
                    }
                }
        }
    }
}
#endif
