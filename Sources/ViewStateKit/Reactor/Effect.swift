/// What `mutate(action:)` returns: mutations to reduce now, asynchronous work that produces
/// mutations later, or the cancellation of such work.
///
/// A load that shows its progress at once, then sends what the work found:
///
/// ```swift
/// .merge(.mutation(.setLoading(true)), .run(id: "load") { [replies] send in
///     do {
///         await send(.setItems(try await replies.next()))
///     } catch {
///         await send(.logFailure("\(error)"))
///     }
///     await send(.setLoading(false))
/// })
/// ```
///
/// Sending `.load` again while it runs cancels the older work: the same id, latest wins.
public struct Effect<Mutation> {
    /// Starts asynchronous work, which reports through `outlet`.
    @usableFromInline
    typealias Start = (_ outlet: WorkOutlet<Mutation>) -> Task<Void, Never>

    @usableFromInline
    enum Kind {
        case mutation(Mutation)
        case mutations([Mutation])
        case run(id: AnyHashable?, start: Start)
        case cancel(id: AnyHashable)
        case merge([Effect])
        case dismiss
        /// A mutation of a child feature, carried to the reactor with its place (one case per child).
        case child(ChildMutation)
    }

    @usableFromInline let kind: Kind

    @usableFromInline
    init(kind: Kind) {
        self.kind = kind
    }

    /// Nothing to do.
    @inlinable
    public static var none: Effect { Effect(kind: .mutations([])) }

    /// This one mutation, reduced at once (the common case; it allocates nothing, and it is
    /// inlined into the reactor that returns it).
    @inlinable
    public static func mutation(_ mutation: Mutation) -> Effect {
        Effect(kind: .mutation(mutation))
    }

    /// These mutations, reduced at once, in order.
    public static func mutations(_ mutations: Mutation...) -> Effect {
        Effect(kind: .mutations(mutations))
    }

    /// These mutations, reduced at once, in order: the array form, for mutations built in a
    /// loop or a `map` (`.mutations(rows.map(Mutation.remove))`). An empty array is ``none``.
    public static func mutations(_ mutations: [Mutation]) -> Effect {
        Effect(kind: .mutations(mutations))
    }

