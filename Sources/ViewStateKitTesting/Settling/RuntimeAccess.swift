import Foundation
import ViewStateKit
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
internal import ViewStateKitSupport

/// Everything the test engine takes from the concurrency runtime beyond its public API, in one
/// place (the DocC article "How the test engine follows work" lists it for users):
///
/// 1. **The global-enqueue hook** (`swift_task_enqueueGlobal_hook`, a variable the runtime
///    exports and calls for every job enqueued on the global executor): how a ``FollowedWork`` sees
///    the jobs its work makes. The hook found at install (another library's, such as
///    swift-concurrency-extras' `withMainSerialExecutor`) is kept and given the jobs no followed work
///    owns that the test which found it enqueues; ``ensureHook()`` puts the engine's back when
///    another library has replaced it.
///    `swift_task_enqueueGlobal` puts a job that yielded under ``FollowedJobExecutor`` back
///    through the hook.
/// 2. **A job's task** (`swift_task_getJobTaskId`, and the job's address being its task's
///    address when it is one): how a followed work follows a task wherever it goes, by address and id.
/// 3. **The current executor** (`swift_task_getCurrentExecutor`): how work that runs on an
///    actor's own executor is told apart, to say so (rule R10).
/// 4. **An executor reference's layout** (two words, the identity first): how an executor is
///    told apart from the main actor's (``identity(of:)``).
///
/// Nothing else: a followed job runs on the engine's own lane, off the main thread, so a
/// main-actor check in it traps and a `DispatchQueue.main.sync` in it waits, both as in the app,
/// with no hook or handler of the engine's in between.
///
/// ``unsupportedReason`` is the start-up check: each detail is looked up and an executor
/// reference's layout is checked, the hook is installed and one probe job is enqueued; the
/// check passes when the hook saw that job and named its task correctly. When the runtime
/// changes under the engine, the check fails and every step that follows work (an advance, a
/// send, a release) fails the test with the reason — never a silent rest.
enum RuntimeAccess {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    // MARK: The global-enqueue hook

    /// Where the runtime keeps its global-enqueue hook; `nil` where it does not export one.
    nonisolated(unsafe) static let realHookSlot: UnsafeMutablePointer<Hook?>? =
        runtimeSymbol("swift_task_enqueueGlobal_hook")?.assumingMemoryBound(to: Hook?.self)

    /// The address of a symbol the runtime exports, looked up in every loaded image.
    private static func runtimeSymbol(_ name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere = dlopen(nil, RTLD_NOW)
        #endif
        return dlsym(everywhere, name)
    }

    /// The engine's hook (see ``route(_:_:owners:found:enqueuedIn:)``).
    private static let hook: Hook = { job, original in
        route(job, original, owners: FollowedWork.owners(of: job), found: realSlotFoundHook.withLock { $0 },
              enqueuedIn: CallSite.currentTest)
    }

    /// Another library's hook, found in a slot: at install, before any step (the process's,
    /// given every job no followed work owns), or by a step of a Swift Testing test, which replaced it
    /// (given only that test's).
    struct FoundHook: Equatable, @unchecked Sendable {
        // @unchecked: the address is a function's, only compared and called.
        let address: UnsafeRawPointer
        /// The test whose step found it (`nil` outside Swift Testing).
        let test: String?
        /// Found at install: in place before the engine's, for the whole process.
        var atInstall = false
    }

    /// Where the engine's hook sends `job`: when followed works own it, to their turns, counted;
    /// otherwise to the hook `found` (another library's) when it was found at install or the job
    /// is enqueued in the test that found it, or to the runtime's own path. So a hook another
    /// library leaves behind when its block ends (swift-concurrency-extras'
    /// `withMainSerialExecutor` does) reaches at most the rest of the test that used it, never
    /// the process's other tests and jobs.
    static func route(_ job: UnownedJob, _ original: Original, owners: [FollowedWork], found: FoundHook?,
                      enqueuedIn test: @autoclosure () -> String?) {
        guard owners.isEmpty else { return FollowedWork.runFollowed(job, owners: owners) }
        guard let found, found.atInstall || found.test == test() else { return original(job) }
        unsafeBitCast(found.address, to: Hook.self)(job, original)
    }

    /// The engine's hook, as an address to compare.
    private static var hookAddress: UnsafeRawPointer { unsafeBitCast(hook, to: UnsafeRawPointer.self) }

    /// Another library's hook, found in the runtime's slot when the engine installed its own.
    private static let realSlotFoundHook = Locked<FoundHook?>(nil)

    /// The slot the steps of the current task check: the runtime's, or a stand-in a test of
    /// ``ensureHook(in:)`` gives its own task, so it never touches the slot other tests rely on.
    @TaskLocal static var stepHookSlot: HookSlot?

