import Testing
import ViewStateKitTesting
@testable import ViewStateKit
import ViewStateKitTracing

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
    struct State: Equatable {
        var first = Counter.State(), second = Counter.State()
        var seen: [Int] = []
    }
    enum Action: Sendable { case first(Counter.Action), second(Counter.Action), saw(Int) }

    /// What the parent's own `reduce` was given: a child's mutation must never reach it (N2).
    var ownMutations: [Action] = []

    init() { super.init(initialState: State()) }

    override var children: [ChildPlace<State, Action, Action>] {
        [.scope(Counter(), state: \.first, action: Action.first),
         .scope(Counter(), state: \.second, action: Action.second)]
    }

    override func mutate(action: Action) -> Effect<Action> {
        switch action {
        case .first(.increment): .mutation(.saw(currentState.first.count))  // after the child ran (N1)
        case .first, .second, .saw: .none
        }
    }

    override func reduce(into state: inout State, mutation: Action) {
        ownMutations.append(mutation)
        if case .saw(let count) = mutation { state.seen.append(count) }
    }
}

/// A feature that is a parent itself: two counters, what its own `mutate` saw of the first
/// after the child ran, and every mutation its own `reduce` was given.
struct CounterPair: Feature {
    struct State: Equatable {
        var first = Counter.State(), second = Counter.State()
        var seen: [Int] = []
        var ownMutations: [String] = []
    }
    enum Action: Sendable { case first(Counter.Action), second(Counter.Action), saw(Int) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(Counter(), state: \.first, action: Action.first),
         .scope(Counter(), state: \.second, action: Action.second)]
    }

    func mutate(action: Action, state: State) -> Effect<Action> {
        switch action {
        case .first(.increment): .mutation(.saw(state.first.count))
        case .first, .second: .none
        case .saw: .mutation(action)
        }
    }

    func reduce(into state: inout State, mutation: Action) {
        state.ownMutations.append("\(mutation)")
        if case .saw(let count) = mutation { state.seen.append(count) }
    }
}

/// A parent whose `Mutation` is its `Action`, with no `mutate` of its own: each action is its
/// own mutation, but a child's action is the child's alone (N1).
struct CounterBox: Feature {
    struct State: Equatable {
        var counter = Counter.State()
        var taps = 0
    }
    enum Action: Sendable { case counter(Counter.Action), tap }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(Counter(), state: \.counter, action: Action.counter)]
    }

    func reduce(into state: inout State, mutation: Action) {
        if case .tap = mutation { state.taps += 1 }
    }
}

/// The box nested in another feature of the same shape.
struct BoxScreen: Feature {
    struct State: Equatable { var box = CounterBox.State() }
    enum Action: Sendable { case box(CounterBox.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(CounterBox(), state: \.box, action: Action.box)]
    }
}

/// A screen holding a ``CounterPair``: the pair is a nested feature, not the reactor, and still
/// a parent to its counters.
struct PairScreen: Feature {
    struct State: Equatable { var pair = CounterPair.State() }
    enum Action: Sendable { case pair(CounterPair.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(CounterPair(), state: \.pair, action: Action.pair)]
    }

    func mutate(action: Action, state: State) -> Effect<Action> { .none }
}

/// A child with a long-living effect: a timer that ticks every second under the id `"tick"`,
/// so two tickers in one parent would cancel each other if their ids were not their own.
struct Ticker: Feature {
    struct State: Equatable, Identifiable {
        var id = 0
        var ticks = 0
    }
    enum Action: Sendable { case start, stop, close, dismissSelf, startThenDismiss, pingTwice, startTwoWorks, tickTwice, dismissThenTick }
    enum Mutation: Equatable, Sendable { case tick }

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
            .none  // a delegate action: the parent removes the child
        case .dismissSelf:
            .dismiss
        case .startThenDismiss:
            .merge(.dismiss, mutate(action: .start, state: state))
        case .pingTwice:  // two pieces of work without an id: neither supersedes the other
            .merge(.run { send in await send(.tick) }, .run { send in await send(.tick) })
        case .startTwoWorks:
            .merge(mutate(action: .start, state: state), .run(id: "other") { [clock] _ in
                try await clock.sleep(for: .seconds(100))
            })
        case .tickTwice:
            .run { send in
                await send(.tick)
                await send(.tick)
            }
        case .dismissThenTick:  // a mutation that arrives after its child has gone
            .merge(.dismiss, .mutation(.tick))
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        state.ticks += 1
    }
}

