/// One walk over a reactor's state through the places it declared (a value: a walk allocates
/// nothing but the list of what it wrote), visiting every ``Shared``
/// copy it holds: first to write the copies its reduce set (commit), then to refresh every
/// copy another write made stale (refresh). Each copy met registers the reactor as a holder of
/// its value, so the reactor hears of other reactors' writes (S1).
@MainActor @usableFromInline
struct SharedPass {
    /// `commit` and `refresh` walk a reactor's state; the `expect` steps walk a test's expected
    /// state three times — laying its copies in `sandbox`, writing what the test wrote there,
    /// and reading it back — never touching the real values (S3).
    /// `find` only notes the values it meets (a debug check).
    enum Step {
        case commit, refresh, expectBases(SharedSandbox), expectWrites(SharedSandbox), expectReads(SharedSandbox), find(SharedRoots)
    }

    let step: Step
    /// The reactor walking its state: the writer of what it commits, the holder of what it meets
    /// (`nil` for a walk that holds nothing).
    unowned let holder: (any SharedHolder)?
    /// Whether the walk wrote a value (commit) or changed a copy (refresh).
    private(set) var changedAnything = false
    /// The values the walk wrote, in order, once each: their other holders are told afterwards.
    private(set) var written: [SharedRoot] = []

    init(_ step: Step, holder: (any SharedHolder)?) {
        self.step = step
        self.holder = holder
    }

    /// Commits or refreshes one copy (or writes, reads or notes it, for the other steps).
    mutating func visit<Value>(_ shared: inout Shared<Value>) {
        switch step {
        case .commit:
            guard let holder else { return }
            shared.reference.root.hold(holder)
            guard shared.commit(by: holder) else { return }
            changedAnything = true
            let root = shared.reference.root
            if !written.contains(where: { $0 === root }) { written.append(root) }
        case .refresh:
            if let holder { shared.reference.root.hold(holder) }
            if shared.refresh() { changedAnything = true }
        case .expectBases(let sandbox): shared.lay(in: sandbox)
        case .expectWrites(let sandbox): shared.commit(in: sandbox)
        case .expectReads(let sandbox): shared.refresh(from: sandbox)
        case .find(let roots): roots.ids.insert(ObjectIdentifier(shared.reference.root))
        }
    }

    /// Walks `state` through `places`: each shared place's copy, then each child's own places.
    @usableFromInline
    static func walk<State, Action, Mutation>(_ state: inout State, places: [ChildPlace<State, Action, Mutation>],
                                              with pass: inout SharedPass) {
        for place in places {
            place.share(&state, &pass)
        }
    }
}

/// Whether a feature's places hold a ``Shared`` copy, themselves or in a child at any depth:
/// only those are walked. Worked out once per declaration; a feature that contains itself (a
/// tree) counts what it holds apart from itself.
@MainActor @usableFromInline
final class HoldsShared {
    private var known: Bool?
    private var isWorking = false
    private let work: () -> Bool

    @usableFromInline
    init(_ work: @escaping () -> Bool) {
        self.work = work
    }

    @usableFromInline
    var value: Bool {
        if let known { return known }
        guard !isWorking else { return false }
        isWorking = true
        let value = work()
        isWorking = false
        known = value
        return value
    }
}
