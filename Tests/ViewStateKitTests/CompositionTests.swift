import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// TCA's "two counters" case study: one `Counter` feature, embedded twice, unchanged.
struct Counter: Feature {
    struct State: Equatable { var count = 0 }
    enum Action: Sendable { case decrement, increment }

    func reduce(into state: inout State, mutation: Action) {
        state.count += mutation == .increment ? 1 : -1
    }
}

@MainActor
final class TwoCounters: Reactor<TwoCounters.Action, TwoCounters.Action, TwoCounters.State> {
    struct State: Equatable { var first = Counter.State(), second = Counter.State() }
    enum Action: Sendable { case first(Counter.Action), second(Counter.Action) }

    init() { super.init(initialState: State()) }

    override func mutate(action: Action) -> Effect<Action> {
        switch action {
        case .first(let action): embed(Counter(), state: \.first, action: action, mutation: Action.first)
        case .second(let action): embed(Counter(), state: \.second, action: action, mutation: Action.second)
        }
    }

    override func reduce(into state: inout State, mutation: Action) {
        switch mutation {
        case .first(let mutation): Counter().reduce(into: &state.first, mutation: mutation)
        case .second(let mutation): Counter().reduce(into: &state.second, mutation: mutation)
        }
    }
}

/// A child with a long-living effect: a timer that ticks every second under the id `"tick"`,
/// so two tickers in one parent would cancel each other if their ids were not their own.
struct Ticker: Feature {
    struct State: Equatable, Identifiable {
        var id = 0
        var ticks = 0
    }
    enum Action: Sendable { case start, stop, close, startThenFinish, pingTwice }
    enum Mutation: Equatable, Sendable { case tick, finished }

    let clock: ManualClock

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .start:
            .run(id: "tick") { [clock] send in
                while true {
                    try await clock.sleep(for: .seconds(1))
                    await send(.tick)
                }
            }
        case .stop:
            .cancel(id: "tick")
        case .close:
            .none  // the parent removes the child
        case .startThenFinish:
            .merge(.mutation(.finished), mutate(action: .start, state: state))
        case .pingTwice:  // two pieces of work without an id: neither supersedes the other
            .merge(.run { send in await send(.tick) }, .run { send in await send(.tick) })
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        if mutation == .tick { state.ticks += 1 }
    }
}

/// A parent with an optional ticker (TCA's `ifLet`) and a list of tickers (`forEach`).
@MainActor
final class TickerBoard: Reactor<TickerBoard.Action, TickerBoard.Mutation, TickerBoard.State> {
    struct State: Equatable {
        var ticker: Ticker.State?
        var rows: [Ticker.State] = []
        var closedRows = 0
    }
    enum Action: Sendable { case open, close, add(Int), ticker(Ticker.Action), row(Int, Ticker.Action) }
    enum Mutation: Equatable, Sendable {
        case open, close, add(Int), remove(Int), ticker(Ticker.Mutation), row(Int, Ticker.Mutation)
    }

    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .open: .mutation(.open)
        case .close, .ticker(.close): .mutation(.close)
        case .add(let id): .mutation(.add(id))
        case .ticker(let action):
            embed(Ticker(clock: clock), state: \.ticker, action: action, mutation: Mutation.ticker)
        case .row(let id, .close): .mutation(.remove(id))  // the parent reacts to a child's action
        case .row(let id, let action):
            embed(Ticker(clock: clock), rows: \.rows, id: id, action: action, mutation: { .row(id, $0) })
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .open: state.ticker = Ticker.State()
        case .close, .ticker(.finished): state.ticker = nil
        case .add(let id): state.rows.append(Ticker.State(id: id))
        case .remove(let id):
            state.rows.removeAll { $0.id == id }
            state.closedRows += 1
        case .ticker(let mutation): Ticker(clock: clock).reduce(into: &state.ticker, mutation: mutation)
        case .row(let id, let mutation): Ticker(clock: clock).reduce(into: &state.rows, id: id, mutation: mutation)
        }
    }
}

