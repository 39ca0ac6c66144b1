import Foundation
internal import ViewStateKitSupport

/// Rule R10 seen from a `receive`: a state that arrives while the receive waits, from work that
/// had come to rest before the wait began, proves the step that let it rest returned early —
/// something the test engine does not drive woke it (a real clock, a main-queue callback,
/// another queue or thread). Made when a `receive` starts to wait, it posts a marker on the
/// main queue: a state published before the marker runs was already on its way (main-actor work
/// the test's own code resumed just before, such as a stream it yielded into). A state published
/// after the marker, while no followed work of the test moved since its latest step rested
/// (``FollowedActivity``: a stream the test yielded into moves it) and no
/// `FakeReplies` release of it is still settling, came from outside: the receive says so.
@MainActor
final class EarlyRestWatch {
    private let test: String?
    /// Set on the main queue once everything queued there before the wait has run.
    private let markerPassed = Locked(false)
    /// Whether a state arrived from work the engine did not see move.
    private(set) var sawEarlyRest = false

    init(test: String?) {
        self.test = test
        DispatchQueue.main.async { [markerPassed] in markerPassed.withLock { $0 = true } }
    }

    /// Called as a state arrives during the wait.
    func look() {
        guard markerPassed.withLock({ $0 }), !FollowedActivity.movedSinceRest(for: test),
              !FollowedWork.hasReleasedWork(of: test) else { return }
        sawEarlyRest = true
    }

    /// The failure a `receive` reports, at its own line.
    static func message(for step: String) -> String {
        "\(step): a state arrived while it waited, from work that had come to rest before the wait began: something "
            + "the test engine does not drive woke that work — a real clock (Task.sleep, ContinuousClock, "
            + "SuspendingClock), a completion handler called on the main queue (DispatchQueue.main.async or "
            + "asyncAfter), or another queue or thread (rule R10). The step that let the work rest returned early, "
            + "and this test passes only by waiting in real time. Give the code under test the test's clock (a "
            + "ManualClock) or a fake of the service behind the wait (a FakeReplies)."
    }
}
