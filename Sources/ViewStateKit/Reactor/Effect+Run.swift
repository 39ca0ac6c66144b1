/// Effects that take time: asynchronous work started by ``Effect/run(id:_:catch:)``, and what
/// it sends through (``Send``, ``ActionSend``) to its reactor.

extension Effect where Mutation: Sendable {
    /// Asynchronous work that sends mutations as it goes. The work runs on the main actor (R8),
    /// so each mutation is reduced in the order the work sends it, and works woken together
    /// (by one `ManualClock` advance, say) run in the order they were woken. What it awaits
    /// elsewhere (a network call) runs where that code runs. Starting work with an `id` cancels
    /// the running work with the same id (latest wins: a newer search supersedes an older one).
    ///
    /// The work may throw. A cancellation (`CancellationError`, or any error thrown once the
    /// work's task is cancelled) is not an error: the work ends quietly. Any other error goes
    /// to `catch`, which can turn it into mutations; without `catch`, the work ends there, and a
    /// debug build prints a warning naming the error. The work ends when its closure returns:
    /// a mutation sent later, from a `Task { }` it started and did not await, is dropped, and a
    /// debug build warns (await that work inside the closure instead).
    ///
    /// ```swift
    /// .run(id: "load") { [clock] send in
    ///     await send(.log("started"))
    ///     try await clock.sleep(for: .seconds(1))
    ///     throw Offline()
    /// } catch: { [weak self] error, send in
    ///     self?.handledErrors += 1
    ///     await send(.log("failed: \(error)"))
    /// }
    /// ```
    /// - Parameters:
    ///   - id: names the work, so ``cancel(id:)`` or newer work with the same id can cancel it;
    ///     without one, the work runs until it ends or the reactor is freed.
    ///   - work: the work; it hands each mutation back with `await send(mutation)`, and should
    ///     return (or throw) when its task is cancelled: a cancelled work's later mutations are
    ///     dropped.
    ///   - catch: turns an error the work threw (not a cancellation) into mutations, with the
    ///     same `send`; runs on the main actor, unless the work was cancelled meanwhile.
    public static func run(id: (any Hashable & Sendable)? = nil,
                           _ work: @escaping @MainActor @Sendable (Send<Mutation>) async throws -> Void,
                           catch: (@MainActor @Sendable (any Error, Send<Mutation>) async -> Void)? = nil) -> Effect {
        var handle: (@MainActor @Sendable (any Error, WorkOutlet<Mutation>) async -> Void)?
        if let `catch` {
            handle = { error, outlet in await `catch`(error, Send(outlet: outlet)) }
        }
        return started(id: id.map { AnyHashable($0) }, { outlet in try await work(Send(outlet: outlet)) }, catch: handle)
    }

    /// Asynchronous work that can also send its feature's own actions, as its view would: the
    /// way a child hands its parent a result its work found (TCA's delegate actions). Each
    /// action runs through the reactor from the top, as a view's does (rule N1): the feature's
    /// own `mutate` sees it first, then its parent's (`case .row(let id, .delegate(.finished))`),
    /// up to the reactor. Everything else is ``run(id:_:catch:)``'s.
    ///
    /// ```swift
    /// .run(id: "play", sending: Action.self) { [player, url] send in
    ///     do {
    ///         try await player.play(url)
    ///         await send(.finished)                            // a mutation, reduced here
    ///     } catch {
    ///         await send(action: .delegate(.playbackFailed))  // an action, for the parent
    ///     }
    /// }
    /// ```
    ///
    /// An action sent after the work was cancelled (its feature removed) is dropped quietly, as
    /// its mutations are; one of another type than the feature's actions is dropped, and a
    /// debug build warns naming both types.
    /// - Parameters:
    ///   - id: names the work, as in ``run(id:_:catch:)``.
    ///   - actions: the feature's `Action` type: `Action.self`.
    ///   - work: the work; `await send(mutation)`, `await send(action: action)`, `await send.dismiss()`.
    ///   - catch: turns an error the work threw (not a cancellation) into mutations or actions.
    public static func run<Action>(id: (any Hashable & Sendable)? = nil, sending actions: Action.Type,
                                   _ work: @escaping @MainActor @Sendable (ActionSend<Action, Mutation>) async throws -> Void,
                                   catch: (@MainActor @Sendable (any Error, ActionSend<Action, Mutation>) async -> Void)? = nil)
        -> Effect {
        var handle: (@MainActor @Sendable (any Error, WorkOutlet<Mutation>) async -> Void)?
        if let `catch` {
            handle = { error, outlet in await `catch`(error, ActionSend(outlet: outlet)) }
        }
        return started(id: id.map { AnyHashable($0) }, { outlet in try await work(ActionSend(outlet: outlet)) }, catch: handle)
    }