/// Two tickers embedded by key path, not optional: each one's `"tick"` is its own.
@MainActor
final class TwoTickers: Reactor<TwoTickers.Action, TwoTickers.Action, TwoTickers.State> {
    struct State: Equatable { var left = Ticker.State(), right = Ticker.State() }
    enum Action: Equatable, Sendable { case left(Ticker.Action), right(Ticker.Action), leftTick(Ticker.Mutation), rightTick(Ticker.Mutation) }
    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Action> {
        switch action {
        case .left(let action): embed(Ticker(clock: clock), state: \.left, action: action, mutation: Action.leftTick)
        case .right(let action): embed(Ticker(clock: clock), state: \.right, action: action, mutation: Action.rightTick)
        case .leftTick, .rightTick: .none
        }
    }

    override func reduce(into state: inout State, mutation: Action) {
        switch mutation {
        case .leftTick(let mutation): Ticker(clock: clock).reduce(into: &state.left, mutation: mutation)
        case .rightTick(let mutation): Ticker(clock: clock).reduce(into: &state.right, mutation: mutation)
        case .left, .right: break
        }
    }
}

@MainActor
@Suite("Composition: a parent reactor embeds child features")
struct CompositionTests {
    @Test("Two counters embed one Counter feature, each on its own part of the state")
    func twoCounters() async {
        let tester = ReactorTester(TwoCounters())
        await tester.send(.first(.increment)) { $0.first.count = 1 }
        await tester.send(.second(.decrement)) { $0.second.count = -1 }
        await tester.send(.first(.increment)) { $0.first.count = 2 }
    }

    @Test("A feature runs alone in a FeatureReactor, the same logic a parent embeds")
    func featureAlone() async {
        let tester = ReactorTester(FeatureReactor(Counter(), initialState: Counter.State(count: 5)))
        await tester.send(.decrement) { $0.count = 4 }
    }

