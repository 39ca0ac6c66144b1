import Observation
import Testing
import ViewStateKitTesting
@testable import ViewStateKit
import ViewStateKitTracing

/// A screen state with an `Equatable` field, another one, and one that is not `Equatable`.
struct ProfileScreen: Equatable {
    var name = ""
    var visits = 0
    var avatar = Avatar(pixels: 0)

    struct Avatar: Equatable {
        var pixels: Int
    }
}

/// Not `Equatable`: a field of this type invalidates on every send.
struct Badge {
    var label: String
}

@Suite("ObservedState: a cell mirrored for SwiftUI")
@MainActor
struct ObservedStateTests {
    @Test("a change of the field a view read invalidates it; a change of another field does not")
    func fieldTracking() {
        let cell = StateCell(ProfileScreen())
        let mirror = cell.observed()
        let view = TrackingView { mirror.name }
        cell.send(ProfileScreen(name: "", visits: 1))
        #expect(view.invalidations == 0, "visits changed; the view read only name")
        cell.send(ProfileScreen(name: "Kim", visits: 1))
        #expect(view.invalidations == 1)
        view.nextFrame()
        cell.send(ProfileScreen(name: "Kim", visits: 2))
        view.nextFrame()
        #expect(view.frames == ["", "Kim"])
        #expect(view.invalidations == 1)
    }

    @Test("value and fields that are not Equatable invalidate on every send, equal ones included")
    func wholeValueTracking() {
        let cell = StateCell(ProfileScreen())
        let mirror = cell.observed()
        let whole = TrackingView { mirror.value.visits }
        cell.send(ProfileScreen())
        #expect(whole.invalidations == 1, "C3: an equal value is delivered, so a view of value redraws")

        struct Shelf { var badge = Badge(label: "new") }
        let shelf = StateCell(Shelf())
        let badges = shelf.observed()
        let badgeView = TrackingView { badges.badge.label }
        shelf.send(Shelf())
        #expect(badgeView.invalidations == 1)
    }

    @Test("a burst of sends before a frame is one redraw of the last state; a cell observer sees every state")
    func burst() {
        let cell = StateCell(ProfileScreen())
        let mirror = cell.observed()
        var everyState: [Int] = []
        let token = cell.observe { everyState.append($0.visits) }
        let view = TrackingView { mirror.visits }
        for visits in 1...3 { cell.send(ProfileScreen(visits: visits)) }
        view.nextFrame()
        #expect(view.frames == [0, 3])
        #expect(view.invalidations == 1)
        #expect(everyState == [0, 1, 2, 3])
        withExtendedLifetime(token) {}
    }

    @Test("the mirror is updated inside the cell's delivery, in the cell's order, under reentrant sends")
    func deliveryOrder() {
        let cell = StateCell(0)
        var seenThroughMirror: [Int] = []
        let before = cell.observe { value in
            if value == 1 { cell.send(2) }  // queued (C5)
        }
        let mirror = cell.observed()
        let after = cell.observe { _ in seenThroughMirror.append(mirror.value) }
        cell.send(1)
        #expect(seenThroughMirror == [0, 1, 2], "an observer after the mirror reads each new value from it")
        #expect(mirror.value == 2)
        _ = (before, after)
    }

    @Test("the mirror keeps its cell alive; the cell does not keep the mirror, whose observation ends with it")
    func lifetimes() {
        var cell: StateCell<Int>? = StateCell(0)
        weak let weakCell = cell
        var mirror: ObservedState<Int>? = cell?.observed()
        weak let weakMirror = mirror
        cell = nil
        #expect(weakCell != nil, "held by the mirror")
        mirror = nil
        #expect(weakMirror == nil)
        #expect(weakCell == nil)

        let kept = StateCell(0)
        var second: ObservedState<Int>? = kept.observed()
        weak let weakSecond = second
        #expect(kept.observerCount == 1)
        second = nil
        #expect(weakSecond == nil, "the cell does not keep its mirror alive")
        #expect(kept.observerCount == 0)
    }
}

