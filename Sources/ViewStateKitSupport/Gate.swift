import Foundation

/// The first of two outcomes — it happened, or the limit passed — delivered once to one
/// waiting continuation. Clean-ups registered with ``onEnd(_:)`` all run once it ends.
package final class Gate: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Bool, Never>?
        var outcome: Bool?
        var cleanUps: [@Sendable () -> Void] = []
    }
    private let state = Locked(State())

    package init() {}

    /// Whether the gate has ended, either way.
    package var hasEnded: Bool {
        state.withLock { $0.outcome != nil }
    }

    func start(_ continuation: CheckedContinuation<Bool, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Runs `body` when the gate ends, or at once when it has ended already.
    package func onEnd(_ body: @escaping @Sendable () -> Void) {
        let ended = state.withLock {
            if $0.outcome == nil { $0.cleanUps.append(body) }
            return $0.outcome != nil
        }
        if ended { body() }
    }

    /// Ends the gate with `result` (`true`: it happened) unless it has ended already: resumes
    /// the waiter, then runs the clean-ups.
    package func end(_ result: Bool) {
        let (waiter, bodies): (CheckedContinuation<Bool, Never>?, [@Sendable () -> Void]) = state.withLock { state in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = result
            defer { (state.continuation, state.cleanUps) = (nil, []) }
            return (state.continuation, state.cleanUps)
        }
        waiter?.resume(returning: result)
        bodies.forEach { $0() }
    }
}

/// Waits until whoever `arm` hands the gate to ends it (`true`), or until `limit` of real time
/// has passed (`false`; never, without a limit). `arm` runs at once, in the caller's isolation,
/// and may end the gate at once. The limit is a Dispatch timer, not a task: arming it wakes no
/// thread, and it is cancelled when the gate ends first. Nothing is left parked either way.
package func wait(within limit: Duration?, isolation: isolated (any Actor)? = #isolation,
                  until arm: (Gate) -> Void) async -> Bool {
    let gate = Gate()
    return await withCheckedContinuation { continuation in
        gate.start(continuation)
        arm(gate)
        guard let limit else { return }
        let timer = SafetyNetTimer { gate.end(false) }  // the safety net: only a would-be hang reaches it
        timer.start(after: limit)
        gate.onEnd { timer.cancel() }
    }
}

/// Runs `operation` until it returns, or until `limit` of real time has passed. Returns `false`
/// when the limit came first (the operation's task is then cancelled and left behind).
package func completes(within limit: Duration, _ operation: @escaping @Sendable () async -> Void) async -> Bool {
    await wait(within: limit) { gate in
        let work = Task {
            await operation()
            gate.end(true)
        }
        gate.onEnd { work.cancel() }
    }
}

/// A Dispatch work item run once after a delay, unless cancelled first.
package final class SafetyNetTimer: @unchecked Sendable {
    // @unchecked: `DispatchWorkItem` is safe to cancel from any thread; it is not marked so.
    private let item: DispatchWorkItem

    package init(_ body: @escaping @Sendable () -> Void) {
        item = DispatchWorkItem(block: body)
    }

    package func start(after limit: Duration) {
        DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval, execute: item)
    }

    package func cancel() {
        item.cancel()
    }
}

extension Duration {
    /// The duration as Dispatch takes it: whole nanoseconds, none below zero.
    package var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        return .nanoseconds(Int(clamping: nanoseconds))
    }
}
