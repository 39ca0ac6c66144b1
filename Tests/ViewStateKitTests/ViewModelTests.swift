import Testing
@testable import ViewStateKit

/// A tap counter: counts taps, and after the third asks to move on.
@MainActor
final class TapCounterViewModel: ViewModel {
    struct Input {
        let tap: Events<Void>
    }

    struct Output {
        let count: StateCell<Int>
        let route: Events<String>
    }

    private var tokens = Set<ObservationToken>()

    func transform(_ input: Input) -> Output {
        let output = Output(count: StateCell(0), route: Events())
        input.tap.observe {
            output.count.send(output.count.value + 1)
            if output.count.value == 3 { output.route.send("next") }
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

    @Test("an observer added while an event is delivered does not hear that event, only later ones")
    func observerAddedDuringDelivery() {
        let taps = Events<Int>()
        var late: [Int] = []
        var lateToken: ObservationToken?
        let first = taps.observe { _ in
            if lateToken == nil { lateToken = taps.observe { late.append($0) } }
        }
        taps.send(1)
        taps.send(2)
        #expect(late == [2])
        first.cancel()
        lateToken?.cancel()
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

    @Test("transform wires inputs to outputs: a value output and an event output")
    func transformWires() {
        let viewModel = TapCounterViewModel()
        let input = TapCounterViewModel.Input(tap: Events())
        let output = viewModel.transform(input)
        var counts: [Int] = []
        var routes: [String] = []
        let tokens = [output.count.observe { counts.append($0) }, output.route.observe { routes.append($0) }]
        for _ in 1...4 { input.tap.send() }
        #expect(counts == [0, 1, 2, 3, 4])
        #expect(routes == ["next"])
        withExtendedLifetime(tokens) {}
    }

    @Test("a freed view model ends its wiring, and frees its events and cells")
    func freedViewModel() {
        let input = TapCounterViewModel.Input(tap: Events())
        var viewModel: TapCounterViewModel? = TapCounterViewModel()
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
        for _ in 1...3 { input.tap.send() }
        #expect(routes == [])
        token?.cancel()
    }
}

extension ViewModelTests {
    @Test("a delivered event is not kept: a view controller sent to push is freed once observers let go")
    func deliveredEventsAreNotKept() {
        let routes = Events<Tracked>()
        var heard: [Tracked] = []
        let token = routes.observe { heard.append($0) }
        weak var weakScreen: Tracked?
        do {
            let screen = Tracked()
            weakScreen = screen
            routes.send(screen)
        }
        #expect(heard.count == 1)
        heard.removeAll()
        #expect(weakScreen == nil)
        routes.send(Tracked())
        #expect(heard.count == 1)  // the next event is heard once: the release is not an event
        withExtendedLifetime(token) {}
    }
}