    /// A stand-in for the runtime's hook slot, for tests.
    final class HookSlot: @unchecked Sendable {
        // @unchecked: read and written only by one test's own steps.
        let pointer = UnsafeMutablePointer<Hook?>.allocate(capacity: 1)
        /// What ``ensureHook(in:)`` found in it, as the engine's hook would forward to.
        var found: FoundHook?

        init(holding hook: Hook?) { pointer.initialize(to: hook) }
        deinit { pointer.deallocate() }
    }

    /// What ``ensureHook(in:)`` found.
    enum HookFinding: Equatable {
        /// The engine's hook was in place.
        case inPlace
        /// The slot was empty or held another hook; the engine's is back, forwarding to the one found.
        case replaced(byAnotherHook: Bool)
    }

    /// Makes sure the engine's hook is in the slot the current task's steps check (the
    /// runtime's, unless a test gave its task a ``HookSlot``): puts it back when another library
    /// has emptied the slot or put its own there, keeping that one for the jobs no followed work owns.
    @discardableResult
    static func ensureHook() -> HookFinding {
        if let standIn = stepHookSlot {
            return ensureHook(in: standIn.pointer) { standIn.found = $0 }
        }
        // Never on a runtime that failed the start-up check: the hook would need what it lacks.
        guard let slot = realHookSlot, startUpCheck == nil else { return .inPlace }
        return ensureHook(in: slot) { found in realSlotFoundHook.withLock { $0 = found } }
    }

    private static func ensureHook(in slot: UnsafeMutablePointer<Hook?>, keep: (FoundHook?) -> Void) -> HookFinding {
        let present = slot.pointee.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
        if present == hookAddress { return .inPlace }
        keep(present.map { FoundHook(address: $0, test: CallSite.currentTest) })
        slot.pointee = hook
        return .replaced(byAnotherHook: present != nil)
    }

