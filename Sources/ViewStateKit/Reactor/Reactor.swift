/// The Action → Mutation → State pattern (ReactorKit's shape) without RxSwift.
///
/// Subclass it, define `Action`, `Mutation` and `State`, pass the initial state to `init`, and
/// override ``mutate(action:)`` and ``reduce(into:mutation:)``. Views call ``send(_:)``, read
/// ``currentState``, and observe or bind ``state``.
///
/// ```swift
/// @MainActor
/// final class FavouritesReactor: Reactor<FavouritesReactor.Action, FavouritesReactor.Mutation, FavouritesReactor.State> {
///     enum Action { case add(String), clear }
///     enum Mutation: Sendable { case append(String), removeAll }
///     struct State: Equatable { var names: [String] = [] }
///
///     init() { super.init(initialState: State()) }
///
///     override func mutate(action: Action) -> Effect<Mutation> {
///         switch action {
///         case .add(let name): .mutation(.append(name))
///         case .clear: .mutation(.removeAll)
///         }
///     }
///
///     override func reduce(into state: inout State, mutation: Mutation) {
///         switch mutation {
///         case .append(let name): state.names.append(name)
///         case .removeAll: state.names.removeAll()
///         }
///     }
/// }
/// ```
///
/// Work that takes time is an ``Effect/run(id:_:catch:)`` in `mutate`: it sends mutations back
/// when it has them.
///
/// The reactor keeps one copy of its state, the one its ``state`` cell publishes, and
/// ``reduce(into:mutation:)`` changes it in place: appending to a list of 100,000 rows touches
/// one row. ``reduce(state:mutation:)``, ReactorKit's form, keeps working, but it returns a new
/// state built from a copy, so each mutation copies every collection it changes.
///
/// The contract (each rule has a test named after it):
/// - R1: each action runs ``mutate(action:)``, then `reduce` (either form) for each mutation
///   it produces, in order; the new state is published after each reduce.
/// - R2: `reduce` runs synchronously as each mutation arrives, so ``currentState`` is up to date
///   before the next mutation of the same action.
/// - R3: an action sent while another is being processed (from an observer, a renderer) is
///   queued and processed after the current one finishes.
/// - R4: asynchronous work is cancellable (`Effect.cancel(id:)`, or a newer `.run` with the
///   same id), and its mutations are reduced on the main actor in the order they arrive.
///   Cancelled or superseded work delivers nothing more, and a test's `ReactorTester` waits
///   until it has actually ended, so a test proves a late reply was dropped without polling.
/// - R5: ``Pulse`` values are delivered once per assignment (see ``observePulse(_:_:)``).
/// - R6: when the reactor is freed, its state cell is freed and its running work cancelled.
/// - R7: with ``isStubbed``, actions are recorded instead of run, and ``setStubState(_:)`` sets the
///   state directly, for view tests.
/// - R8: the work of `.run` runs on the main actor: works woken together run in the order
///   they were woken (a `ManualClock` wakes in deadline order), so their mutations arrive in a
///   defined order, the same on every run.
/// - R9 (ViewStateKitTesting): a `ManualClock` advance wakes one sleeper at a time and lets its
///   work run until it rests, whatever it awaits inside the test process, and
///   `await ReactorTester.send` returns once the action's effects rest the same way.
@MainActor
open class Reactor<Action, Mutation, State> {
    /// The published state; bind or observe it.
    public let state: StateCell<State>

    /// The state after the last reduce (R2), even while ``state`` is still delivering an
    /// earlier one.
    @inlinable
    public final var currentState: State { state.latest }

    // The action path is `@inlinable` so a subclass's `send` is specialised for its types, and
    // its state skips dynamic exclusivity checks (no access is held across a call out) and is
    // `final`, so a client reads it directly rather than through a class accessor. The state
    // itself lives only in the cell (`StateCell.update`), so no second copy shares its storage.
    @usableFromInline @exclusivity(unchecked) final var queuedActions: [Action] = []
    @usableFromInline @exclusivity(unchecked) final var isProcessing = false

    /// When `true`, ``send(_:)`` only records actions in ``stubbedActions`` (R7).
    @exclusivity(unchecked) public final var isStubbed = false

    /// The actions sent while stubbed, in order.
    public private(set) var stubbedActions: [Action] = []

    @usableFromInline
    func record(_ action: Action) {
        stubbedActions.append(action)
        tracer?.stubbed(action)
    }