/// A parent with a presented ticker (TCA's `@Presents`/`ifLet`) and a list of tickers (`forEach`).
@MainActor
final class TickerBoard: Reactor<TickerBoard.Action, TickerBoard.Mutation, TickerBoard.State> {
    struct State: Equatable {
        var ticker: Ticker.State?
        var rows: [Ticker.State] = []
        var closedRows = 0
    }
    enum Action: Sendable {
        case open, close, add(Int), removeAll, ticker(PresentationAction<Ticker.Action>), row(Int, Ticker.Action)
        /// The board's own changes to its first row: another row in its place, or a count written into it.
        case replaceFirst(Int), countFirst(Int)
    }
    enum Mutation: Equatable, Sendable {
        case open, close, add(Int), remove(Int), removeAll, replaceFirst(Int), countFirst(Int)
    }

    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: State())
    }

    override var children: [ChildPlace<State, Action, Mutation>] {
        [.presented(Ticker(clock: clock), state: \.ticker, action: Action.ticker),
         .rows(Ticker(clock: clock), state: \.rows, action: Action.row)]
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .open: .mutation(.open)
        case .close, .ticker(.presented(.close)): .mutation(.close)
        case .add(let id): .mutation(.add(id))
        case .removeAll: .mutation(.removeAll)
        case .replaceFirst(let id): .mutation(.replaceFirst(id))
        case .countFirst(let ticks): .mutation(.countFirst(ticks))
        case .row(let id, .close): .mutation(.remove(id))  // the parent reacts to a child's action
        case .ticker, .row: .none
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .open: state.ticker = Ticker.State()
        case .close: state.ticker = nil
        case .add(let id): state.rows.append(Ticker.State(id: id))
        case .remove(let id):
            state.rows.removeAll { $0.id == id }
            state.closedRows += 1
        case .removeAll: state.rows.removeAll()
        case .replaceFirst(let id): state.rows[0] = Ticker.State(id: id)
        case .countFirst(let ticks): state.rows[0].ticks = ticks
        }
    }
}

/// Two tickers embedded by key path, not optional: each one's `"tick"` is its own.
@MainActor
final class TwoTickers: Reactor<TwoTickers.Action, TwoTickers.Action, TwoTickers.State> {
    struct State: Equatable { var left = Ticker.State(), right = Ticker.State() }
    enum Action: Equatable, Sendable { case left(Ticker.Action), right(Ticker.Action) }
    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: State())
    }

    override var children: [ChildPlace<State, Action, Action>] {
        [.scope(Ticker(clock: clock), state: \.left, action: Action.left),
         .scope(Ticker(clock: clock), state: \.right, action: Action.right)]
    }
}

/// A feature that embeds a feature: a group of tickers by id, each group a row of a board.
struct TickerGroup: Feature {
    struct State: Equatable, Identifiable {
        var id: String
        var tickers: [Ticker.State] = []
    }
    enum Action: Sendable { case add(Int), remove(Int), ticker(Int, Ticker.Action) }
    enum Mutation: Equatable, Sendable { case add(Int), remove(Int) }
    let clock: ManualClock

    var children: [ChildPlace<State, Action, Mutation>] {
        [.rows(Ticker(clock: clock), state: \.tickers, action: Action.ticker)]
    }

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .add(let id): .mutation(.add(id))
        case .remove(let id): .mutation(.remove(id))
        case .ticker: .none
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .add(let id): state.tickers.append(Ticker.State(id: id))
        case .remove(let id): state.tickers.removeAll { $0.id == id }
        }
    }
}

