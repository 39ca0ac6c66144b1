import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
internal import ViewStateKitSupport

/// The work one step of a test starts — the work a `ManualClock` advance wakes, the effects of
/// a `ReactorTester.send`, the work a `FakeReplies` release resumes — followed until it rests.
///
/// **What belongs to the scope.** Work started inside ``run(_:)``, and everything that work
/// starts in turn:
/// - each job it enqueues on the global executor (a nonisolated function, an actor's turn, a
///   detached task, a continuation resumed there), seen through the runtime's global-enqueue
///   hook (``ExecutorHooks``);
/// - each task it has run or adopted (a reactor's effects), wherever that task goes next;
/// - each main-actor job enqueued while one of its jobs runs (a task coming back to the main
///   actor from an actor): such a job stands on the main queue between an opener and a closer
///   that the running job enqueues when it starts and when it ends. Counted jobs run one at a
///   time on the main queue, so these brackets never overlap, and what a main-actor job in a
///   bracket enqueues belongs to the bracket's scopes: the main-actor work a job caused is
///   followed, and nothing enqueued before it started.
///
/// **How it runs.** Each counted job runs on the main queue, in enqueue order, under an
/// executor of the engine's own (``FollowedJobExecutor``) rather than the main actor's, so
/// nonisolated work is not taken for main-actor work (a task going on to the main actor is
/// enqueued there, still followed). The jobs a job enqueues for the same work run next in its
/// turn. The scope's work runs one job at a time, in the same order on every run.
///
/// **When it rests.** When none of its jobs is queued or running: every task of it has ended
/// or waits for something the test drives (a `ManualClock` sleep, a `FakeReplies` reply, a
/// continuation the test resumes). Main-actor jobs themselves are not counted (the runtime
/// gives them no hook), so ``settle(within:)`` drains the main queue behind them: it posts a
/// marker after the last counted job and calls the work at rest when the marker runs with no
/// job counted since. The markers run on the main queue, so settling costs one main-queue
/// block each time the work's counted jobs all end, and one real-time safety net in all.
///
/// **Right or loud (rule R10).** Work that goes on where the engine cannot follow it — resumed
/// by a Dispatch queue or a thread of its own, run by an actor with its own executor or by a
/// task executor — is noticed when it shows itself again (a job enqueued from there, a sleep or
/// a resumption that runs there), and the step says so at its call site: at once when that
/// happens before the step returns, at the test's next step otherwise (``LateUnseenWork``). A
/// step also fails when another library replaced the runtime's hook while it ran, and every
/// step fails when the runtime failed the engine's start-up check (``RuntimeAccess``).
final class WorkScope: Sendable {
    /// What the scope counts, read and written under one lock from any thread.
    private struct Counts {
        /// Counted jobs enqueued and not yet run to their end.
        var pending = 0
        /// Counted jobs so far: what ``settle(within:)`` compares across a marker.
        var counted = 0
        /// Turns of the main queue running a job of this scope now, and begun so far.
        var running = 0
        var begun = 0
        /// Ended when the work rests, while ``settle(within:)`` waits.
        var restGate: Gate?
        /// The tasks of this scope's work, so their later jobs are followed wherever they start.
        var tasks: Set<RuntimeAccess.TaskRef> = []
        /// Where its work went that the engine cannot follow, each kind once (rule R10).
        var unseen: [UnseenWork] = []
    }
    private let counts = Locked(Counts())
    /// The step that follows the work, to report at; `nil` for ``uncounted`` and the start-up probe.
    let step: FollowedStep?
    /// The stand-in hook slot of the test that made the scope, if it gave one.
    private let hookSlot: RuntimeAccess.HookSlot?

    /// A scope that follows the work of `step` from now until ``settle(within:)`` returns.
    init(_ step: FollowedStep) {
        self.step = step
        hookSlot = RuntimeAccess.stepHookSlot  // beginStep has made sure of the hook
        _ = Self.mainQueueKey
    }

    /// What every step that follows work does first: reports what the test's earlier steps left
    /// unseen, at their own call sites, and fails the step when the runtime failed the engine's
    /// start-up check (rule R10: say so rather than guess).
    static func beginStep(_ step: FollowedStep) {
        if let test = RuntimeAccess.currentTask() {
            following.withLock { _ = $0.steppers.insert(test) }
        }
        LateUnseenWork.report()
        if let reason = RuntimeAccess.unsupportedReason {  // the first one installs the hook and checks it
            step.site.fail("\(step.name): this runtime does not support followed work (\(reason)), so the test engine "
                           + "cannot tell when the work it follows rests.")
        }
        RuntimeAccess.ensureHook()  // put back quietly, before the step enqueues anything
    }

