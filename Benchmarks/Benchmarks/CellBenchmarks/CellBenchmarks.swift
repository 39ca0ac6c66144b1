import Benchmark
import Observation
import OpenCombine
import ViewStateKit

// Every benchmark runs 1,000 operations per sample (`scalingFactor: .kilo`); `compare`
// divides each sample's wall clock and malloc count by that number.

/// What every observer does with a value: add it to a sum the optimiser cannot drop.
final class Sink: @unchecked Sendable {
    var total = 0
}

/// The limit: a closure stored in a class property, called with the value.
final class StoredClosure {
    var body: (Int) -> Void
    init(_ body: @escaping (Int) -> Void) { self.body = body }
}

/// Made out of the optimiser's sight, so the closure call is a real indirect call (a local
/// closure, or one the optimiser can see stored, is inlined away to nothing).
@inline(never)
func makeStoredClosure(_ sink: Sink) -> StoredClosure {
    StoredClosure { sink.total &+= $0 }
}

/// The cell a user writes without a library: an array of closures.
final class ClosureArrayCell {
    var value = 0
    var observers: [(Int) -> Void] = []
    func send(_ newValue: Int) {
        value = newValue
        for observer in observers { observer(newValue) }
    }
}

/// An `@Observable` model, observed the way SwiftUI does: re-tracked after every change.
@Observable final class ObservedModel {
    var value = 0
}

/// A renderer for the ViewState rendering path.
@MainActor final class CountingRenderer: Renderer {
    var rendered = 0
    func render(_ state: ViewState<[Int]>) { rendered &+= 1 }
}

enum CounterAction { case increment }
enum CounterMutation: Sendable { case add(Int) }

/// The smallest reactor: one action, one mutation, an `Int` state.
@MainActor final class CounterReactor: Reactor<CounterAction, CounterMutation, Int> {
    override func mutate(action: CounterAction) -> Effect<CounterMutation> {
        switch action {
        case .increment: .mutation(.add(1))
        }
    }

    override func reduce(state: Int, mutation: CounterMutation) -> Int {
        switch mutation {
        case .add(let amount): state + amount
        }
    }
}

/// The same state change written by hand: a switch, then a send.
@MainActor final class HandWrittenCounter {
    let state = StateCell(0)
    func send(_ action: CounterAction) {
        switch action {
        case .increment: state.send(state.value + 1)
        }
    }
}

/// A screen state with two fields, for the Observation mirror: a view tracks `tracked`.
struct MirroredScreen: Equatable {
    var tracked: Int
    var other: Int
}

