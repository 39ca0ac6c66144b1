/// Runs a screen's loads one at a time and publishes what each one does to the screen's
/// ``ViewState``. The newest load wins.
///
/// A logic controller makes one loader into its cell and starts each load through it:
///
/// ```swift
/// @MainActor
/// final class StoresController {
///     let state = StateCell<ViewState<[String]>>(.loading)
///     private let loader: Loader<[String]>
///     private let service: any StoresService
///
///     init(service: any StoresService) {
///         self.service = service
///         loader = Loader(into: state)
///     }
///
///     @discardableResult
///     func load() -> Task<Void, Never> {
///         let service = self.service
///         return loader.load { try await service.stores() }
///     }
/// }
/// ```
///
/// A loader publishes to one place, fixed when it is made: into a cell (``init(into:)``), or
/// to a handler (``init(then:)``). Three kinds of load, each through a completion-handler
/// service or an `async` one:
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
/// What is presented is read from the destination when a refresh or a page starts and when
/// it ends: the cell's value (so a change the screen made meanwhile, such as an optimistic
/// removal, is kept), or the last state the loader handed its handler.
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

    /// How a service answers a request: by calling a completion handler, or as an `async`
    /// function. Every kind of load takes one, so each kind has one path whatever the style.
    enum Service<Answer: Sendable> {
        case completion((_ done: @escaping @Sendable (Result<Answer, any Error>) -> Void) -> Void)
        case async(@Sendable () async throws -> Answer)
    }

    /// The load in flight.
    struct InFlight {
        let id: Int
        /// What was presented when the load started (refresh, load more).
        let shown: Content?
        /// The state a cancel publishes (`nil`: nothing), loudly or silently.
        let cancelled: (_ silently: Bool) -> ViewState<Content>?
    }

    /// What the destination shows now: the cell's value, or the last state handed to the handler.
    let current: () -> ViewState<Content>?
    /// Hands a state to the destination.
    private let send: Publish
    /// A cell already showing `.loading` is not sent `.loading` again.
    private let skipsRepeatedLoading: Bool

    private var inFlight: InFlight?
    private var task: Task<Void, Never>?
    private var ended: AsyncStream<Void>.Continuation?
    private var lastID = 0

    /// A loader that sends every state into `cell`, held weakly: once the cell is gone, loads
    /// publish nothing. Refreshes and pages read what the cell shows.
    public init(into cell: StateCell<ViewState<Content>>) {
        current = { [weak cell] in cell?.value }
        send = { [weak cell] in cell?.send($0) }
        skipsRepeatedLoading = true
    }

    /// A loader that hands every state to `publish`, on the main actor. The loader keeps
    /// `publish` for as long as it lives: a controller that owns the loader captures itself
    /// weakly in it (`Loader { [weak self] in self?.render($0) }`).
    public init(then publish: @escaping Publish) {
        var shown: ViewState<Content>?
        current = { shown }
        send = { state in
            shown = state
            publish(state)
        }
        skipsRepeatedLoading = false
    }

    /// `true` while a load, refresh or page has started and not yet finished, been superseded
    /// or cancelled.
    public var isLoading: Bool { inFlight != nil }

    /// Loads through a completion-handler service: `work` starts the request and hands the
    /// service `done`, to be called once with the result: `.loading`, then one of `.presenting`
    /// or `.failed`.
    /// - Parameter work: starts the request; it calls `done` once, on any thread (later calls
    ///   are ignored).
    /// - Returns: a task that ends when the load is over: finished, superseded or cancelled.
    @discardableResult
    public func load(_ work: (_ done: @escaping Completion) -> Void) -> Task<Void, Never> {
        withoutActuallyEscaping(work) { load(.completion($0)) }
    }

    /// Loads through an `async` service: `.loading`, then one of `.presenting` or `.failed`.
    /// The returned task is cancelled when the load is superseded, cancelled or the loader freed.
    /// - Parameter work: fetches the content; a thrown error becomes a ``LoadFailure``.
    /// - Returns: a task that ends when the load is over: finished, superseded or cancelled.
    @discardableResult
    public func load(_ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        load(.async(work))
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

    /// The one path of a load, whatever the service's style.
    func load(_ service: Service<Content>) -> Task<Void, Never> {
        let loading: ViewState<Content>? = skipsRepeatedLoading && current()?.isLoading == true ? nil : .loading
        return run(first: loading, shown: nil, cancelled: { silently in silently ? nil : .failed(.cancelled) },
                   settle: { loader, id, result in
                       loader.end(id) { _ in
                           switch result {
                           case .success(let content): .presenting(content)
                           case .failure(let error): .failed(LoadFailure(error))
                           }
                       }
                   }, service)
    }

    /// Supersedes the load in flight, publishes `first`, and starts `service`; `settle` turns its
    /// answer into the load's last state on the main actor. A completion-handler service's task
    /// ends when the load is over; an `async` one's is the work itself, cancelled with the load.
    func run<Answer: Sendable>(
        first: ViewState<Content>?, shown: Content?,
        cancelled: @escaping (_ silently: Bool) -> ViewState<Content>?,
        settle: @escaping @MainActor @Sendable (Loader, Int, Result<Answer, any Error>) -> Void,
        _ service: Service<Answer>
    ) -> Task<Void, Never> {
        stopInFlight()
        lastID += 1
        let id = lastID
        inFlight = InFlight(id: id, shown: shown, cancelled: cancelled)
        switch service {
        case .completion(let work):
            let (over, signal) = AsyncStream<Void>.makeStream()
            ended = signal
            if let first { send(first) }  // may start a newer load (a renderer's)
            work { [weak self] result in
                onMainActor { if let self { settle(self, id, result) } }
            }
            return Task { for await _ in over {} }
        case .async(let work):
            if let first { send(first) }
            let task = Task { [weak self] in
                let result: Result<Answer, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                if let self { settle(self, id, result) }
            }
            if inFlight?.id == id { self.task = task } else { task.cancel() }  // superseded from `first`
            return task
        }
    }

    /// Ends load `id`, unless it was superseded, cancelled or already ended, publishing the
    /// state `last` makes from the load's record.
    func end(_ id: Int, _ last: (InFlight) -> ViewState<Content>?) {
        guard let load = inFlight, load.id == id else { return }
        stopInFlight()
        if let state = last(load) { send(state) }
    }

    private func stop(silently: Bool) {
        guard let load = inFlight else { return }
        stopInFlight()
        if let state = load.cancelled(silently) { send(state) }
    }

    private func stopInFlight() {
        inFlight = nil
        task?.cancel()
        task = nil
        ended?.finish()
        ended = nil
    }
}