/// A board of groups of tickers: features of features, two levels deep.
struct GroupBoard: Feature {
    struct State: Equatable { var groups: [TickerGroup.State] = [] }
    enum Action: Sendable { case addGroup(String), removeGroup(String), group(String, TickerGroup.Action) }
    enum Mutation: Equatable, Sendable { case addGroup(String), removeGroup(String) }
    let clock: ManualClock

    var children: [ChildPlace<State, Action, Mutation>] {
        [.rows(TickerGroup(clock: clock), state: \.groups, action: Action.group)]
    }

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .addGroup(let id): .mutation(.addGroup(id))
        case .removeGroup(let id): .mutation(.removeGroup(id))
        case .group: .none
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .addGroup(let id): state.groups.append(TickerGroup.State(id: id))
        case .removeGroup(let id): state.groups.removeAll { $0.id == id }
        }
    }
}

@MainActor
@Suite("Composition: children declared once, features of features")
struct CompositionTests {
    @Test("N1: two counters embed one Counter feature; the child runs first, then the parent sees the action")
    func twoCounters() async {
        let tester = ReactorTester(TwoCounters())
        await tester.send(.first(.increment)) {
            $0.first.count = 1
            $0.seen = [1]
        }
        await tester.send(.second(.decrement)) { $0.second.count = -1 }
        await tester.send(.first(.increment)) {
            $0.first.count = 2
            $0.seen = [1, 2]
        }
    }

    @Test("N1: a parent whose Mutation is its Action and that has no mutate of its own runs a child's action once")
    func defaultMutateLeavesTheChildsActionToTheChild() async {
        let tester = ReactorTester(FeatureReactor(CounterBox(), initialState: .init()))
        await tester.send(.counter(.increment)) { $0.counter.count = 1 }
        await tester.send(.tap) { $0.taps = 1 }
        await tester.send(.counter(.decrement)) { $0.counter.count = 0 }
        let nested = ReactorTester(FeatureReactor(BoxScreen(), initialState: .init()))
        await nested.send(.box(.counter(.increment))) { $0.box.counter.count = 1 }
        await nested.send(.box(.tap)) { $0.box.taps = 1 }
        // Right after a child took an action, a feature without children reduces its own.
        let parent = FeatureReactor(BoxScreen(), initialState: .init())
        let alone = FeatureReactor(Counter(), initialState: .init())
        parent.send(.box(.counter(.increment)))
        alone.send(.increment)
        #expect(alone.currentState.count == 1)
    }

    @Test("N2: a child's mutation is reduced by the child alone and never reaches the parent's reduce")
    func childMutationsSkipTheParent() async {
        let reactor = TwoCounters()
        reactor.send(.first(.increment))
        reactor.send(.second(.increment))
        #expect(reactor.ownMutations.map { "\($0)" } == ["saw(1)"])
        #expect(reactor.currentState.second.count == 1)
    }

    @Test("N1, N2 when the parent is a nested feature: the counter runs first, the pair's mutate sees its new count, the pair's reduce only its own mutation")
    func nestedFeatureParent() async {
        let tester = ReactorTester(FeatureReactor(PairScreen(), initialState: PairScreen.State()))
        await tester.send(.pair(.first(.increment))) {
            $0.pair.first.count = 1
            $0.pair.seen = [1]
            $0.pair.ownMutations = ["saw(1)"]
        }
        await tester.send(.pair(.second(.decrement))) { $0.pair.second.count = -1 }
        await tester.send(.pair(.first(.increment))) {
            $0.pair.first.count = 2
            $0.pair.seen = [1, 2]
            $0.pair.ownMutations = ["saw(1)", "saw(2)"]
        }
    }

    @Test("A feature runs alone in a FeatureReactor, the same logic a parent embeds")
    func featureAlone() async {
        let tester = ReactorTester(FeatureReactor(Counter(), initialState: Counter.State(count: 5)))
        await tester.send(.decrement) { $0.count = 4 }
    }