    // Tracing's steps, out of line so the untraced loop stays small enough to inline. They stay
    // in the class body: moved to an extension, `send` was no longer inlined into a client
    // (callgrind, Benchmarks/reactor-profile: 146.6 M instructions here, 152.2 M there).
    @usableFromInline func traceQueued(_ action: Action) { tracer?.queued(action) }
    @usableFromInline func traceRun(_ action: Action, fromQueue: Bool) { tracer?.run(action, fromQueue: fromQueue) }
    @usableFromInline func traceIdle() { tracer?.idle() }

    /// The traced reduce: keeps the state before, reduces, then writes the mutation and the
    /// fields it changed before anyone hears of it. Out of line, like the other steps.
    @usableFromInline func reduceTraced(_ mutation: Mutation) {
        state.update { state in
            let before = state
            reduce(into: &state, mutation: mutation)
            tracer?.mutation(mutation, from: before, to: state)
        }
    }

    /// Writes what this reactor does, while traced (ViewStateKitTracing's `trace(_:to:)`). Read on every action
    /// and mutation, so like the rest of the action path it skips dynamic exclusivity checks.
    @usableFromInline @exclusivity(unchecked) package final var tracer: ReactorTracer?
    /// How many traces were started: each trace's token cancels only its own trace.
    package final var traceCount = 0

    var runningTokens: [AnyHashable: Int] = [:]  // work id → token of its latest run
    var tasks: [Int: Task<Void, Never>] = [:]     // token → task, until it ends
    var lastToken = 0

    /// A reactor starting in `initialState`, with the ``Dependencies`` in effect where it is made
    /// (``withDependencies(_:operation:)-137si``): its steps read them for as long as it lives.
    public init(initialState: State) {
        state = StateCell(initialState)
        dependencies = Dependencies.current
        hasDependencies = !dependencies.isLive
        childPlaces = children
        hasChildren = !childPlaces.isEmpty
        holdsShared = childPlaces.contains { $0.holdsShared() }
        if holdsShared { state.update { shareWrites(in: &$0) } }  // registers as a holder of each value (S1)
        UndeclaredShared.check(initialState, places: childPlaces, owner: Self.self)
    }

    /// The services this reactor, its children and its effects use: those in effect where it was
    /// made (rule D2 of ``Dependencies``).
    public let dependencies: Dependencies
    /// Whether ``dependencies`` provide anything: the one check the action path pays without.
    @usableFromInline @exclusivity(unchecked) final var hasDependencies = false

    /// The reactor's children, each declared once: where its state lives and which case carries
    /// its actions (see ``ChildPlace`` for the rules N1–N8). Read once, when the
    /// reactor is made (a subclass's stored properties are set by then). The default is none.
    open var children: [ChildPlace<State, Action, Mutation>] { [] }

    /// The places ``children`` declared, kept from the start.
    @usableFromInline final var childPlaces: [ChildPlace<State, Action, Mutation>] = []
    /// The root as a node, made on the first action a child takes (see ``rootContext``).
    @usableFromInline final var madeRootContext: NodeContext<State, Mutation>?
    /// Whether a declared place holds a ``Shared`` copy, at any depth.
    @usableFromInline @exclusivity(unchecked) final var holdsShared = false
    /// Whether any child is declared: the one check the action and mutation paths pay without children.
    @usableFromInline @exclusivity(unchecked) final var hasChildren = false
    /// The running work of children, under each non-empty prefix of its child's path: what a reduce
    /// that changed a child's place checks, and only that (N7).
    @exclusivity(unchecked) final var workUnder: [[ChildLocation]: Set<AnyHashable>] = [:]
    /// For each child path with running work, whether that child is still in a root state.
    final var childPresence: [[ChildLocation]: (UnsafeRawPointer) -> Bool] = [:]
    /// The paths in ``childPresence``, by the reactor's own place they are under (the first
    /// step of each): what a reduce of the reactor's own looks at, place by place (N7).
    final var presenceByPlace: [AnyHashable: Set<[ChildLocation]>] = [:]
    /// How many times a reduce of the reactor's own asked a working child whether it is still
    /// there: what rule N7's test counts.
    final var ownReducePresenceChecks = 0
    /// Told instead of a debug warning when an action reaches a child that is not there (N5):
    /// how `ReactorTester` fails the test at the send.
    package final var missingChildHandler: ((String) -> Void)?
    /// Told of each action the reactor's work sends it (``ActionSend``), before it runs: how
    /// `ReactorTester` shows what a feature's work handed its parent.
    package final var actionFromWorkObserver: ((Action) -> Void)?