let observerCounts = [1, 10, 100, 1_000]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],  // JMH export needs throughput
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    Benchmark("closure baseline") { benchmark in
        let sink = Sink()
        let stored = makeStoredClosure(sink)
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations { stored.body(i) }
        blackHole(sink.total)
    }

    for count in observerCounts {
        Benchmark("cell send \(count)") { benchmark in
            let sink = Sink()
            let cell = StateCell(0)
            let tokens = (0..<count).map { _ in cell.observe { sink.total &+= $0 } }
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations { cell.send(i) }
            benchmark.stopMeasurement()
            blackHole(tokens)
            blackHole(sink.total)
        }

        Benchmark("opencombine send \(count)") { benchmark in
            let sink = Sink()
            let subject = CurrentValueSubject<Int, Never>(0)
            let cancellables = (0..<count).map { _ in subject.sink { sink.total &+= $0 } }
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations { subject.send(i) }
            benchmark.stopMeasurement()
            blackHole(cancellables)
            blackHole(sink.total)
        }

        Benchmark("closure array send \(count)") { benchmark in
            let sink = Sink()
            let cell = ClosureArrayCell()
            cell.observers = (0..<count).map { _ in { sink.total &+= $0 } }
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations { cell.send(i) }
            benchmark.stopMeasurement()
            blackHole(sink.total)
        }
    }

    Benchmark("observation set 1") { benchmark in
        let sink = Sink()
        let model = ObservedModel()
        func track() {
            withObservationTracking { sink.total &+= model.value } onChange: { sink.total &+= 1 }
        }
        track()
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            model.value = i
            track()
        }
        benchmark.stopMeasurement()
        blackHole(sink.total)
    }

    // The Observation mirror (`ObservedState`) is main-actor bound: like the reactor
    // benchmarks, the hop and setup are inside the measurement, amortised over 1,000 sends.
    Benchmark("mirror send untracked") { benchmark in
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let cell = StateCell(MirroredScreen(tracked: 0, other: 0))
            let mirror = cell.observed()
            for i in iterations { cell.send(MirroredScreen(tracked: i, other: i)) }
            blackHole(mirror.value.tracked)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("mirror send tracked field") { benchmark in
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let sink = Sink()
            let cell = StateCell(MirroredScreen(tracked: 0, other: 0))
            let mirror = cell.observed()
            @MainActor func track() {
                withObservationTracking { sink.total &+= mirror.tracked } onChange: { sink.total &+= 1 }
            }
            track()
            for i in iterations {
                cell.send(MirroredScreen(tracked: i, other: i))
                track()
            }
            blackHole(sink.total)
        }
        benchmark.stopMeasurement()
    }

    Benchmark("cell send 1 (main actor)") { benchmark in
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let sink = Sink()
            let cell = StateCell(MirroredScreen(tracked: 0, other: 0))
            let token = cell.observe { sink.total &+= $0.tracked }
            for i in iterations { cell.send(MirroredScreen(tracked: i, other: i)) }
            blackHole((token, sink.total))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("observation set untracked") { benchmark in
        let model = ObservedModel()
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations { model.value = i }
        benchmark.stopMeasurement()
        blackHole(model.value)
    }

    Benchmark("cell observe+cancel (with replay)") { benchmark in
        let sink = Sink()
        let cell = StateCell(0)
        let others = (0..<10).map { _ in cell.observe { sink.total &+= $0 } }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            cell.observe { sink.total &+= $0 }.cancel()
        }
        benchmark.stopMeasurement()
        blackHole(others)
    }

    Benchmark("cell reentrant send") { benchmark in
        let sink = Sink()
        let cell = StateCell(0)
        // Each outside send (even) makes the first observer send one more value (odd), queued.
        let first = cell.observe { value in if value & 1 == 0 { cell.send(value | 1) } }
        let second = cell.observe { sink.total &+= $0 }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations { cell.send(i << 1) }
        benchmark.stopMeasurement()
        blackHole((first, second, sink.total))
    }

    // The main-actor hop and the setup are inside the measurement, amortised over 1,000
    // iterations (2,000 states): `Benchmark` itself may not cross to the main actor.
    Benchmark("viewstate render path (2 states)") { benchmark in
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let cell = StateCell<ViewState<[Int]>>(.loading)
            let renderer = CountingRenderer()
            let content = [1, 2, 3]
            let token = cell.bind(to: renderer)
            for _ in iterations {
                cell.send(.loading)
                cell.send(.presenting(content))
            }
            blackHole((token, renderer.rendered))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("reactor round trip") { benchmark in
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let sink = Sink()
            let reactor = CounterReactor(initialState: 0)
            let token = reactor.state.observe { sink.total &+= $0 }
            for _ in iterations { reactor.send(.increment) }
            blackHole((token, sink.total))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("hand-written switch") { benchmark in
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let sink = Sink()
            let counter = HandWrittenCounter()
            let token = counter.state.observe { sink.total &+= $0 }
            for _ in iterations { counter.send(.increment) }
            blackHole((token, sink.total))
        }
        benchmark.stopMeasurement()
    }

    stateSizeBenchmarks()
    compositionBenchmarks()
    sharedBenchmarks()
}