    @Test("N4: a presented child's timer runs while it is there and is cancelled when a reduce sets it to nil")
    func optionalChildTimerIsCancelledWhenItGoesAway() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.presented(.start)))
        #expect(tester.reactor.hasRunningWork)
        await clock.advance(by: .seconds(2))
        await tester.receive(Ticker.Mutation.tick, at: \.ticker) { $0.ticker?.ticks = 1 }
        await tester.receive(Ticker.Mutation.tick, at: \.ticker) { $0.ticker?.ticks = 2 }
        await tester.send(.close) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork, "the close's reduce cancelled the child's timer at once")
        await tester.finish()
        #expect(clock.sleeperCount == 0)
    }

    @Test("N1: the child's delegate action goes through the parent, which removes it; its timer stops with it")
    func childCloseIsHandledByParent() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.presented(.start)))
        await tester.send(.ticker(.presented(.close))) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork)
        await tester.finish()
    }

    @Test("N6: a presented child dismisses itself with Effect.dismiss; its work is cancelled, with no flag in the parent")
    func childDismissesItself() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.presented(.start)))
        await tester.send(.ticker(.presented(.dismissSelf))) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork)
        #expect(tester.reactor.workUnder.isEmpty, "nothing is left to check after each reduce")
        await tester.finish()
    }

    @Test("N6: the user's .dismiss (a sheet pulled down) sets the child to nil and cancels its work")
    func userDismissal() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.presented(.start)))
        await tester.send(.ticker(.dismiss)) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork)
        await tester.finish()
    }

    @Test("N5: an action for a child that is not there changes nothing and fails the test at its send")
    func actionForAbsentChild() async {
        let tester = ReactorTester(TickerBoard(clock: ManualClock()))
        await withKnownIssue {
            await tester.send(.ticker(.presented(.start)))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == ".ticker(.presented(.start)) was "
                + "sent to \\State.ticker, which is not there (removed, popped or dismissed), so it changed nothing."
        }
        #expect(!tester.reactor.hasRunningWork)
        await withKnownIssue {
            await tester.send(.ticker(.dismiss))
        }
    }

    #if DEBUG
    @Test("N5: in an app, an action for a child that is not there writes a debug warning naming the place")
    func actionForAbsentChildWarns() {
        let reactor = TickerBoard(clock: ManualClock())
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.row(7, .start))
        }
        #expect(warnings == ["ViewStateKit warning: .row(7, .start) was sent to \\State.rows[7], which is not there "
                             + "(removed, popped or dismissed), so it changed nothing."])
        #expect(!reactor.hasRunningWork)
    }
    #endif

    @Test("N4: work a child starts after an effect removed the child never starts")
    func workOfARemovedChildNeverStarts() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.presented(.startThenDismiss))) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork)
        #expect(tester.reactor.workUnder.isEmpty && tester.reactor.childPresence.isEmpty)
    }

    @Test("N3, N4: rows run timers under the same id without cancelling each other; removing a row stops only its timer; a second cancel does nothing")
    func rowsOwnTheirWork() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.add(1)) { $0.rows = [Ticker.State(id: 1)] }
        await tester.send(.add(2)) { $0.rows.append(Ticker.State(id: 2)) }
        await tester.send(.row(1, .start))
        await tester.send(.row(2, .start))
        #expect(clock.sleeperCount == 2, "row 2's \"tick\" did not supersede row 1's")
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 1) { $0.rows[0].ticks = 1 }
        await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 2) { $0.rows[1].ticks = 1 }
        await tester.send(.row(1, .close)) {
            $0.rows.removeFirst()
            $0.closedRows = 1
        }
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 2) { $0.rows[0].ticks = 2 }
        await tester.send(.row(2, .stop))
        #expect(!tester.reactor.hasRunningWork, "a row's cancel(id:) reaches its own work")
        await tester.send(.row(2, .stop))  // cancelled twice: nothing happens, and nothing is said
        await tester.send(.row(2, .close)) {  // the row goes after its work was cancelled
            $0.rows = []
            $0.closedRows = 2
        }
        await tester.finish()
        #expect(tester.reactor.workUnder.isEmpty, "scopes whose work has ended are forgotten")
    }

    @Test("N4, N7: the parent's own reduce: a row replaced in place stops its work; a row written into, or rows left alone, keep theirs")
    func parentsOwnReduceAndItsRows() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock), exhaustive: false)
        await tester.send(.add(1))
        await tester.send(.add(2))
        await tester.send(.row(1, .start))
        await tester.send(.row(2, .start))
        await tester.send(.open)  // the rows are left alone: no row is asked
        #expect(tester.reactor.ownReducePresenceChecks == 0)
        await tester.send(.countFirst(5))  // row 1 is written into, and still there: both rows are asked
        #expect(tester.reactor.ownReducePresenceChecks == 2)
        #expect(clock.sleeperCount == 2)
        #expect(tester.reactor.presenceByPlace.count == 1, "both rows' work is filed under the rows' place")
        await tester.send(.replaceFirst(9)) { $0.rows = [Ticker.State(id: 9), Ticker.State(id: 2)] }
        #expect(clock.sleeperCount == 1, "row 1's timer stopped inside the reduce that replaced it, with the count unchanged")
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 2) { $0.rows[1].ticks = 1 }
        await tester.send(.removeAll) { $0.rows = [] }
        #expect(tester.reactor.presenceByPlace.isEmpty && tester.reactor.childPresence.isEmpty)
    }

    @Test("N4: removing a row stops every piece of its work, not only the first")
    func removingARowStopsAllItsWork() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.add(1)) { $0.rows = [Ticker.State(id: 1)] }
        await tester.send(.row(1, .startTwoWorks))
        #expect(clock.sleeperCount == 2)
        await tester.send(.row(1, .close)) {
            $0.rows = []
            $0.closedRows = 1
        }
        #expect(!tester.reactor.hasRunningWork)
        await tester.finish()
        #expect(clock.sleeperCount == 0)
    }

    @Test("N4: a row removed while its effect is delivering gets nothing more, and nothing traps")
    func rowRemovedWhileItsEffectDelivers() async {
        let reactor = TickerBoard(clock: ManualClock())
        reactor.send(.add(1))
        let remover = reactor.state.observe { state in
            if state.rows.first?.ticks == 1 { reactor.send(.row(1, .close)) }
        }
        reactor.send(.row(1, .tickTwice))
        await withSafetyNet { await reactor.waitUntilIdle() }
        withExtendedLifetime(remover) {}
        #expect(reactor.currentState.rows.isEmpty)
        #expect(reactor.currentState.closedRows == 1)
    }

    @Test("N5: a dismissed sheet's late mutation is dropped quietly: no change, no warning, no trap")
    func dismissedSheetsLateMutation() async {
        let tester = ReactorTester(TickerBoard(clock: ManualClock()))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.presented(.dismissThenTick))) { $0.ticker = nil }
        let reactor = tester.reactor
        await tester.send(.open) { $0.ticker = Ticker.State() }
        let dismisser = reactor.state.observe { state in
            if state.ticker?.ticks == 1 { reactor.send(.ticker(.dismiss)) }
        }
        await tester.send(.ticker(.presented(.tickTwice)))
        await tester.receive(Ticker.Mutation.tick, at: \.ticker) { $0.ticker?.ticks = 1 }
        await tester.receive(dismissalAt: \.ticker) { $0.ticker = nil }
        await tester.finish()
        withExtendedLifetime(dismisser) {}
    }

    @Test("N5: a mutation for a row that has gone is dropped quietly: no change, no warning, no trap")
    func removedRowsLateMutation() async {
        let reactor = TickerBoard(clock: ManualClock())
        reactor.send(.add(1))
        reactor.send(.add(2))
        let remover = reactor.state.observe { state in
            if state.rows.first?.ticks == 1 { reactor.send(.removeAll) }
        }
        nonisolated(unsafe) var warnings: [String] = []
        await DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.row(1, .tickTwice))
            await withSafetyNet { await reactor.waitUntilIdle() }
        }
        withExtendedLifetime(remover) {}
        #expect(reactor.currentState.rows.isEmpty)
        #expect(warnings.isEmpty)
    }

    @Test("N3: two children embedded by key path keep their ids apart: both run \"tick\", one stops only its own")
    func keyPathChildrenOwnTheirIds() async {
        let clock = ManualClock()
        let tester = ReactorTester(TwoTickers(clock: clock))
        await tester.send(.left(.start))
        await tester.send(.right(.start))
        #expect(clock.sleeperCount == 2, "the right ticker's \"tick\" did not supersede the left one's")
        await tester.send(.left(.stop))
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.right) { $0.right.ticks = 1 }
        await tester.send(.right(.stop))
        await tester.finish()
    }

    @Test("N3: a child's work without an id is anonymous inside its scope: two such works both deliver")
    func anonymousChildWork() async {
        let tester = ReactorTester(TickerBoard(clock: ManualClock()))
        await tester.send(.add(1)) { $0.rows = [Ticker.State(id: 1)] }
        await tester.send(.row(1, .pingTwice))
        await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 1) { $0.rows[0].ticks = 1 }
        await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 1) { $0.rows[0].ticks = 2 }
        await tester.finish()
    }

    @Test("N5: an action for an unknown row id does nothing and fails the test at its send")
    func actionForUnknownRow() async {
        let tester = ReactorTester(TickerBoard(clock: ManualClock()))
        await tester.send(.add(1)) { $0.rows = [Ticker.State(id: 1)] }
        await withKnownIssue {
            await tester.send(.row(7, .start))
        }
        #expect(!tester.reactor.hasRunningWork)
    }

    @Test("N3: a traced parent names a child's work by where the child lives")
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

    @Test("N3, N4: features of features: a group's ticker's \"tick\" is its own, and removing a group stops its tickers' work")
    func featuresOfFeatures() async {
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(GroupBoard(clock: clock), initialState: GroupBoard.State()))
        await tester.send(.addGroup("a")) { $0.groups = [TickerGroup.State(id: "a")] }
        await tester.send(.addGroup("b")) { $0.groups.append(TickerGroup.State(id: "b")) }
        await tester.send(.group("a", .add(1))) { $0.groups[0].tickers = [Ticker.State(id: 1)] }
        await tester.send(.group("a", .add(2))) { $0.groups[0].tickers.append(Ticker.State(id: 2)) }
        await tester.send(.group("b", .add(1))) { $0.groups[1].tickers = [Ticker.State(id: 1)] }
        await tester.send(.group("a", .ticker(1, .start)))
        await tester.send(.group("a", .ticker(2, .start)))
        await tester.send(.group("b", .ticker(1, .start)))
        #expect(clock.sleeperCount == 3, "a group's row's \"tick\" is its own at every depth")
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.groups, id: "a") { $0.groups[0].tickers[0].ticks = 1 }
        await tester.receive(Ticker.Mutation.tick, at: \.groups, id: "a") { $0.groups[0].tickers[1].ticks = 1 }
        await tester.receive(Ticker.Mutation.tick, at: \.groups, id: "b") { $0.groups[1].tickers[0].ticks = 1 }
        await tester.send(.group("a", .remove(2))) { $0.groups[0].tickers.removeLast() }
        #expect(clock.sleeperCount == 2, "the group's own reduce removed its ticker 2, whose work stopped")
        await tester.send(.removeGroup("a")) { $0.groups.removeFirst() }
        #expect(clock.sleeperCount == 1, "removing group a stopped the work of every ticker in it")
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.groups, id: "b") { $0.groups[0].tickers[0].ticks = 2 }
        await tester.send(.group("b", .ticker(1, .stop)))
        await tester.finish()
    }

    @Test("N3: a trace names a row by its id whatever the id's type: a string, then an Int inside it")
    func tracedStringIds() async {
        let reactor = FeatureReactor(GroupBoard(clock: ManualClock()), initialState: GroupBoard.State())
        var lines: [String] = []
        let trace = reactor.trace("board") { lines.append($0) }
        reactor.send(.addGroup("a"))
        reactor.send(.group("a", .add(1)))
        reactor.send(.group("a", .ticker(1, .start)))
        reactor.send(.removeGroup("a"))
        await withSafetyNet { await reactor.waitUntilIdle() }
        withExtendedLifetime(trace) {}
        #expect(lines.filter { $0.contains("effect") } == [
            #"[board] effect \State.groups["a"] › \State.tickers[1] › "tick" #1 started"#,
            #"[board] effect \State.groups["a"] › \State.tickers[1] › "tick" #1 cancelled"#,
        ])
    }

    #if DEBUG
    @Test("N5: an action for a row inside a row that is gone names the whole place")
    func missingNestedChildNamesItsPlace() {
        let reactor = FeatureReactor(GroupBoard(clock: ManualClock()), initialState: GroupBoard.State())
        reactor.send(.addGroup("a"))
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.group("a", .ticker(3, .start)))
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(#"\State.groups["a"] › \State.tickers[3]"#) == true, "\(warnings)")
    }
    #endif

    #if DEBUG
    @Test("A parent declaring its children warns of nothing while Mirror shows enums as relied on")
    func noWarningWhenMirrorWorks() {
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            _ = TickerBoard(clock: ManualClock())
            _ = FeatureReactor(GroupBoard(clock: ManualClock()), initialState: GroupBoard.State())
        }
        #expect(warnings.isEmpty)
    }

    @Test("N7: a row's cached place past the end of a list that shrank is checked, never read out of bounds")
    func rowIndexAfterTheListShrank() {
        let reactor = TickerBoard(clock: ManualClock())
        for id in 1...20 { reactor.send(.add(id)) }
        reactor.send(.row(20, .pingTwice))  // row 20's place, 19, is remembered
        reactor.send(.row(20, .close))  // the list shrinks to 19 rows
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.row(20, .start))
        }
        #if DEBUG
        #expect(warnings.count == 1, "the row has gone: N5")
        #endif
        #expect(!reactor.hasRunningWork)
        #expect(reactor.currentState.rows.count == 19)
    }

    @Test("N6: Effect.dismiss from a reactor that nothing presents does nothing and warns")
    func dismissAtTheRootWarns() {
        let reactor = FeatureReactor(Ticker(clock: ManualClock()), initialState: Ticker.State())
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.dismissSelf)
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("ViewStateKit warning: Effect.dismiss reached a Reactor<") == true)
    }
    #endif

    @Test("N7: a row's action finds its row through the index, also after rows move and are removed")
    func rowIndexFollowsChanges() async {
        let reactor = TickerBoard(clock: ManualClock())
        for id in 1...20 { reactor.send(.add(id)) }
        reactor.send(.row(15, .tickTwice))
        await withSafetyNet { await reactor.waitUntilIdle() }
        reactor.send(.row(3, .close))
        reactor.send(.row(15, .tickTwice))
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(reactor.currentState.rows.first { $0.id == 15 }?.ticks == 4)
        #expect(reactor.currentState.rows.map(\.ticks).reduce(0, +) == 4)
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

@MainActor
@Suite("Once: a child's declared places are made on first use and kept")
struct OnceTests {
    @Test("the value is made on first use only, and every later use gets the same one")
    func makesOnce() {
        var made = 0
        let once = Once { () -> [Int] in
            made += 1
            return [made]
        }
        #expect(made == 0)  // nothing is made before it is used
        #expect(once.value == [1])
        #expect(once.value == [1])
        #expect(made == 1)
    }
}
