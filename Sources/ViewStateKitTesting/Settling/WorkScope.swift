import Foundation

/// The work one step of a test starts — the work a `ManualClock` advance wakes, the effects of
/// a `ReactorTester.send`, the work a `FakeReplies` release resumes — followed until it rests.
///
/// Work belongs to the scope when it is started inside ``run(_:)``, or by a job of the scope:
/// each job it enqueues on the global executor (a nonisolated function, an actor, a detached
/// task, a continuation it resumes) is counted and run on the main queue, in enqueue order, so
/// the work runs one job at a time in a fixed order. Main-actor work is followed too: while any
/// scope is open, a job enqueued on the global executor from the main queue belongs to the
/// shared ``mainActor`` scope, which every open scope waits for.
///
/// The work **rests** when none of its jobs is queued or running: every task of it has ended
/// or waits for something the test drives (a `ManualClock` sleep, a `FakeReplies` reply, a
/// continuation the test resumes). Main-actor jobs themselves are not counted (the runtime gives
/// them no hook), so ``settle(within:)`` drains the main queue behind them: it posts a marker
/// after the last counted job and calls the work at rest when the marker runs with no job
/// counted since.
final class WorkScope: @unchecked Sendable {
    // @unchecked: every mutable property is read and written only under `lock`.
    private let lock = NSLock()
    /// Counted jobs enqueued and not yet run to their end.
    private var pending = 0
    /// Counted jobs so far: what ``settle(within:)`` compares across a marker.
    private var counted = 0
    /// Called, each once, when no counted job is pending: several settles may wait on one
    /// scope (``mainActor``).
    private var whenQuiet: [@Sendable () -> Void] = []
    /// The one settling of this scope, once asked for.
    private var settling: Task<Outcome, Never>?

    /// A scope that follows work from now until ``settle(within:)`` returns.
    init() {
        _ = ExecutorHooks.isInstalled
        _ = Self.mainQueueKey
        Self.openScopes.withLock { $0 += 1 }
    }

    /// A scope shared by the open ones, or none: never opened or settled by itself.
    private init(shared: Void) {}

    /// Main-actor work, followed while any scope is open: every open scope waits for it too.
    static let mainActor = WorkScope(shared: ())

    /// The settling itself: what it enqueues (its own task, its marker's and its gates'
    /// resumptions) belongs to no scope, so settling is never mistaken for the work's activity.
    static let uncounted = WorkScope(shared: ())

    /// Runs `body` on the current thread with this scope as the owner of every job it
    /// enqueues: `continuation.resume()`, `reactor.send(action)`.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        let previous = Self.current
        Self.current = self
        defer { Self.current = previous }
        return try body()
    }

    /// How settling ended.
    enum Outcome {
        /// Every job of the work has run; what is left waits for the test.
        case rested
        /// The work was still running after the time limit.
        case stillRunning
    }

    /// Waits until the scope's work rests (see the type's description), or until `limit` of
    /// real time has passed; then the scope lets go of its work. Every caller waits for the
    /// same settling: the first call's limit applies.
    func settle(within limit: Duration) async -> Outcome {
        let task = lock.withLock {
            if let settling { return settling }
            let task = Self.uncounted.run { Task.detached { await self.settleUncounted(within: limit) } }
            settling = task
            return task
        }
        return await task.value
    }

    /// ``settle(within:)``, run in a task of its own that no scope follows.
    private func settleUncounted(within limit: Duration) async -> Outcome {
        defer { Self.openScopes.withLock { $0 -= 1 } }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        let mainActor = Self.mainActor
        while true {
            for scope in [self, mainActor] {
                let quiet = await wait(within: clock.now.duration(to: deadline)) { gate in
                    scope.onQuiet { gate.end(true) }
                }
                guard quiet else { return .stillRunning }
            }
            // Counted so far, taken only while nothing is pending: a pending job could still
            // enqueue main-actor work behind the marker.
            guard let mark = quietCounts(with: mainActor) else { continue }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async {  // behind every main-actor job queued so far
                    Self.uncounted.run { continuation.resume() }
                }
            }
            if quietCounts(with: mainActor) == mark { return .rested }
        }
    }

    /// The jobs counted so far by this scope and `other`, or `nil` while one of them is pending.
    private func quietCounts(with other: WorkScope) -> [Int]? {
        var counts: [Int] = []
        for scope in [self, other] {
            let (pending, counted) = scope.lock.withLock { (scope.pending, scope.counted) }
            guard pending == 0 else { return nil }
            counts.append(counted)
        }
        return counts
    }

    /// Calls `body` once no counted job is pending: at once when none is.
    private func onQuiet(_ body: @escaping @Sendable () -> Void) {
        let now: Bool = lock.withLock {
            guard pending > 0 else { return true }
            whenQuiet.append(body)
            return false
        }
        if now { Self.uncounted.run(body) }
    }

    /// Counts `job` and runs it on the main queue, owned by this scope.
    func runOnMainQueue(_ job: UnownedJob) {
        lock.withLock {
            pending += 1
            counted += 1
        }
        DispatchQueue.main.async { [self] in
            let previous = Self.current
            Self.current = self
            ExecutorHooks.runGlobalJob(job)
            Self.current = previous
            jobEnded()
        }
    }

    private func jobEnded() {
        let bodies: [@Sendable () -> Void] = lock.withLock {
            pending -= 1
            guard pending == 0 else { return [] }
            defer { whenQuiet.removeAll() }
            return whenQuiet
        }
        Self.uncounted.run { bodies.forEach { $0() } }
    }
}

extension WorkScope {
    /// The scope whose job the current thread is running, or inside whose `run` it is.
    fileprivate static var current: WorkScope? {
        get {
            guard let pointer = pthread_getspecific(threadKey) else { return nil }
            return Unmanaged<WorkScope>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            pthread_setspecific(threadKey, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// How many scopes are open: while none is, main-actor work is not followed.
    private static let openScopes = LockedValue(0)

    /// Set on the main queue, to tell a job enqueued from it (main-actor work) from others;
    /// `Thread.isMainThread` is not the test, as on Linux another thread may drain the main queue.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Work a `FakeReplies` release resumed, until the next advance lets it rest.
    private static let released = LockedValue<[WorkScope]>([])

    /// Keeps `scope` until ``settleReleasedWork(within:)``: a release returns at once, and the
    /// work it resumed must rest before a clock moves.
    static func settleLater(_ scope: WorkScope) {
        released.withLock { $0.append(scope) }
    }

    /// Lets every scope kept by ``settleLater(_:)`` rest. Returns `false` when one was still
    /// running after `limit`.
    static func settleReleasedWork(within limit: Duration) async -> Bool {
        let scopes = released.withLock { $0 }
        var rested = true
        for scope in scopes where await scope.settle(within: limit) == .stillRunning {
            rested = false
        }
        released.withLock { list in list.removeAll { scope in scopes.contains { $0 === scope } } }
        return rested
    }

    /// The scope that owns a job being enqueued now: the current thread's scope, or — while
    /// any scope is open — ``mainActor`` for a job enqueued from the main queue. `nil` for work
    /// no scope follows, which then takes the runtime's own path.
    static func ownerOfJobEnqueuedNow() -> WorkScope? {
        if let scope = current { return scope }
        guard openScopes.withLock({ $0 > 0 }), DispatchQueue.getSpecific(key: mainQueueKey) == true else { return nil }
        return mainActor
    }
}
