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
