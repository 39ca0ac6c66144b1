import ViewStateKit

// A fixed workload for `valgrind --tool=callgrind`, whose instruction counts repeat on this
// shared machine where wall-clock times do not: 200,000 reactor round trips and 200,000 cell
// sends to one observer, untraced. Run from Benchmarks/:
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
    for _ in 0..<200_000 { reactor.send(.increment) }
    let cell = StateCell(0)
    let cellToken = cell.observe { total &+= $0 }
    for i in 0..<200_000 { cell.send(i) }
    _ = (token, cellToken)
    return total
}

print(MainActor.assumeIsolated { profile() })
