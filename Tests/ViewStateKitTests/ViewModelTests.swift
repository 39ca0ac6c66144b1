import Foundation
import Testing
@testable import ViewStateKit

/// The register screen's view model: a name field and a register button, enabled only for a
/// valid name (2–10 characters, no leading or trailing spaces); tapping it asks to go home.
@MainActor
final class RegisterViewModel: ViewModel {
    struct Input {
        let name: StateCell<String>
        let registerTap: Events<Void>
    }

    struct Output {
        let isRegisterEnabled: StateCell<Bool>
        let route: Events<String>
    }

    private var tokens = Set<ObservationToken>()

    static func isValid(_ name: String) -> Bool {
        (2...10).contains(name.count) && name == name.trimmingCharacters(in: .whitespaces)
    }

    func transform(_ input: Input) -> Output {
        let output = Output(isRegisterEnabled: StateCell(false), route: Events())
        input.name.observe { output.isRegisterEnabled.send(Self.isValid($0)) }.store(in: &tokens)
        input.registerTap.observe {
            if Self.isValid(input.name.value) { output.route.send("home") }
        }.store(in: &tokens)
        return output
    }
}

@Suite("Input → Output view models and events")
@MainActor
struct ViewModelTests {
    @Test("events are not replayed: an observer hears only later events")
    func eventsNotReplayed() {
        let taps = Events<Int>()
        taps.send(1)
        var heard: [Int] = []
        let token = taps.observe { heard.append($0) }
        taps.send(2)
        taps.send(3)
        #expect(heard == [2, 3])
        token.cancel()
        taps.send(4)
        #expect(heard == [2, 3])
    }

    @Test("events follow the cell's rules: order, queued reentrant sends, cancel mid-delivery")
    func eventsShareTheCellsRules() {
        let events = Events<Int>()
        var a: [Int] = []
        var b: [Int] = []
        var second: ObservationToken?
        let first = events.observe { value in
            a.append(value)
            if value == 1 { events.send(2) }
            if value == 2 { second?.cancel() }
        }
        second = events.observe { b.append($0) }
        events.send(1)
        events.send(3)
        #expect(a == [1, 2, 3])
        #expect(b == [1], "got 1, then was cancelled by the first observer before 2 reached it")
        _ = first
    }

    @Test("register: the button is enabled only for a valid name; a tap routes home")
    func register() {
        let viewModel = RegisterViewModel()
        let input = RegisterViewModel.Input(name: StateCell(""), registerTap: Events())
        let output = viewModel.transform(input)
        var enabled: [Bool] = []
        var routes: [String] = []
        let tokens = [output.isRegisterEnabled.observe { enabled.append($0) }, output.route.observe { routes.append($0) }]
        input.registerTap.send()  // invalid name: no route
        for name in ["K", "Kim", " Kim", "Kim ", "Kimberly Ann", "Kim Lee"] { input.name.send(name) }
        input.registerTap.send()
        #expect(enabled == [false, false, true, false, false, false, true])
        #expect(routes == ["home"])
        _ = tokens
    }

    @Test("a freed view model ends its wiring, and frees its events and cells")
    func freedViewModel() {
        let input = RegisterViewModel.Input(name: StateCell("Kim"), registerTap: Events())
        var viewModel: RegisterViewModel? = RegisterViewModel()
        weak let weakViewModel = viewModel
        weak var weakRoute: Events<String>?
        var routes: [String] = []
        var token: ObservationToken?
        do {
            let output = viewModel?.transform(input)
            weakRoute = output?.route
            token = output?.route.observe { routes.append($0) }
        }
        viewModel = nil
        #expect(weakViewModel == nil)
        #expect(weakRoute == nil)
        input.registerTap.send()
        #expect(routes == [])
        token?.cancel()
    }
}
