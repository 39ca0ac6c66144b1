import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
internal import ViewStateKitSupport
/// How followed jobs run: each in a turn of the main queue, on the engine's own lane, with the
/// main-actor work it posts bracketed so that what that work enqueues is followed too.
extension FollowedWork {
    /// Counts `job` for each of `owners` and gives it a turn of the main queue, in which it runs
    /// on the engine's lane, owned by them (see ``runTurn(of:owners:)``).
    static func runFollowed(_ job: UnownedJob, owners: [FollowedWork]) {
        let task = RuntimeAccess.task(of: job)
        for owner in owners {
            if let task { owner.remember(task) }
            let settles = owner.counts.withLock { counts in
                counts.pending += 1
                counts.counted += 1
                defer { counts.settlesOnceCounted = false }
                return counts.settlesOnceCounted
            }
            if settles { settleLater(owner, of: owner.step?.test) }
        }
        if let turn = current, turn.takesFollowUps, turn.followUps.count < followUpLimit,
           turn.owners.elementsEqual(owners, by: ===) {
            return turn.followUps.append(job)  // runs in this turn, right after the job that enqueued it
        }
        DispatchQueue.main.async { runTurn(of: job, owners: owners) }
    }

    /// How many jobs a turn runs after the one it was posted for: the jobs those enqueue for the
    /// same owners (a task going on to a default actor and back, a `Task.yield()`) run in the
    /// same turn, in order, rather than each behind the whole main queue; past the limit they
    /// queue there, so work that never rests still lets the main queue go on.
    private static let followUpLimit = 64

    /// The engine's own serial lane, off the main thread: where followed nonisolated jobs run,
    /// so that a main-queue check, `MainActor.assumeIsolated` or `DispatchQueue.main.sync` in
    /// them behaves as in the app.
    static let lane = DispatchQueue(label: "ViewStateKitTesting.followed-work", qos: .userInteractive)

    /// Set on ``lane``, to tell a job enqueued from it.
    static let laneKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        lane.setSpecific(key: key, value: true)
        return key
    }()

    /// How long a turn holds the main queue for its job on the lane. Holding it keeps the order
    /// of the app's main-actor work and the followed jobs the same on every run (nothing else
    /// runs on the main queue meanwhile); a job that waits for the main queue itself
    /// (`DispatchQueue.main.sync`, a semaphore a main-queue block signals) gets it once the hold
    /// ends, as in the app, only later. Until that job ends, later turns do not hold the main
    /// queue (their jobs queue behind it on the lane, and may wait for the main queue too).
    static let mainQueueHold = DispatchTimeInterval.milliseconds(250)

    /// Which turns hold the main queue (see ``LaneHolds``).
    static let laneHolds = Locked(LaneHolds())

    /// A turn: on the main queue, runs `job` on the lane, then the follow-ups it and they
    /// enqueue, one at a time, while holding the main queue (see ``mainQueueHold``).
    private static func runTurn(of job: UnownedJob, owners: [FollowedWork]) {
        let (turn, holds) = laneHolds.withLock { $0.begin() }
        let done = DispatchSemaphore(value: 0)
        lane.async {
            // Running from when the lane takes the job: a job queued there behind other tests'
            // work is waiting its turn, as one queued on a busy main queue is (settleQuietly).
            for owner in owners {
                owner.counts.withLock {
                    $0.running += 1
                    $0.begun += 1
                }
            }
            owning(owners, takingFollowUps: true) { turn in
                RuntimeAccess.runGlobalJob(job)
                var next = 0
                while next < turn.followUps.count {
                    RuntimeAccess.runGlobalJob(turn.followUps[next])
                    next += 1
                    for owner in owners { owner.jobEnded() }
                }
            }
            laneHolds.withLock { $0.jobEnded(turn) }
            for owner in owners {
                owner.counts.withLock { $0.running -= 1 }
                owner.jobEnded()
            }
            done.signal()
        }
        if holds, done.wait(timeout: .now() + mainQueueHold) == .timedOut {
            laneHolds.withLock { $0.holdEnded(turn) }
        }
    }

    /// Runs `body` with `owners` owning every job it enqueues and, on the main queue, brackets
    /// the main-actor jobs it enqueues between an opener and a closer: what those jobs enqueue
    /// belongs to `owners` too.
    private static func owning<T>(_ owners: [FollowedWork], takingFollowUps: Bool = false,
                                  _ body: (OwnerList) throws -> T) rethrows -> T {
        let previous = current
        // Only from the main queue and the lane, while a turn holds the main queue: brackets
        // posted from there follow each other in order and never overlap (one posted from
        // another thread could land inside another's).
        let bracketed = !owners.contains { $0 === uncounted }
            && (DispatchQueue.getSpecific(key: mainQueueKey) == true || DispatchQueue.getSpecific(key: laneKey) == true)
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

    static func owning<T>(_ owners: [FollowedWork], _ body: () throws -> T) rethrows -> T {
        try owning(owners) { _ in try body() }
    }

    /// The followed works a thread's jobs belong to: set while a counted job runs, or inside `run`; in a
    /// turn of the main queue, also the jobs that run next in it.
    final class OwnerList: @unchecked Sendable {
        // @unchecked: `owners` is immutable; `followUps` is used only by the thread it is current on.
        let owners: [FollowedWork]
        let takesFollowUps: Bool
        /// The newest task id when the list opened its bracket: a task made later is the
        /// bracket's new work; an older one, resumed from a main-queue block, is not.
        let newestTaskID: UInt64
        var followUps: [UnownedJob] = []
        init(_ owners: [FollowedWork], takesFollowUps: Bool, newestTaskID: UInt64 = 0) {
            self.owners = owners
            self.takesFollowUps = takesFollowUps
            self.newestTaskID = newestTaskID
        }
    }

    static var current: OwnerList? {
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

    /// The newest task id the hook has seen: a task with a higher one was made since.
    static let newestTaskID = Locked<UInt64>(0)

    /// The owners of the main-actor jobs that stand between an opener and its closer on the
    /// main queue, while the main queue runs them.
    static let openBracket = Locked<OwnerList?>(nil)

    /// Set on the main queue, to tell a job enqueued from it (main-actor work) from others;
    /// `Thread.isMainThread` is not the test, as on Linux another thread may drain the main queue.
    static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}

/// Which turns hold the main queue while their job runs on the lane: every turn, except while a
/// job whose hold ended first (it waits for the main queue itself, say) still runs there. The
/// lane runs jobs in the order their turns began.
struct LaneHolds {
    /// The number the next turn gets.
    private(set) var next = 0
    /// The turn whose job still runs on the lane after its hold ended, if any.
    private(set) var waitingPastHold: Int?
    /// How many holds have ended before their job did.
    private(set) var releasedEarly = 0
    /// The newest turn whose job has ended.
    private var lastEnded = -1

    /// A new turn: its number, and whether it holds the main queue.
    mutating func begin() -> (turn: Int, holds: Bool) {
        defer { next += 1 }
        return (next, waitingPastHold == nil)
    }

    /// The job of `turn` has ended on the lane.
    mutating func jobEnded(_ turn: Int) {
        lastEnded = turn
        if waitingPastHold == turn { waitingPastHold = nil }
    }

    /// The hold of `turn` ended before its job did, unless the job has ended since.
    mutating func holdEnded(_ turn: Int) {
        guard lastEnded < turn else { return }
        waitingPastHold = turn
        releasedEarly += 1
    }
}
