extension Loader where Content: RefreshableContent {
    /// Reloads through a completion-handler service while the content stays presented with
    /// `.refreshing`; then the fresh content, or the content kept with `.refreshFailed`. With
    /// nothing presented it is a load.
    /// - Parameter work: starts the request; it calls `done` once, on any thread.
    /// - Returns: a task that ends when the refresh is over.
    @discardableResult
    public func refresh(_ work: (_ done: @escaping Completion) -> Void) -> Task<Void, Never> {
        withoutActuallyEscaping(work) { refresh(.completion($0)) }
    }

    /// Reloads through an `async` service while the content stays presented (the states of
    /// the completion-handler `refresh`).
    /// - Parameter work: fetches the fresh content.
    /// - Returns: a task that ends when the refresh is over.
    @discardableResult
    public func refresh(_ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        refresh(.async(work))
    }

    /// The one path of a refresh, whatever the service's style.
    private func refresh(_ service: Service<Content>) -> Task<Void, Never> {
        guard let shown = current()?.content else { return load(service) }
        return run(first: .presenting(shown.with(.refreshing)), shown: shown,
                   cancelled: keeping(shown, failedAs: LoadStatus.refreshFailed),
                   settle: { loader, id, result in
                       loader.end(id) { load in
                           switch result {
                           case .success(let fresh): .presenting(fresh.with(.idle))
                           case .failure(let error): loader.showing(load.shown, .refreshFailed(LoadFailure(error)))
                           }
                       }
                   }, service)
    }

    /// The content the destination presents now (or `shown`, if it no longer presents any)
    /// with `status`.
    func showing(_ shown: Content?, _ status: LoadStatus) -> ViewState<Content>? {
        (current()?.content ?? shown).map { .presenting($0.with(status)) }
    }

    /// What cancelling a refresh or a page publishes: the content kept, `.idle` when silent,
    /// otherwise failed as `.cancelled`.
    func keeping(_ shown: Content,
                 failedAs failed: @escaping (LoadFailure) -> LoadStatus) -> (Bool) -> ViewState<Content>? {
        { [weak self] silently in self?.showing(shown, silently ? .idle : failed(.cancelled)) }
    }
}

extension Loader where Content: PageableContent {
    /// The callback a completion-handler service calls once with the next page, from any thread.
    public typealias PageCompletion = @Sendable (Result<Content.Page, any Error>) -> Void

    /// Appends the next page through a completion-handler service: `work` gets the content
    /// shown (to ask for the page after it) and `done`. The content stays presented with
    /// `.loadingMore`, then the page is appended; a failure keeps what is shown, with
    /// `.loadMoreFailed`, and calling this again retries. Does nothing at the end of the list,
    /// with nothing presented, or while a load is in flight (the task is then already over).
    /// - Parameter work: starts the request for the page after `shown`; it calls `done` once.
    /// - Returns: a task that ends when the page's load is over.
    @discardableResult
    public func loadMore(_ work: (_ shown: Content, _ done: @escaping PageCompletion) -> Void) -> Task<Void, Never> {
        withoutActuallyEscaping(work) { work in loadMore { shown in .completion { done in work(shown, done) } } }
    }

    /// Appends the next page through an `async` service that gets the content shown (the
    /// states of the completion-handler `loadMore`).
    /// - Parameter work: fetches the page after `shown`.
    /// - Returns: a task that ends when the page's load is over.
    @discardableResult
    public func loadMore(_ work: @escaping @Sendable (_ shown: Content) async throws -> Content.Page) -> Task<Void, Never> {
        loadMore { shown in .async { try await work(shown) } }
    }

    /// The one path of a page, whatever the service's style: `service` asks for the page after
    /// the content shown.
    private func loadMore(_ service: (Content) -> Service<Content.Page>) -> Task<Void, Never> {
        guard !isLoading, let shown = current()?.content, shown.hasMore else { return Task {} }
        return run(first: .presenting(shown.with(.loadingMore)), shown: shown,
                   cancelled: keeping(shown, failedAs: LoadStatus.loadMoreFailed),
                   settle: { loader, id, result in
                       loader.end(id) { load in
                           switch result {
                           case .success(let page):
                               (loader.current()?.content ?? load.shown).map { shown in
                                   var grown = shown
                                   grown.append(page)
                                   return .presenting(grown.with(.idle))
                               }
                           case .failure(let error):
                               loader.showing(load.shown, .loadMoreFailed(LoadFailure(error)))
                           }
                       }
                   }, service(shown))
    }
}

extension RefreshableContent {
    /// A copy with `loadStatus` set to `status`.
    func with(_ status: LoadStatus) -> Self {
        var copy = self
        copy.loadStatus = status
        return copy
    }
}