    /// The work of both `run`s: its task, on the main actor (R8), with its errors handled.
    private static func started(id: AnyHashable?, _ work: @escaping @MainActor @Sendable (WorkOutlet<Mutation>) async throws -> Void,
                                catch handle: (@MainActor @Sendable (any Error, WorkOutlet<Mutation>) async -> Void)?) -> Effect {
        Effect(kind: .run(id: id) { outlet in
            Task { @MainActor in
                do {
                    try await work(outlet)
                } catch where error is CancellationError || Task.isCancelled {
                    // Cancelled: not an error; the work ends quietly.
                } catch {
                    if let handle {
                        await handle(error, outlet)
                    } else {
                        DebugWarning.write("""
                            ViewStateKit warning: an effect of a Reactor<…, \(Mutation.self), …> threw \(error) and \
                            has no catch: handler, so its work ended there. Pass `catch:` to `.run` to turn the \
                            error into a mutation.
                            """)
                    }
                }
                outlet.finished()
            }
        })
    }
}

/// Where a piece of work reports, passed from the reactor down to the place that started it:
/// each place wraps the outlet above it, so what the work sends arrives as the reactor's own.
@usableFromInline
struct WorkOutlet<Mutation>: Sendable {
    /// Reduces a mutation of the work's feature.
    @usableFromInline let deliver: @MainActor @Sendable (Mutation) -> Void
    /// Reduces a mutation of one of the feature's children, at its place (passed up as it is).
    @usableFromInline let child: @MainActor @Sendable (ChildMutation) -> Void
    /// Sends an action of the work's feature through the reactor from the top (erased: each
    /// place lifts it into its parent's action).
    @usableFromInline let act: @MainActor @Sendable (Any) -> Void
    /// Dismisses the work's feature (rule N6).
    @usableFromInline let dismiss: @MainActor @Sendable () -> Void
    /// Called when the work ends, however it ends (cancelled work too).
    @usableFromInline let finished: @MainActor @Sendable () -> Void

    @usableFromInline
    init(deliver: @escaping @MainActor @Sendable (Mutation) -> Void, child: @escaping @MainActor @Sendable (ChildMutation) -> Void,
         act: @escaping @MainActor @Sendable (Any) -> Void, dismiss: @escaping @MainActor @Sendable () -> Void,
         finished: @escaping @MainActor @Sendable () -> Void) {
        self.deliver = deliver
        self.child = child
        self.act = act
        self.dismiss = dismiss
        self.finished = finished
    }
}

/// Sends mutations from an effect's asynchronous work back to its reactor.
public struct Send<Mutation: Sendable>: Sendable {
    let outlet: WorkOutlet<Mutation>

    /// Reduces `mutation` at once, unless the work was cancelled or the reactor is gone (then
    /// it is dropped). The work runs on the main actor, so this never suspends: the work goes
    /// on, to its end if nothing else suspends it, before anyone who heard the state resumes.
    @MainActor
    public func callAsFunction(_ mutation: Mutation) async {
        outlet.deliver(mutation)
    }

    /// Dismisses the feature whose work this is, as ``Effect/dismiss`` does from `mutate`
    /// (rule N6): its place sets it to `nil` or pops it, and its work — this one too — is
    /// cancelled. Dropped when the work was cancelled already.
    @MainActor
    public func dismiss() async {
        outlet.dismiss()
    }
}

/// Sends mutations, and the feature's own actions, from work started with
/// ``Effect/run(id:sending:_:catch:)``: how a child's work hands its parent a result.
public struct ActionSend<Action, Mutation: Sendable>: Sendable {
    let outlet: WorkOutlet<Mutation>

    /// Reduces `mutation` at once, as ``Send/callAsFunction(_:)`` does.
    @MainActor
    public func callAsFunction(_ mutation: Mutation) async {
        outlet.deliver(mutation)
    }

    /// Sends `action` to the feature whose work this is, as its view would: it runs through the
    /// reactor from the top, so the feature's own `mutate` sees it first, then its parent's, up
    /// to the reactor (rule N1); queued behind an action being processed (R3). Dropped quietly
    /// when the work was cancelled.
    @MainActor
    public func callAsFunction(action: Action) async {
        outlet.act(action)
    }

    /// Dismisses the feature whose work this is, as ``Send/dismiss()`` does.
    @MainActor
    public func dismiss() async {
        outlet.dismiss()
    }
}