    @Test("ifLet: an optional child's timer runs while it is there and is cancelled when it becomes nil")
    func optionalChildTimerIsCancelledWhenItGoesAway() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.start))
        #expect(tester.reactor.hasRunningWork)
        await clock.advance(by: .seconds(2))
        await tester.receive(.ticker(.tick)) { $0.ticker?.ticks = 1 }
        await tester.receive(.ticker(.tick)) { $0.ticker?.ticks = 2 }
        await tester.send(.close) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork, "the close's reduce cancelled the child's timer at once")
        await tester.finish()
        #expect(clock.sleeperCount == 0)
    }

    @Test("ifLet: the child asking to close goes through the parent, and its timer stops with it")
    func childCloseIsHandledByParent() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.start))
        await tester.send(.ticker(.close)) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork)
        await tester.finish()
    }

    @Test("ifLet: an action for a child that is not there does nothing and starts nothing")
    func actionForAbsentChild() async {
        let tester = ReactorTester(TickerBoard(clock: ManualClock()))
        await tester.send(.ticker(.start))
        #expect(!tester.reactor.hasRunningWork)
    }

    @Test("ifLet: work a child's action starts after a mutation that removed the child never starts")
    func workOfARemovedChildNeverStarts() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.startThenFinish)) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork)
        #expect(tester.reactor.childScopes.isEmpty, "nothing is left to check after each reduce")
    }

    @Test("forEach: rows run timers under the same id without cancelling each other; removing a row stops only its timer")
    func rowsOwnTheirWork() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.add(1)) { $0.rows = [Ticker.State(id: 1)] }
        await tester.send(.add(2)) { $0.rows.append(Ticker.State(id: 2)) }
        await tester.send(.row(1, .start))
        await tester.send(.row(2, .start))
        #expect(clock.sleeperCount == 2, "row 2's \"tick\" did not supersede row 1's")
        await clock.advance(by: .seconds(1))
        await tester.receive(.row(1, .tick)) { $0.rows[0].ticks = 1 }
        await tester.receive(.row(2, .tick)) { $0.rows[1].ticks = 1 }
        await tester.send(.row(1, .close)) {
            $0.rows.removeFirst()
            $0.closedRows = 1
        }
        await clock.advance(by: .seconds(1))
        await tester.receive(.row(2, .tick)) { $0.rows[0].ticks = 2 }
        await tester.send(.row(2, .stop))
        #expect(!tester.reactor.hasRunningWork, "a row's cancel(id:) reaches its own work")
        await tester.finish()
        #expect(tester.reactor.childScopes.isEmpty, "scopes whose work has ended are forgotten")
    }

    @Test("Two children embedded by key path keep their ids apart: both run \"tick\", one stops only its own")
    func keyPathChildrenOwnTheirIds() async {
        let clock = ManualClock()
        let tester = ReactorTester(TwoTickers(clock: clock))
        await tester.send(.left(.start))
        await tester.send(.right(.start))
        #expect(clock.sleeperCount == 2, "the right ticker's \"tick\" did not supersede the left one's")
        await tester.send(.left(.stop))
        await clock.advance(by: .seconds(1))
        await tester.receive(.rightTick(.tick)) { $0.right.ticks = 1 }
        await tester.send(.right(.stop))
        await tester.finish()
    }

    @Test("A child's work without an id is anonymous inside its scope: two such works both deliver")
    func anonymousChildWork() async {
        let tester = ReactorTester(TickerBoard(clock: ManualClock()))
        await tester.send(.add(1)) { $0.rows = [Ticker.State(id: 1)] }
        await tester.send(.row(1, .pingTwice))
        await tester.receive(.row(1, .tick)) { $0.rows[0].ticks = 1 }
        await tester.receive(.row(1, .tick)) { $0.rows[0].ticks = 2 }
        await tester.finish()
    }

    @Test("forEach: an action for an unknown row id does nothing")
    func actionForUnknownRow() async {
        let tester = ReactorTester(TickerBoard(clock: ManualClock()))
        await tester.send(.add(1)) { $0.rows = [Ticker.State(id: 1)] }
        await tester.send(.row(7, .start))
        #expect(!tester.reactor.hasRunningWork)
    }

    @Test("A traced parent names a child's work by where the child lives")
    func tracedChildWork() async {
        let clock = ManualClock()
        let reactor = TickerBoard(clock: clock)
        var lines: [String] = []
        let trace = reactor.trace("board") { lines.append($0) }
        reactor.send(.add(1))
        reactor.send(.row(1, .start))
        reactor.send(.row(1, .close))
        await withSafetyNet { await reactor.waitUntilIdle() }
        withExtendedLifetime(trace) {}
        #expect(lines.filter { $0.contains("effect") } == [
            #"[board] effect \State.rows[1] › "tick" #1 started"#,
            #"[board] effect \State.rows[1] › "tick" #1 cancelled"#,
        ])
    }
}

/// A parent that maps a child's effect by hand with `Effect.map(_:)`: ids cross the boundary.
@MainActor
final class MappedParent: Reactor<MappedParent.Action, MappedParent.Mutation, [String]> {
    enum Action { case start, cancel, now }
    enum Mutation: Equatable, Sendable { case child(Int) }
    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: [])
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        let child: Effect<Int> = switch action {
        case .start: .run(id: "child") { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(1)
        }
        case .cancel: .cancel(id: "child")
        case .now: .merge(.mutation(2), .mutations(3, 4))
        }
        return child.map(Mutation.child)
    }

    override func reduce(into state: inout [String], mutation: Mutation) {
        if case .child(let value) = mutation { state.append("child \(value)") }
    }
}

@MainActor
@Suite("Effect.map: a child's effect as a parent's")
struct EffectMapTests {
    @Test("map wraps every mutation, now and from asynchronous work, in order")
    func mapsMutations() async {
        let clock = ManualClock()
        let tester = ReactorTester(MappedParent(clock: clock))
        await tester.send(.now) { $0 = ["child 2", "child 3", "child 4"] }
        await tester.send(.start)
        await clock.advance(by: .seconds(1))
        await tester.receive(.child(1)) { $0.append("child 1") }
    }

    @Test("map keeps ids: the parent cancels the child's work by the child's id")
    func keepsIds() async {
        let clock = ManualClock()
        let tester = ReactorTester(MappedParent(clock: clock))
        await tester.send(.start)
        await tester.send(.cancel)
        #expect(!tester.reactor.hasRunningWork)
        await tester.finish()
    }
}
