import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// A screen whose actions start work of different lengths, for `sendAndWait`.
@MainActor
final class WaitingScreen: Reactor<WaitingScreen.Action, WaitingScreen.Mutation, [String]> {
    enum Action: Sendable { case load, observe, tap, lateReply }
    enum Mutation: Equatable, Sendable { case log(String) }
    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: [])
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .load:  // ends after a second
            return .merge(.mutation(.log("loading")), .run { [clock] send in
                try await clock.sleep(for: .seconds(1))
                await send(.log("loaded"))
            })
        case .observe:  // a long-living effect: ends only when cancelled
            return .run(id: "observe") { [clock] send in
                while true {
                    try await clock.sleep(for: .seconds(1))
                    await send(.log("tick"))
                }
            }
        case .tap:
            return .mutation(.log("tapped"))
        case .lateReply:  // ignores its cancellation and sends anyway
            return .run { [clock] send in
                try? await clock.sleep(for: .seconds(1))
                await send(.log("late reply"))
            }
        }
    }

    override func reduce(into state: inout [String], mutation: Mutation) {
        if case .log(let line) = mutation { state.append(line) }
    }
}

@MainActor
@Suite("sendAndWait: an action's effects, for as long as the view that sent it")
struct SendAndWaitTests {
    @Test("sendAndWait returns when the work the action started has ended, not before")
    func returnsWhenWorkEnds() async {
        let clock = ManualClock()
        let reactor = WaitingScreen(clock: clock)
        var returned = false
        let waiting = Task {
            await reactor.sendAndWait(.load)
            returned = true
        }
        await clock.waitForSleepers(1)
        #expect(!returned, "the load is still sleeping")
        #expect(reactor.currentState == ["loading"])
        await clock.advance(by: .seconds(1))
        await waiting.waitForCompletion()
        #expect(returned)
        #expect(reactor.currentState == ["loading", "loaded"])
    }

    @Test("Cancelling the calling task (the view went away) cancels the work, and sendAndWait returns once it has ended")
    func cancellingTheCallerCancelsTheWork() async {
        let clock = ManualClock()
        let reactor = WaitingScreen(clock: clock)
        let waiting = Task { await reactor.sendAndWait(.observe) }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        #expect(reactor.currentState == ["tick"])
        waiting.cancel()
        await waiting.waitForCompletion()
        #expect(!reactor.hasRunningWork)
        #expect(reactor.heldWorkCount == 0, "the work has ended, not only been told to")
        #expect(clock.sleeperCount == 0)
    }

    @Test("Work of a cancelled caller that goes on anyway delivers nothing more")
    func cancelledWorkDeliversNothing() async {
        let clock = ManualClock()
        let reactor = WaitingScreen(clock: clock)
        let waiting = Task { await reactor.sendAndWait(.lateReply) }
        await clock.waitForSleepers(1)
        waiting.cancel()
        await waiting.waitForCompletion()
        #expect(reactor.currentState == [], "the late reply was dropped")
    }

    @Test("An action that starts no work returns at once, its mutations published")
    func noWork() async {
        let reactor = WaitingScreen(clock: ManualClock())
        await withSafetyNet { await reactor.sendAndWait(.tap) }
        #expect(reactor.currentState == ["tapped"])
    }

    @Test("Work other actions started is not waited for, and not cancelled with the caller")
    func otherWorkIsNotWaitedFor() async {
        let clock = ManualClock()
        let reactor = WaitingScreen(clock: clock)
        reactor.send(.observe)
        await clock.waitForSleepers(1)
        await withSafetyNet { await reactor.sendAndWait(.tap) }  // returns although the observation runs on
        let waiting = Task { await reactor.sendAndWait(.load) }
        await clock.waitForSleepers(2)
        await clock.advance(by: .seconds(1))
        await waiting.waitForCompletion()
        #expect(reactor.currentState == ["tapped", "loading", "tick", "loaded"])
        #expect(reactor.hasRunningWork, "the observation was neither waited for nor cancelled")
        reactor.send(.tap)
        let observing = Task { await reactor.sendAndWait(.observe) }  // supersedes the first
        await clock.waitForSleepers(1)
        observing.cancel()
        await observing.waitForCompletion()
        #expect(!reactor.hasRunningWork)
    }

    @Test("A stubbed reactor records the action and returns at once (R7)")
    func stubbed() async {
        let reactor = WaitingScreen(clock: ManualClock())
        reactor.isStubbed = true
        await withSafetyNet { await reactor.sendAndWait(.load) }
        #expect(reactor.stubbedActions == [.load])
        #expect(!reactor.hasRunningWork)
    }
}
