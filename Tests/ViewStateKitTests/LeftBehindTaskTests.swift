import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// A toast that hides itself: shown by the work, hidden two seconds later — once by a task the
/// work leaves behind (a mistake), once by the work itself, once by work that is cancelled first.
@MainActor
final class SelfHidingToast: Reactor<SelfHidingToast.Action, SelfHidingToast.Mutation, SelfHidingToast.State> {
    enum Action: Sendable { case showLeavingTask, showSendingAction, showLeavingTaskThenWait, show, dismiss, hide }
    enum Mutation: Equatable, Sendable { case shown, hidden }
    struct State: Equatable { var visible = false }

    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .showLeavingTask:
            .run { [clock] send in
                await send(.shown)
                Task {  // not awaited: the work ends here, before the task sends
                    try await clock.sleep(for: .seconds(2))
                    await send(.hidden)
                }
            }
        case .showSendingAction:
            .run { [clock, weak self] send in
                await send(.shown)
                Task {  // left behind, but it sends the reactor an action: new work of its own
                    try await clock.sleep(for: .seconds(2))
                    self?.send(.hide)
                }
            }
        case .showLeavingTaskThenWait:
            .run(id: "toast") { [clock] send in
                await send(.shown)
                Task {  // left behind; the work goes on until it is cancelled
                    try await clock.sleep(for: .seconds(2))
                    await send(.hidden)
                }
                try await clock.sleep(for: .seconds(60))
            }
        case .hide:
            .mutation(.hidden)
        case .show:
            .run(id: "toast") { [clock] send in
                await send(.shown)
                try await clock.sleep(for: .seconds(2))
                await send(.hidden)
            }
        case .dismiss:
            .cancel(id: "toast")
        }
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .shown: State(visible: true)
        case .hidden: State(visible: false)
        }
    }
}

/// The toast as a child feature, whose work leaves a task behind: what it sends late is a
/// child's mutation, named with its place.
struct ToastFeature: Feature {
    struct State: Equatable { var visible = false }
    enum Action: Sendable { case showLeavingTask }
    enum Mutation: Equatable, Sendable { case shown, hidden }
    let clock: ManualClock

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        .run { [clock] send in
            await send(.shown)
            Task {  // not awaited: the work ends here, before the task sends
                try await clock.sleep(for: .seconds(2))
                await send(.hidden)
            }
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        state.visible = mutation == .shown
    }
}

/// A screen holding the toast.
struct ToastScreen: Feature {
    struct State: Equatable { var toast = ToastFeature.State() }
    enum Action: Sendable { case toast(ToastFeature.Action) }
    let clock: ManualClock

    var children: [ChildPlace<State, Action, Never>] {
        [.scope(ToastFeature(clock: clock), state: \.toast, action: Action.toast)]
    }
}

@Suite("Work's mutations after it ended: dropped, and a debug build names a task left behind")
@MainActor
struct LeftBehindTaskTests {
    #if DEBUG
    @Test("a task the work started and did not await sends after the work ended: dropped, with a warning naming it")
    func taskLeftBehind() async {
        nonisolated(unsafe) var warnings: [String] = []
        let clock = ManualClock()
        let tester = ReactorTester(SelfHidingToast(clock: clock))
        await DebugWarning.$sink.withValue({ warnings.append($0) }) {
            await tester.send(.showLeavingTask)
            await tester.receive(.shown) { $0.visible = true }
            #expect(clock.sleeperCount == 1, "the task left behind sleeps; the work has ended")
            await clock.advance(by: .seconds(2))
        }
        #expect(tester.state.visible, "the work had ended: its mutation is dropped, as in the app")
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("dropped hidden: its work had ended before sending it") == true)
        #expect(warnings.first?.contains("Task { }") == true)
    }

    @Test("a child's task left behind sends after its work ended: dropped, and the warning names the child's place")
    func childTaskLeftBehind() async {
        nonisolated(unsafe) var warnings: [String] = []
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(ToastScreen(clock: clock), initialState: .init()))
        await DebugWarning.$sink.withValue({ warnings.append($0) }) {
            await tester.send(.toast(.showLeavingTask))
            await tester.receive(ToastFeature.Mutation.shown, at: \.toast) { $0.toast.visible = true }
            await clock.advance(by: .seconds(2))
        }
        #expect(tester.state.toast.visible, "the work had ended: its mutation is dropped")
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("dropped \\State.toast › .hidden: its work had ended before sending it") == true)
    }

    @Test("a task left behind by work that was cancelled sends later: dropped quietly, no warning")
    func cancelledWorkIsQuiet() async {
        nonisolated(unsafe) var warnings: [String] = []
        let clock = ManualClock()
        let tester = ReactorTester(SelfHidingToast(clock: clock))
        await DebugWarning.$sink.withValue({ warnings.append($0) }) {
            await tester.send(.showLeavingTaskThenWait)
            await tester.receive(.shown) { $0.visible = true }
            await tester.send(.dismiss)
            await clock.advance(by: .seconds(2))
        }
        #expect(tester.state.visible)
        #expect(warnings.isEmpty)
    }
    #endif

    @Test("a task left behind that sends the reactor an action: the next advance drives it, the tester receives it")
    func taskSendingAnAction() async {
        let clock = ManualClock()
        let tester = ReactorTester(SelfHidingToast(clock: clock))
        await tester.send(.showSendingAction)
        await tester.receive(.shown) { $0.visible = true }
        await clock.advance(by: .seconds(2))
        await tester.receive(.hidden) { $0.visible = false }
    }

    @Test("work that sleeps and sends itself hides the toast: the tester receives both states")
    func workThatAwaits() async {
        let clock = ManualClock()
        let tester = ReactorTester(SelfHidingToast(clock: clock))
        await tester.send(.show)
        await tester.receive(.shown) { $0.visible = true }
        await clock.advance(by: .seconds(2))
        await tester.receive(.hidden) { $0.visible = false }
    }
}
