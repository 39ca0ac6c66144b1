import Testing
@testable import ViewStateKit
import ViewStateKitTesting

/// A screen that shows a ticker while its own state says so (`ChildPlace.ifLet`): a player
/// shown while something plays, which the user cannot dismiss.
struct TickerHost: Feature {
    struct State: Equatable {
        var ticker: Ticker.State?
    }
    enum Action: Sendable { case show, hide, ticker(Ticker.Action) }
    enum Mutation: Equatable, Sendable { case show, hide }

    let clock: ManualClock

    var children: [ChildPlace<State, Action, Mutation>] {
        [.ifLet(Ticker(clock: clock), state: \.ticker, action: Action.ticker)]
    }

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .show: .mutation(.show)
        case .hide: .mutation(.hide)
        case .ticker: .none
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .show: state.ticker = Ticker.State()
        case .hide: state.ticker = nil
        }
    }
}

@MainActor
@Suite("ChildPlace.ifLet: a child the parent shows and clears")
struct IfLetPlaceTests {
    @Test("N4: an ifLet child's work runs while the parent shows it, and stops when the parent's reduce clears it")
    func workStopsWhenTheParentClearsTheChild() async {
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(TickerHost(clock: clock), initialState: TickerHost.State()))
        await tester.send(.show) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.start))
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.ticker) { $0.ticker?.ticks = 1 }
        await tester.send(.hide) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork, "the hide's reduce cancelled the child's timer at once")
        #expect(clock.sleeperCount == 0)
        await tester.finish()
    }

    @Test("N6: an ifLet child is not dismissed by its own Effect.dismiss: the dismissal goes on up, the child stays")
    func dismissalGoesOnUp() async {
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(TickerHost(clock: clock), initialState: TickerHost.State()))
        await tester.send(.show) { $0.ticker = Ticker.State() }
        #expect(!tester.isDismissed)
        await tester.send(.ticker(.dismissSelf))
        #expect(tester.isDismissed, "the host itself was dismissed: nothing between could take it")
        #expect(tester.reactor.currentState.ticker == Ticker.State(), "the child is still shown")
    }

    #if DEBUG
    @Test("N5: an action for an ifLet child the parent is not showing changes nothing and says so")
    func actionForAHiddenChild() {
        let reactor = FeatureReactor(TickerHost(clock: ManualClock()), initialState: TickerHost.State())
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.ticker(.start))
        }
        #expect(reactor.currentState.ticker == nil)
        #expect(!reactor.hasRunningWork)
        #expect(warnings == ["ViewStateKit warning: .ticker(.start) was sent to \\State.ticker, which is not there "
                             + "(removed, popped or dismissed), so it changed nothing."])
    }
    #endif
}
