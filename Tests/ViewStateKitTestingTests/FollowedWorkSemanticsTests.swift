import Foundation
import Testing
import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

/// Nonisolated code that takes for granted it runs on the main actor: right on the main actor,
/// a trap anywhere else in the app.
nonisolated func assumesTheMainActor() -> Bool {
    MainActor.assumeIsolated { true }
}

/// A reactor whose effect calls nonisolated code that assumes the main actor.
@MainActor
final class AssumingReactor: Reactor<AssumingReactor.Action, AssumingReactor.Mutation, Bool> {
    enum Action { case start }
    enum Mutation: Equatable, Sendable { case assumed(Bool) }

    init() {
        super.init(initialState: false)
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        .run { send in
            let assumed = await Task.detached { assumesTheMainActor() }.value
            await send(.assumed(assumed))
        }
    }

    override func reduce(state: Bool, mutation: Mutation) -> Bool {
        switch mutation {
        case .assumed(let assumed): assumed
        }
    }
}

@MainActor
@Suite("R10: followed work runs as in the app, off the main actor, and a step says so when the work assumes otherwise")
struct FollowedWorkSemanticsTests {
    /// Sleeps a second on `clock`, then runs `body` in a detached task (nonisolated, as a
    /// service's code is) and keeps what it returned.
    func sleepThenRun<T: Sendable>(on clock: ManualClock, _ body: @escaping @Sendable () -> T) -> (Task<Void, Never>, Locked<T?>) {
        let result = Locked<T?>(nil)
        let work = Task.detached {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            let value = await Task.detached { body() }.value
            result.withLock { $0 = value }
        }
        return (work, result)
    }

    /// Advances `clock` a second and expects that advance, at its own line, to fail saying `text`.
    func expectAdvanceFails(_ clock: ManualClock, saying text: String) async {
        let line = #line + 2
        await withKnownIssue {
            await clock.advance(by: .seconds(1))
        } matching: { issue in
            issue.sourceLocation?.line == line && message(of: issue).hasPrefix("advance to 1.0 seconds: " + text)
        }
    }

    @Test("R10: MainActor.assumeIsolated in nonisolated work an advance woke fails the advance, naming the check; the work goes on")
    func assumeIsolatedAfterAnAdvance() async {
        let clock = ManualClock()
        let (work, result) = sleepThenRun(on: clock) { assumesTheMainActor() }
        await clock.waitForSleepers(1)
        await expectAdvanceFails(clock, saying: "work it followed that is not on the main actor checked that it was "
            + "(MainActor.assumeIsolated, preconditionIsolated, or a @MainActor closure called synchronously from it). "
            + "The check passed only because the test engine runs followed work in the main queue's turn; in the app it traps.")
        #expect(result.withLock { $0 } == true)  // the check passed, so the work ran to its end
        await work.value
    }

    @Test("R10: an effect whose nonisolated code assumes the main actor fails the send that started it")
    func assumeIsolatedInAnEffect() async {
        let tester = ReactorTester(AssumingReactor(), exhaustive: false)
        let line = #line + 2
        await withKnownIssue {
            await tester.send(.start)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && message(of: issue).hasPrefix("send(start): work it followed that is not on the main actor checked that it was")
        }
        await tester.receive(.assumed(true)) { $0 = true }
    }

    @Test("R10: main-actor work an advance woke may assume the main actor, and nothing is reported")
    func mainActorWorkMayAssumeIt() async {
        let clock = ManualClock()
        let assumed = Locked<Bool?>(nil)
        let work = Task { @MainActor in
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            assumed.withLock { $0 = MainActor.assumeIsolated { true } }
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        #expect(assumed.withLock { $0 } == true)
        await work.value
    }

    @Test("R10: DispatchQueue.main.sync from nonisolated work an advance woke runs, and fails the advance naming the wait")
    func mainQueueSyncAfterAnAdvance() async {
        let clock = ManualClock()
        let (work, result) = sleepThenRun(on: clock) { DispatchQueue.main.sync { "ran on the main queue" } }
        await clock.waitForSleepers(1)
        await MainQueueTurn.$stallLimitForTests.withValue(.milliseconds(100)) {  // the others' work waits meanwhile
            await expectAdvanceFails(clock, saying: "work it followed that is not on the main actor was still running "
                + "after 0.1 seconds of real time, waiting, it seems, for the main queue (DispatchQueue.main.sync, "
                + "or a semaphore that main-actor work signals).")
        }
        #expect(result.withLock { $0 } == "ran on the main queue")  // the advance let it rest
        await work.value
    }

    @Test("the main queue waits a fifth of the safety net for one followed job, unless a step says less")
    func stallLimit() {
        #expect(MainQueueTurn.stallLimit == SafetyNet.defaultLimit / 5)
        MainQueueTurn.$stallLimitForTests.withValue(.milliseconds(100)) {
            #expect(MainQueueTurn.stallLimit == .milliseconds(100))
        }
    }
}
