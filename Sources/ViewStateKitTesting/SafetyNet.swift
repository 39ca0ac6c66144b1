import Foundation
import ViewStateKit

/// The real-time limit on every wait in this module: a wait the code under test never ends
/// (a reply the test forgot to release) fails the test with a clear message instead of hanging
/// `swift test`. No passing test comes near it: waits end on events, never on time.
public enum SafetyNet {
    /// The limit each wait uses unless it is given its own: five seconds of real time — far
    /// above what a passing wait takes even on a 2-core machine whose every core is busy with
    /// other builds — or the number of seconds in the `VIEWSTATE_SAFETY_NET` environment
    /// variable (a run under a sanitizer, ten times slower, sets it higher: `.ci/run` uses 10).
    public static let defaultLimit: Duration = {
        guard let text = ProcessInfo.processInfo.environment["VIEWSTATE_SAFETY_NET"],
              let seconds = Double(text), seconds > 0 else { return .seconds(5) }
        return .milliseconds(Int(seconds * 1_000))
    }()
}

/// Waits for `wait` to return, as a test's own waits should: `await withSafetyNet { await load.value }`
/// or `await withSafetyNet { await reactor.waitUntilIdle() }`. When `wait` has not returned within
/// `timeLimit` of real time, the test fails at the call site and `withSafetyNet` returns `false`,
/// so a regression that never ends the work turns into a red test instead of a hung `swift test`.
/// The abandoned wait's task is cancelled. No passing test comes near the limit.
/// - Parameters:
///   - timeLimit: how much real time the wait may take; ``SafetyNet/defaultLimit`` unless given.
///   - wait: the wait itself; it runs in a task of its own.
///   - fileID: the file ID a failure is reported at; the caller's unless given.
///   - filePath: the file path a failure is reported at; the caller's unless given.
///   - line: the line a failure is reported at; the caller's unless given.
///   - column: the column a failure is reported at; the caller's unless given.
/// - Returns: whether `wait` returned within the limit.
@discardableResult
public func withSafetyNet(timeLimit: Duration = SafetyNet.defaultLimit,
                          fileID: String = #fileID, filePath: StaticString = #filePath,
                          line: UInt = #line, column: UInt = #column,
                          _ wait: @escaping @Sendable () async -> Void) async -> Bool {
    guard await completes(within: timeLimit, wait) else {
        CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
            "withSafetyNet: the wait did not end within \(timeLimit) of real time; the work under test never finished.")
        return false
    }
    return true
}

extension Task where Failure == Never {
    /// The task's value, as `await task.value` gives it, waited for under the safety net: a test
    /// writes `await controller.load().waitForCompletion()`. When the task has not ended within
    /// `timeLimit` of real time, the test fails at the call site and the result is `nil` (the task
    /// is left running).
    /// - Parameters:
    ///   - timeLimit: how much real time the task may take; ``SafetyNet/defaultLimit`` unless given.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    /// - Returns: the task's value, or `nil` when it did not end within the limit.
    @discardableResult
    public func waitForCompletion(timeLimit: Duration = SafetyNet.defaultLimit,
                                  fileID: String = #fileID, filePath: StaticString = #filePath,
                                  line: UInt = #line, column: UInt = #column) async -> Success? {
        let result = LockedSlot<Success>()
        let ended = await withSafetyNet(timeLimit: timeLimit, fileID: fileID, filePath: filePath,
                                        line: line, column: column) { result.value = await value }
        return ended ? result.value : nil
    }
}

/// Runs `operation` until it returns, or until `limit` of real time has passed. Returns `false`
/// when the limit came first (the operation's task is then cancelled and left behind).
func completes(within limit: Duration, _ operation: @escaping @Sendable () async -> Void) async -> Bool {
    await wait(within: limit) { gate in
        let work = Task {
            await operation()
            gate.end(true)
        }
        gate.onEnd { work.cancel() }
    }
}

/// Waits until whoever `arm` hands the gate to ends it (`true`), or until `limit` of real time
/// has passed (`false`). `arm` runs at once, in the caller's isolation, and may end the gate
/// at once. The limit is a Dispatch timer, not a task: arming it wakes no thread, and it is
/// cancelled when the gate ends first.
func wait(within limit: Duration, isolation: isolated (any Actor)? = #isolation,
          until arm: (Gate) -> Void) async -> Bool {
    let gate = Gate()
    return await withCheckedContinuation { continuation in
        gate.start(continuation)
        arm(gate)
        let timer = SafetyNetTimer { gate.end(false) }  // the safety net: only a would-be hang reaches it
        timer.start(after: limit)
        gate.onEnd { timer.cancel() }
    }
}

/// A Dispatch work item run once after a delay, unless cancelled first.
final class SafetyNetTimer: @unchecked Sendable {
    // @unchecked: `DispatchWorkItem` is safe to cancel from any thread; it is not marked so.
    private let item: DispatchWorkItem

    init(_ body: @escaping @Sendable () -> Void) {
        item = DispatchWorkItem(block: body)
    }

    func start(after limit: Duration) {
        let (seconds, attoseconds) = limit.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)), execute: item)
    }

    func cancel() {
        item.cancel()
    }
}

/// The first of two outcomes — it happened, or the limit passed — delivered once to one
/// waiting continuation. Clean-ups registered with ``onEnd(_:)`` all run once it ends.
final class Gate: @unchecked Sendable {
    // @unchecked: every mutable property is read and written only under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Bool, Never>?
    private var outcome: Bool?
    private var cleanUps: [@Sendable () -> Void] = []

    func start(_ continuation: CheckedContinuation<Bool, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Runs `body` when the gate ends, or at once when it has ended already.
    func onEnd(_ body: @escaping @Sendable () -> Void) {
        let ended = lock.withLock {
            if outcome == nil { cleanUps.append(body) }
            return outcome != nil
        }
        if ended { body() }
    }

    func end(_ result: Bool) {
        let (waiter, bodies): (CheckedContinuation<Bool, Never>?, [@Sendable () -> Void]) = lock.withLock {
            guard outcome == nil else { return (nil, []) }
            outcome = result
            defer { (continuation, cleanUps) = (nil, []) }
            return (continuation, cleanUps)
        }
        waiter?.resume(returning: result)
        bodies.forEach { $0() }
    }
}