    /// A scope that is never opened: the marker of ``uncounted``, and the start-up probe's.
    private init(neverOpened: Void) {
        step = nil
        hookSlot = nil
    }

    /// The settling itself: what it enqueues (the resumptions its markers and gates make, a
    /// released reply's settling task) belongs to no scope, so settling is never mistaken for
    /// the work's activity.
    static let uncounted = WorkScope(neverOpened: ())

    /// Runs `body` on the current thread with this scope as the owner of every job it
    /// enqueues: `continuation.resume()`, `reactor.send(action)`.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        try Self.owning([self]) { try body() }
    }

    /// Makes `task` part of this scope's work: its jobs are followed from now on, wherever it
    /// runs (a reactor's effect, started on the main actor).
    func adopt(_ task: Task<Void, Never>) {
        remember(RuntimeAccess.task(task), asRoot: true)
    }

    /// Follows `task` from now on: the latest scope to see a task follows it (a task's address
    /// may be reused once it has ended, so the newest owner is the one to trust).
    private func remember(_ task: RuntimeAccess.TaskRef, asRoot: Bool = false) {
        // The scope this one replaces is let go of after the lock: were this its last
        // reference, its deinit, which takes the lock, would otherwise wait for itself.
        var replaced: WorkScope?
        Self.following.withLock { following in
            // A test's own task is never its steps' work, and a closed scope follows nothing more.
            guard !following.steppers.contains(task), !following.closed.contains(ObjectIdentifier(self)) else { return }
            replaced = following.owners.updateValue(self, forKey: task)
            if asRoot { following.roots[task] = step?.test }
            counts.withLock { _ = $0.tasks.insert(task) }
        }
        withExtendedLifetime(replaced) {}
    }

    /// Notes that the scope's work went on through `kind` (rule R10).
    func noteUnseen(_ kind: UnseenWork.Kind) {
        counts.withLock { counts in
            let unseen = UnseenWork(kind: kind, late: false)
            if !counts.unseen.contains(unseen) { counts.unseen.append(unseen) }
        }
    }

    /// Notes `kind` for the scopes whose job runs on the current thread, for their steps to report.
    static func noteHere(_ kind: UnseenWork.Kind) {
        for scope in current?.scopes ?? [] { scope.noteUnseen(kind) }
    }

    /// Counts one resumption that ``run(_:)`` is about to make, until the resumed code calls
    /// ``arrive()`` (or ``resumedInPlace()``): a continuation resumed before its task has finished suspending goes on
    /// on the task's own thread instead of as a job the hook would count, so without this the
    /// scope could rest while that task still runs.
    func expectResumption() {
        counts.withLock {
            $0.pending += 1
            $0.counted += 1
        }
    }

    /// Called by code resumed after ``expectResumption()``, wherever it runs: follows the
    /// current task from now on, goes once through its executor so that it goes on as a
    /// followed job, and then ends the count.
    func arrive() async {
        let task = RuntimeAccess.currentTask()
        if let task {
            remember(task, asRoot: true)
            // Its own yield may enqueue it from wherever the resumption left it: not a detour.
            Self.following.withLock { _ = $0.arriving.insert(task) }
        }
        await Task.yield()  // now a job of this scope, wherever the resumption left the task
        if let task { Self.following.withLock { _ = $0.arriving.remove(task) } }
        Self.noteIfRunningUnseen()
        jobEnded()
    }

    /// Ends the count of ``expectResumption()`` for a resumption that ran in place, inside
    /// ``run(_:)`` (a completion handler), or that resumed nothing.
    func resumedInPlace() {
        jobEnded()
    }

    /// How settling ended.
    enum Outcome {
        /// Every job of the work has run; what is left waits for the test.
        case rested
        /// The work was still running after the time limit.
        case stillRunning
    }

    /// Waits until the scope's work rests (see the type's description), or until `limit` of
    /// real time has passed; then the scope lets go of its work. Waits in the caller's
    /// isolation, so the wait itself enqueues nothing the scope could mistake for its work.
    /// One caller: work several may wait for goes through ``settleLater(_:)``.
    ///
    /// Work that went where the engine cannot follow it is reported at the step's call site
    /// (rule R10); so is a hook another library replaced while the step ran.
    func settle(within limit: Duration, isolation: isolated (any Actor)? = #isolation) async -> Outcome {
        let outcome = await settleQuietly(within: limit)
        FollowedActivity.rested(for: step?.test)
        for unseen in counts.withLock({ $0.unseen }) { step?.report(unseen) }
        return outcome
    }

    /// ``settle(within:)``, leaving what it found unseen in ``counts`` for the caller.
    ///
    /// When the limit passes and no job of the work has been running through all of it, its
    /// jobs or its marker were waiting their turn on the main queue, which may be busy with other
    /// tests' work (a busy machine running many tests at once). The wait then goes on, up to
    /// ``congestedRounds`` more limits: a job that does not end fails at the limit, and work
    /// that keeps making jobs (busy forever) fails after the last of them.
    private func settleQuietly(within limit: Duration, isolation: isolated (any Actor)? = #isolation) async -> Outcome {
        defer { close() }
        var rested = false
        for _ in 0...Self.congestedRounds {
            let begun = counts.withLock { $0.begun }
            rested = await wait(within: limit) { gate in
                counts.withLock { $0.restGate = gate }
                postMarker()
            }
            // One turn running through the whole limit: a job that does not end.
            guard !rested, counts.withLock({ $0.running == 0 || $0.begun != begun }) else { break }
        }
        let finding = RuntimeAccess.$stepHookSlot.withValue(hookSlot) { RuntimeAccess.ensureHook() }
        if case .replaced(let byAnotherHook) = finding {
            noteUnseen(.hookReplaced(byAnotherHook: byAnotherHook))
        }
        return rested ? .rested : .stillRunning
    }

    /// How many more time limits a settle waits for a queued marker when the work itself has
    /// ended (see ``settle(within:)``).
    static let congestedRounds = 3

    /// Posts a marker behind every main-actor job queued so far, when no counted job is pending
    /// (the count is read in the same step, so a job counted later always changes it). When the
    /// marker runs with no job pending and none counted since, the work rests; when jobs were
    /// counted and have all ended, another marker goes behind what they enqueued; while one is
    /// pending, the job's end posts the next marker.
    private func postMarker() {
        guard let mark = counts.withLock({ $0.pending == 0 && $0.restGate != nil ? $0.counted : nil }) else { return }
        DispatchQueue.main.async { [self] in
            let (rested, again): (Gate?, Bool) = counts.withLock { counts in
                guard counts.pending == 0, counts.restGate != nil else { return (nil, false) }
                guard counts.counted == mark else { return (nil, true) }
                defer { counts.restGate = nil }
                return (counts.restGate, false)
            }
            if again { postMarker() }
            Self.uncounted.run { rested?.end(true) }
        }
    }

    /// Counts `job` for each of `owners` and runs it on the main queue, owned by them.
    static func runOnMainQueue(_ job: UnownedJob, owners: [WorkScope]) {
        let task = RuntimeAccess.task(of: job)
        for owner in owners {
            if let task { owner.remember(task) }
            owner.counts.withLock {
                $0.pending += 1
                $0.counted += 1
            }
        }
        if let turn = current, turn.takesFollowUps, turn.followUps.count < followUpLimit,
           turn.scopes.elementsEqual(owners, by: ===) {
            return turn.followUps.append(job)  // runs in this turn, right after the job that enqueued it
        }
        DispatchQueue.main.async {
            runTurn(of: job, owners: owners)
            for owner in owners { owner.jobEnded() }
        }
    }

    /// How many jobs a turn of the main queue runs after the one it was posted for: the jobs
    /// those enqueue for the same owners (a task going on to a default actor and back, a
    /// `Task.yield()`) run in the same turn, in order, rather than each behind the whole main
    /// queue; past the limit they queue there, so work that never rests still lets the main
    /// queue go on.
    private static let followUpLimit = 64

    /// A turn of the main queue: `job`, then the follow-ups it and they enqueue, one at a time.
    private static func runTurn(of job: UnownedJob, owners: [WorkScope]) {
        for owner in owners {
            owner.counts.withLock {
                $0.running += 1
                $0.begun += 1
            }
        }
        defer { for owner in owners { owner.counts.withLock { $0.running -= 1 } } }
        owning(owners, takingFollowUps: true) { turn in
            RuntimeAccess.runGlobalJob(job)
            var next = 0
            while next < turn.followUps.count {
                RuntimeAccess.runGlobalJob(turn.followUps[next])
                next += 1
                for owner in owners { owner.jobEnded() }
            }
        }
    }

    private func jobEnded() {
        let pending = counts.withLock { counts in
            counts.pending -= 1
            return counts.pending
        }
        // justified: an engine invariant; a count below zero means no step's wait can ever end
        // (the step would hang the suite in silence), so trapping with the reason is the loud end.
        precondition(pending >= 0, "ViewStateKitTesting: a followed job ended that was never counted; "
                     + "the test engine's count of a step's work is broken (please report it)")
        postMarker()
    }

    /// Ends following: the scope's tasks are let go of, and remembered as its step's, so work
    /// that shows itself from where the engine cannot follow it later is reported there.
    private func close() {
        let tasks = counts.withLock { $0.tasks }
        Self.following.withLock { following in
            following.closed.insert(ObjectIdentifier(self))
            for task in tasks where following.owners[task] === self {
                following.owners[task] = nil
                if let step { following.departed[task] = step }
            }
        }
    }

    deinit {
        let me = ObjectIdentifier(self)
        Self.following.withLock { _ = $0.closed.remove(me) }
    }
}

