/// What `mutate(action:)` returns: mutations to reduce now, asynchronous work that produces
/// mutations later, or the cancellation of such work.
public struct Effect<Mutation> {
    /// Starts asynchronous work: `deliver` reduces a mutation, `finished` is called when the
    /// work ends, however it ends (cancelled work too).
    @usableFromInline
    typealias Start = (_ deliver: @escaping @MainActor @Sendable (Mutation) -> Void,
                       _ finished: @escaping @MainActor @Sendable () -> Void) -> Task<Void, Never>

    @usableFromInline
    enum Kind {
        case mutation(Mutation)
        case mutations([Mutation])
        case run(id: AnyHashable?, start: Start)
        case cancel(id: AnyHashable)
        case merge([Effect])
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

    /// Stops the running work started with `id`; its later mutations are dropped.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(kind: .cancel(id: AnyHashable(id)))
    }

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
    /// - Parameters:
    ///   - id: names the work, so ``cancel(id:)`` or newer work with the same id can cancel it;
    ///     without one, the work runs until it ends or the reactor is freed.
    ///   - work: the work; it hands each mutation back with `await send(mutation)`, and should
    ///     return when its task is cancelled (a cancelled work's later mutations are dropped).
    public static func run(id: (some Hashable & Sendable)? = String?.none,
                           _ work: @escaping @MainActor @Sendable (Send<Mutation>) async -> Void) -> Effect {
        Effect(kind: .run(id: id.map(AnyHashable.init)) { deliver, finished in
            Task { @MainActor in
                await work(Send(deliver: deliver))
                finished()
            }
        })
    }
}

/// Sends mutations from an effect's asynchronous work back to its reactor.
public struct Send<Mutation: Sendable>: Sendable {
    let deliver: @MainActor @Sendable (Mutation) -> Void

    /// Reduces `mutation` at once, unless the work was cancelled or the reactor is gone (then
    /// it is dropped). The work runs on the main actor, so this never suspends: the work goes
    /// on, to its end if nothing else suspends it, before anyone who heard the state resumes.
    @MainActor
    public func callAsFunction(_ mutation: Mutation) async {
        deliver(mutation)
    }
}
