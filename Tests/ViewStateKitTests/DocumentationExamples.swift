// Code shown in the DocC articles (Sources/*/*.docc), compiled and run here. `scripts/check-listings`
// checks that every line of an article's Swift listing appears verbatim in a source file.
import Testing
import ViewStateKitTesting
import ViewStateKit

// MARK: - Migrating from ReactorKit: the counter

@MainActor
final class CounterReactor: Reactor<CounterReactor.Action, CounterReactor.Mutation, CounterReactor.State> {
    enum Action { case increase, decrease }
    enum Mutation: Sendable { case increaseValue, decreaseValue, setLoading(Bool) }
    struct State: Equatable {
        var value = 0
        var isLoading = false
    }

    private let clock: any Clock<Duration>

    init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        let change: Mutation = action == .increase ? .increaseValue : .decreaseValue
        return .merge(.mutation(.setLoading(true)), .run { [clock] send in
            guard (try? await clock.sleep(for: .milliseconds(500))) != nil else { return }
            await send(change)
            await send(.setLoading(false))
        })
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .increaseValue: state.value += 1
        case .decreaseValue: state.value -= 1
        case .setLoading(let isLoading): state.isLoading = isLoading
        }
        return state
    }
}

/// The counter screen, without UIKit: what a label and a spinner would show.
@MainActor
final class CounterView {
    private(set) var valueText = ""
    private(set) var isSpinning = false
    private var reactor: CounterReactor?
    private var tokens = Set<ObservationToken>()

    func bind(to reactor: CounterReactor) {
        self.reactor = reactor
        reactor.state.observe(\.value) { [weak self] value in self?.valueText = "\(value)" }.store(in: &tokens)
        reactor.state.observe(\.isLoading) { [weak self] isLoading in self?.isSpinning = isLoading }.store(in: &tokens)
    }

    func increaseTapped() { reactor?.send(.increase) }
}

@Suite("Documentation examples")
@MainActor
struct DocumentationExamples {
    @Test("the counter: a tap shows the spinner, half a second later the new value")
    func counter() async {
        let clock = ManualClock()
        let reactor = CounterReactor(clock: clock)
        let view = CounterView()
        view.bind(to: reactor)
        view.increaseTapped()
        #expect(view.isSpinning)
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(500))
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(view.valueText == "1")
        #expect(!view.isSpinning)
    }

    @Test("the counter, tested with ReactorTester")
    func counterTester() async {
        let clock = ManualClock()
        let tester = ReactorTester(CounterReactor(clock: clock))
        await tester.send(.increase) { $0.isLoading = true }
        await clock.advance(by: .milliseconds(500))
        await tester.receive { $0.value = 1 }
        await tester.receive { $0.isLoading = false }
    }
}

// MARK: - Migrating from ReactorKit: names shared with ReactorKit, TCA and swift-custom-dump

/// A reactor in a file that also imports ReactorKit or TCA: the shared names are qualified.
@MainActor
final class QualifiedCounter: ViewStateKit.Reactor<QualifiedCounter.Action, Int, Int> {
    enum Action { case increase }

    init() { super.init(initialState: 0) }

    override func mutate(action: Action) -> ViewStateKit.Effect<Int> {
        .mutation(1)
    }

    override func reduce(state: Int, mutation: Int) -> Int {
        state + mutation
    }
}

extension DocumentationExamples {
    @Test("qualified names: ViewStateKit.Reactor, ViewStateKit.Effect and ViewStateKitTesting.expectNoDifference work as the short ones")
    func qualifiedNames() async {
        let tester = ReactorTester(QualifiedCounter())
        await tester.send(.increase) { $0 += 1 }
        ViewStateKitTesting.expectNoDifference(tester.reactor.currentState, 1)
    }
}