/// A search screen for the reactor mirror: typing sends `.type`, each keystroke a mutation.
@MainActor
final class TypingReactor: Reactor<TypingReactor.Action, TypingReactor.Mutation, TypingReactor.State> {
    enum Action { case type(String), alert(String), bump }
    enum Mutation { case setQuery(String), setAlert(String), bump }
    struct State: Equatable {
        var query = ""
        var alert = Pulse("")
        var bumps = 0
    }

    init() {
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .type(let query): .mutation(.setQuery(query))
        case .alert(let message): .mutation(.setAlert(message))
        case .bump: .mutation(.bump)
        }
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setQuery(let query): state.query = query
        case .setAlert(let message): state.alert.value = message
        case .bump: state.bumps += 1
        }
        return state
    }
}

@Suite("ObservedReactor: a reactor mirrored for SwiftUI")
@MainActor
struct ObservedReactorTests {
    @Test("send goes to the reactor; a field read tracks only that field")
    func sendAndTrack() {
        let search = TypingReactor().observed()
        let view = TrackingView { search.query }
        search.send(.bump)
        #expect(view.invalidations == 0)
        search.send(.type("cu"))
        view.nextFrame()
        #expect(view.frames == ["", "cu"])
        #expect(search.value.bumps == 1)
    }

    @Test("actions queued behind one another (R3) reach the mirror in order")
    func queuedActions() {
        let search = TypingReactor().observed()
        var seen: [String] = []
        let token = search.reactor.state.observe { state in
            seen.append("\(state.query)/\(search.value.bumps)")
            if state.query == "a", state.bumps == 0 { search.send(.bump) }
        }
        search.send(.type("a"))
        search.send(.type("b"))
        #expect(seen == ["/0", "a/0", "a/1", "b/1"])
        withExtendedLifetime(token) {}
    }

    @Test("a text binding round-trips every keystroke, in order")
    func textBinding() {
        let search = TypingReactor().observed()
        let text = search.binding(\.query) { .type($0) }
        var states: [String] = []
        let token = search.reactor.state.observe(\.query) { states.append($0) }
        var readBack: [String] = []
        for typed in ["s", "sw", "swi", "swif", "swift"] {
            text.value = typed
            readBack.append(text.value)
        }
        #expect(readBack == ["s", "sw", "swi", "swif", "swift"])
        #expect(states == ["", "s", "sw", "swi", "swif", "swift"])
        withExtendedLifetime(token) {}
    }

    @Test("a form's controls bind through its one BindingAction case: each write is an action, traced as the field it set")
    func bindingActionBinding() {
        let form = SettingsForm().observed()
        let name = form.binding(\.name, send: SettingsForm.Action.binding)
        let steps = form.binding(\.stepCount, send: SettingsForm.Action.binding)
        var lines: [String] = []
        let trace = form.reactor.trace("form") { lines.append($0) }
        name.value = "Blob"
        steps.value = 12
        #expect(name.value == "Blob" && steps.value == 12)
        #expect(form.reactor.currentState.name == "Blob" && form.reactor.currentState.stepCount == 12)
        #expect(lines.filter { $0.contains("action") } == [
            #"[form] action .binding(\State.name = "Blob") (ran at once)"#,
            #"[form] action .binding(\State.stepCount = 12) (ran at once)"#,
        ])
        withExtendedLifetime(trace) {}
    }

    @Test("a keystroke written while the reactor is busy reads back at once and is applied after, in order")
    func textBindingWhileProcessing() {
        let search = TypingReactor().observed()
        let text = search.binding(\.query) { .type($0) }
        var readBackDuringUpdate: [String] = []
        var states: [String] = []
        let token = search.reactor.state.observe { state in
            states.append(state.query)
            guard state.bumps == 1, state.query.isEmpty else { return }
            text.value = "k"  // the reactor is processing .bump: this action is queued (R3)
            readBackDuringUpdate.append(text.value)
            text.value = "ki"
            readBackDuringUpdate.append(text.value)
        }
        search.send(.bump)
        #expect(readBackDuringUpdate == ["k", "ki"], "the view reading its binding back sees what was typed")
        #expect(states == ["", "", "k", "ki"])
        #expect(text.value == "ki")
        withExtendedLifetime(token) {}
    }

    @Test("a pulse read by a view changes once per assignment, equal values included, and not for unrelated changes")
    func pulseInSwiftUI() {
        let search = TypingReactor().observed()
        search.send(.alert("early"))  // assigned before the view appears: not delivered to it
        let view = TrackingView { search.alert }
        var shown: [String] = []
        func frame() {
            let before = view.frames.last
            view.nextFrame()
            if let now = view.frames.last, now != before { shown.append(now.value) }  // .onChange(of:)
        }
        search.send(.bump)
        frame()
        search.send(.alert("offline"))
        frame()
        search.send(.alert("offline"))
        frame()
        search.send(.type("x"))
        frame()
        #expect(shown == ["offline", "offline"])
        #expect(view.invalidations == 2)
    }

    @Test("nothing leaks: the mirror, its reactor and the reactor's cell are freed with the view")
    func lifetimes() {
        weak var weakReactor: TypingReactor?
        weak var weakMirror: ObservedReactor<TypingReactor>?
        weak var weakCell: StateCell<TypingReactor.State>?
        do {
            let reactor = TypingReactor()
            let mirror = reactor.observed()
            weakReactor = reactor
            weakMirror = mirror
            weakCell = reactor.state
            mirror.send(.type("x"))
        }
        #expect(weakMirror == nil)
        #expect(weakReactor == nil)
        #expect(weakCell == nil)
    }
}

