/// A reactor at the root of its children: it routes actions down the places its `children`
/// declared, reduces each child's mutation into its child, and keeps the index of its
/// children's running work by scope, so that a reduce that removed a child stops that child's
/// work and looks at nothing else (N4, N7).
extension Reactor: ChildRuntime, SharedHolder {
    /// S1: another holder wrote a value this reactor's state holds: publishes a state with its
    /// copies refreshed, if any changed (queued behind a delivery under way, C5).
    func sharedValueChanged() {
        var next = currentState
        var refresh = SharedPass(.refresh, holder: self)
        SharedPass.walk(&next, places: childPlaces, with: &refresh)
        guard refresh.changedAnything else { return }
        state.update { $0 = next }
    }

    /// The root as a node: its state is the whole state, its effects are performed as they are.
    /// Made once, and kept: its closures hold the reactor unowned.
    @inlinable
    var rootContext: NodeContext<State, Mutation> {
        if let madeRootContext { return madeRootContext }
        let context = NodeContext(runtime: self, read: { $0.assumingMemoryBound(to: State.self).pointee },
                    current: { [unowned self] in currentState },
                    modify: { root, change in change(&root.assumingMemoryBound(to: State.self).pointee) },
                    perform: { [unowned self] in perform($0) }, scope: [], actionLayout: EnumLayout(Action.self))
        madeRootContext = context
        return context
    }

    /// N1: an action for a child runs on the child before the reactor's own `mutate`. Returns
    /// whether a child took it.
    @inlinable
    func routeToChildren(_ action: Action) -> Bool {
        childPlaces.route(action, currentState, rootContext)
    }

    /// Whether the reactor's own reduce takes ``reduceOwnBesideChildren(_:)``: when it holds a
    /// ``Shared`` copy, a child has work running, or — in a debug build, which checks each own
    /// mutation for a child's case — its `Mutation` is its `Action`. Else it is the plain reduce
    /// of a reactor without children: the same change, with nothing to write behind or stop.
    @usableFromInline
    var ownReduceLooksAtChildren: Bool {
        if holdsShared || hasWorkUnderChildren { return true }
        #if DEBUG
        return ObjectIdentifier(Mutation.self) == ObjectIdentifier(Action.self)
        #else
        return false
        #endif
    }

    /// N4: reduces one of the reactor's own mutations with its `reduce`; then, before anyone
    /// hears of the new state, stops the work of any child that reduce removed, skipping the
    /// lists and stacks whose storage it left untouched (N7).
    @usableFromInline
    func reduceOwnBesideChildren(_ mutation: Mutation) {
        var written: [SharedRoot] = []
        defer { written.forEach { $0.tellHolders(except: self) } }  // once this state is out (S1)
        state.update { state in
            let before = tracer == nil ? nil : state
            let untouched = storageChecks(before: state)
            childPlaces.warnOfChildCase(mutation, reducedBy: Self.self)
            reduce(into: &state, mutation: mutation)
            if holdsShared { written = shareWrites(in: &state) }
            if let before { tracer?.mutation(mutation, from: before, to: state) }
            guard hasWorkUnderChildren else { return }
            stopWorkOfAbsentChildren(skipping: Set(untouched.filter { $0.isUntouched(state) }.map(\.place)), in: state)
        }
    }

    /// N2, N4: reduces a child's mutation into the child, in place, or removes the child; then
    /// stops the work of any child that change removed, looking only under the node whose own
    /// state changed. Inlined into the app, so the reduce is compiled for its state; a reactor
    /// holding shared values or traced takes ``reduceChildSharedOrTraced(_:)``.
    @inlinable
    func reduceChild(_ mutation: ChildMutation) {
        guard !holdsShared, tracer == nil else { return reduceChildSharedOrTraced(mutation) }
        state.update { state in
            Self.apply(mutation, to: &state)
            if hasWorkUnderChildren { stopWorkOfAbsentChildren(after: mutation, in: state) }
        }
    }

