import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The concurrency runtime's global-enqueue hook, installed once, the first time a
/// ``WorkScope`` starts: how a scope sees the jobs its work makes.
///
/// A job enqueued on the global executor by work a scope follows (a nonisolated function, an
/// actor, a detached task, a continuation resumed there) is counted and run on the main queue,
/// in enqueue order, so the followed work runs one job at a time, in the same order on every
/// run. Any other job takes the runtime's own path, untouched.
///
/// The runtime's main-executor hook is not called on every platform (the main actor enqueues
/// its jobs directly), so main-actor jobs are not counted: ``WorkScope`` drains the main queue
/// behind them instead.
enum ExecutorHooks {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Whether the hook is in place; `false` where the runtime does not export it.
    static let isInstalled: Bool = {
        guard let global = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return false }
        global.assumingMemoryBound(to: Hook?.self).pointee = { job, original in
            guard let scope = WorkScope.ownerOfJobEnqueuedNow(), scope !== WorkScope.uncounted else {
                return original(job)
            }
            scope.runOnMainQueue(job)
        }
        return true
    }()

    /// Runs a global-executor job on the current thread, as the runtime's own global executor
    /// does (with the generic executor as its current one).
    static func runGlobalJob(_ job: UnownedJob) {
        runJob(job, genericExecutor)
    }

    /// The generic executor, which the runtime writes as an executor reference of two zeros.
    private static let genericExecutor = unsafeBitCast((UInt(0), UInt(0)), to: UnownedSerialExecutor.self)
}

@_silgen_name("swift_job_run")
private func runJob(_ job: UnownedJob, _ executor: UnownedSerialExecutor)
