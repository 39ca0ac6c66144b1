import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
internal import ViewStateKitSupport

/// Where a followed job runs: in the main queue's turn, on the engine's own thread. The main
/// queue keeps the one order of followed work — its block waits while the job runs, so nothing
/// else runs on the main queue meanwhile — and the job runs where it runs in the app: off the
/// main queue, off the main actor. So code that is wrong in the app is wrong under test too:
/// `MainActor.assumeIsolated` in nonisolated code is reported (``RuntimeAccess``'s isolation-check
/// hook), and a `DispatchQueue.main.sync` from background work does not run on the main queue it
/// waits for.
///
/// **A job that waits for the main queue.** Such a job (`DispatchQueue.main.sync`, a semaphore
/// main-actor work signals) works in the app and could never end here, since the main queue
/// waits for it. After ``stallLimit`` of real time the main queue stops waiting and goes on
/// beside the job: from there the order is no longer the engine's, so the step fails, naming
/// the cause (``UnseenWork/Kind/mainQueueAwaited``), rather than hang or pass in a lie.
///
/// **Before macOS 15 / iOS 18** (no `Atomic` to hand jobs over cheaply) the job runs in the main
/// queue's block itself: a main-actor check in it may pass unreported there, and a
/// `DispatchQueue.main.sync` in it traps.
enum MainQueueTurn {
    /// How long the main queue waits for one job before it goes on beside it: a fifth of the
    /// safety net (one second by default), or ``stallLimitForTests`` where a step set it. A
    /// followed job runs from one suspension to the next and takes microseconds; one still
    /// running after this waits for the main queue.
    static var stallLimit: Duration { stallLimitForTests ?? SafetyNet.defaultLimit / 5 }

    /// A shorter ``stallLimit`` for the steps a test of it takes: the main queue waits that long
    /// for each of their jobs, so the test holds up the others' work no longer than it must.
    @TaskLocal static var stallLimitForTests: Duration?

    /// Runs `job` on the engine's thread while the caller, on the main queue, waits. Returns
    /// `true` when the job ended within `limit`. Otherwise returns `false` with the job still
    /// running, and calls `endedLate` when it ends.
    static func lend(within limit: Duration, _ job: @escaping @Sendable () -> Void,
                     endedLate: @escaping @Sendable () -> Void) -> Bool {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else {
            job()
            return true
        }
        let thread = EngineThread.current.withLock { $0 }
        guard thread.run(job, within: limit, endedLate: endedLate) else {
            // That thread stays with its job and ends with it; later turns need a thread of their own.
            EngineThread.current.withLock { $0 = EngineThread() }
            return false
        }
        return true
    }

    /// Whether the current thread is one of the engine's threads for followed jobs.
    static var isEngineThread: Bool {
        pthread_getspecific(engineThreadKey) != nil
    }

    /// Set on the engine's threads.
    fileprivate static let engineThreadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// The engine's thread for followed jobs: runs the jobs given to it one at a time, in order.
/// Followed work hands its jobs over one after another, each taking microseconds, so both sides
/// wait awake for a moment before they sleep: a handover then costs well under a microsecond
/// rather than two thread wake-ups.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private final class EngineThread: Sendable {
    /// The thread turns go to. A thread whose job the main queue stopped waiting for is
    /// replaced; it ends once that job ends.
    static let current = Locked(EngineThread())

    /// A job given to the thread.
    private struct Turn: Sendable {
        let number: Int
        let job: @Sendable () -> Void
        let endedLate: @Sendable () -> Void
    }

    /// The jobs not yet taken, and what each side needs to know to sleep and to be woken.
    private struct Handover {
        var turns: [Turn] = []
        var given = 0
        var threadSleeps = false
        /// The turn the main queue stopped waiting for, if any: the thread's last.
        var abandoned: Int?
    }
    private let handover = Locked(Handover())
    /// Jobs given so far, and jobs ended so far: what both sides watch while they wait awake.
    private let given = Atomic<Int>(0)
    private let ended = Atomic<Int>(0)
    /// Where the thread sleeps when no job comes while it waits awake.
    private let work = DispatchSemaphore(value: 0)
    /// Where the main queue sleeps when the job takes longer than it waits awake.
    private let endings = NSCondition()
    /// How many times each side looks before it sleeps.
    private static let awakeRounds = 40_000

    init() {
        let thread = Thread { [self] in
            pthread_setspecific(MainQueueTurn.engineThreadKey, UnsafeRawPointer(bitPattern: 1))
            loop()
        }
        thread.name = "ViewStateKitTesting followed jobs"
        thread.start()
    }

    func run(_ job: @escaping @Sendable () -> Void, within limit: Duration,
             endedLate: @escaping @Sendable () -> Void) -> Bool {
        let (number, wake) = handover.withLock { handover in
            handover.given += 1
            handover.turns.append(Turn(number: handover.given, job: job, endedLate: endedLate))
            defer { handover.threadSleeps = false }
            return (handover.given, handover.threadSleeps)
        }
        given.store(number, ordering: .releasing)
        if wake { work.signal() }
        for _ in 0..<Self.awakeRounds where ended.load(ordering: .acquiring) >= number {
            return true
        }
        let deadline = Date(timeIntervalSinceNow: Double(limit.components.seconds)
                                + Double(limit.components.attoseconds) / 1e18)
        endings.lock()
        defer { endings.unlock() }
        while ended.load(ordering: .acquiring) < number {
            if !endings.wait(until: deadline) {
                return handover.withLock { handover in  // true: it ended just now
                    guard ended.load(ordering: .acquiring) < number else { return true }
                    handover.abandoned = number
                    return false
                }
            }
        }
        return true
    }

    private func loop() {
        var taken = 0
        while true {
            var rounds = 0
            while given.load(ordering: .acquiring) == taken {
                rounds += 1
                if rounds % 64 == 0 { sched_yield() }  // let other threads have the core meanwhile
                guard rounds > Self.awakeRounds else { continue }
                let sleep = handover.withLock { handover in
                    handover.threadSleeps = handover.given == taken
                    return handover.threadSleeps
                }
                if sleep { work.wait() }
                rounds = 0
            }
            let turn = handover.withLock { $0.turns.removeFirst() }
            taken = turn.number
            turn.job()
            let late = handover.withLock { handover in
                ended.store(turn.number, ordering: .releasing)
                return handover.abandoned == turn.number
            }
            endings.lock()
            endings.broadcast()
            endings.unlock()
            if late { return turn.endedLate() }  // the thread's last job: a new thread has the turns since
        }
    }
}
