import Testing
import ViewStateKit
import ViewStateKitTesting

/// Ticks on a timer; after each tick its work may stay busy on the clock for a while.
struct Metronome: Feature {
    struct Tick: Equatable, Sendable {
        let elapsed: Duration
        let at: Duration
    }
    struct State: Equatable {
        var ticks: [Tick] = []
        var ended = false
    }
    enum Action: Sendable { case start(busy: Duration), stop, startWithNoInterval }
    enum Mutation: Equatable, Sendable { case tick(Tick), ended }

    let clock: ManualClock

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .start(let busy):
            .run(id: "timer") { [clock] send in
                let dependencyClock: any Clock<Duration> = clock  // as `@Dependency(\.clock)` gives it
                for await elapsed in dependencyClock.timer(interval: .seconds(1)) {
                    await send(.tick(Tick(elapsed: elapsed, at: clock.now.offset)))
                    if busy > .zero { try await clock.sleep(for: busy) }
                }
                await send(.ended)
            }
        case .stop:
            .cancel(id: "timer")
        case .startWithNoInterval:
            .run { [clock] send in
                for await _ in clock.timer(interval: .zero) {}
                await send(.ended)
            }
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .tick(let tick): state.ticks.append(tick)
        case .ended: state.ended = true
        }
    }
}

@MainActor
@Suite("ClockTimer: a timer on any clock that does not drift")
struct ClockTimerTests {
    func tick(_ elapsed: Int, at: Duration) -> Metronome.Tick {
        Metronome.Tick(elapsed: .seconds(elapsed), at: at)
    }

    @Test("one tick per interval, each the time since the start; cancelling the work ends the loop quietly")
    func ticksAndStops() async {
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(Metronome(clock: clock), initialState: Metronome.State()))
        await tester.send(.start(busy: .zero))
        await clock.advance(by: .seconds(3))
        await tester.receive(.tick(tick(1, at: .seconds(1)))) { $0.ticks = [tick(1, at: .seconds(1))] }
        await tester.receive(.tick(tick(2, at: .seconds(2)))) { $0.ticks.append(tick(2, at: .seconds(2))) }
        await tester.receive(.tick(tick(3, at: .seconds(3)))) { $0.ticks.append(tick(3, at: .seconds(3))) }
        await tester.send(.stop)
        await clock.advance(by: .seconds(3))
        await tester.finish()
        #expect(clock.sleeperCount == 0)
    }

    @Test("no drift: work that takes time on the clock after a tick does not move the next one")
    func noDrift() async {
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(Metronome(clock: clock), initialState: Metronome.State()), exhaustive: false)
        await tester.send(.start(busy: .milliseconds(400)))
        await clock.advance(by: .seconds(3))
        await tester.receive(.tick(tick(3, at: .seconds(3))))
        #expect(tester.reactor.currentState.ticks == [tick(1, at: .seconds(1)), tick(2, at: .seconds(2)), tick(3, at: .seconds(3))])
        await tester.send(.stop)
    }

    @Test("a tick that fell due while the work was busy comes at once: none is lost")
    func catchesUp() async {
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(Metronome(clock: clock), initialState: Metronome.State()), exhaustive: false)
        await tester.send(.start(busy: .milliseconds(1_500)))
        await clock.advance(by: .seconds(4))
        await tester.receive(.tick(tick(3, at: .seconds(4))))
        #expect(tester.reactor.currentState.ticks == [
            tick(1, at: .seconds(1)), tick(2, at: .milliseconds(2_500)), tick(3, at: .seconds(4)),
        ])
        await tester.send(.stop)
    }

    @Test("an interval of zero ticks nothing: the loop ends at once")
    func noInterval() async {
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(Metronome(clock: clock), initialState: Metronome.State()))
        await tester.send(.startWithNoInterval)
        await tester.receive(.ended) { $0.ended = true }
        #expect(clock.sleeperCount == 0)
    }
}
