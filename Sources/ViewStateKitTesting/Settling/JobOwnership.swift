import Foundation
internal import ViewStateKitSupport
/// Which followed work owns a job as it is enqueued: the tasks each step follows, and the rules that
/// tell a step's work from the test's own and from work resumed from outside (rule R10).
extension FollowedWork {
    /// The tasks followed: by the open followed work that follows each, and by the step that last
    /// followed each task no open followed work follows any more.
    struct Following {
        var owners: [RuntimeAccess.TaskRef: FollowedWork] = [:]
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

        /// The open followed work that follows `task`, if any.
        func owner(of task: RuntimeAccess.TaskRef?) -> FollowedWork? {
            guard let task, let owner = owners[task], !closed.contains(ObjectIdentifier(owner)) else { return nil }
            return owner
        }

        /// Notes, for the step that follows `task` or followed it last, that the task went
        /// through `kind`: on its followed work while open, for the test's next step once closed. Under
        /// the same lock as ``FollowedWork/close()``, so a note is never left on a followed work whose
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

    /// The followed works that own `job`, being enqueued now; empty for work no followed work follows, which
    /// then takes the runtime's own path. The first of: the current thread's followed works (inside a
    /// counted job or `run`); the followed work that follows the task `job` is, or the task that starts
    /// it; for a job enqueued from the main queue, the owners of the open bracket.
    ///
    /// A job of followed work enqueued from where the engine cannot follow it is noted (rule
    /// R10): from code running no task (a Dispatch queue, a thread), or by the followed task
    /// itself running on an actor's own executor or a task executor. A root the test's own
    /// code resumes after its step ended stops being one: the test drives it. A bracket's followed works
    /// own only what main-actor work of their own test enqueues, and of the tasks a main-queue
    /// block with no task puts on the global executor, only those made since it opened.
    static func owners(of job: UnownedJob) -> [FollowedWork] {
        let task = RuntimeAccess.task(of: job)
        if let task { newestTaskID.withLock { $0 = max($0, task.id) } }
        if let current { return current.owners.contains { $0 === uncounted } ? [] : current.owners }
        let starter = RuntimeAccess.currentTask()
        let offMainQueue = DispatchQueue.getSpecific(key: mainQueueKey) != true
        var resumedByTest: FollowedStep?  // the step that last followed a root the test's own task resumed
        // The bracket the main queue runs in, read once: only main-queue blocks open and close it.
        let bracket = offMainQueue ? nil : openBracket.withLock { $0 }
        // Its followed works, when a main-queue block with no task (a completion handler) enqueues the job.
        let callbackOwners = starter == nil ? bracket?.owners ?? [] : []
        let owner = following.withLock { f -> FollowedWork? in
            let owner = f.owner(of: task) ?? f.owner(of: starter)
            if let task, f.arriving.remove(task) != nil { return owner }  // arrive()'s own yield
            // A root no step follows any more, resumed by a completion handler that followed work
            // of its test posted on the main queue (it runs in that work's bracket): that work's.
            if let task, let test = f.roots[task], owner == nil,
               let step = callbackOwners.first(where: { $0.step?.test == test && !f.closed.contains(ObjectIdentifier($0)) }) {
                return step  // which follows the task from the job's count on (runFollowed)
            }
            // A root no step follows any more, resumed by the test's own code (on the main queue
            // outside any step, or from a task that takes steps): the test drives it from here on,
            // so its travels are the test's business, not a step's.
            if let task, let test = f.roots[task], f.owner(of: task) == nil,
               !offMainQueue || starter.map(f.steppers.contains) == true {
                f.roots[task] = nil
                // A task resuming it is the test moving the work; a main-queue block with no task
                // (a completion handler on the main queue) is not (EarlyRestWatch).
                if starter != nil { FollowedActivity.note(for: test) }
                if let starter, f.steppers.contains(starter) { resumedByTest = f.departed[task] }
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
        if let step = resumedByTest {
            // The test's own task resumed work a step had let rest (a continuation it held): it is
            // followed from here as a FakeReplies release's work is, so the next advance lets it
            // rest first; no root, so where it goes is still the test's business.
            let resumed = FollowedWork(step)  // it follows the task from the job's count on (runFollowed)
            resumed.counts.withLock { $0.settlesOnceCounted = true }
            return [resumed]
        }
        guard let bracket else { return [] }
        let owners = bracket.owners
        // Main-actor work of another test can land in the bracket too, on a busy main queue:
        // it is that test's (by its task-local test, or by the step that followed its task
        // last), never followed here. A task older than the bracket, resumed from a main-queue
        // block that runs no task, is whoever waits for it (another test's own task, say); a
        // task made since (`Task { }` in a completion handler on the main queue) is new work.
        if starter == nil, let task, task.id <= bracket.newestTaskID { return [] }
        let test = CallSite.currentTest ?? starter.flatMap { starter in following.withLock { $0.departed[starter]?.test } }
        guard let test else { return owners }
        return owners.filter { $0.step?.test == nil || $0.step?.test == test }
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

    /// The start-up check's probe (``RuntimeAccess``): enqueues one detached task as a followed work's
    /// work and returns `nil` when the hook saw its job and named its task, or what went wrong.
    static func probe() -> String? {
        let probe = FollowedWork(neverOpened: ())
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
