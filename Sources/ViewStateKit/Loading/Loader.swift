/// Runs a screen's loads one at a time and publishes what each one does to the screen's
/// ``ViewState``. The newest load wins.
///
/// Three kinds of load, each through a completion-handler service or an `async` one, each
/// publishing to a handler (`then:`) or into a cell (`into:`):
/// - `load`: `.loading`, then exactly one of `.presenting` or `.failed`. Into a cell that
///   already holds `.loading` it does not send `.loading` again; a handler always hears it first.
/// - `refresh` (content that is ``RefreshableContent``): the content stays presented with
///   `LoadStatus.refreshing`, then the fresh content; a failure keeps the content shown, with
///   `.refreshFailed`. With nothing presented it is a `load`.
/// - `loadMore` (content that is ``PageableContent``): the content stays presented with
///   `.loadingMore`, then the next page appended; a failure keeps what is shown, with
///   `.loadMoreFailed`, and the next `loadMore` retries that page. It does nothing at the end
///   of the list (`hasMore == false`), with nothing presented, or while any load is in flight.
///
/// Who wins, in one table (rows: in flight; columns: started):
///
/// | in flight ╲ started | load       | refresh    | loadMore     |
/// | ------------------- | ---------- | ---------- | ------------ |
/// | load                | supersedes | supersedes | does nothing |
/// | refresh             | supersedes | supersedes | does nothing |
/// | loadMore            | supersedes | supersedes | does nothing |
///
/// A superseded load publishes nothing more; its response is dropped whenever it arrives (an
/// `async` one is also cancelled). "Load more" never supersedes: a scroll that asks twice
/// fetches the page once, and a refresh or load about to replace the list is not undone.
///
/// - ``cancel()`` ends the load in flight and says so: a load with `.failed(.cancelled)`, a
///   refresh with `.refreshFailed(.cancelled)`, a page with `.loadMoreFailed(.cancelled)`.
/// - ``cancelSilently()`` ends it without a failure: a load publishes nothing (publish the next
///   state yourself, e.g. cached content), a refresh or page puts the content back to `.idle`.
/// - Every load returns a task that ends once the load is over — finished, superseded or
///   cancelled — so a test can await it, whichever kind of service it used.
/// - A completion handler may be called on any thread: the result hops to the main actor
///   (directly when it is already there, so a service answering synchronously on the main
///   thread is delivered inside the call). A second call of the same handler is ignored.
/// - When the loader is freed, its `async` load is cancelled and nothing more is published.
@MainActor
public final class Loader<Content: Sendable> {
    /// Receives the states of a load.
    public typealias Publish = (ViewState<Content>) -> Void
    /// The callback a completion-handler service calls once with its result, from any thread.
    public typealias Completion = @Sendable (Result<Content, any Error>) -> Void

    /// Where a load's states go, and what that place shows now.
    struct Target {
        let current: () -> ViewState<Content>?
        let publish: Publish
        /// A cell already showing `.loading` is not sent `.loading` again.
        let skipsRepeatedLoading: Bool
    }

    struct InFlight {
        let id: Int
        let target: Target
        /// What was presented when the load started (refresh, load more).
        let shown: Content?
        /// The state a cancel publishes (`nil`: nothing), loudly or silently.
        let cancelled: (_ silently: Bool) -> ViewState<Content>?
    }

    private var inFlight: InFlight?
    private var task: Task<Void, Never>?
    private var ended: AsyncStream<Void>.Continuation?
    private var lastID = 0
    /// The state last published through a `then:` handler: what a handler-style refresh keeps.
    private var lastPublished: ViewState<Content>?

    /// A loader with nothing in flight.
    public init() {}

    /// `true` while a load, refresh or page has started and not yet finished, been superseded
    /// or cancelled.
    public var isLoading: Bool { inFlight != nil }

    /// Loads through a completion-handler service: `work` starts the request and hands the
    /// service `done`, to be called once with the result. The task ends when the load is over.
    /// - Parameters:
    ///   - publish: called on the main actor with each state: `.loading`, then one of
    ///     `.presenting` or `.failed`.
    ///   - work: starts the request; it calls `done` once, on any thread (later calls are ignored).
    /// - Returns: a task that ends when the load is over: finished, superseded or cancelled.
    @discardableResult
    public func load(then publish: @escaping Publish, _ work: (_ done: @escaping Completion) -> Void) -> Task<Void, Never> {
        load(to: handler(publish), work)
    }

    /// Loads through an `async` service. The returned task ends once the load is over (tests
    /// await it); it is cancelled when the load is superseded, cancelled or the loader freed.
    /// - Parameters:
    ///   - publish: called on the main actor with each state: `.loading`, then one of
    ///     `.presenting` or `.failed`.
    ///   - work: fetches the content; a thrown error becomes a ``LoadFailure``.
    /// - Returns: a task that ends when the load is over: finished, superseded or cancelled.
    @discardableResult
    public func load(then publish: @escaping Publish, _ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        load(to: handler(publish), work)
    }

    /// Loads through a completion-handler service, sending every state into `cell`.
    /// - Parameters:
    ///   - cell: receives each state; `.loading` is not sent again when the cell already shows it.
    ///   - work: starts the request; it calls `done` once, on any thread (later calls are ignored).
    /// - Returns: a task that ends when the load is over: finished, superseded or cancelled.
    @discardableResult
    public func load(into cell: StateCell<ViewState<Content>>, _ work: (_ done: @escaping Completion) -> Void) -> Task<Void, Never> {
        load(to: Self.target(cell), work)
    }

