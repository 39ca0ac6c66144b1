import Dispatch

/// Runs `body` on the main actor: at once when the caller is already on the main queue (the
/// main actor's executor), otherwise in a task enqueued on the main actor.
///
/// `Thread.isMainThread` is not the test: on Linux the main queue may be drained by another
/// thread. A queue-specific key marks the main queue itself.
func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
    if DispatchQueue.getSpecific(key: mainQueueKey) == true {
        MainActor.assumeIsolated(body)
    } else {
        Task { @MainActor in body() }
    }
}

/// Set on the main queue once, the first time it is read.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// For ViewStateKitTesting, which runs nonisolated work it follows on the main queue, one job
/// at a time, where the app runs it on the cooperative pool: while such a job runs, the main
/// queue does not count as the main actor's, so ``onMainActor(_:)`` hops as it would in the app
/// instead of taking the work for main-actor work.
package enum MainQueueIdentity {
    /// Runs `body`, a job of nonisolated work running on the main queue, with the main queue's
    /// mark taken off for its duration. Call it on the main queue only.
    package static func runningNonisolatedWork(_ body: () -> Void) {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: false)
        defer { DispatchQueue.main.setSpecific(key: mainQueueKey, value: true) }
        body()
    }
}