    /// Called when ``Effect/dismiss`` (or `send.dismiss()` in work) reaches the reactor itself,
    /// after its work is cancelled: how whoever shows the screen lets it go (a coordinator pops
    /// its view controller). Without one, such a dismissal does nothing and a debug build warns.
    public final var onDismiss: (@MainActor () -> Void)?
    /// Whether the reactor has dismissed itself (see ``onDismiss``): its work was cancelled then.
    public internal(set) final var isDismissed = false

    /// Turns an action into mutations. The default does nothing.
    open func mutate(action: Action) -> Effect<Mutation> { .none }

    /// Changes `state` as `mutation` says, in place; keep it pure (no sends, no side effects).
    /// The form to override: the reactor passes the one copy of its state, so changing one
    /// element of a long list costs one element. The default calls ``reduce(state:mutation:)``.
    /// - Parameters:
    ///   - state: the reactor's state, changed in place.
    ///   - mutation: the change to make.
    open func reduce(into state: inout State, mutation: Mutation) {
        state = reduce(state: state, mutation: mutation)
    }

    /// Returns the state after `mutation`; keep it pure. ReactorKit's form, kept for code moving
    /// from it: it builds a new state from a copy, so a mutation that changes a collection copies
    /// all of its elements, and its cost grows with the collection (<doc:Performance> has the
    /// figures). Used only when ``reduce(into:mutation:)`` is not overridden. The
    /// default returns `state` unchanged.
    open func reduce(state: State, mutation: Mutation) -> State { state }

    /// Runs `action` now, or after the action being processed (R3). The one action loop:
    /// a stubbed reactor records the action instead (R7), and a traced one writes each step;
    /// both are one check here, so the untraced path pays a `nil` test per action. Always
    /// inlined: a call out of line for the children's routing otherwise keeps the optimiser from
    /// inlining the loop into a client, and the subclass's `mutate` from being called directly
    /// (callgrind, Benchmarks/reactor-profile `four`: 84.7 M instructions against 80.4 M).
    @inlinable @inline(__always)
    public final func send(_ action: Action) {
        if isStubbed { return record(action) }
        if hasDependencies, !isProcessing { return sendWithDependencies(action) }
        process(action)
    }

    /// Sends `action` with the reactor's ``dependencies`` in effect (rule D2 of ``Dependencies``):
    /// its steps, its children's and its effects' work read them. Out of line: only a reactor
    /// made where dependencies were provided pays for it.
    @usableFromInline
    func sendWithDependencies(_ action: Action) {
        Dependencies.$current.withValue(dependencies) { process(action) }
    }

    /// The action loop: runs `action` now, or queues it behind the one running (R3).
    @inlinable @inline(__always)
    func process(_ action: Action) {
        if isProcessing {
            queuedActions.append(action)
            if tracer != nil { traceQueued(action) }
            return
        }
        isProcessing = true
        var next = action
        var fromQueue = false
        while true {
            if tracer != nil { traceRun(next, fromQueue: fromQueue) }
            if hasChildren {
                // N1: the children first; then `mutate`, told whether one took the action.
                let outer = ChildTook.action
                ChildTook.action = routeToChildren(next)
                let effect = mutate(action: next)
                ChildTook.action = outer
                perform(effect)
            } else {
                perform(mutate(action: next))
            }
            guard !queuedActions.isEmpty else { break }
            next = queuedActions.removeFirst()
            fromQueue = true
        }
        isProcessing = false
        if tracer != nil { traceIdle() }
    }

    /// Sets and publishes `newState` without running `mutate`/`reduce`; only while stubbed (R7).
    public final func setStubState(_ newState: State) {
        guard isStubbed else { return }
        state.send(newState)
    }

    /// Calls `body` with each new value of the pulse at `keyPath`: once per assignment, never
    /// for unrelated changes, never with a value assigned before observing began (R5).
    /// - Parameters:
    ///   - keyPath: the pulse in the reactor's state.
    ///   - body: called with the pulse's value after each assignment.
    /// - Returns: the token that keeps the observation alive; cancel or drop it to stop.
    public final func observePulse<Value>(_ keyPath: KeyPath<State, Pulse<Value>>,
                                          _ body: @escaping (Value) -> Void) -> ObservationToken {
        var seen = currentState[keyPath: keyPath].assignments
        return state.observe { state in
            let pulse = state[keyPath: keyPath]
            guard pulse.assignments != seen else { return }
            seen = pulse.assignments
            body(pulse.value)
        }
    }

    deinit {
        for task in tasks.values { task.cancel() }
    }
}
