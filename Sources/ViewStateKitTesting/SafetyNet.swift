import Foundation
import ViewStateKit
internal import ViewStateKitSupport

/// The real-time limit on every wait in this module: a wait the code under test never ends
/// (a reply the test forgot to release) fails the test with a clear message instead of hanging
/// `swift test`. No passing test comes near it: waits end on events, never on time.
public enum SafetyNet {
    /// The limit each wait uses unless it is given its own: five seconds of real time — far
    /// above what a passing wait takes even on a 2-core machine whose every core is busy with
    /// other builds — or the number of seconds in the `VIEWSTATE_SAFETY_NET` environment
    /// variable (a run under a sanitizer, ten times slower, sets it higher: `10`).
    public static let defaultLimit: Duration = limit(fromEnvironment: ProcessInfo.processInfo.environment["VIEWSTATE_SAFETY_NET"])

    /// The limit `VIEWSTATE_SAFETY_NET` asks for: its number of seconds when it is one above
    /// zero (and below a day), five seconds otherwise — unset, empty, not a number, zero or less.
    static func limit(fromEnvironment text: String?) -> Duration {
        guard let text, let seconds = Double(text), seconds > 0, seconds < 86_400 else { return .seconds(5) }
        return .milliseconds(Int(seconds * 1_000))
    }
}

/// Waits for `wait` to return, as a test's own waits should: `await withSafetyNet { await load.value }`
/// or `await withSafetyNet { await reactor.sendAndWait(.load) }`. When `wait` has not returned within
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
        let result = Locked<Success?>(nil)
        let ended = await withSafetyNet(timeLimit: timeLimit, fileID: fileID, filePath: filePath,
                                        line: line, column: column) {
            let success = await value
            result.withLock { $0 = success }
        }
        return ended ? result.withLock { $0 } : nil
    }
}
