import Foundation
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
///    exports and calls for every job enqueued on the global executor): how a ``WorkScope`` sees
///    the jobs its work makes. The hook found at install (another library's, such as
///    swift-concurrency-extras' `withMainSerialExecutor`) is kept and given every job no scope
///    owns; ``ensureHook()`` puts the engine's back when another library has replaced it.
/// 2. **A job's task** (`swift_task_getJobTaskId`, and the job's address being its task's
///    address when it is one): how a scope follows a task wherever it goes, by address and id.
/// 3. **The current executor** (`swift_task_getCurrentExecutor`): how work that runs on an
///    actor's own executor is told apart, to say so (rule R10).
///
/// ``unsupportedReason`` is the start-up check: the hook is installed and one probe job is
/// enqueued; the check passes when the hook saw that job and named its task correctly. When
/// the runtime changes under the engine, the check fails and every step that follows work
/// (an advance, a send, a release) fails the test with the reason — never a silent rest.
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

    /// The engine's hook: a job a scope owns runs on the main queue, counted; any other job goes
    /// to the hook found at install, or takes the runtime's own path.
    private static let hook: Hook = { job, original in
        let owners = WorkScope.owners(of: job)
        guard owners.isEmpty else { return WorkScope.runOnMainQueue(job, owners: owners) }
        guard let found = realSlotFoundHook.withLock({ $0 }) else { return original(job) }
        unsafeBitCast(found, to: Hook.self)(job, original)
    }

    /// The engine's hook, as an address to compare.
    private static var hookAddress: UnsafeRawPointer { unsafeBitCast(hook, to: UnsafeRawPointer.self) }

    /// Another library's hook, found in the runtime's slot when the engine installed its own.
    private static let realSlotFoundHook = Locked<UnsafeRawPointer?>(nil)

    /// The slot the steps of the current task check: the runtime's, or a stand-in a test of
    /// ``ensureHook(in:)`` gives its own task, so it never touches the slot other tests rely on.
    @TaskLocal static var stepHookSlot: HookSlot?

    /// A stand-in for the runtime's hook slot, for tests.
    final class HookSlot: @unchecked Sendable {
        // @unchecked: read and written only by one test's own steps.
        let pointer = UnsafeMutablePointer<Hook?>.allocate(capacity: 1)
        /// What ``ensureHook(in:)`` found in it, as the engine's hook would forward to.
        var found: UnsafeRawPointer?

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
    /// has emptied the slot or put its own there, keeping that one for the jobs no scope owns.
    @discardableResult
    static func ensureHook() -> HookFinding {
        if let standIn = stepHookSlot {
            return ensureHook(in: standIn.pointer) { standIn.found = $0 }
        }
        guard let slot = realHookSlot else { return .inPlace }
        return ensureHook(in: slot) { found in realSlotFoundHook.withLock { $0 = found } }
    }

    private static func ensureHook(in slot: UnsafeMutablePointer<Hook?>, keep: (UnsafeRawPointer?) -> Void) -> HookFinding {
        let present = slot.pointee.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
        if present == hookAddress { return .inPlace }
        keep(present)
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
        _ = ensureHook(in: slot) { found in realSlotFoundHook.withLock { $0 = found } }
        return WorkScope.probe()
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
        let main = unsafeBitCast(MainActor.sharedUnownedExecutor, to: (UnsafeRawPointer?, UInt).self)
        return identity == main.0 ? nil : .actorExecutor
    }

    /// `swift_task_getCurrentExecutor`: the executor the current thread runs for, as its identity
    /// (`nil`: the global executor) and its implementation word (0 for a default actor).
    private typealias CurrentExecutor = @convention(thin) () -> (UnsafeRawPointer?, UInt)
    nonisolated(unsafe) private static let currentExecutorFunction = runtimeSymbol("swift_task_getCurrentExecutor")

    /// Runs a global-executor job on the main queue with the main actor's executor as its
    /// current one (as swift-concurrency-extras' main serial executor does), so a task that goes
    /// on to the main actor continues in place, inside the same counted job.
    static func runGlobalJob(_ job: UnownedJob) {
        job.runSynchronously(on: MainActor.sharedUnownedExecutor)
    }
}

/// The id of the task `job` is, or 0 when it is not a task.
@_silgen_name("swift_task_getJobTaskId")
private func jobTaskID(_ job: UnownedJob) -> UInt64
