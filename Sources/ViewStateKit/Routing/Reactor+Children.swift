/// A reactor at the root of its children: it routes actions down the places its `children`
/// declared and reduces each child's mutation into its child (N1, N2); its own reduce and a
/// child's then stop the work of any child they removed (N4, in `Reactor+ChildWork.swift`).
extension Reactor: ChildRuntime {
    /// The root as a node: its state is the whole state, its effects are performed as they are.
    /// Made once, and kept: its closures hold the reactor unowned.
    @inlinable
    var rootContext: NodeContext<State, Mutation> {
        if let madeRootContext { return madeRootContext }
        let context = NodeContext(runtime: self, read: { $0.assumingMemoryBound(to: State.self).pointee },
                    current: { [unowned self] in currentState },
                    modify: { root, change in change(&root.assumingMemoryBound(to: State.self).pointee) },
                    perform: { [unowned self] in perform($0) }, path: [], actionLayout: EnumLayout(Action.self))
        madeRootContext = context
        return context
    }

    /// N1: an action for a child runs on the child before the reactor's own `mutate`. Returns
    /// whether a child took it.
    @inlinable
    func routeToChildren(_ action: Action) -> Bool {
        childPlaces.routeToChild(action, currentState, rootContext)
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

    @usableFromInline
    func reportMissingChild(at place: String, action: Any) {
        let message = "\(ValueDescription.describe(action)) was sent to \(place), which is not there (removed, popped "
            + "or dismissed), so it changed nothing."
        if let missingChildHandler {
            missingChildHandler(message)
        } else {
            DebugWarning.write("ViewStateKit warning: " + message)
        }
    }
}
