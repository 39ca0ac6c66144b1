extension Loader where Content: RefreshableContent {
    /// Reloads through a completion-handler service while the content stays presented with
    /// `.refreshing`; then the fresh content, or the content kept with `.refreshFailed`. With
    /// nothing presented it is ``load(then:_:)-(_,(Completion)->Void)``. The task ends when the refresh is over.
    @discardableResult
    public func refresh(then publish: @escaping Publish, _ work: (_ done: @escaping Completion) -> Void) -> Task<Void, Never> {
        refresh(to: handler(publish), work)
    }

    /// Reloads through an `async` service while the content stays presented (see
    /// ``refresh(then:_:)-(_,(Completion)->Void)`` for the states). The task ends when the refresh is over.
    @discardableResult
    public func refresh(then publish: @escaping Publish, _ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        refresh(to: handler(publish), work)
    }

    /// Reloads through a completion-handler service, keeping `cell`'s content presented
    /// meanwhile (see ``refresh(then:_:)-(_,(Completion)->Void)`` for the states).
    @discardableResult
    public func refresh(into cell: StateCell<ViewState<Content>>, _ work: (_ done: @escaping Completion) -> Void) -> Task<Void, Never> {
        refresh(to: Self.target(cell), work)
    }

    /// Reloads through an `async` service, keeping `cell`'s content presented meanwhile (see
    /// ``refresh(then:_:)-(_,(Completion)->Void)`` for the states).
    @discardableResult
    public func refresh(into cell: StateCell<ViewState<Content>>, _ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        refresh(to: Self.target(cell), work)
    }

    private func refresh(to target: Target, _ work: (_ done: @escaping Completion) -> Void) -> Task<Void, Never> {
        guard let shown = target.current()?.content else { return load(to: target, work) }
        return run(to: target, first: .presenting(shown.with(.refreshing)), shown: shown,
                   cancelled: Self.keeping(target, shown, failedAs: LoadStatus.refreshFailed),
                   settle: { $0.settleRefresh($1, $2) }, work)
    }

    private func refresh(to target: Target, _ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        guard let shown = target.current()?.content else { return load(to: target, work) }
        return run(to: target, first: .presenting(shown.with(.refreshing)), shown: shown,
                   cancelled: Self.keeping(target, shown, failedAs: LoadStatus.refreshFailed),
                   settle: { $0.settleRefresh($1, $2) }, work)
    }

    private func settleRefresh(_ id: Int, _ result: Result<Content, any Error>) {
        end(id) { load in
            switch result {
            case .success(let fresh): .presenting(fresh.with(.idle))
            case .failure(let error): Self.showing(load.target, load.shown, .refreshFailed(LoadFailure(error)))
            }
        }
    }

    /// The content `target` presents now (or `shown`, if it no longer presents any) with `status`.
    static func showing(_ target: Target, _ shown: Content?, _ status: LoadStatus) -> ViewState<Content>? {
        (target.current()?.content ?? shown).map { .presenting($0.with(status)) }
    }

    /// What cancelling a refresh or a page publishes: the content kept, `.idle` when silent,
    /// otherwise failed as `.cancelled`.
    static func keeping(_ target: Target, _ shown: Content,
                        failedAs failed: @escaping (LoadFailure) -> LoadStatus) -> (Bool) -> ViewState<Content>? {
        { silently in showing(target, shown, silently ? .idle : failed(.cancelled)) }
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
    @discardableResult
    public func loadMore(then publish: @escaping Publish,
                         _ work: (_ shown: Content, _ done: @escaping PageCompletion) -> Void) -> Task<Void, Never> {
        loadMore(to: handler(publish), work)
    }

    /// Appends the next page through an `async` service that gets the content shown (see
    /// ``loadMore(then:_:)-(_,(Content,PageCompletion)->Void)`` for the states).
    @discardableResult
    public func loadMore(then publish: @escaping Publish,
                         _ work: @escaping @Sendable (_ shown: Content) async throws -> Content.Page) -> Task<Void, Never> {
        loadMore(to: handler(publish), work)
    }

    /// Appends the next page to `cell`'s content through a completion-handler service (see
    /// ``loadMore(then:_:)-(_,(Content,PageCompletion)->Void)`` for the states).
    @discardableResult
    public func loadMore(into cell: StateCell<ViewState<Content>>,
                         _ work: (_ shown: Content, _ done: @escaping PageCompletion) -> Void) -> Task<Void, Never> {
        loadMore(to: Self.target(cell), work)
    }

    /// Appends the next page to `cell`'s content through an `async` service (see
    /// ``loadMore(then:_:)-(_,(Content,PageCompletion)->Void)`` for the states).
    @discardableResult
    public func loadMore(into cell: StateCell<ViewState<Content>>,
                         _ work: @escaping @Sendable (_ shown: Content) async throws -> Content.Page) -> Task<Void, Never> {
        loadMore(to: Self.target(cell), work)
    }

    private func loadMore(to target: Target,
                          _ work: (_ shown: Content, _ done: @escaping PageCompletion) -> Void) -> Task<Void, Never> {
        guard let shown = nextPageBase(target) else { return Task {} }
        return run(to: target, first: .presenting(shown.with(.loadingMore)), shown: shown,
                   cancelled: Self.keeping(target, shown, failedAs: LoadStatus.loadMoreFailed),
                   settle: { $0.settlePage($1, $2) }, { done in work(shown, done) })
    }

    private func loadMore(to target: Target,
                          _ work: @escaping @Sendable (_ shown: Content) async throws -> Content.Page) -> Task<Void, Never> {
        guard let shown = nextPageBase(target) else { return Task {} }
        return run(to: target, first: .presenting(shown.with(.loadingMore)), shown: shown,
                   cancelled: Self.keeping(target, shown, failedAs: LoadStatus.loadMoreFailed),
                   settle: { $0.settlePage($1, $2) }, { try await work(shown) })
    }

    /// The content a page would be appended to, or `nil` when "load more" does nothing.
    private func nextPageBase(_ target: Target) -> Content? {
        guard !isLoading, let shown = target.current()?.content, shown.hasMore else { return nil }
        return shown
    }

    private func settlePage(_ id: Int, _ result: Result<Content.Page, any Error>) {
        end(id) { load in
            switch result {
            case .success(let page):
                (load.target.current()?.content ?? load.shown).map { shown in
                    var grown = shown
                    grown.append(page)
                    return .presenting(grown.with(.idle))
                }
            case .failure(let error):
                Self.showing(load.target, load.shown, .loadMoreFailed(LoadFailure(error)))
            }
        }
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
