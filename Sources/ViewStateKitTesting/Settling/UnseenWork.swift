internal import ViewStateKitSupport

/// Work a step of a test followed that went on somewhere the engine cannot follow (rule R10):
/// the step may have returned before that work rested, so the step says so at its call site.
struct UnseenWork: Equatable, Sendable {
    /// Where the work went.
    enum Kind: Equatable, Sendable {
        /// Code running no task of the test's put the work back on the global executor: a
        /// completion handler called on a Dispatch queue or a thread of its own, or the runtime
        /// leaving an actor's own executor or a task executor (the runtime does not say which).
        case resumedFromOutside
        /// An actor that runs its jobs on its own executor.
        case actorExecutor
        /// A task executor (`withTaskExecutorPreference`).
        case taskExecutor
        /// Another library emptied or replaced the runtime's global-enqueue hook while the step ran.
        case hookReplaced(byAnotherHook: Bool)

        /// The kind, as a failure message names it.
        var name: String {
            switch self {
            case .resumedFromOutside:
                "a Dispatch queue, a thread of its own, an actor with its own executor or a task executor "
                    + "(it came back from code running outside the test's tasks)"
            case .actorExecutor: "an actor with its own executor"
            case .taskExecutor: "a task executor"
            case .hookReplaced(let byAnotherHook):
                "another library owning the runtime's enqueue hook (it was \(byAnotherHook ? "replaced" : "emptied") "
                    + "while this step ran; swift-concurrency-extras' withMainSerialExecutor does this when its block ends)"
            }
        }
    }

    let kind: Kind
    /// Whether the work came back only after the step had returned.
    let late: Bool

    /// The failure message for `step`.
    func message(for step: String) -> String {
        let when = late
            ? "It came back after the step had returned, so the step rested early"
            : "It came back in time on this run, but the step cannot know it will on the next"
        let advice = kind.isHookReplaced
            ? "Let the other library's block end before this step, or keep its use out of tests that use ManualClock, "
                + "FakeReplies or ReactorTester."
            : "Keep that work in the test's reach: give the code under test a fake of the service behind it "
                + "(a FakeReplies, a ManualClock), or move the work off it."
        return "\(step): the work it followed went on through \(kind.name), which the test engine cannot follow (rule R10). "
            + "\(when). \(advice)"
    }
}

extension UnseenWork.Kind {
    var isHookReplaced: Bool {
        if case .hookReplaced = self { return true }
        return false
    }
}

/// A step of a test that follows work: what it is called and where, to report there.
struct FollowedStep: Sendable {
    /// The step as messages name it: `advance(by:)`, `send(.load)`.
    let name: String
    let site: CallSite
    /// The Swift Testing test that took the step (`nil` outside one).
    let test: String?

    init(_ name: String, at site: CallSite) {
        self.name = name
        self.site = site
        self.test = CallSite.currentTest
    }

    /// Reports `unseen` at the step's call site.
    func report(_ unseen: UnseenWork) {
        site.fail(unseen.message(for: name))
    }
}

/// Unseen work found after its step returned, kept until the next step of the same test reports it.
enum LateUnseenWork {
    private static let found = Locked<[(step: FollowedStep, unseen: UnseenWork)]>([])

    static func add(_ unseen: UnseenWork, of step: FollowedStep) {
        found.withLock { list in
            guard !list.contains(where: { $0.step.site == step.site && $0.step.test == step.test && $0.unseen == unseen })
            else { return }
            list.append((step, unseen))
        }
    }

    /// Reports, at their own steps' call sites, the late unseen work of the current test (all of
    /// it outside a Swift Testing test).
    static func report() {
        let test = CallSite.currentTest
        let mine = found.withLock { list in
            let mine = list.filter { test == nil || $0.step.test == test }
            list.removeAll { test == nil || $0.step.test == test }
            return mine
        }
        for (step, unseen) in mine { step.report(unseen) }
    }
}