    /// Stops the running work started with `id`; its later mutations are dropped. With no such
    /// work running (never started, already ended, already cancelled), it does nothing.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(kind: .cancel(id: AnyHashable(id)))
    }

    /// Asks whoever presented this feature to dismiss it: a child presented with
    /// `ChildPlace.presented` is set to `nil`, a screen on a `ScreenStack` is popped (with
    /// every screen above it), and its work is cancelled (rule N6). The child needs no flag in
    /// its state for the parent to watch. Returned by a reactor itself, it cancels the reactor's
    /// work and calls its ``Reactor/onDismiss`` (a `ReactorTester` sets one: `isDismissed`); with
    /// none set, nothing presents the reactor, so it does nothing and a debug build warns. Work
    /// dismisses its feature with `await send.dismiss()`.
    public static var dismiss: Effect { Effect(kind: .dismiss) }

    /// All of these effects, in order.
    public static func merge(_ effects: Effect...) -> Effect {
        Effect(kind: .merge(effects))
    }

    /// All of these effects, in order: the array form, for effects built in a loop or a `map`.
    public static func merge(_ effects: [Effect]) -> Effect {
        Effect(kind: .merge(effects))
    }
}

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
    public static func run(id: (some Hashable & Sendable)? = String?.none,
                           _ work: @escaping @MainActor @Sendable (Send<Mutation>) async throws -> Void,
                           catch: (@MainActor @Sendable (any Error, Send<Mutation>) async -> Void)? = nil) -> Effect {
        var handle: (@MainActor @Sendable (any Error, WorkOutlet<Mutation>) async -> Void)?
        if let `catch` {
            handle = { error, outlet in await `catch`(error, Send(outlet: outlet)) }
        }
        return started(id: id.map(AnyHashable.init), { outlet in try await work(Send(outlet: outlet)) }, catch: handle)
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
    public static func run<Action>(id: (some Hashable & Sendable)? = String?.none, sending actions: Action.Type,
                                   _ work: @escaping @MainActor @Sendable (ActionSend<Action, Mutation>) async throws -> Void,
                                   catch: (@MainActor @Sendable (any Error, ActionSend<Action, Mutation>) async -> Void)? = nil)
        -> Effect {
        var handle: (@MainActor @Sendable (any Error, WorkOutlet<Mutation>) async -> Void)?
        if let `catch` {
            handle = { error, outlet in await `catch`(error, ActionSend(outlet: outlet)) }
        }
        return started(id: id.map(AnyHashable.init), { outlet in try await work(ActionSend(outlet: outlet)) }, catch: handle)
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

extension Effect {
    /// This effect as an effect of a parent whose mutations wrap this one's: every mutation,
    /// now or from asynchronous work, goes through `transform` (`.map(Mutation.first)`). Ids
    /// are kept, so ``cancel(id:)`` and supersession work across the boundary, and two children
    /// that use the same id share it; children declared as a `ChildPlace` keep their ids their own.
    /// - Parameter transform: wraps a mutation of this effect as the parent's mutation.
    /// - Returns: the same work, sending the parent's mutations.
    public func map<Parent>(_ transform: @escaping @Sendable (Mutation) -> Parent) -> Effect<Parent> {
        switch kind {
        case .mutation(let mutation): .mutation(transform(mutation))
        case .mutations(let mutations): .mutations(mutations.map(transform))
        case .merge(let effects): .merge(effects.map { $0.map(transform) })
        case .dismiss: .dismiss
        case .child(let mutation): Effect<Parent>(kind: .child(mutation))
        case .cancel(let id): Effect<Parent>(kind: .cancel(id: id))
        case .run(let id, let start):
            Effect<Parent>(kind: .run(id: id) { outlet in
                start(WorkOutlet(deliver: { outlet.deliver(transform($0)) }, child: outlet.child, act: outlet.act,
                                 dismiss: outlet.dismiss, finished: outlet.finished))
            })
        }
    }

    /// This effect, of the child at `scope`, as an effect of its parent: each of its mutations,
    /// now or from its work, is the child's, made by `place` into a ``ChildMutation`` that the
    /// reactor reduces into the child, in place (N2); every id is made `scope`'s own (and
    /// anonymous work tagged with it), so the reactor finds the child's work when the child
    /// goes away (N3, N4); a ``dismiss`` becomes `dismissal`, the removal of the child, when the
    /// parent presented it (else it goes on up, N6). An action the work sends (``ActionSend``)
    /// goes through the function `lift` makes, which makes it the parent's action, or `nil` when
    /// it is not the child's. `dismissal` and `lift` are asked only by the effects that need them.
    @MainActor @inlinable
    func placed<Parent>(_ place: ChildMutation.Maker<Mutation>, scope: ChildScope, dismissal: () -> ChildMutation?,
                        lift: () -> @MainActor @Sendable (Any) -> Any?) -> Effect<Parent> {
        switch kind {
        case .mutation(let mutation):
            return Effect<Parent>(kind: .child(place.make(mutation)))
        case .mutations(let mutations):
            return .merge(mutations.map { Effect<Parent>(kind: .child(place.make($0))) })
        case .merge(let effects):
            return .merge(effects.map { $0.placed(place, scope: scope, dismissal: dismissal, lift: lift) })
        case .dismiss:
            return dismissal().map { Effect<Parent>(kind: .child($0)) } ?? .dismiss
        case .child(let mutation):
            return Effect<Parent>(kind: .child(mutation))
        case .cancel(let id):
            return Effect<Parent>(kind: .cancel(id: ScopedWork.id(id, in: scope)))
        case .run(let id, let start):
            let dismissal = dismissal(), lift = lift()
            return Effect<Parent>(kind: .run(id: ScopedWork.id(id, in: scope)) { outlet in
                var dismiss = outlet.dismiss
                if let dismissal {
                    // Made and delivered on the main actor only, where the places live.
                    nonisolated(unsafe) let removal = dismissal
                    dismiss = { outlet.child(removal) }
                }
                return start(WorkOutlet(deliver: { outlet.child(place.make($0)) }, child: outlet.child,
                                        act: { action in lift(action).map(outlet.act) },
                                        dismiss: dismiss, finished: outlet.finished))
            })
        }
    }

    /// Whether this is ``none``: no mutation, no work, nothing to cancel or dismiss.
    @inlinable
    var isNone: Bool {
        if case .mutations(let mutations) = kind { return mutations.isEmpty }
        return false
    }

    /// Whether any asynchronous work is among these effects.
    @inlinable
    var startsWork: Bool {
        switch kind {
        case .run: true
        case .merge(let effects): effects.contains { $0.startsWork }
        case .mutation, .mutations, .cancel, .dismiss, .child: false
        }
    }
}

/// The id of work a child started inside a parent: the child's scope (outermost first) and
/// the child's own id, or `nil` for work the child started without one (the reactor then
/// makes it anonymous, still inside the scope).
@usableFromInline
struct ScopedWork: Hashable {
    @usableFromInline let scope: [ChildScope]
    @usableFromInline let id: AnyHashable?

    @usableFromInline
    init(scope: [ChildScope], id: AnyHashable?) {
        self.scope = scope
        self.id = id
    }

    /// `id` (a child's own, possibly scoped already) as seen from the parent inside `scope`.
    @usableFromInline
    static func id(_ id: AnyHashable?, in scope: ChildScope) -> AnyHashable {
        if let inner = id?.base as? ScopedWork {
            return AnyHashable(ScopedWork(scope: [scope] + inner.scope, id: inner.id))
        }
        return AnyHashable(ScopedWork(scope: [scope], id: id))
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
