import Foundation
internal import ViewStateKitSupport
/// The work a `FakeReplies` release resumed, settling in the background until it rests, so a
/// release returns at once and the test's next advance waits for it.
extension FollowedWork {
    /// Work a `FakeReplies` release resumed, settling until it rests, with the Swift Testing
    /// test that released it (`nil` outside one): an advance waits only for its own test's.
    /// An entry leaves once its work has rested, so the list holds only work in flight.
    static let released = Locked<[(work: ObjectIdentifier, settling: Task<Outcome, Never>, test: String?)]>([])

    /// Settles `work` in the background, and keeps it until it rests, for
    /// ``settleReleasedWork(within:)``: a release returns at once, and the work it resumed must
    /// rest before a clock moves. Settling at once closes the followed work as soon as its work rests,
    /// even in a test that never advances a clock. `test` is the Swift Testing test whose
    /// advances wait for it (`nil`: every test's).
    static func settleLater(_ work: FollowedWork, of test: String?) {
        let id = ObjectIdentifier(work)
        released.withLock { released in  // appended before the settling can remove it
            let settling = uncounted.run {
                Task.detached {
                    let outcome = await work.settleQuietly(within: SafetyNet.defaultLimit)
                    if let step = work.step {  // reported by the test's next step, in the test
                        for unseen in work.counts.withLock({ $0.unseen }) { LateUnseenWork.add(unseen, of: step) }
                    }
                    Self.released.withLock { $0.removeAll { $0.work == id } }
                    return outcome
                }
            }
            released.append((id, settling, test))
        }
    }

    /// Whether work a `FakeReplies` release of `test` resumed is still settling.
    static func hasReleasedWork(of test: String?) -> Bool {
        released.withLock { list in list.contains { test == nil || $0.test == nil || $0.test == test } }
    }

    /// Lets every followed work kept by ``settleLater(_:of:)`` for the current test rest. Returns `false`
    /// when one was still running after `limit` and the more limits a busy main queue earns (or
    /// after the default limit its own settling keeps, if that is shorter).
    static func settleReleasedWork(within limit: Duration, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        let test = CallSite.currentTest
        let settlings = released.withLock { list in
            list.filter { test == nil || $0.test == nil || $0.test == test }.map(\.settling)
        }
        guard !settlings.isEmpty else { return true }
        let stillRunning = Locked(false)
        // As long as a settle of its own may wait behind a busy main queue (see settleQuietly).
        let ended = await wait(within: limit * (congestedRounds + 1)) { gate in
            _ = uncounted.run {  // waiting for the work is not the work's activity
                Task.detached {
                    for settling in settlings where await settling.value == .stillRunning {
                        stillRunning.withLock { $0 = true }
                    }
                    gate.end(true)
                }
            }
        }
        return ended && !stillRunning.withLock { $0 }
    }
}
