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
