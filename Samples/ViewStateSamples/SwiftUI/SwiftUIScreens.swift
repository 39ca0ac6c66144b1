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

/// The two screens in a navigation stack whose path is a `StateNavigator`'s state.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct SamplesRootView: View {
    private let api: StoreAPI
    private let navigator: StateNavigator<Int>
    @State private var stack: ObservedState<NavigationState<Int>>

    /// The bookmarks screen, with category screens pushed by id.
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
                .navigationDestination(for: Int.self) { categoryId in
                    CategoryProductsView(controller: CategoryProductsController(api: api), categoryId: categoryId)
                }
        }
    }
}
#endif
