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
/// **What belongs to the followed work.** Work started inside ``run(_:)``, and everything that work
/// starts in turn:
/// - each job it enqueues on the global executor (a nonisolated function, an actor's turn, a
///   detached task, a continuation resumed there), seen through the runtime's global-enqueue
///   hook (``RuntimeAccess``);
/// - each task it has run or adopted (a reactor's effects), wherever that task goes next;
/// - each main-actor job enqueued while one of its jobs runs (a task coming back to the main
///   actor from an actor): such a job stands on the main queue between an opener and a closer
///   that the running job posts when it starts and when it ends. While a counted job runs, its
///   turn holds the main queue, so these brackets never overlap, and what a main-actor job in a
///   bracket enqueues belongs to the bracket's followed works: the main-actor work a job caused is
///   followed, and nothing enqueued before it started (FollowedTurns.swift).
///
/// **How it runs.** Each counted job gets a turn of the main queue, in enqueue order, and runs
/// in it on the engine's own lane, off the main thread, under an executor of the engine's own
/// (``FollowedJobExecutor``): nonisolated work is neither on the main actor nor on the main
/// queue, as in the app (a task going on to the main actor is enqueued there, still followed).
/// The jobs a job enqueues for the same work run next in its turn. The followed work runs one
/// job at a time, in the same order on every run.
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
final class FollowedWork: Sendable {
    /// What the followed work counts, read and written under one lock from any thread.
    struct Counts {
        /// Counted jobs enqueued and not yet run to their end.
        var pending = 0
        /// Counted jobs so far: what ``settle(within:)`` compares across a marker.
        var counted = 0
        /// Turns of the main queue running a job of this followed work now, and begun so far.
        var running = 0
        var begun = 0
        /// Ended when the work rests, while ``settle(within:)`` waits.
        var restGate: Gate?
        /// The tasks of this followed work, so their later jobs are followed wherever they start.
        var tasks: Set<RuntimeAccess.TaskRef> = []
        /// Where its work went that the engine cannot follow, each kind once (rule R10).
        var unseen: [UnseenWork] = []
        /// Settled in the background once its first job is counted, as a release's work is.
        var settlesOnceCounted = false
    }
    let counts = Locked(Counts())
    /// The step that follows the work, to report at; `nil` for ``uncounted`` and the start-up probe.
    let step: FollowedStep?
    /// The stand-in hook slot of the test that made the followed work, if it gave one.
    private let hookSlot: RuntimeAccess.HookSlot?

    /// A followed work that follows the work of `step` from now until ``settle(within:)`` returns.
    init(_ step: FollowedStep) {
        self.step = step
        hookSlot = RuntimeAccess.stepHookSlot  // beginStep has made sure of the hook
        _ = (Self.mainQueueKey, Self.laneKey)
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

    /// A followed work that is never opened: the marker of ``uncounted``, and the start-up probe's.
    init(neverOpened: Void) {
        step = nil
        hookSlot = nil
    }

    /// The settling itself: what it enqueues (the resumptions its markers and gates make, a
    /// released reply's settling task) belongs to no followed work, so settling is never mistaken for
    /// the work's activity.
    static let uncounted = FollowedWork(neverOpened: ())

    /// Runs `body` on the current thread with this followed work as the owner of every job it
    /// enqueues: `continuation.resume()`, `reactor.send(action)`.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        try Self.owning([self]) { try body() }
    }

    /// Makes `task` part of this followed work: its jobs are followed from now on, wherever it
    /// runs (a reactor's effect, started on the main actor).
    func adopt(_ task: Task<Void, Never>) {
        remember(RuntimeAccess.task(task), asRoot: true)
    }

    /// Follows `task` from now on: the latest followed work to see a task follows it (a task's address
    /// may be reused once it has ended, so the newest owner is the one to trust).
    func remember(_ task: RuntimeAccess.TaskRef, asRoot: Bool = false) {
        // The followed work this one replaces is let go of after the lock: were this its last
        // reference, its deinit, which takes the lock, would otherwise wait for itself.
        var replaced: FollowedWork?
        Self.following.withLock { following in
            // A test's own task is never its steps' work, and a closed followed work follows nothing more.
            guard !following.steppers.contains(task), !following.closed.contains(ObjectIdentifier(self)) else { return }
            replaced = following.owners.updateValue(self, forKey: task)
            if asRoot { following.roots[task] = step?.test }
            counts.withLock { _ = $0.tasks.insert(task) }
        }
        withExtendedLifetime(replaced) {}
    }

