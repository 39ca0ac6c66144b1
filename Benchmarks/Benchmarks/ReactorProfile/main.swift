import ViewStateKit
import ViewStateKitTracing

// A fixed workload for `valgrind --tool=callgrind`, whose instruction counts repeat on this
// shared machine where wall-clock times do not: 200,000 reactor round trips and 200,000 cell
// sends to one observer, untraced; with the argument `four`, 200,000 round trips on a
// four-field state reduced in place instead; with `hand`, their baseline (a hand-written switch
// and one stored closure); with `traced`, 1,000 traced changes of one row in a list of 10,000;
// with `none`, nothing (process start-up, to subtract); with `rows N T`, T taps on rows of a list
// of N rows that each run one long piece of work (composition); with `restarts N T`, T restarts of
// a row's work (each supersedes the row's running work). Run from Benchmarks/:
//   swift build -c release --product reactor-profile
//   valgrind --tool=callgrind .build/release/reactor-profile

enum ProfileAction { case increment }
enum ProfileMutation: Sendable { case add(Int) }

@MainActor final class ProfileReactor: Reactor<ProfileAction, ProfileMutation, Int> {
    override func mutate(action: ProfileAction) -> Effect<ProfileMutation> {
        switch action {
        case .increment: .mutation(.add(1))
        }
    }

    override func reduce(state: Int, mutation: ProfileMutation) -> Int {
        switch mutation {
        case .add(let amount): state + amount
        }
    }
}

@MainActor func profile() -> Int {
    var total = 0
    let reactor = ProfileReactor(initialState: 0)
    let token = reactor.state.observe { total &+= $0 }
    let cell = StateCell(0)
    let cellToken = cell.observe { total &+= $0 }
    // Not `_ = token`: in an optimised build a local's lifetime may end at its last use.
    withExtendedLifetime((token, cellToken)) {
        for _ in 0..<200_000 { reactor.send(.increment) }
        for i in 0..<200_000 { cell.send(i) }
    }
    return total
}

/// A screen state with one field of each common kind, reduced in place.
struct FourFields {
    var title = "Stores near you"
    var names = ["CU", "GS25", "7-Eleven"]
    var count = 0
    var isOn = false
}

@MainActor final class FourFieldReactor: Reactor<ProfileAction, ProfileMutation, FourFields> {
    override func mutate(action: ProfileAction) -> Effect<ProfileMutation> {
        switch action {
        case .increment: .mutation(.add(1))
        }
    }

    override func reduce(into state: inout FourFields, mutation: ProfileMutation) {
        switch mutation {
        case .add(let amount): state.count += amount
        }
    }
}

/// `reactor-profile four`: 200,000 round trips on the four-field state, one observer that does
/// what the baseline's closure does (`hand`).
@MainActor func profileFourFields() -> Int {
    let sink = Sink()
    let reactor = FourFieldReactor(initialState: FourFields())
    let token = reactor.state.observe { sink.total &+= $0.count }
    withExtendedLifetime(token) {
        for _ in 0..<200_000 { reactor.send(.increment) }
    }
    return sink.total
}

/// The four-field baseline: a hand-written switch that changes the state in place, then calls
/// one stored closure with it. Made out of the optimiser's sight (`makeHandWrittenFourFields`),
/// so the closure is really called, not inlined.
@MainActor final class HandWrittenFourFields {
    var state = FourFields()
    var onChange: (FourFields) -> Void

    init(onChange: @escaping (FourFields) -> Void) { self.onChange = onChange }

    func send(_ action: ProfileAction) {
        switch action {
        case .increment: state.count += 1
        }
        onChange(state)
    }
}

/// What every observer of the four-field workloads does: add the count to a sum.
final class Sink {
    var total = 0
}

@MainActor @inline(never)
func makeHandWrittenFourFields(_ sink: Sink) -> HandWrittenFourFields {
    HandWrittenFourFields { sink.total &+= $0.count }
}

/// `reactor-profile hand`: the baseline of `four`, 200,000 hand-written round trips.
@MainActor func profileHandWritten() -> Int {
    let sink = Sink()
    let screen = makeHandWrittenFourFields(sink)
    for _ in 0..<200_000 { screen.send(.increment) }
    return sink.total
}

/// A list row, for the traced workload.
struct Row: Equatable, Identifiable {
    var id: Int
    var isRead = false
}

