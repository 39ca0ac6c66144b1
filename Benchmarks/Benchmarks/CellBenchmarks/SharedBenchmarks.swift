import Benchmark
import ViewStateKit

// What a write to a shared value costs as the reactors holding it grow: 1, 10 and 100 screens
// holding one `Shared<Int>`, each with one observer; one of them writes. Registered by
// `sharedBenchmarks()`, called from `benchmarks` in CellBenchmarks.swift.

let holderCounts = [1, 10, 100]

/// A screen holding a shared count.
@MainActor final class CountHolder: Reactor<Int, Int, CountHolder.State> {
    struct State: Equatable, Sendable { var count: Shared<Int> }

    init(count: Shared<Int>) {
        super.init(initialState: State(count: count))
    }

    override var children: [ChildPlace<State, Int, Int>] { [.shared(\.count)] }
    override func mutate(action: Int) -> Effect<Int> { .mutation(action) }
    override func reduce(into state: inout State, mutation: Int) { state.count.value = mutation }
}

func sharedBenchmarks() {
    for holders in holderCounts {
        Benchmark("shared write \(holders) holders") { benchmark in
            let iterations = benchmark.scaledIterations
            benchmark.startMeasurement()
            await MainActor.run {
                let sink = Sink()
                let count = Shared(0)
                let screens = (0..<holders).map { _ in CountHolder(count: count) }
                let tokens = screens.map { $0.state.observe { sink.total &+= $0.count.value } }
                for i in iterations { screens[0].send(i + 1) }
                blackHole((tokens, sink.total))
            }
            benchmark.stopMeasurement()
        }
    }
}
