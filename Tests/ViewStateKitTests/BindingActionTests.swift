import Testing
import ViewStateKitTesting
@testable import ViewStateKit
import ViewStateKitTracing

/// TCA's "bindings form": four controls bound through one action case, no branch per field,
/// and one field the reactor reacts to.
@MainActor
final class SettingsForm: Reactor<SettingsForm.Action, SettingsForm.Mutation, SettingsForm.State> {
    struct State: Equatable {
        var name = ""
        var wantsAlerts = false
        var stepCount = 10
        var sliderValue = 5.0
        var alertsChanged = 0
    }
    enum Action: Sendable { case binding(BindingAction<State>), reset }
    enum Mutation: Sendable, Equatable { case binding(BindingAction<State>), alertsChanged, reset }

    init() { super.init(initialState: State()) }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .binding(let change) where change.field == \State.wantsAlerts:
            .mutations(.binding(change), .alertsChanged)
        case .binding(let change): .mutation(.binding(change))
        case .reset: .mutation(.reset)
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .binding(let change): change.apply(to: &state)
        case .alertsChanged: state.alertsChanged += 1
        case .reset: state = State()
        }
    }
}

@MainActor
@Suite("Bindable state: a form's fields through one action case")
struct BindingActionTests {
    @Test("Four fields of different types are set through one action case, each a state a test asserts")
    func fourFields() async {
        let tester = ReactorTester(SettingsForm())
        await tester.send(.binding(.set(\.name, "Blob"))) { $0.name = "Blob" }
        await tester.send(.binding(.set(\.stepCount, 12))) { $0.stepCount = 12 }
        await tester.send(.binding(.set(\.sliderValue, 7.5))) { $0.sliderValue = 7.5 }
        await tester.send(.binding(.set(\.wantsAlerts, true))) {
            $0.wantsAlerts = true
            $0.alertsChanged = 1  // the reactor reacts to this one field
        }
        await tester.send(.reset) { $0 = SettingsForm.State() }
    }

    @Test("A change equals another that sets the same field to an equal value, and only that")
    func equality() {
        typealias Change = BindingAction<SettingsForm.State>
        #expect(Change.set(\.name, "Blob") == Change.set(\.name, "Blob"))
        #expect(Change.set(\.name, "Blob") != Change.set(\.name, "Blob Jr."))
        #expect(Change.set(\.stepCount, 1) != Change.set(\.alertsChanged, 1), "same value, another field")
    }

    @Test("A traced binding shows the field and value it set, and the field it changed")
    func traced() {
        let reactor = SettingsForm()
        var lines: [String] = []
        let trace = reactor.trace("form") { lines.append($0) }
        reactor.send(.binding(.set(\.name, "Blob")))
        withExtendedLifetime(trace) {}
        #expect(lines == [
            #"[form] action .binding(\State.name = "Blob") (ran at once)"#,
            #"[form] mutation .binding(\State.name = "Blob")"#,
            #"[form]   name: "" → "Blob""#,
        ])
    }

    @Test("A binding sent while another action runs is queued behind it (R3)")
    func queued() {
        let reactor = SettingsForm()
        var seen: [String] = []
        let token = reactor.state.observe { state in
            seen.append(state.name)
            if state.name == "a" { reactor.send(.binding(.set(\.name, "b"))) }
        }
        reactor.send(.binding(.set(\.name, "a")))
        withExtendedLifetime(token) {}
        #expect(seen == ["", "a", "b"])
    }
}