    /// Whether any child has work running: what a reduce then checks (N4).
    @usableFromInline
    var hasWorkUnderChildren: Bool { !workUnder.isEmpty }

    /// Reduces `mutation` into the root's `state`, in place (see ``ask(_:in:)``).
    @inlinable
    nonisolated static func apply(_ mutation: ChildMutation, to state: inout State) {
        withUnsafeMutablePointer(to: &state) { mutation.apply(UnsafeMutableRawPointer($0)) }
    }

    /// N4, after a child's mutation: stops the work of any child it removed, looking only under
    /// the node whose own state changed (everywhere, for a removal at the root).
    @usableFromInline
    func stopWorkOfAbsentChildren(after mutation: ChildMutation, in state: State) {
        if mutation.changed.isEmpty {
            stopWorkOfAbsentChildren(skipping: [], in: state)
        } else {
            stopWorkOfAbsentChildren(under: mutation.changed, in: state)
        }
    }

    /// ``reduceChild(_:)`` for a reactor that holds shared values (written behind, S1) or is traced.
    @usableFromInline
    func reduceChildSharedOrTraced(_ mutation: ChildMutation) {
        var written: [SharedRoot] = []
        defer { written.forEach { $0.tellHolders(except: self) } }  // once this state is out (S1)
        state.update { state in
            let before = tracer == nil ? nil : state
            Self.apply(mutation, to: &state)
            if holdsShared { written = shareWrites(in: &state) }
            if let before { tracer?.childMutation(mutation, from: before, to: state) }
            if hasWorkUnderChildren { stopWorkOfAbsentChildren(after: mutation, in: state) }
        }
    }

    /// S1: writes what the reduce set in any ``Shared`` copy, then refreshes every copy the
    /// state holds, all before anyone hears of the new state. Walks only the places that hold a
    /// shared copy: its cost grows with the copies, not with the rest of the state.
    /// Returns the values written, whose other holders are to be told.
    @discardableResult
    func shareWrites(in state: inout State) -> [SharedRoot] {
        var commit = SharedPass(.commit, holder: self)
        SharedPass.walk(&state, places: childPlaces, with: &commit)
        var refresh = SharedPass(.refresh, holder: self)
        SharedPass.walk(&state, places: childPlaces, with: &refresh)
        return commit.written
    }

    /// S3, for a test: in `state` — a test's expected state — every copy of a shared value the
    /// test wrote takes what it wrote, as the reduce's write would reach every copy, while the
    /// real values stay untouched. A test states a shared write once.
    package func shareExpectedWrites(in state: inout State) {
        guard holdsShared else { return }
        let sandbox = SharedSandbox()
        for step in [SharedPass.Step.expectBases(sandbox), .expectWrites(sandbox)] {
            var pass = SharedPass(step, holder: self)
            SharedPass.walk(&state, places: childPlaces, with: &pass)
        }
        guard !sandbox.written.isEmpty else { return }
        var reads = SharedPass(.expectReads(sandbox), holder: self)
        SharedPass.walk(&state, places: childPlaces, with: &reads)
    }

    /// N7: for each place of the reactor's own with running work under it whose storage can be
    /// told untouched at once (rows, a stack), a check made from `state` before the reactor's
    /// own reduce, and kept to answer after it. Each check holds the place's storage, so a
    /// reduce that writes there copies it once (as holding a copy of TCA's ids does).
    func storageChecks(before state: State) -> [(place: AnyHashable, isUntouched: (State) -> Bool)] {
        guard !presenceByPlace.isEmpty else { return [] }
        return childPlaces.compactMap { place in
            guard let storage = place.storage, presenceByPlace[storage.key] != nil else { return nil }
            return (storage.key, storage.keep(state))
        }
    }

