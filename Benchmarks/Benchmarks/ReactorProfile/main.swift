import ViewStateKit

// A fixed workload for `valgrind --tool=callgrind`, whose instruction counts repeat on this
// shared machine where wall-clock times do not: 200,000 reactor round trips and 200,000 cell
// sends to one observer, untraced; with the argument `four`, 200,000 round trips on a
// four-field state reduced in place instead; with `traced`, 1,000 traced changes of one row in
// a list of 10,000. Run from Benchmarks/:
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

/// `reactor-profile four`: 200,000 round trips on the four-field state, one observer.
@MainActor func profileFourFields() -> Int {
    var total = 0
    let reactor = FourFieldReactor(initialState: FourFields())
    let token = reactor.state.observe { total &+= $0.count }
    withExtendedLifetime(token) {
        for _ in 0..<200_000 { reactor.send(.increment) }
    }
    return total
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

switch CommandLine.arguments.dropFirst().first {
case "four":
    print(MainActor.assumeIsolated { profileFourFields() })
case "traced":
    print(MainActor.assumeIsolated { profileTraced() })
default:
    print(MainActor.assumeIsolated { profile() })
}