extension WorkScope {
    /// Runs `body` with `owners` owning every job it enqueues and, on the main queue, brackets
    /// the main-actor jobs it enqueues between an opener and a closer: what those jobs enqueue
    /// belongs to `owners` too.
    private static func owning<T>(_ owners: [WorkScope], takingFollowUps: Bool = false,
                                  _ body: (OwnerList) throws -> T) rethrows -> T {
        let previous = current
        // Only from the main queue: brackets posted from there follow each other in order and
        // never overlap (one posted from another thread could land inside another's).
        let bracketed = !owners.contains { $0 === uncounted } && DispatchQueue.getSpecific(key: mainQueueKey) == true
        let list = OwnerList(owners, takesFollowUps: takingFollowUps,
                             newestTaskID: bracketed ? newestTaskID.withLock { $0 } : 0)
        current = list
        if bracketed { DispatchQueue.main.async { openBracket.withLock { $0 = list } } }
        defer {
            current = previous
            if bracketed { DispatchQueue.main.async { openBracket.withLock { if $0 === list { $0 = nil } } } }
        }
        return try body(list)
    }

    private static func owning<T>(_ owners: [WorkScope], _ body: () throws -> T) rethrows -> T {
        try owning(owners) { _ in try body() }
    }

    /// The scopes a thread's jobs belong to: set while a counted job runs, or inside `run`; in a
    /// turn of the main queue, also the jobs that run next in it.
    private final class OwnerList: @unchecked Sendable {
        // @unchecked: `scopes` is immutable; `followUps` is used only by the thread it is current on.
        let scopes: [WorkScope]
        let takesFollowUps: Bool
        /// The newest task id when the list opened its bracket: a task made later is the
        /// bracket's new work; an older one, resumed from a main-queue block, is not.
        let newestTaskID: UInt64
        var followUps: [UnownedJob] = []
        init(_ scopes: [WorkScope], takesFollowUps: Bool, newestTaskID: UInt64 = 0) {
            self.scopes = scopes
            self.takesFollowUps = takesFollowUps
            self.newestTaskID = newestTaskID
        }
    }