    /// Notes that the followed work went on through `kind` (rule R10).
    func noteUnseen(_ kind: UnseenWork.Kind) {
        counts.withLock { counts in
            let unseen = UnseenWork(kind: kind, late: false)
            if !counts.unseen.contains(unseen) { counts.unseen.append(unseen) }
        }
    }

    /// Counts one resumption that ``run(_:)`` is about to make, until the resumed code calls
    /// ``arrive()`` (or ``resumedInPlace()``): a continuation resumed before its task has finished suspending goes on
    /// on the task's own thread instead of as a job the hook would count, so without this the
    /// followed work could rest while that task still runs.
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
        await Task.yield()  // now a job of this followed work, wherever the resumption left the task
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

    /// Waits until the followed work rests (see the type's description), or until `limit` of
    /// real time has passed; then the followed work lets go of its work. Waits in the caller's
    /// isolation, so the wait itself enqueues nothing the followed work could mistake for its work.
    /// One caller: work several may wait for goes through ``settleLater(_:of:)``.
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
    func settleQuietly(within limit: Duration, isolation: isolated (any Actor)? = #isolation) async -> Outcome {
        defer { close() }
        var rested = false
        for round in 0...Self.congestedRounds {
            let begun = counts.withLock { $0.begun }
            rested = await wait(within: limit) { gate in
                counts.withLock { $0.restGate = gate }
                postMarker()
            }
            if !rested { Self.limitPassed?(round) }
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

    /// Told the round (from 0) each time a settle's time limit passes, in the settling task (and
    /// each time a sent work's `finish()` or `cancel()` limit does): how a test sees how many
    /// limits a wait took, without reading a clock.
    @TaskLocal static var limitPassed: (@Sendable (Int) -> Void)?

    /// Posts a marker behind every main-actor job queued so far, when no counted job is pending
    /// (the count is read in the same step, so a job counted later always changes it). The work
    /// rests when ``quietMarkers`` markers in a row run with no job pending and none counted
    /// since the first: each lets the main-actor work queued before it run, so a callback the
    /// work posts on the main queue (`DispatchQueue.main.async`) and the main-actor task it
    /// resumes run before the step returns. When jobs were counted and have all ended, the count
    /// starts again behind what they enqueued; while one is pending, the job's end posts the
    /// next marker.
    private func postMarker(after quiet: Int = 0, of previous: Int? = nil) {
        guard let mark = counts.withLock({ $0.pending == 0 && $0.restGate != nil ? $0.counted : nil }) else { return }
        let quiet = mark == previous ? quiet : 0
        DispatchQueue.main.async { [self] in
            let (rested, again): (Gate?, Bool) = counts.withLock { counts in
                guard counts.pending == 0, counts.restGate != nil else { return (nil, false) }
                guard counts.counted == mark, quiet + 1 >= Self.quietMarkers else { return (nil, true) }
                defer { counts.restGate = nil }
                return (counts.restGate, false)
            }
            if again { postMarker(after: quiet + 1, of: mark) }
            Self.uncounted.run { rested?.end(true) }
        }
    }

    /// How many markers in a row must find the work quiet before it rests (see ``postMarker(after:of:)``):
    /// each lets one more turn of main-queue work run, so a callback the work posts there that
    /// resumes it at once or after one more turn of the main queue is followed (rule R10's table).
    /// Deeper chains are not promised: a job counted while the markers run starts the count
    /// again, so how deep a step reaches beyond that depends on when its jobs end.
    static let quietMarkers = 3

    func jobEnded() {
        let pending = counts.withLock { counts in
            counts.pending -= 1
            return counts.pending
        }
        // justified: an engine invariant; a count below zero means no step's wait can ever end
        // (the step would hang the suite in silence), so trapping with the reason is the loud end.
        precondition(pending >= 0, "ViewStateKitTesting: a followed job ended that was never counted; "  // justified: above
                     + "the test engine's count of a step's work is broken (please report it)")
        postMarker()
    }

    /// Ends following: the followed work's tasks are let go of, and remembered as its step's, so work
    /// that shows itself from where the engine cannot follow it later is reported there.
    func close() {
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
