import Benchmark
import ViewStateKit
import ViewStateKitTracing

// How a reactor's costs grow with the state it holds: an append to, and a change of one item
// in, a list of 1k, 10k and 100k items — reduced in place, reduced ReactorKit's way, and by
// hand — then the same change traced, and a round trip on a four-field state. Registered by
// `stateSizeBenchmarks()`, called from `benchmarks` in CellBenchmarks.swift.

let listSizes = [1_000, 10_000, 100_000]

/// A list row, as a feed or chat keeps it.
struct FeedItem: Equatable, Identifiable, Sendable {
    var id: Int
    var isRead = false
}

struct FeedState: Equatable, Sendable {
    var items: [FeedItem]
}

enum FeedAction { case append(Int), toggle(Int) }
enum FeedMutation: Sendable { case append(Int), toggle(Int) }

/// The reactor as its docs advise: `reduce(into:)`, changing the one copy of its state.
@MainActor final class InPlaceFeed: Reactor<FeedAction, FeedMutation, FeedState> {
    override func mutate(action: FeedAction) -> Effect<FeedMutation> {
        switch action {
        case .append(let id): .mutation(.append(id))
        case .toggle(let index): .mutation(.toggle(index))
        }
    }

    override func reduce(into state: inout FeedState, mutation: FeedMutation) {
        switch mutation {
        case .append(let id): state.items.append(FeedItem(id: id))
        case .toggle(let index): state.items[index].isRead.toggle()
        }
    }
}

/// The same reactor written the ReactorKit way: a new state from a copy.
@MainActor final class ReturningFeed: Reactor<FeedAction, FeedMutation, FeedState> {
    override func mutate(action: FeedAction) -> Effect<FeedMutation> {
        switch action {
        case .append(let id): .mutation(.append(id))
        case .toggle(let index): .mutation(.toggle(index))
        }
    }

    override func reduce(state: FeedState, mutation: FeedMutation) -> FeedState {
        var state = state
        switch mutation {
        case .append(let id): state.items.append(FeedItem(id: id))
        case .toggle(let index): state.items[index].isRead.toggle()
        }
        return state
    }
}

/// The in-place baseline: a switch that changes a stored state in place, then calls one stored
/// closure with it — what a screen without a library would write. Made by `makeHandWrittenFeed`,
/// out of the optimiser's sight, like `StoredClosure`: built where the optimiser can see which
/// closure `onChange` holds, the call was inlined away (the loop only added to the sink).
@MainActor final class HandWrittenFeed {
    var state: FeedState
    var onChange: (FeedState) -> Void

    init(_ state: FeedState, onChange: @escaping (FeedState) -> Void) {
        self.state = state
        self.onChange = onChange
    }

    func send(_ action: FeedAction) {
        switch action {
        case .append(let id): state.items.append(FeedItem(id: id))
        case .toggle(let index): state.items[index].isRead.toggle()
        }
        onChange(state)
    }
}

/// A screen state with one field of each common kind.
struct FourFields: Equatable, Sendable {
    var title = "Stores near you"
    var names = ["CU", "GS25", "7-Eleven"]
    var count = 0
    var isOn = false
}

enum FourFieldAction { case increment }
enum FourFieldMutation: Sendable { case add(Int) }

@MainActor final class InPlaceFourFields: Reactor<FourFieldAction, FourFieldMutation, FourFields> {
    override func mutate(action: FourFieldAction) -> Effect<FourFieldMutation> {
        switch action {
        case .increment: .mutation(.add(1))
        }
    }

    override func reduce(into state: inout FourFields, mutation: FourFieldMutation) {
        switch mutation {
        case .add(let amount): state.count += amount
        }
    }
}

@MainActor final class ReturningFourFields: Reactor<FourFieldAction, FourFieldMutation, FourFields> {
    override func mutate(action: FourFieldAction) -> Effect<FourFieldMutation> {
        switch action {
        case .increment: .mutation(.add(1))
        }
    }

    override func reduce(state: FourFields, mutation: FourFieldMutation) -> FourFields {
        var state = state
        switch mutation {
        case .add(let amount): state.count += amount
        }
        return state
    }
}

/// The four-field baseline, made by `makeHandWrittenFourFields` for the reason `HandWrittenFeed`
/// is: so `onChange` is a real call, with the state passed to it.
@MainActor final class HandWrittenFourFields {
    var state = FourFields()
    var onChange: (FourFields) -> Void

    init(onChange: @escaping (FourFields) -> Void) { self.onChange = onChange }

    func send(_ action: FourFieldAction) {
        switch action {
        case .increment: state.count += 1
        }
        onChange(state)
    }
}

/// Out of the optimiser's sight, like `makeStoredClosure`: the baselines' stored closure is
/// called, not inlined (built where the optimiser could see it, the call was removed).
@MainActor @inline(never)
func makeHandWrittenFeed(_ state: FeedState, _ sink: Sink) -> HandWrittenFeed {
    HandWrittenFeed(state) { sink.total &+= $0.items.count }
}