    /// Whether `slot` holds the engine's hook.
    static func holdsEngineHook(_ slot: HookSlot) -> Bool {
        slot.pointer.pointee.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } == hookAddress
    }

    // MARK: The start-up check

    /// `nil` once the engine's hook is installed and has passed its start-up check; otherwise
    /// why followed work cannot work on this runtime. Tests of the failure set
    /// ``simulatedUnsupportedReason`` for their own task.
    static var unsupportedReason: String? {
        simulatedUnsupportedReason ?? startUpCheck
    }

    /// A reason the start-up check failed, for the current task only: how a test shows what every
    /// step does on a runtime that fails it.
    @TaskLocal static var simulatedUnsupportedReason: String?

    private static let startUpCheck: String? = {
        guard let slot = realHookSlot else {
            return "the runtime exports no swift_task_enqueueGlobal_hook, so the engine cannot see the jobs work makes"
        }
        guard currentExecutorFunction != nil else {
            return "the runtime exports no swift_task_getCurrentExecutor, so the engine cannot tell where work runs"
        }
        guard jobTaskIDFunction != nil else {
            return "the runtime exports no swift_task_getJobTaskId, so the engine cannot tell which task a job is"
        }
        guard enqueueGlobalFunction != nil else {
            return "the runtime exports no swift_task_enqueueGlobal, so a followed job that yields cannot be put back"
        }
        guard MemoryLayout<UnownedSerialExecutor>.size == MemoryLayout<(UnsafeRawPointer?, UInt)>.size,
              identity(of: MainActor.sharedUnownedExecutor) != nil else {
            return "an executor reference is not the two words the engine expects"
        }
        _ = ensureHook(in: slot) { found in
            realSlotFoundHook.withLock { $0 = found.map { FoundHook(address: $0.address, test: nil, atInstall: true) } }
        }
        return FollowedWork.probe()
    }()

    // MARK: Jobs, tasks and executors

    /// A task, as the engine follows it: its address and its id. A task's address may be reused
    /// once it has ended; its id is not, so the pair names one task for the whole test run.
    struct TaskRef: Hashable, @unchecked Sendable {
        // @unchecked: the address is only compared, never followed.
        let address: UnsafeRawPointer
        let id: UInt64

        init(_ address: UnsafeRawPointer) {
            self.address = address
            self.id = jobTaskID(unsafeBitCast(address, to: UnownedJob.self))  // a task is a job
        }
    }

    /// The task `job` is, or `nil` when it is not a task (an actor's turn, say).
    static func task(of job: UnownedJob) -> TaskRef? {
        jobTaskID(job) != 0 ? TaskRef(unsafeBitCast(job, to: UnsafeRawPointer.self)) : nil
    }

    /// `task`, as ``task(of:)`` gives it for its jobs.
    static func task(_ task: Task<Void, Never>) -> TaskRef {
        TaskRef(unsafeBitCast(task, to: UnsafeRawPointer.self))
    }

    /// The task running on this thread, if any.
    static func currentTask() -> TaskRef? {
        withUnsafeCurrentTask { $0.map { TaskRef(unsafeBitCast($0, to: UnsafeRawPointer.self)) } }
    }

    /// Where the code running on this thread runs, when that is somewhere the engine cannot run
    /// it: an actor's own executor, or a task executor. `nil` on the global executor, the main
    /// actor or a default actor.
    static func foreignExecutor() -> UnseenWork.Kind? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *),
           withUnsafeCurrentTask(body: { $0?.unownedTaskExecutor }) != nil {
            return .taskExecutor
        }
        guard let currentExecutor = currentExecutorFunction else { return nil }
        let (identity, implementation) = unsafeBitCast(currentExecutor, to: CurrentExecutor.self)()
        guard identity != nil, implementation != 0 else { return nil }  // generic, or a default actor
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), identity == FollowedJobExecutor.identity { return nil }
        return identity == self.identity(of: MainActor.sharedUnownedExecutor) ? nil : .actorExecutor
    }

    /// An executor's identity: the object it runs for (`nil`: the global executor).
    static func identity(of executor: UnownedSerialExecutor) -> UnsafeRawPointer? {
        unsafeBitCast(executor, to: (UnsafeRawPointer?, UInt).self).0
    }

    /// `swift_task_getJobTaskId` (a job's task id, 0 when the job is no task) and
    /// `swift_task_enqueueGlobal`, looked up at run time: a runtime without them fails the
    /// start-up check with a reason, where a link-time reference would stop the test binary
    /// from loading with none.
    typealias JobTaskID = @convention(thin) (UnownedJob) -> UInt64
    typealias EnqueueGlobal = @convention(thin) (UnownedJob) -> Void
    nonisolated(unsafe) static let jobTaskIDFunction = runtimeSymbol("swift_task_getJobTaskId")
    nonisolated(unsafe) static let enqueueGlobalFunction = runtimeSymbol("swift_task_enqueueGlobal")

    /// `swift_task_getCurrentExecutor`: the executor the current thread runs for, as its identity
    /// (`nil`: the global executor) and its implementation word (0 for a default actor).
    private typealias CurrentExecutor = @convention(thin) () -> (UnsafeRawPointer?, UInt)
    nonisolated(unsafe) private static let currentExecutorFunction = runtimeSymbol("swift_task_getCurrentExecutor")

    /// Runs a global-executor job on the current thread (the engine's lane) under
    /// ``FollowedJobExecutor``, so the job is not on the main actor, as it is not in the app (a
    /// task going on to the main actor is enqueued there, still followed). Not under the global
    /// executor's reference: a `Task.yield()` there enqueues past the hook. Before macOS 14 /
    /// iOS 17 a serial executor cannot be written, and the job runs under the main actor's
    /// executor, while its turn holds the main queue: a main-actor check in it passes there.
    static func runGlobalJob(_ job: UnownedJob) {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            job.runSynchronously(on: FollowedJobExecutor.shared.asUnownedSerialExecutor())
        } else {
            job.runSynchronously(on: MainActor.sharedUnownedExecutor)
        }
    }
}

/// The id of the task `job` is, or 0 when it is not a task (or the runtime does not say: the
/// start-up check then fails, and no job is followed).
private func jobTaskID(_ job: UnownedJob) -> UInt64 {
    RuntimeAccess.jobTaskIDFunction.map { unsafeBitCast($0, to: RuntimeAccess.JobTaskID.self)(job) } ?? 0
}

/// The executor followed jobs run under, on the main queue: an identity that is not the main
/// actor's, so the runtime does not take them for main-actor
/// work. Nothing is isolated to it. The runtime enqueues a job on it when the task running there
/// yields (`Task.yield()` goes back to the current executor): that job goes to the global
/// executor, as it would from the global executor itself, through the engine's hook.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class FollowedJobExecutor: SerialExecutor {
    static let shared = FollowedJobExecutor()

    /// Its identity, as `swift_task_getCurrentExecutor` names it.
    nonisolated(unsafe) static let identity = RuntimeAccess.identity(of: shared.asUnownedSerialExecutor())

    func enqueue(_ job: consuming ExecutorJob) {
        enqueueGlobal(UnownedJob(job))
    }
}

/// `swift_task_enqueueGlobal`: enqueues `job` on the global executor, through its hook. Looked
/// up at run time, as every runtime detail here is: the start-up check fails without it, and
/// then no job runs under ``FollowedJobExecutor``.
private func enqueueGlobal(_ job: UnownedJob) {
    guard let enqueue = RuntimeAccess.enqueueGlobalFunction else { return }
    unsafeBitCast(enqueue, to: RuntimeAccess.EnqueueGlobal.self)(job)
}