    /// Loads through an `async` service, sending every state into `cell`.
    /// - Parameters:
    ///   - cell: receives each state; `.loading` is not sent again when the cell already shows it.
    ///   - work: fetches the content; a thrown error becomes a ``LoadFailure``.
    /// - Returns: a task that ends when the load is over: finished, superseded or cancelled.
    @discardableResult
    public func load(into cell: StateCell<ViewState<Content>>, _ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        load(to: Self.target(cell), work)
    }

    /// Ends the load in flight and publishes that it was cancelled (see the type's summary);
    /// its response is dropped when it arrives. Does nothing when no load is in flight.
    public func cancel() {
        stop(silently: false)
    }

    /// Ends the load in flight without publishing a failure: use it when you publish the next
    /// state yourself (switching to a cached segment). A refresh or page in flight leaves its
    /// content presented with `.idle`; a load publishes nothing. Does nothing when idle.
    public func cancelSilently() {
        stop(silently: true)
    }

    deinit {
        task?.cancel()
        ended?.finish()
    }

    // MARK: - The machinery every kind of load shares

    func handler(_ publish: @escaping Publish) -> Target {
        Target(current: { [weak self] in self?.lastPublished }, publish: { [weak self] state in
            self?.lastPublished = state
            publish(state)
        }, skipsRepeatedLoading: false)
    }

    static func target(_ cell: StateCell<ViewState<Content>>) -> Target {
        Target(current: { [weak cell] in cell?.value }, publish: { [weak cell] in cell?.send($0) },
               skipsRepeatedLoading: true)
    }

    func load(to target: Target, _ work: (_ done: @escaping Completion) -> Void) -> Task<Void, Never> {
        run(to: target, first: loadingState(for: target), shown: nil, cancelled: Self.cancelledLoad,
            settle: { $0.settleLoad($1, $2) }, work)
    }

    func load(to target: Target, _ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        run(to: target, first: loadingState(for: target), shown: nil, cancelled: Self.cancelledLoad,
            settle: { $0.settleLoad($1, $2) }, work)
    }

    private func loadingState(for target: Target) -> ViewState<Content>? {
        target.skipsRepeatedLoading && target.current()?.isLoading == true ? nil : .loading
    }

    private static func cancelledLoad(silently: Bool) -> ViewState<Content>? {
        silently ? nil : .failed(.cancelled)
    }

    private func settleLoad(_ id: Int, _ result: Result<Content, any Error>) {
        end(id) { _ in
            switch result {
            case .success(let content): .presenting(content)
            case .failure(let error): .failed(LoadFailure(error))
            }
        }
    }

    /// Starts a load through a completion-handler service; `settle` turns its answer into the
    /// load's last state on the main actor.
    func run<Answer: Sendable>(
        to target: Target, first: ViewState<Content>?, shown: Content?,
        cancelled: @escaping (_ silently: Bool) -> ViewState<Content>?,
        settle: @escaping @MainActor @Sendable (Loader, Int, Result<Answer, any Error>) -> Void,
        _ work: (_ done: @escaping @Sendable (Result<Answer, any Error>) -> Void) -> Void
    ) -> Task<Void, Never> {
        let (over, signal) = AsyncStream<Void>.makeStream()
        let id = start(InFlight(id: lastID + 1, target: target, shown: shown, cancelled: cancelled),
                       first: first, signal: signal)
        work { [weak self] result in
            onMainActor { if let self { settle(self, id, result) } }
        }
        return Task { for await _ in over {} }
    }

    /// Starts a load through an `async` service; `settle` turns its answer into the load's last
    /// state.
    func run<Answer: Sendable>(
        to target: Target, first: ViewState<Content>?, shown: Content?,
        cancelled: @escaping (_ silently: Bool) -> ViewState<Content>?,
        settle: @escaping @MainActor @Sendable (Loader, Int, Result<Answer, any Error>) -> Void,
        _ work: @escaping @Sendable () async throws -> Answer
    ) -> Task<Void, Never> {
        let id = start(InFlight(id: lastID + 1, target: target, shown: shown, cancelled: cancelled),
                       first: first, signal: nil)
        let task = Task { [weak self] in
            let result: Result<Answer, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            if let self { settle(self, id, result) }
        }
        if inFlight?.id == id { self.task = task } else { task.cancel() }  // superseded from `first`
        return task
    }

    /// Supersedes the load in flight, records `load` (and the signal that says it is over),
    /// then publishes `first`. Returns the load's id.
    private func start(_ load: InFlight, first: ViewState<Content>?, signal: AsyncStream<Void>.Continuation?) -> Int {
        stopInFlight()
        lastID = load.id
        inFlight = load
        ended = signal
        if let first { load.target.publish(first) }  // may start a newer load (a renderer's)
        return load.id
    }

    /// Ends load `id`, unless it was superseded, cancelled or already ended, publishing the
    /// state `last` makes from the load's record.
    func end(_ id: Int, _ last: (InFlight) -> ViewState<Content>?) {
        guard let load = inFlight, load.id == id else { return }
        stopInFlight()
        if let state = last(load) { load.target.publish(state) }
    }

    private func stop(silently: Bool) {
        guard let load = inFlight else { return }
        stopInFlight()
        if let state = load.cancelled(silently) { load.target.publish(state) }
    }

    private func stopInFlight() {
        inFlight = nil
        task?.cancel()
        task = nil
        ended?.finish()
        ended = nil
    }
}
