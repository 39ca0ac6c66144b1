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
