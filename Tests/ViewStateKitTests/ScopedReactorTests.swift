import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// A text field as a feature of its own, for a scoped binding.
struct NameField: Feature {
    struct State: Equatable { var name = "" }
    enum Action: Sendable { case setName(String) }

    func reduce(into state: inout State, mutation: Action) {
        if case .setName(let name) = mutation { state.name = name }
    }
}

/// A form holding a `NameField`, and an action of its own to keep it busy while a keystroke arrives.
@MainActor
final class NameForm: Reactor<NameForm.Action, NameForm.Action, NameForm.State> {
    struct State: Equatable {
        var field = NameField.State()
        var bumps = 0
    }
    enum Action: Sendable { case field(NameField.Action), bump }

    init() { super.init(initialState: State()) }

    override var children: [ChildPlace<State, Action, Action>] {
        [.scope(NameField(), state: \.field, action: Action.field)]
    }

    override func mutate(action: Action) -> Effect<Action> {
        if case .bump = action { return .mutation(.bump) }
        return .none
    }

    override func reduce(into state: inout State, mutation: Action) {
        if case .bump = mutation { state.bumps += 1 }
    }
}

@MainActor
@Suite("Views scoped to a child: a scope reads the child's state and sends the child's actions")
struct ScopedReactorTests {
    @Test("scope(state:): the child's state follows its parent, only when it changed; a send runs the child, then the parent sees it (N1)")
    func scopeAlwaysThere() {
        let app = TwoCounters()
        let first = app.scope(state: \.first, action: TwoCounters.Action.first)
        var counts: [Int] = []
        let token = first.state.observe { counts.append($0.count) }
        first.send(.increment)
        app.send(.second(.increment))  // another child: the first one's state is not sent again
        first.send(.increment)
        #expect(counts == [0, 1, 2])
        #expect(app.currentState.first.count == 2 && app.currentState.seen == [1, 2],
                "the parent's mutate saw each of the child's actions after the child ran")
        #expect(first.isPresent)
        withExtendedLifetime(token) {}
    }

    @Test("scope(presented:): nil while nothing is presented; dismiss() sends .dismiss; the gone child keeps its last state")
    func scopePresented() {
        let board = TickerBoard(clock: ManualClock())
        #expect(board.scope(presented: \.ticker, action: TickerBoard.Action.ticker) == nil)
        board.send(.open)
        guard let ticker = board.scope(presented: \.ticker, action: TickerBoard.Action.ticker) else {
            Issue.record("the presented ticker has no scope")
            return
        }
        ticker.send(.tickTwice)
        #expect(ticker.state.value.ticks == 0, "its work has not run yet")
        ticker.dismiss()
        #expect(board.currentState.ticker == nil)
        #expect(!ticker.isPresent)
        var missing: [String] = []
        board.missingChildHandler = { missing.append($0) }
        ticker.send(.stop)  // the sheet is gone: nothing changes, and the reactor says so (N5)
        #expect(missing.count == 1 && missing.first?.contains("\\State.ticker") == true)
        board.send(.open)  // presented again at the same place: followed again
        #expect(ticker.isPresent && ticker.state.value == Ticker.State())
    }

    @Test("scope(rows:id:): a row is followed by its id while rows before it come and go; a removed row is not present")
    func scopeRows() {
        let board = TickerBoard(clock: ManualClock())
        for id in 1...10 { board.send(.add(id)) }
        #expect(board.scope(rows: \.rows, id: 11, action: TickerBoard.Action.row) == nil)
        guard let last = board.scope(rows: \.rows, id: 10, action: TickerBoard.Action.row),
              let second = board.scope(rows: \.rows, id: 2, action: TickerBoard.Action.row) else {
            Issue.record("rows 2 and 10 have no scope")
            return
        }
        var sent: [Ticker.State] = []
        let token = last.state.observe { sent.append($0) }
        let scans = RowFinderScans.count
        board.send(.row(1, .close))  // the first row goes: row 10 moves up
        board.send(.row(3, .close))  // and again
        board.send(.countFirst(5))  // now row 2 is first
        #expect(second.state.value.ticks == 5 && last.state.value.ticks == 0)
        #expect(sent == [Ticker.State(id: 10)], "row 10 itself never changed")
        #expect(RowFinderScans.count == scans, "rows removed before them: each scope found its row without a scan")
        board.send(.add(11))  // a row added at the end
        #expect(RowFinderScans.count == scans)
        board.send(.replaceFirst(99))  // row 2 replaced in its place: its scope looks for it everywhere, in vain
        #expect(RowFinderScans.count == scans + 1 && !second.isPresent && last.isPresent)
        board.send(.replaceFirst(2))
        second.send(.close)  // its parent removes it
        #expect(!second.isPresent && last.isPresent)
        #expect(board.currentState.rows.map(\.id) == Array(4...11))
        withExtendedLifetime(token) {}
    }

    @Test("scope(stack:id:) and scope(ifCase:): a pushed screen's case is scoped; its dismiss() pops the screen and the screens above")
    func scopeStackScreen() {
        let app = StackApp(clock: ManualClock())
        app.send(.pushCounter)
        app.send(.pushTicker)
        guard let screen = app.scope(stack: \.path, id: 0, action: StackApp.Action.path),
              let counter = screen.scope(ifCase: AppPath.State.counter, action: AppPath.Action.counter) else {
            Issue.record("the pushed counter has no scope")
            return
        }
        #expect(screen.scope(ifCase: AppPath.State.ticker, action: AppPath.Action.ticker) == nil, "screen 0 is a counter")
        #expect(app.scope(stack: \.path, id: 2, action: StackApp.Action.path) == nil, "no screen 2 was pushed")
        counter.send(.increment)
        #expect(counter.state.value.count == 1 && screen.state.value == .counter(Counter.State(count: 1)))
        #expect(app.currentState.path[id: 0] == .counter(Counter.State(count: 1)))
        counter.dismiss()  // the screen's case: the screen holding it is popped (N6), and screen 1 above it
        #expect(app.currentState.path.ids.isEmpty, "popping screen 0 pops screen 1 above it")
        #expect(!screen.isPresent && !counter.isPresent)
        #expect(screen.scope(ifCase: AppPath.State.counter, action: AppPath.Action.counter) == nil,
                "a screen that has gone has no children to scope")
        app.send(.pushCounter)  // a new screen, with a new id: the old scope does not follow it
        #expect(!screen.isPresent && app.currentState.path.ids == [2])
    }

    @Test("scope(optional:) and a scope of the whole reactor: a view written for a feature works alone too")
    func scopeOptionalAndWhole() {
        let board = TickerBoard(clock: ManualClock())
        #expect(board.scope(optional: \.ticker, action: { TickerBoard.Action.ticker(.presented($0)) }) == nil)
        board.send(.open)
        let ticker = board.scope(optional: \.ticker, action: { TickerBoard.Action.ticker(.presented($0)) })
        ticker?.send(.close)  // a delegate action: the parent closes it
        #expect(board.currentState.ticker == nil && ticker?.isPresent == false)
        let alone = TwoCounters()
        let whole = alone.scope(state: \.self, action: { $0 })
        whole.send(.first(.increment))
        #expect(whole.state.value.first.count == 1)
        #if DEBUG
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            whole.scope(state: \.first, action: TwoCounters.Action.first).dismiss()  // nothing holds it that can go
        }
        #expect(warnings.count == 1 && alone.currentState.first.count == 1)
        #endif
    }

    #if canImport(Observation)
    @Test("SwiftUI: a scoped field is tracked alone, and the child's value redraws only when the child changed")
    func scopedObservation() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let app = TwoCounters()
        let observed = app.observed()
        let first = observed.scope(state: \.first, action: TwoCounters.Action.first)
        let field = TrackingView { first.count }
        let whole = TrackingView { first.value }
        app.send(.second(.increment))
        #expect(field.invalidations == 0 && whole.invalidations == 0)
        first.send(.increment)
        field.nextFrame()
        whole.nextFrame()
        #expect(field.frames == [0, 1] && whole.frames == [Counter.State(count: 0), Counter.State(count: 1)])
    }

    @Test("SwiftUI: a scoped binding sends the child's action; a keystroke while the reactor is busy reads back at once")
    func scopedBinding() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let form = NameForm()
        let field = form.scope(state: \.field, action: NameForm.Action.field)
        let name = field.binding(\.name) { .setName($0) }
        var readBack: [String] = []
        let token = form.state.observe { state in
            guard state.bumps == 1, state.field.name.isEmpty else { return }
            name.value = "k"  // the form is processing .bump: queued (R3)
            readBack.append(name.value)
        }
        form.send(.bump)
        #expect(readBack == ["k"])
        #expect(form.currentState.field.name == "k" && name.value == "k")
        field.send(.setName("z"))  // not through the binding
        var readLater: [String] = []
        let later = form.state.observe { state in
            if state.bumps == 2 { readLater.append(name.value) }  // busy again: nothing was written meanwhile
        }
        form.send(.bump)
        #expect(readLater == ["z"], "a keystroke already applied is not read back again")
        name.value = "zi"
        #expect(form.currentState.field.name == "zi" && name.value == "zi")
        withExtendedLifetime((token, later)) {}
    }

    @Test("SwiftUI: a scope makes one mirror of its child for all the fields a view reads, on first read")
    func oneMirrorPerScope() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let app = TwoCounters()
        let first = app.scope(state: \.first, action: TwoCounters.Action.first)
        #expect(first.state.observerCount == 0)
        _ = first.count
        _ = first.value
        _ = first.count
        #expect(first.state.observerCount == 1)
    }
    #endif
}

/// A parent the library does not know: a cell and a send that records the actions and changes
/// nothing, as a test double of a screen might be.
@MainActor
final class RecordingParent: ScopeParent {
    let state = StateCell(NameForm.State())
    var sent: [NameForm.Action] = []
    func send(_ action: NameForm.Action) { sent.append(action) }
}

@MainActor
@Suite("A scope of a parent of one's own")
struct ScopeOfOwnParentTests {
    #if canImport(Observation)
    @Test("a binding through a scope of a parent the library does not know reads the state back, not what was written")
    func bindingOfOwnParent() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let parent = RecordingParent()
        let name = parent.scope(state: \.field, action: NameForm.Action.field).binding(\.name) { .setName($0) }
        name.value = "k"
        #expect(name.value == "", "the parent changed nothing: the field shows its state")
        #expect(parent.sent.count == 1)
    }
    #endif
}
