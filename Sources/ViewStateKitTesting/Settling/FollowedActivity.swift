internal import ViewStateKitSupport

/// How many times each test's own code has moved work its steps had let rest — a task of the
/// test resuming a task a step followed (a stream it yields into, a continuation it resumes) —
/// and how many when its latest step rested. A state that arrives while nothing has moved since
/// then, and no `FakeReplies` release is still settling, was woken by something the engine does
/// not drive (rule R10's early rest, seen from the state it produced: ``EarlyRestWatch``).
enum FollowedActivity {
    private struct Moves {
        var seen = 0
        var atRest = 0
    }
    /// By the Swift Testing test they belong to (`nil`: outside one).
    private static let moves = Locked<[String?: Moves]>([:])
    /// How many advances each test has under way now (`nil`: outside a test).
    private static let advances = Locked<[String?: Int]>([:])

    /// Notes that an advance of `test`'s clock began: until it ends, work the test waits for to
    /// end (`SentWork.finish()`) may be what it is driving.
    static func advanceBegan(for test: String?) {
        advances.withLock { $0[test, default: 0] += 1 }
    }

    /// Notes that an advance of `test`'s clock ended (its count stays, at 0: one entry a test).
    static func advanceEnded(for test: String?) {
        advances.withLock { $0[test, default: 1] -= 1 }
    }

    /// Whether an advance of `test`'s clock is under way (in another of its tasks).
    static func advanceUnderWay(for test: String?) -> Bool {
        advances.withLock { $0[test, default: 0] > 0 }
    }

    /// Notes that `test`'s own code moved work a step had let rest.
    static func note(for test: String?) {
        moves.withLock { $0[test, default: Moves()].seen += 1 }
    }

    /// Notes that a step of `test` has let its work rest.
    static func rested(for test: String?) {
        moves.withLock { moves in
            let seen = moves[test]?.seen ?? 0
            moves[test, default: Moves()].atRest = seen
        }
    }

    /// Whether `test`'s followed work has moved since its latest step rested; `true` when no
    /// step of it has rested yet (nothing to compare with, so no claim is made).
    static func movedSinceRest(for test: String?) -> Bool {
        moves.withLock { $0[test].map { $0.seen != $0.atRest } ?? true }
    }
}
