import Testing
import ViewStateKitTesting
@testable import ViewStateKit
import ViewStateKitTracing

/// The screens of a small app's stack: an enum of features, one case per screen, with no
/// `switch` of its own (TCA's `@Reducer enum Path`).
struct AppPath: Feature {
    enum State: Equatable { case ticker(Ticker.State), counter(Counter.State) }
    enum Action: Sendable { case ticker(Ticker.Action), counter(Counter.Action) }
    enum Mutation: Equatable, Sendable { case counter(Counter.Action) }
    let clock: ManualClock

    var children: [ChildPlace<State, Action, Mutation>] {
        [.ifCase(Ticker(clock: clock), state: State.ticker, action: Action.ticker),
         .ifCase(Counter(), state: State.counter, action: Action.counter)]
    }
}

/// A root screen with a stack of screens, a sheet that is one of two destinations, and an alert.
@MainActor
final class StackApp: Reactor<StackApp.Action, StackApp.Mutation, StackApp.State> {
    struct State: Equatable {
        var path = ScreenStack<AppPath.State>()
        var destination: AppPath.State?
        var alert: AlertState<Alert>?
        var log: [String] = []
    }
    enum Alert: Equatable, Sendable { case confirm }
    enum Action: Sendable {
        case pushTicker, pushCounter, popToRoot, deepLink, showAlert, present(AppPath.State)
        /// The parent's own work for a screen: a counter mutation sent to it by id, and a pop by `stack[id:] = nil`.
        case incrementScreen(StackID), removeScreen(StackID), turnIntoCounter(StackID)
        case path(StackAction<AppPath.Action>)
        case destination(PresentationAction<AppPath.Action>)
        case alert(PresentationAction<Alert>)
    }
    enum Mutation: Equatable, Sendable {
        case push(AppPath.State), popToRoot, deepLink, showAlert, present(AppPath.State), log(String), removeScreen(StackID)
        case turnIntoCounter(StackID)
    }
    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: State())
    }

    override var children: [ChildPlace<State, Action, Mutation>] {
        [.stack(AppPath(clock: clock), state: \.path, action: Action.path),
         .presented(AppPath(clock: clock), state: \.destination, action: Action.destination),
         .alert(state: \.alert, action: Action.alert)]
    }

    /// A parent acting on a child: the child's own action, run once this one is done (R3).
    private func sendingLater(_ action: Action) -> Effect<Mutation> {
        send(action)
        return .none
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .pushTicker: .mutation(.push(.ticker(Ticker.State())))
        case .pushCounter: .mutation(.push(.counter(Counter.State())))
        case .popToRoot: .mutation(.popToRoot)
        case .deepLink: .mutation(.deepLink)
        case .showAlert: .mutation(.showAlert)
        case .present(let screen): .mutation(.present(screen))
        case .incrementScreen(let id): sendingLater(.path(.screen(id: id, action: .counter(.increment))))
        case .removeScreen(let id): .mutation(.removeScreen(id))
        case .turnIntoCounter(let id): .mutation(.turnIntoCounter(id))
        case .path(.screen(let id, .ticker(.close))): .mutation(.log("ticker \(id) closed"))  // a delegate action
        case .alert(.presented(.confirm)): .mutation(.log("confirmed, alert \(currentState.alert == nil ? "cleared" : "shown")"))
        case .path, .destination, .alert: .none
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .push(let screen): state.path.push(screen)
        case .popToRoot: state.path.removeAll()
        case .deepLink: state.path.replace(with: [.counter(Counter.State(count: 7)), .ticker(Ticker.State())])
        case .showAlert: state.alert = AlertState(title: "Sure?", buttons: [.destructive("Yes", action: .confirm), .cancel("No")])
        case .present(let screen): state.destination = screen
        case .log(let line): state.log.append(line)
        case .removeScreen(let id): state.path[id: id] = nil
        case .turnIntoCounter(let id): state.path[id: id] = .counter(Counter.State())
        }
    }
}

@MainActor
@Suite("A stack of screens as state, and presentation that cleans up after itself")
struct ScreenStackTests {
    @Test("ScreenStack: ids are stable, never given twice, and survive pops and deep links")
    func stackIds() {
        var stack = ScreenStack(["a", "b"])
        #expect(stack.ids == [0, 1])
        #expect(stack.push("c") == 2)
        stack.popLast()
        #expect(stack.push("d") == 3, "a popped id is never given again")
        stack.pop(from: 1)
        #expect(Array(stack) == ["a"] && stack.ids == [0])
        stack.replace(with: ["x", "y"])
        #expect(stack.ids == [4, 5])
        stack.push("z")
        stack.pop(to: 4)
        #expect(Array(stack) == ["x"] && stack.ids == [4])
        stack.pop(to: 99)
        stack.pop(from: 99)
        stack[id: 99] = "nothing"
        #expect(Array(stack) == ["x"], "an unknown id changes nothing")
        stack[id: 4] = "x2"
        #expect(stack[id: 4] == "x2")
        stack[id: 4] = nil
        #expect(stack.isEmpty && stack.popLast() == nil)
        #expect(stack.push("after") == 7)
    }

