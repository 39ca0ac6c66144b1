import ViewStateKit

/// The category product list's logic, in the completion-handler style: the view passes its
/// render function to `products(categoryId:then:)` and gets every state through it.
///
/// - `products(categoryId:then:)`: `.loading`, then `.presenting` (the first page of 20) or
///   `.failed`; an unknown category fails with `.notFound`. Asking for another category
///   supersedes the request in flight, whose reply is dropped.
/// - `loadMore()`: `.presenting` with `isLoadingMore`, then the list with the next page
///   appended; a failure keeps the products and sets `loadMoreFailure`. It does nothing at the
///   end of the list, while a page is loading, or before the first page is presented.
@MainActor
public final class CategoryProductsController {
    private let api: StoreAPI
    private let loader = Loader<ProductPage>()
    private var render: ((ViewState<ProductList>) -> Void)?
    private var shown: ProductList?

    /// A controller loading from `api`.
    public init(api: StoreAPI) {
        self.api = api
    }

    /// Shows category `categoryId`, publishing its states to `render`.
    public func products(categoryId: Int, then render: @escaping (ViewState<ProductList>) -> Void) {
        self.render = render
        shown = nil
        let api = self.api
        loader.load(then: { [weak self] state in
            let list = state.map(ProductList.init(firstPage:))
            self?.shown = list.content
            render(list)
        }) { done in
            api.products(categoryId: categoryId, page: 1, completion: done)
        }
    }

    /// Appends the next page of the category shown.
    public func loadMore() {
        guard let list = shown, let render, list.hasMore, !loader.isLoading else { return }
        let api = self.api
        loader.load(then: { [weak self] state in
            guard let self, var list = shown else { return }
            switch state {
            case .loading:
                list.isLoadingMore = true
                list.loadMoreFailure = nil
            case .presenting(let page):
                list.append(page)
            case .failed(let failure):
                list.isLoadingMore = false
                list.loadMoreFailure = failure
            }
            shown = list
            render(.presenting(list))
        }) { done in
            api.products(categoryId: list.categoryId, page: list.page + 1, completion: done)
        }
    }

    /// Cancels the request in flight (see `Loader.cancel()`).
    public func cancel() {
        loader.cancel()
    }
}