    private static var current: OwnerList? {
        get {
            guard let pointer = pthread_getspecific(threadKey) else { return nil }
            return Unmanaged<OwnerList>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            if let old = pthread_getspecific(threadKey) { Unmanaged<OwnerList>.fromOpaque(old).release() }
            pthread_setspecific(threadKey, newValue.map { Unmanaged.passRetained($0).toOpaque() })
        }
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The tasks followed: by the open scope that follows each, and by the step that last
    /// followed each task no open scope follows any more.
    struct Following {
        var owners: [RuntimeAccess.TaskRef: WorkScope] = [:]
        var departed: [RuntimeAccess.TaskRef: FollowedStep] = [:]
        /// The tasks that take steps — the tests themselves — which are never the work a step
        /// follows, even when one of their jobs is enqueued inside a followed main-actor bracket.
        var steppers: Set<RuntimeAccess.TaskRef> = []
        /// The tasks a step started or woke itself — a reactor's effects, a woken sleeper, a task
        /// a released reply resumed — whose travels are reported as unseen work (rule R10).
        /// Other followed tasks (a test's waiters resumed by followed work) are followed, not
        /// reported: where they wait is the test's own business.
        /// Each with the Swift Testing test it belongs to: a root another test's bracket picked
        /// up is that test's, and its travels are never reported in this one.
        var roots: [RuntimeAccess.TaskRef: String?] = [:]
        /// Roots going through ``arrive()``'s yield, whose enqueue is the engine's own doing.
        var arriving: Set<RuntimeAccess.TaskRef> = []
        /// Scopes that have closed and still exist: a job counted for one after it closed does
        /// not make it follow again.
        var closed: Set<ObjectIdentifier> = []

        /// The open scope that follows `task`, if any.
        func owner(of task: RuntimeAccess.TaskRef?) -> WorkScope? {
            guard let task, let owner = owners[task], !closed.contains(ObjectIdentifier(owner)) else { return nil }
            return owner
        }

        /// Notes, for the step that follows `task` or followed it last, that the task went
        /// through `kind`: on its scope while open, for the test's next step once closed. Under
        /// the same lock as ``WorkScope/close()``, so a note is never left on a scope whose
        /// step has already read its notes.
        func note(_ kind: UnseenWork.Kind, of task: RuntimeAccess.TaskRef) {
            guard let test = roots[task] else { return }
            if let owner = owner(of: task) {
                if owner.step?.test == test { owner.noteUnseen(kind) }
            } else if let step = departed[task], step.test == test {
                LateUnseenWork.add(UnseenWork(kind: kind, late: true), of: step)
            }
        }
    }
    /// Every step's followed tasks, under one lock: see ``Following``.
    static let following = Locked(Following())

    /// The newest task id the hook has seen: a task with a higher one was made since.
    private static let newestTaskID = Locked<UInt64>(0)

    /// The owners of the main-actor jobs that stand between an opener and its closer on the
    /// main queue, while the main queue runs them.
    private static let openBracket = Locked<OwnerList?>(nil)

    /// Set on the main queue, to tell a job enqueued from it (main-actor work) from others;
    /// `Thread.isMainThread` is not the test, as on Linux another thread may drain the main queue.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Work a `FakeReplies` release resumed, settling until it rests, with the Swift Testing
    /// test that released it (`nil` outside one): an advance waits only for its own test's.
    /// An entry leaves once its work has rested, so the list holds only work in flight.
    static let released = Locked<[(scope: ObjectIdentifier, settling: Task<Outcome, Never>, test: String?)]>([])

    /// Settles `scope` in the background, and keeps it until it rests, for
    /// ``settleReleasedWork(within:)``: a release returns at once, and the work it resumed must
    /// rest before a clock moves. Settling at once closes the scope as soon as its work rests,
    /// even in a test that never advances a clock.
    static func settleLater(_ scope: WorkScope) {
        let test = CallSite.currentTest
        let id = ObjectIdentifier(scope)
        released.withLock { released in  // appended before the settling can remove it
            let settling = uncounted.run {
                Task.detached {
                    let outcome = await scope.settleQuietly(within: SafetyNet.defaultLimit)
                    if let step = scope.step {  // reported by the test's next step, in the test
                        for unseen in scope.counts.withLock({ $0.unseen }) { LateUnseenWork.add(unseen, of: step) }
                    }
                    Self.released.withLock { $0.removeAll { $0.scope == id } }
                    return outcome
                }
            }
            released.append((id, settling, test))
        }
    }

    /// Whether work a `FakeReplies` release of `test` resumed is still settling.
    static func hasReleasedWork(of test: String?) -> Bool {
        released.withLock { list in list.contains { test == nil || $0.test == nil || $0.test == test } }
    }

    /// Lets every scope kept by ``settleLater(_:)`` for the current test rest. Returns `false`
    /// when one was still running after `limit` and the more limits a busy main queue earns (or
    /// after the default limit its own settling keeps, if that is shorter).
    static func settleReleasedWork(within limit: Duration, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        let test = CallSite.currentTest
        let settlings = released.withLock { list in
            list.filter { test == nil || $0.test == nil || $0.test == test }.map(\.settling)
        }
        guard !settlings.isEmpty else { return true }
        let stillRunning = Locked(false)
        // As long as a settle of its own may wait behind a busy main queue (see settleQuietly).
        let ended = await wait(within: limit * (congestedRounds + 1)) { gate in
            _ = uncounted.run {  // waiting for the work is not the work's activity
                Task.detached {
                    for settling in settlings where await settling.value == .stillRunning {
                        stillRunning.withLock { $0 = true }
                    }
                    gate.end(true)
                }
            }
        }
        return ended && !stillRunning.withLock { $0 }
    }

    /// The scopes that own `job`, being enqueued now; empty for work no scope follows, which
    /// then takes the runtime's own path. The first of: the current thread's scopes (inside a
    /// counted job or `run`); the scope that follows the task `job` is, or the task that starts
    /// it; for a job enqueued from the main queue, the owners of the open bracket.
    ///
    /// A job of followed work enqueued from where the engine cannot follow it is noted (rule
    /// R10): from code running no task (a Dispatch queue, a thread), or by the followed task
    /// itself running on an actor's own executor or a task executor. A root the test's own
    /// code resumes after its step ended stops being one: the test drives it. A bracket's scopes
    /// own only what main-actor work of their own test enqueues, and of the tasks a main-queue
    /// block with no task puts on the global executor, only those made since it opened.
    static func owners(of job: UnownedJob) -> [WorkScope] {
        let task = RuntimeAccess.task(of: job)
        if let task { newestTaskID.withLock { $0 = max($0, task.id) } }
        if let current { return current.scopes.contains { $0 === uncounted } ? [] : current.scopes }
        let starter = RuntimeAccess.currentTask()
        let offMainQueue = DispatchQueue.getSpecific(key: mainQueueKey) != true
        let owner = following.withLock { f -> WorkScope? in
            let owner = f.owner(of: task) ?? f.owner(of: starter)
            if let task, f.arriving.remove(task) != nil { return owner }  // arrive()'s own yield
            // A root no step follows any more, resumed by the test's own code (on the main queue
            // outside any step, or from a task that takes steps): the test drives it from here on,
            // so its travels are the test's business, not a step's.
            if let task, let test = f.roots[task], f.owner(of: task) == nil,
               !offMainQueue || starter.map(f.steppers.contains) == true {
                f.roots[task] = nil
                // A task resuming it is the test moving the work; a main-queue block with no task
                // (a completion handler on the main queue) is not (EarlyRestWatch).
                if starter != nil { FollowedActivity.note(for: test) }
                return owner
            }
            guard offMainQueue else { return owner }
            // Rule R10: a root of followed work, put back on the global executor by code running
            // no task, or by itself running on an executor the engine does not run.
            if let task, starter == nil, f.roots[task] != nil {
                f.note(.resumedFromOutside, of: task)
            } else if let starter, f.roots[starter] != nil, let kind = RuntimeAccess.foreignExecutor() {
                f.note(kind, of: starter)
            }
            return owner
        }
        if let owner { return [owner] }
        guard DispatchQueue.getSpecific(key: mainQueueKey) == true,
              let bracket = openBracket.withLock({ $0 }) else { return [] }
        let scopes = bracket.scopes
        // Main-actor work of another test can land in the bracket too, on a busy main queue:
        // it is that test's (by its task-local test, or by the step that followed its task
        // last), never followed here. A task older than the bracket, resumed from a main-queue
        // block that runs no task, is whoever waits for it (another test's own task, say); a
        // task made since (`Task { }` in a completion handler on the main queue) is new work.
        if starter == nil, let task, task.id <= bracket.newestTaskID { return [] }
        let test = CallSite.currentTest ?? starter.flatMap { starter in following.withLock { $0.departed[starter]?.test } }
        guard let test else { return scopes }
        return scopes.filter { $0.step?.test == nil || $0.step?.test == test }
    }

    /// Notes followed work running where the engine cannot follow it: on an actor's own
    /// executor or a task executor. Called where a woken task arrives (``arrive()``): a task
    /// that stays on a task executor never passes through the global-enqueue hook.
    static func noteIfRunningUnseen() {
        guard current == nil, let task = RuntimeAccess.currentTask(), DispatchQueue.getSpecific(key: mainQueueKey) != true,
              let kind = RuntimeAccess.foreignExecutor() else { return }
        following.withLock { f in
            f.note(kind, of: task)
        }
    }

    /// The start-up check's probe (``RuntimeAccess``): enqueues one detached task as a scope's
    /// work and returns `nil` when the hook saw its job and named its task, or what went wrong.
    static func probe() -> String? {
        let probe = WorkScope(neverOpened: ())
        let task = probe.run { Task.detached {} }
        let (counted, tasks) = probe.counts.withLock { ($0.counted, $0.tasks) }
        probe.close()
        guard counted == 1 else {
            return "the runtime's global-enqueue hook saw \(counted) of the probe's 1 job"
        }
        guard tasks == [RuntimeAccess.task(task)] else {
            return "the runtime named the probe job's task differently from the task it started"
        }
        return nil
    }
}


