import ViewStateKit

/// The category product list's logic, in the completion-handler style: the view passes its
/// render function to `products(categoryId:then:)` and gets every state through it.
///
/// - `products(categoryId:then:)`: `.loading`, then `.presenting` (the first page of 20) or
///   `.failed`; an unknown category fails with `.notFound`. Asking for another category
///   supersedes the request in flight, whose reply is dropped.
/// - `loadMore()`: `Loader.loadMore`: the list stays presented with `.loadingMore`, then the
///   next page appended; a failure keeps the products with `.loadMoreFailed`, and the next
///   `loadMore()` retries. It does nothing at the end of the list, while a request is in
///   flight, or before the first page is presented.
/// - Each returns a task that ends when its request is over.
@MainActor
public final class CategoryProductsController {
    private let api: StoreAPI
    private var render: (ViewState<ProductList>) -> Void = { _ in }
    /// Publishes to the render function the view gave last.
    private lazy var loader = Loader<ProductList> { [weak self] in self?.render($0) }

    /// A controller loading from `api`.
    public init(api: StoreAPI) {
        self.api = api
    }

    /// Shows category `categoryId`, publishing its states to `render`.
    @discardableResult
    public func products(categoryId: Int, then render: @escaping (ViewState<ProductList>) -> Void) -> Task<Void, Never> {
        self.render = render
        let api = self.api
        return loader.load { done in
            api.products(categoryId: categoryId, page: 1) { done($0.map(ProductList.init(firstPage:))) }
        }
    }

    /// Appends the next page of the category shown.
    @discardableResult
    public func loadMore() -> Task<Void, Never> {
        let api = self.api
        return loader.loadMore { list, done in
            api.products(categoryId: list.categoryId, page: list.page + 1, completion: done)
        }
    }

    /// Cancels the request in flight (see `Loader.cancel()`).
    public func cancel() {
        loader.cancel()
    }
}
