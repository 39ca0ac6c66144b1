/// Runs a screen's loads one at a time and publishes each as `.loading`, then exactly one of
/// `.presenting` or `.failed`. The newest load wins.
///
/// - Starting a load supersedes the one in flight: the older load's handler is not called
///   again, and its response, whenever it arrives, is dropped (an `async` load is also
///   cancelled).
/// - `cancel()` ends the load in flight with `.failed(.cancelled)`; with nothing in flight it
///   does nothing.
/// - A completion handler may be called on any thread: the result hops to the main actor
///   (directly when it is already there, so a service answering synchronously on the main
///   thread is delivered inside `load`). A second call of the same handler is ignored.
/// - When the loader is freed, its `async` load is cancelled and nothing more is published.
@MainActor
public final class Loader<Content: Sendable> {
    /// Receives the states of one load.
    public typealias Publish = (ViewState<Content>) -> Void
    /// The callback a completion-handler service calls once with its result, from any thread.
    public typealias Completion = @Sendable (Result<Content, any Error>) -> Void

    private struct InFlight {
        let id: Int
        let publish: Publish
    }

    private var inFlight: InFlight?
    private var task: Task<Void, Never>?
    private var lastID = 0

    /// A loader with nothing in flight.
    public init() {}

    /// `true` while a load has started and not yet finished, been superseded or cancelled.
    public var isLoading: Bool { inFlight != nil }

    /// Loads through a completion-handler service: `work` starts the request and hands the
    /// service `done`, to be called once with the result.
    public func load(then publish: @escaping Publish, _ work: (_ done: @escaping Completion) -> Void) {
        let id = start(publish)
        work { [weak self] result in
            onMainActor { self?.finish(id, with: result) }
        }
    }

    /// Loads through an `async` service. The returned task finishes once the load is over
    /// (tests await it); it is cancelled when the load is superseded, cancelled or the loader freed.
    @discardableResult
    public func load(then publish: @escaping Publish, _ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        let id = start(publish)
        let task = Task { [weak self] in
            let result: Result<Content, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            self?.finish(id, with: result)
        }
        self.task = task
        return task
    }

    /// Loads through a completion-handler service, sending every state into `cell`.
    public func load(into cell: StateCell<ViewState<Content>>, _ work: (_ done: @escaping Completion) -> Void) {
        load(then: cell.send, work)
    }

    /// Loads through an `async` service, sending every state into `cell`.
    @discardableResult
    public func load(into cell: StateCell<ViewState<Content>>, _ work: @escaping @Sendable () async throws -> Content) -> Task<Void, Never> {
        load(then: cell.send, work)
    }

    /// Ends the load in flight with `.failed(.cancelled)`; its response is dropped when it
    /// arrives. Does nothing when no load is in flight.
    public func cancel() {
        guard let load = inFlight else { return }
        stopInFlight()
        load.publish(.failed(.cancelled))
    }

    deinit {
        task?.cancel()
    }

    private func start(_ publish: @escaping Publish) -> Int {
        stopInFlight()
        lastID += 1
        inFlight = InFlight(id: lastID, publish: publish)
        publish(.loading)
        return lastID
    }

    private func stopInFlight() {
        inFlight = nil
        task?.cancel()
        task = nil
    }

    private func finish(_ id: Int, with result: Result<Content, any Error>) {
        guard let load = inFlight, load.id == id else { return }  // superseded, cancelled or repeated
        inFlight = nil
        task = nil
        switch result {
        case .success(let content): load.publish(.presenting(content))
        case .failure(let error): load.publish(.failed(LoadFailure(error)))
        }
    }
}