@MainActor @inline(never)
func makeHandWrittenFourFields(_ sink: Sink) -> HandWrittenFourFields {
    HandWrittenFourFields { sink.total &+= $0.count }
}

/// A list made before the measurement and handed over to the main actor, so the one copy the
/// reactor or the baseline holds is the only one (nothing else keeps the buffer).
final class ListHandOff: @unchecked Sendable {
    private var state: FeedState?

    init(count: Int) {
        var items = (0..<count).map { FeedItem(id: $0) }
        items.reserveCapacity(count + 2_000)  // room for a sample's appends: no regrowth measured
        state = FeedState(items: items)
    }

    func take() -> FeedState {
        defer { state = nil }
        return state ?? FeedState(items: [])
    }
}

func stateSizeBenchmarks() {
    for size in listSizes {
        let label = size >= 1_000 ? "\(size / 1_000)k" : "\(size)"

        Benchmark("append \(label) reactor in place") { benchmark in
            let iterations = benchmark.scaledIterations
            let list = ListHandOff(count: size)
            benchmark.startMeasurement()
            await MainActor.run {
                let sink = Sink()
                let feed = InPlaceFeed(initialState: list.take())
                let token = feed.state.observe { sink.total &+= $0.items.count }
                for i in iterations { feed.send(.append(i)) }
                blackHole((token, sink.total))
            }
            benchmark.stopMeasurement()
        }

        Benchmark("append \(label) reactor returning") { benchmark in
            let iterations = benchmark.scaledIterations
            let list = ListHandOff(count: size)
            benchmark.startMeasurement()
            await MainActor.run {
                let sink = Sink()
                let feed = ReturningFeed(initialState: list.take())
                let token = feed.state.observe { sink.total &+= $0.items.count }
                for i in iterations { feed.send(.append(i)) }
                blackHole((token, sink.total))
            }
            benchmark.stopMeasurement()
        }

        Benchmark("append \(label) by hand") { benchmark in
            let iterations = benchmark.scaledIterations
            let list = ListHandOff(count: size)
            benchmark.startMeasurement()
            await MainActor.run {
                let sink = Sink()
                let feed = makeHandWrittenFeed(list.take(), sink)
                for i in iterations { feed.send(.append(i)) }
                blackHole(sink.total)
            }
            benchmark.stopMeasurement()
        }

        Benchmark("change one \(label) reactor in place") { benchmark in
            let iterations = benchmark.scaledIterations
            let list = ListHandOff(count: size)
            benchmark.startMeasurement()
            await MainActor.run {
                let sink = Sink()
                let feed = InPlaceFeed(initialState: list.take())
                let token = feed.state.observe { sink.total &+= $0.items.count }
                for _ in iterations { feed.send(.toggle(size / 2)) }
                blackHole((token, sink.total))
            }
            benchmark.stopMeasurement()
        }

        Benchmark("change one \(label) by hand") { benchmark in
            let iterations = benchmark.scaledIterations
            let list = ListHandOff(count: size)
            benchmark.startMeasurement()
            await MainActor.run {
                let sink = Sink()
                let feed = makeHandWrittenFeed(list.take(), sink)
                for _ in iterations { feed.send(.toggle(size / 2)) }
                blackHole(sink.total)
            }
            benchmark.stopMeasurement()
        }

        // Traced: every mutation writes its changed fields (to a sink that counts the lines). A
        // sample of 1,000 traced actions on 100k items takes seconds: the time limit allows it.
        Benchmark("traced change one \(label) reactor in place",
                  configuration: .init(metrics: [.wallClock, .mallocCountTotal, .throughput],
                                       timeUnits: .nanoseconds, scalingFactor: .kilo,
                                       maxDuration: .seconds(20), maxIterations: 10)) { benchmark in
            let iterations = benchmark.scaledIterations
            let list = ListHandOff(count: size)
            benchmark.startMeasurement()
            await MainActor.run {
                let sink = Sink()
                let feed = InPlaceFeed(initialState: list.take())
                let token = feed.state.observe { sink.total &+= $0.items.count }
                let trace = feed.trace("feed") { sink.total &+= $0.utf8.count }
                for _ in iterations { feed.send(.toggle(size / 2)) }
                blackHole((token, trace, sink.total))
            }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("four fields reactor in place") { benchmark in
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let sink = Sink()
            let reactor = InPlaceFourFields(initialState: FourFields())
            let token = reactor.state.observe { sink.total &+= $0.count }
            for _ in iterations { reactor.send(.increment) }
            blackHole((token, sink.total))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("four fields reactor returning") { benchmark in
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let sink = Sink()
            let reactor = ReturningFourFields(initialState: FourFields())
            let token = reactor.state.observe { sink.total &+= $0.count }
            for _ in iterations { reactor.send(.increment) }
            blackHole((token, sink.total))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("four fields by hand") { benchmark in
        let iterations = benchmark.scaledIterations
        benchmark.startMeasurement()
        await MainActor.run {
            let sink = Sink()
            let screen = makeHandWrittenFourFields(sink)
            for _ in iterations { screen.send(.increment) }
            blackHole(sink.total)
        }
        benchmark.stopMeasurement()
    }
}
