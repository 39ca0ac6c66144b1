import Testing
@testable import ViewStateKit
import ViewStateKitTesting

/// A sheet whose parent keeps the default `mutate`: its `Mutation` is its `Action`, so an
/// action no child takes is reduced as the parent's own mutation (N1).
struct SheetHost: Feature {
    struct State: Equatable {
        var sheet: Ticker.State?
        var ownMutations = 0
    }
    enum Action: Sendable { case open, sheet(PresentationAction<Ticker.Action>) }

    let clock: ManualClock

    var children: [ChildPlace<State, Action, Action>] {
        [.presented(Ticker(clock: clock), state: \.sheet, action: Action.sheet)]
    }

    func reduce(into state: inout State, mutation: Action) {
        state.ownMutations += 1
        if case .open = mutation { state.sheet = Ticker.State() }
    }
}

@MainActor
@Suite("N5: an action for a child that is not there")
struct MissingChildTests {
    @Test("N5: a dismissal or an action for a sheet that is not shown is the place's, not the parent's own mutation")
    func missingSheetsActionsStayThePlaces() {
        let reactor = FeatureReactor(SheetHost(clock: ManualClock()), initialState: SheetHost.State())
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.sheet(.dismiss))
            reactor.send(.sheet(.presented(.start)))
        }
        #expect(reactor.currentState == SheetHost.State(), "the parent's reduce never saw either as its own mutation")
        #expect(!reactor.hasRunningWork)
        #if DEBUG
        #expect(warnings == [
            "ViewStateKit warning: .sheet(.dismiss) was sent to \\State.sheet, which is not there (removed, popped "
                + "or dismissed), so it changed nothing.",
            "ViewStateKit warning: .sheet(.presented(.start)) was sent to \\State.sheet, which is not there (removed, "
                + "popped or dismissed), so it changed nothing.",
        ])
        #endif
        reactor.send(.open)
        #expect(reactor.currentState.ownMutations == 1, "the parent's own action is its own mutation")
    }
}