    /// After the reactor's own reduce: stops the running work of every child no longer in
    /// `state`, asking each child's presence once, under every place but those in `untouched`
    /// (whose storage the reduce never wrote, so every child there is still there).
    func stopWorkOfAbsentChildren(skipping untouched: Set<AnyHashable>, in state: State) {
        for (place, chains) in presenceByPlace where !untouched.contains(place) {
            ownReducePresenceChecks += chains.count
            for chain in chains where isPresent(chain, in: state) == false {
                for key in workUnder[chain] ?? [] { stop(key) }
            }
        }
    }

    /// Stops the running work under `scope` (not empty) whose child is no longer in `state`.
    /// Each child's presence is asked once, however much work it runs.
    func stopWorkOfAbsentChildren(under scope: [ChildScope], in state: State) {
        guard let keys = workUnder[scope] else { return }
        var present: [[ChildScope]: Bool] = [:]
        for key in keys {
            guard let chain = (key.base as? ScopedWork)?.scope else { continue }
            let isPresent = present[chain] ?? (self.isPresent(chain, in: state) ?? true)
            present[chain] = isPresent
            if !isPresent { stop(key) }
        }
    }

    /// Whether the child at `chain` is in `state`; `nil` when no work of its was ever indexed.
    func isPresent(_ chain: [ChildScope], in state: State) -> Bool? {
        guard let presence = childPresence[chain] else { return nil }
        return Self.ask(presence, in: state)
    }

    /// `presence` asked of `state`, from outside the main actor's code: a closure the main
    /// actor's code hands the standard library is checked to run there, about 200
    /// instructions a call (Swift 6's dynamic isolation checks), on the routing's hot path.
    /// The routing's code on the main actor hands the standard library no closure for that
    /// reason (no `map`, no `withUnsafePointer`): what needs one is written here, or as a loop.
    nonisolated static func ask(_ presence: (UnsafeRawPointer) -> Bool, in state: State) -> Bool {
        withUnsafePointer(to: state) { presence(UnsafeRawPointer($0)) }
    }

    @usableFromInline
    func childStartsWork(at scope: [ChildScope], isPresent: @escaping (UnsafeRawPointer) -> Bool) {
        if childPresence.updateValue(isPresent, forKey: scope) == nil {
            presenceByPlace[scope[0].place, default: []].insert(scope)
        }
    }

    @usableFromInline
    func missingChild(at place: String, action: Any) {
        let message = "\(ValueDescription.describe(action)) was sent to \(place), which is not there (removed, popped "
            + "or dismissed), so it changed nothing."
        if let missingChildHandler {
            missingChildHandler(message)
        } else {
            DebugWarning.write("ViewStateKit warning: " + message)
        }
    }

    /// Files running work under every prefix of its child's scope (not under the root's `[]`:
    /// a check at the root asks every child in ``childPresence`` instead, so starting and
    /// stopping work never touches a set that grows with every child's work).
    func index(_ key: AnyHashable, under scope: [ChildScope]) {
        for length in 1...scope.count {
            workUnder[Array(scope.prefix(length)), default: []].insert(key)
        }
    }

    /// Takes work that ended or was stopped out of the index; a child with no work left is
    /// forgotten.
    func unindex(_ key: AnyHashable, under scope: [ChildScope]) {
        for length in 1...scope.count {
            let prefix = Array(scope.prefix(length))
            workUnder[prefix]?.remove(key)
            if workUnder[prefix]?.isEmpty == true { workUnder[prefix] = nil }
        }
        forgetPresenceIfIdle(scope)
    }

    /// Forgets how to find the child at `scope` once no work of its runs.
    func forgetPresenceIfIdle(_ scope: [ChildScope]) {
        guard workUnder[scope] == nil, childPresence.removeValue(forKey: scope) != nil else { return }
        let place = scope[0].place
        presenceByPlace[place]?.remove(scope)
        if presenceByPlace[place]?.isEmpty == true { presenceByPlace[place] = nil }
    }
}
