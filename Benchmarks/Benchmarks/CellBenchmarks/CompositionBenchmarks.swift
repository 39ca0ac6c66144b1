import Benchmark
import ViewStateKit

// How composition's costs grow with the number of children (rule N7): a row's action in a list
// of 100, 1,000 and 10,000 rows that each run one long effect; a mutation of the list's own in
// such a list; starting a row's work in such a list; a push and a pop on a stack of 10 and
// 1,000 screens. Registered by
// `compositionBenchmarks()`, called from `benchmarks` in CellBenchmarks.swift. The lists and
// stacks are built before the measurement; each sample is 1,000 operations.

let rowCounts = [100, 1_000, 10_000]
let stackDepths = [10, 1_000]

/// How many rows' long effects have begun: the setup waits for all of them, so no task
/// starts inside the measurement.
@MainActor final class StartedWork {
    var count = 0
}

/// A row that runs one long effect (a subscription to updates that never come, so no timer of
/// the runtime's is involved) and counts taps.
struct WorkingRow: Feature {
    struct State: Equatable, Identifiable, Sendable {
        var id: Int
        var taps = 0
    }
    enum Action: Sendable { case start, tap, blip }
    enum Mutation: Sendable { case tap }
    let started: StartedWork

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .start:
            .run(id: "load") { [started] _ in
                started.count += 1
                // A subscription that never yields: it ends when the work is cancelled.
                let (updates, continuation) = AsyncStream<Int>.makeStream()
                for await _ in updates {}
                withExtendedLifetime(continuation) {}
            }
        case .tap:
            .mutation(.tap)
        case .blip:  // starts a second piece of work and stops it at once
            .merge(.run(id: "blip") { _ in }, .cancel(id: "blip"))
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        state.taps += 1
    }
}

/// A list of working rows, declared once as a child place, that counts with a mutation of its own.
struct WorkingList: Feature {
    struct State: Equatable, Sendable {
        var rows: [WorkingRow.State]
        var count = 0
    }
    enum Action: Sendable { case row(Int, WorkingRow.Action), count }
    enum Mutation: Sendable { case counted }
    let started: StartedWork

    var children: [ChildPlace<State, Action, Mutation>] {
        [.rows(WorkingRow(started: started), state: \.rows, action: Action.row)]
    }

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

/// A stack of screens, each a working row's feature, pushed and popped by the parent.
struct StackedScreens: Feature {
    struct State: Equatable, Sendable { var path = ScreenStack<WorkingRow.State>() }
    enum Action: Sendable { case push, path(StackAction<WorkingRow.Action>) }
    enum Mutation: Sendable { case push }
    let started: StartedWork

    var children: [ChildPlace<State, Action, Mutation>] {
        [.stack(WorkingRow(started: started), state: \.path, action: Action.path)]
    }

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .push: .mutation(.push)
        case .path: .none
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .push: state.path.push(WorkingRow.State(id: state.path.count))
        }
    }
}

/// A reactor made on the main actor before the measurement, handed to the measured block.
final class ReactorHandOff<Value>: @unchecked Sendable {
    var value: Value?
}

/// A list of `count` rows whose long effects have all begun.
func workingList(rows count: Int) async -> ReactorHandOff<FeatureReactor<WorkingList>> {
    let handOff = ReactorHandOff<FeatureReactor<WorkingList>>()
    await MainActor.run {
        let list = FeatureReactor(WorkingList(started: StartedWork()),
                                  initialState: WorkingList.State(rows: (0..<count).map { WorkingRow.State(id: $0) }))
        for id in 0..<count { list.send(.row(id, .start)) }
        handOff.value = list
    }
    while await MainActor.run(body: { handOff.value?.feature.started.count ?? count }) < count { await Task.yield() }
    return handOff
}

func compositionBenchmarks() {
    for count in rowCounts {
        let label = count >= 1_000 ? "\(count / 1_000)k" : "\(count)"

        Benchmark("row action \(label) rows working") { benchmark in
            let iterations = benchmark.scaledIterations
            let handOff = await workingList(rows: count)
            benchmark.startMeasurement()
            await MainActor.run {
                guard let list = handOff.value else { return }
                let sink = Sink()
                let token = list.state.observe { sink.total &+= $0.rows.count }
                for i in iterations { list.send(.row(i % count, .tap)) }
                blackHole((token, sink.total))
            }
            benchmark.stopMeasurement()
            await MainActor.run { handOff.value = nil }  // cancels the rows' work
        }

        // Each operation is a mutation of the list's own (a count) while every row has work
        // running: what the list pays for its rows' work when it changes only itself.
        Benchmark("parent mutation \(label) rows working") { benchmark in
            let iterations = benchmark.scaledIterations
            let handOff = await workingList(rows: count)
            benchmark.startMeasurement()
            await MainActor.run {
                guard let list = handOff.value else { return }
                for _ in iterations { list.send(.count) }
            }
            benchmark.stopMeasurement()
            await MainActor.run { handOff.value = nil }
        }

        // Each operation starts a piece of work in a row and stops it: what starting a row's work
        // costs while every row has work running (the same for every size: no task of the
        // runtime's has begun or must be woken).
        Benchmark("row start work \(label) rows working") { benchmark in
            let iterations = benchmark.scaledIterations
            let handOff = await workingList(rows: count)
            benchmark.startMeasurement()
            await MainActor.run {
                guard let list = handOff.value else { return }
                for i in iterations { list.send(.row(i % count, .blip)) }
            }
            benchmark.stopMeasurement()
            await MainActor.run { handOff.value = nil }
        }
    }

    for depth in stackDepths {
        let label = depth >= 1_000 ? "\(depth / 1_000)k" : "\(depth)"
        Benchmark("push+pop on \(label) screens") { benchmark in
            let iterations = benchmark.scaledIterations
            let handOff = ReactorHandOff<FeatureReactor<StackedScreens>>()
            await MainActor.run {
                let stack = FeatureReactor(StackedScreens(started: StartedWork()), initialState: StackedScreens.State())
                for _ in 0..<depth { stack.send(.push) }
                stack.send(.path(.screen(id: 0, action: .start)))  // one screen at the bottom is working
                handOff.value = stack
            }
            benchmark.startMeasurement()
            await MainActor.run {
                guard let stack = handOff.value else { return }
                let sink = Sink()
                let token = stack.state.observe { sink.total &+= $0.path.count }
                for _ in iterations {
                    stack.send(.push)
                    if let top = stack.currentState.path.ids.last { stack.send(.path(.popFrom(id: top))) }
                }
                blackHole((token, sink.total))
            }
            benchmark.stopMeasurement()
            await MainActor.run { handOff.value = nil }
        }
    }
}