    @Test("ScreenStack: a navigation UI's path write is a pop from the first id it dropped, or nothing")
    func pathWrites() {
        let stack = ScreenStack(["a", "b", "c"])
        let pop: StackAction<Int>? = stack.popAction(forPath: [0])
        #expect(pop == .popFrom(id: 1))
        #expect(stack.popAction(forPath: [0, 1, 2]) as StackAction<Int>? == nil, "a read-back changes nothing")
        #expect(stack.popAction(forPath: [0, 7]) as StackAction<Int>? == nil, "a deep link of ids that do not exist changes nothing")
        #expect(stack.popAction(forPath: [2, 1]) as StackAction<Int>? == nil)
        #expect(stack.popAction(forPath: [0, 1, 2, 3]) as StackAction<Int>? == nil, "pushes come from reduce, never from ids")
        #expect(stack.popAction(forPath: []) as StackAction<Int>? == .popFrom(id: 0))
    }

    @Test("ScreenStack: equal when the screens and their ids are; shown by id in diffs")
    func stackEquality() {
        var left = ScreenStack(["a"]), right = ScreenStack<String>()
        right.push("a")
        #expect(left == right)
        left.push("b")
        left.popLast()
        #expect(left == right, "the count behind the next push is not compared")
        #expect(ValueDescription.describe(ScreenStack(["a", "b"])) == #"ScreenStack<String>(#0: "a", #1: "b")"#)
    }

    @Test("ScreenStack: two stacks with the same screens under other ids are unequal")
    func sameScreensOtherIds() {
        var reused = ScreenStack<String>()
        reused.push("gone")
        reused.popLast()
        reused.push("a")  // #1
        #expect(Array(reused) == ["a"] && reused.ids == [1])
        #expect(ScreenStack(["a"]) != reused, "an action for #0 would not reach this screen")
        #expect(reused != ScreenStack(["a"]))
    }

    @Test("ScreenStack: setting nil for a screen below the top pops it and every screen above it")
    func setNilBelowTheTop() {
        var stack = ScreenStack(["a", "b", "c"])
        stack[id: 1] = nil
        #expect(Array(stack) == ["a"] && stack.ids == [0])
        #expect(stack.push("d") == 3, "the popped ids are not given again")
    }

    @Test("ScreenStack: an id popped below a newer screen finds nothing: not the screen above it, nor the one below")
    func poppedIdBelowANewerScreen() {
        var stack = ScreenStack(["a", "b"])
        stack.popLast()
        stack.push("c")  // ids #0, #2
        #expect(stack[id: 1] == nil)
        stack[id: 1] = "written"
        stack[id: 1] = nil
        #expect(Array(stack) == ["a", "c"] && stack.ids == [0, 2], "a write or a pop for #1 changes nothing")
    }

    @Test("Stack: a screen's action reaches it by id; a test asserts it by id and case")
    func screenActionsById() async {
        let tester = ReactorTester(StackApp(clock: ManualClock()))
        await tester.send(.pushCounter) { $0.path.push(.counter(Counter.State())) }
        await tester.send(.pushCounter) { $0.path.push(.counter(Counter.State())) }
        await tester.send(.path(.screen(id: 1, action: .counter(.increment)))) {
            $0.path[id: 1, case: AppPath.State.counter]?.count = 1
        }
        await tester.send(.path(.screen(id: 0, action: .counter(.decrement)))) {
            $0.path[id: 0, case: AppPath.State.counter]?.count = -1
        }
    }