/// The same shape as SwiftUI's `Binding.init(get:set:)`, which takes `@isolated(any) @Sendable`
/// closures: the package's SwiftUI adapter builds a `Binding` from a `FieldBinding` this way.
struct IsolatedAnyBinding<Value> {
    let get: @isolated(any) @Sendable () -> Value
    let set: @isolated(any) @Sendable (Value) -> Void

    init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) {
        self.get = get
        self.set = set
    }

    @MainActor
    init(_ field: FieldBinding<Value>) {
        self.init(get: { @MainActor in field.value }, set: { @MainActor in field.value = $0 })
    }
}

@Suite("FieldBinding")
@MainActor
struct FieldBindingTests {
    @Test("a FieldBinding becomes a binding with isolated, sendable closures, as SwiftUI's Binding takes")
    func adapter() async {
        let search = TypingReactor().observed()
        let binding = IsolatedAnyBinding(search.binding(\.query) { .type($0) })
        await binding.set("cu")
        #expect(await binding.get() == "cu")
        #expect(search.value.query == "cu")
    }
}

extension ObservedStateTests {
    @Test("reading a field in every redraw tracks it once: the mirror does not grow")
    func fieldsTrackedOnce() {
        let mirror = StateCell(ProfileScreen()).observed()
        for _ in 1...100 { _ = mirror.name }
        _ = mirror.visits
        #expect(mirror.trackedFieldCount == 2)
    }
}

extension ObservedReactorTests {
    @Test("once the reactor has run a queued keystroke, the binding reads the state, not the keystroke")
    func bindingReadsStateAfterQueue() {
        let search = TypingReactor().observed()
        let text = search.binding(\.query) { .type($0) }
        var wrote = false
        let token = search.reactor.state.observe { state in
            guard state.bumps == 1, !wrote else { return }
            wrote = true
            text.value = "k"  // queued behind .bump (R3)
        }
        search.send(.bump)
        search.send(.type("x"))  // not through the binding
        #expect(text.value == "x")
        token.cancel()
    }

    @Test("a keystroke written while idle is not read back later, while the reactor runs another action")
    func idleKeystrokeIsNotHeld() {
        let search = TypingReactor().observed()
        let text = search.binding(\.query) { .type($0) }
        text.value = "s"
        var readDuringDelivery: [String] = []
        let token = search.reactor.state.observe { state in
            if state.query == "x" { readDuringDelivery.append(text.value) }
        }
        search.send(.type("x"))
        #expect(readDuringDelivery == ["x"])
        token.cancel()
    }
}