@MainActor final class RowReactor: Reactor<Int, Int, [Row]> {
    override func mutate(action: Int) -> Effect<Int> { .mutation(action) }
    override func reduce(into state: inout [Row], mutation: Int) { state[mutation].isRead.toggle() }
}

/// `reactor-profile traced`: 1,000 traced changes of one row in a list of 10,000.
@MainActor func profileTraced() -> Int {
    var total = 0
    let reactor = RowReactor(initialState: (0..<10_000).map { Row(id: $0) })
    let trace = reactor.trace("rows") { total &+= $0.utf8.count }
    withExtendedLifetime(trace) {
        for _ in 0..<1_000 { reactor.send(5_000) }
    }
    return total
}

/// A row that runs one long effect and counts taps: composition's workload.
struct WorkingRow: Feature {
    struct State: Identifiable {
        var id: Int
        var taps = 0
    }
    enum Action: Sendable { case start, tap }
    enum Mutation: Sendable { case tap }

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .start: .run(id: "load") { _ in try await Task.sleep(for: .seconds(3_600)) }
        case .tap: .mutation(.tap)
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        state.taps += 1
    }
}

struct WorkingList: Feature {
    struct State {
        var rows: [WorkingRow.State]
        var count = 0
    }
    enum Action: Sendable { case row(Int, WorkingRow.Action), count }
    enum Mutation: Sendable { case counted }

    var children: [ChildPlace<State, Action, Mutation>] {
        [.rows(WorkingRow(), state: \.rows, action: Action.row)]
    }

    /// The list counts with a mutation of its own.
    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .count: .mutation(.counted)
        case .row: .none
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .counted: state.count += 1
        }
    }
}

/// `reactor-profile own N T`: N rows each start one long piece of work, the list counting each
/// with a mutation of its own, then T more such mutations. The cost of one is
/// (own N T − own N 0) / T; `own N 0` across N shows whether starting work in every row while
/// the list counts them is linear.
@MainActor func profileOwnMutations(_ count: Int, mutations: Int) -> Int {
    let sink = Sink()
    let list = FeatureReactor(WorkingList(), initialState: WorkingList.State(rows: (0..<count).map { WorkingRow.State(id: $0) }))
    for id in 0..<count {
        list.send(.row(id, .start))
        list.send(.count)  // the list counts its working rows as they start
    }
    let token = list.state.observe { sink.total &+= $0.count }
    withExtendedLifetime(token) {
        for _ in 0..<mutations { list.send(.count) }
    }
    return sink.total
}

/// `reactor-profile rows N T`: N rows each start one long piece of work (its task never runs
/// here: nothing drains the main queue, so it stays running), then T taps on rows, round robin.
/// The cost of a tap is (rows N T − rows N 0) / T.
@MainActor func profileRows(_ count: Int, taps: Int, restarting: Bool = false) -> Int {
    let sink = Sink()
    let list = FeatureReactor(WorkingList(), initialState: WorkingList.State(rows: (0..<count).map { WorkingRow.State(id: $0) }))
    for id in 0..<count { list.send(.row(id, .start)) }
    let token = list.state.observe { sink.total &+= $0.rows.count }
    withExtendedLifetime(token) {
        for i in 0..<taps { list.send(.row(i % count, restarting ? .start : .tap)) }
    }
    return sink.total
}

switch CommandLine.arguments.dropFirst().first {
case "rows", "restarts":
    let numbers = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
    let restarting = CommandLine.arguments[1] == "restarts"
    print(MainActor.assumeIsolated {
        profileRows(numbers.first ?? 100, taps: numbers.dropFirst().first ?? 10_000, restarting: restarting)
    })
case "own":
    let numbers = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
    print(MainActor.assumeIsolated { profileOwnMutations(numbers.first ?? 100, mutations: numbers.dropFirst().first ?? 10_000) })
case "route", "switch":
    let kind = CommandLine.arguments.dropFirst(2).first ?? "scope1"
    let taps = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 10_000
    let routed = CommandLine.arguments[1] == "route"
    print(MainActor.assumeIsolated { routed ? profileRouting(kind, taps: taps) : profileSwitch(kind, taps: taps) })
case "four":
    print(MainActor.assumeIsolated { profileFourFields() })
case "hand":
    print(MainActor.assumeIsolated { profileHandWritten() })
case "none":
    print(0)  // process start-up alone, to subtract
case "traced":
    print(MainActor.assumeIsolated { profileTraced() })
default:
    print(MainActor.assumeIsolated { profile() })
}