    @Test("Stack: the user going back pops the screen and every screen above it, cancelling their work")
    func popCancelsWork() async {
        let clock = ManualClock()
        let tester = ReactorTester(StackApp(clock: clock))
        await tester.send(.pushTicker) { $0.path.push(.ticker(Ticker.State())) }
        await tester.send(.pushTicker) { $0.path.push(.ticker(Ticker.State())) }
        await tester.send(.path(.screen(id: 0, action: .ticker(.start))))
        await tester.send(.path(.screen(id: 1, action: .ticker(.start))))
        #expect(clock.sleeperCount == 2, "each screen's \"tick\" is its own")
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.path, id: 0) {
            $0.path[id: 0, case: AppPath.State.ticker]?.ticks = 1
        }
        await tester.receive(Ticker.Mutation.tick, at: \.path, id: 1) {
            $0.path[id: 1, case: AppPath.State.ticker]?.ticks = 1
        }
        await tester.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        #expect(!tester.reactor.hasRunningWork, "both popped screens' timers stopped")
        await tester.finish()
        #expect(clock.sleeperCount == 0)
    }

    @Test("Stack: a screen's Effect.dismiss pops it; the parent reacts to its delegate action")
    func screenDismissesItself() async {
        let clock = ManualClock()
        let tester = ReactorTester(StackApp(clock: clock))
        await tester.send(.pushCounter) { $0.path.push(.counter(Counter.State())) }
        await tester.send(.pushTicker) { $0.path.push(.ticker(Ticker.State())) }
        await tester.send(.path(.screen(id: 1, action: .ticker(.start))))
        await tester.send(.path(.screen(id: 1, action: .ticker(.dismissSelf)))) { $0.path.popLast() }
        #expect(!tester.reactor.hasRunningWork)
        await tester.send(.pushTicker) { $0.path.push(.ticker(Ticker.State())) }
        #expect(tester.state.path.ids == [0, 2], "the popped screen's id is not given again")
        await tester.send(.path(.screen(id: 2, action: .ticker(.close)))) { $0.log = ["ticker #2 closed"] }
    }

    @Test("Stack: an action for a popped screen id, and a pop of an unknown id, change nothing and fail the send")
    func poppedIds() async {
        let tester = ReactorTester(StackApp(clock: ManualClock()))
        await tester.send(.pushCounter) { $0.path.push(.counter(Counter.State())) }
        await tester.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        await withKnownIssue {
            await tester.send(.path(.screen(id: 0, action: .counter(.increment))))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix(".path(.screen(id: #0, action: .counter(.increment))) was sent to \\State.path[#0]")
        }
        await withKnownIssue {
            await tester.send(.path(.popFrom(id: 5)))
        }
    }

    @Test("Stack: an id popped below a newer screen reaches no other screen: its action fails the send, a mutation for it is dropped")
    func poppedIdBelowANewerScreenInTheApp() async {
        let tester = ReactorTester(StackApp(clock: ManualClock()))
        await tester.send(.pushCounter) { $0.path.push(.counter(Counter.State())) }
        await tester.send(.pushCounter) { $0.path.push(.counter(Counter.State())) }
        await tester.send(.path(.popFrom(id: 1))) { $0.path.popLast() }
        await tester.send(.pushCounter) { $0.path.push(.counter(Counter.State())) }
        #expect(tester.state.path.ids == [0, 2])
        await withKnownIssue {
            await tester.send(.path(.screen(id: 1, action: .counter(.increment))))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("was sent to \\State.path[#1], which is not there")
        }
        await tester.send(.incrementScreen(2)) { $0.path[id: 2, case: AppPath.State.counter]?.count = 1 }
        await tester.send(.incrementScreen(0)) { $0.path[id: 0, case: AppPath.State.counter]?.count = 1 }
    }

    @Test("Stack: a reduce setting nil for a screen below the top pops it and every screen above it, cancelling their work")
    func reduceSetsNilBelowTheTop() async {
        let clock = ManualClock()
        let tester = ReactorTester(StackApp(clock: clock))
        for _ in 0..<3 {
            await tester.send(.pushTicker) { $0.path.push(.ticker(Ticker.State())) }
        }
        for id in 0..<3 {
            await tester.send(.path(.screen(id: StackID(id), action: .ticker(.start))))
        }
        #expect(clock.sleeperCount == 3)
        await tester.send(.removeScreen(1)) { $0.path.popLast(); $0.path.popLast() }
        #expect(clock.sleeperCount == 1, "the timers of #1 and #2 stopped inside the reduce")
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.path, id: 0) {
            $0.path[id: 0, case: AppPath.State.ticker]?.ticks = 1
        }
        await tester.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        await tester.finish()
    }

    @Test("Stack: the parent's own reduce turning a working screen into another case, under the same id, stops its work")
    func parentsOwnReduceChangesAScreensCase() async {
        let clock = ManualClock()
        let tester = ReactorTester(StackApp(clock: clock))
        await tester.send(.pushTicker) { $0.path.push(.ticker(Ticker.State())) }
        await tester.send(.pushTicker) { $0.path.push(.ticker(Ticker.State())) }
        await tester.send(.path(.screen(id: 0, action: .ticker(.start))))
        await tester.send(.path(.screen(id: 1, action: .ticker(.start))))
        await tester.send(.turnIntoCounter(0)) { $0.path[id: 0] = .counter(Counter.State()) }
        #expect(clock.sleeperCount == 1, "screen #0's timer stopped; #1's runs on")
        await tester.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        await tester.finish()
    }

    @Test("Stack: a screen of the wrong case for an action changes nothing and fails the send")
    func wrongCase() async {
        let tester = ReactorTester(StackApp(clock: ManualClock()))
        await tester.send(.pushCounter) { $0.path.push(.counter(Counter.State())) }
        await withKnownIssue {
            await tester.send(.path(.screen(id: 0, action: .ticker(.start))))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("sent to \\State.path[#0] › .ticker,")
        }
        #expect(!tester.reactor.hasRunningWork)
    }

    @Test("Stack: a push sent while a pop is processed is queued and runs after it")
    func pushDuringPop() async {
        let reactor = StackApp(clock: ManualClock())
        reactor.send(.pushCounter)
        var pushed = false
        let pusher = reactor.state.observe { state in
            if state.path.isEmpty, !pushed {
                pushed = true
                reactor.send(.pushTicker)
            }
        }
        reactor.send(.path(.popFrom(id: 0)))
        withExtendedLifetime(pusher) {}
        #expect(reactor.currentState.path.ids == [1])
        #expect(reactor.currentState.path[id: 1] == .ticker(Ticker.State()))
    }

    @Test("Stack: a deep link replaces the stack with new ids; the old screens' work is cancelled")
    func deepLink() async {
        let clock = ManualClock()
        let tester = ReactorTester(StackApp(clock: clock))
        await tester.send(.pushTicker) { $0.path.push(.ticker(Ticker.State())) }
        await tester.send(.path(.screen(id: 0, action: .ticker(.start))))
        await tester.send(.deepLink) { $0.path.replace(with: [.counter(Counter.State(count: 7)), .ticker(Ticker.State())]) }
        #expect(tester.state.path.ids == [1, 2])
        #expect(!tester.reactor.hasRunningWork, "screen #0 is gone, and with it its timer")
        await tester.finish()
    }

    @Test("Stack: traces name a screen's work by its stack id")
    func tracedStack() async {
        let reactor = StackApp(clock: ManualClock())
        var lines: [String] = []
        let trace = reactor.trace("app") { lines.append($0) }
        reactor.send(.pushTicker)
        reactor.send(.path(.screen(id: 0, action: .ticker(.start))))
        reactor.send(.path(.popFrom(id: 0)))
        await withSafetyNet { await reactor.waitUntilIdle() }
        withExtendedLifetime(trace) {}
        #expect(lines.filter { $0.contains("effect") } == [
            #"[app] effect \State.path[#0] › .ticker › "tick" #1 started"#,
            #"[app] effect \State.path[#0] › .ticker › "tick" #1 cancelled"#,
        ])
    }

    @Test("ifCase: changing the destination to another case cancels the work of the one it replaced")
    func destinationCaseChange() async {
        let clock = ManualClock()
        let tester = ReactorTester(StackApp(clock: clock))
        await tester.send(.present(.ticker(Ticker.State()))) { $0.destination = .ticker(Ticker.State()) }
        await tester.send(.destination(.presented(.ticker(.start))))
        await tester.send(.present(.counter(Counter.State()))) { $0.destination = .counter(Counter.State()) }
        #expect(!tester.reactor.hasRunningWork, "the ticker destination was replaced without passing through nil")
        await tester.send(.destination(.presented(.counter(.increment)))) { $0.destination = .counter(Counter.State(count: 1)) }
        await tester.send(.destination(.dismiss)) { $0.destination = nil }
        await tester.finish()
    }

    @Test("N6: an alert is cleared as soon as a button is tapped, before the parent sees the button's action; N5 when none is shown")
    func alertClearsItself() async {
        let tester = ReactorTester(StackApp(clock: ManualClock()))
        let alert = AlertState<StackApp.Alert>(title: "Sure?", buttons: [.destructive("Yes", action: .confirm), .cancel("No")])
        await tester.send(.showAlert) { $0.alert = alert }
        await tester.send(.alert(.presented(.confirm))) {
            $0.alert = nil
            $0.log = ["confirmed, alert cleared"]
        }
        await tester.send(.showAlert) { $0.alert = alert }
        await tester.send(.alert(.button(nil))) { $0.alert = nil }
        await withKnownIssue {
            await tester.send(.alert(.presented(.confirm))) { $0.log.append("confirmed, alert cleared") }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("sent to \\State.alert, which is not there")
        }
    }

    @Test("EnumCase: cases with the same payload type are told apart by name; Mirror still shows enums as relied on")
    func enumCases() {
        enum Two { case first(Int), second(Int), labelled(value: Int), none }
        let first = EnumCase<Two, Int>(Two.first), second = EnumCase<Two, Int>(Two.second)
        #expect(second.extract(from: .first(1)) == nil)
        #expect(first.extract(from: .first(1)) == 1)
        #expect(second.extract(from: .second(2)) == 2)
        #expect(first.extract(from: .second(2)) == nil)
        #expect(first.extract(from: .none) == nil)
        #expect(first.name == "first")
        #expect(EnumCase<Two, Int>(Two.labelled).extract(from: .labelled(value: 3)) == 3, "a labelled single payload is the value")
        #expect(EnumLayout.works)
    }
}
