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
/// actor's turn, a detached task, a continuation resumed there) is counted and run on the main
/// queue, in enqueue order, so the followed work runs one job at a time, in the same order on
/// every run. Any other job takes the runtime's own path, untouched.
///
/// The runtime's main-executor hook is not called on every platform (the main actor enqueues
/// its jobs directly), so main-actor jobs are not counted: ``WorkScope`` follows them through
/// its main window and drains the main queue behind them instead.
enum ExecutorHooks {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Whether the hook is in place; `false` where the runtime does not export it.
    static let isInstalled: Bool = {
        guard let global = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return false }
        global.assumingMemoryBound(to: Hook?.self).pointee = { job, original in
            let owners = WorkScope.owners(of: job)
            guard !owners.isEmpty else { return original(job) }
            WorkScope.runOnMainQueue(job, owners: owners)
        }
        return true
    }()

    /// Runs a global-executor job on the main queue with the main actor's executor as its
    /// current one (as swift-concurrency-extras' main serial executor does), so a task that
    /// goes on to the main actor continues in place, inside the same counted job.
    static func runGlobalJob(_ job: UnownedJob) {
        job.runSynchronously(on: MainActor.sharedUnownedExecutor)
    }
}
