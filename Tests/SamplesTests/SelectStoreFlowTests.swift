import Foundation
import Testing
import ViewStateKitTesting
@testable import ViewStateKit
@testable import ViewStateSamples

@Suite("Select store: reactor + coordinator")
@MainActor
struct SelectStoreFlowTests {
    let store = MemoryKeyValueStore()
    let lines = StateRecorder<String>()
    let app = Coordinator()

    /// Starts the flow under `app`, printing its states and navigation into `lines`.
    private func start(_ entry: SelectStoreReactor.Entry) -> (SelectStoreReactor, ObservationToken) {
        let flow = SelectStoreCoordinator(entry: entry, store: store, navigator: ConsoleNavigator(write: lines.record))
        app.start(flow)
        let token = flow.reactor.state.printLines(screen: "select-store", write: lines.record) { $0.consoleLine }
        return (flow.reactor, token)
    }

    private var favourite: String? {
        store.data(forKey: SelectStoreReactor.favoriteKey).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("at first launch, selecting a brand saves it and goes home")
    func onboardingSelect() {
        let (reactor, token) = start(.onboarding)
        reactor.send(.select(.gs25))
        #expect(lines.values == [
            "[nav] set root select-store",
            "[select-store] selected: none",
            "[select-store] selected: GS25",
            "[nav] set root home",
        ])
        #expect(favourite == "GS25")
        token.cancel()
    }

    @Test("the same coordinator drives a StateNavigator (SwiftUI's navigation state) unchanged")
    func drivesNavigationState() {
        let navigator = StateNavigator(root: "settings")
        let states = StateRecorder(navigator.state)
        let flow = SelectStoreCoordinator(entry: .settings, store: store, navigator: navigator)
        app.start(flow)
        flow.reactor.send(.select(.cu))
        flow.reactor.send(.save)
        states.expect([
            NavigationState(root: "settings"),
            NavigationState(root: "settings", path: ScreenStack(["select-store"])),
            NavigationState(root: "settings"),
        ])
        #expect(favourite == "CU")
        #expect(app.children.isEmpty)
    }

    @Test("skip saves \"all\" and goes home")
    func skip() {
        let (reactor, token) = start(.onboarding)
        reactor.send(.skip)
        #expect(lines.values == [
            "[nav] set root select-store",
            "[select-store] selected: none",
            "[select-store] selected: all",
            "[nav] set root home",
        ])
        #expect(favourite == "all")
        token.cancel()
    }

    @Test("from settings, selecting only moves the selection; save stores it and pops")
    func settings() {
        store.set(Data("CU".utf8), forKey: SelectStoreReactor.favoriteKey)
        let (reactor, token) = start(.settings)
        reactor.send(.select(.sevenEleven))
        reactor.send(.select(.emart24))
        #expect(favourite == "CU", "nothing is saved before save")
        reactor.send(.save)
        #expect(lines.values == [
            "[nav] push select-store",
            "[select-store] selected: CU (from settings)",
            "[select-store] selected: 7-Eleven (from settings)",
            "[select-store] selected: emart24 (from settings)",
            "[nav] pop",
        ])
        #expect(favourite == "emart24")
        token.cancel()
    }

    @Test("the reactor's states, in order, for a settings visit")
    func settingsStates() {
        let reactor = SelectStoreReactor(entry: .settings, store: store)
        let recorder = StateRecorder(reactor.state)
        reactor.send(.select(.cu))
        reactor.send(.save)
        #expect(recorder.values.map(\.selected) == [nil, .cu, .cu, .cu])
        #expect(recorder.values.map(\.route.value) == [.home, .home, .home, .back], "the route is assigned last")
        #expect(favourite == "CU")
    }

    @Test("a stored favourite that is no brand reads as no selection", arguments: ["Lawson", "", "\u{FFFD}"])
    func unknownStoredBrand(stored: String) {
        store.set(Data(stored.utf8), forKey: SelectStoreReactor.favoriteKey)
        let reactor = SelectStoreReactor(entry: .settings, store: store)
        #expect(reactor.currentState.selected == nil)
        reactor.send(.save)
        #expect(favourite == "all", "saving with nothing selected saves all")
    }

    @Test("a finished flow is removed and freed, with its reactor")
    func finishedFlowFreed() {
        weak var weakFlow: SelectStoreCoordinator?
        weak var weakReactor: SelectStoreReactor?
        do {
            let flow = SelectStoreCoordinator(entry: .onboarding, store: store, navigator: ConsoleNavigator(write: lines.record))
            weakFlow = flow
            weakReactor = flow.reactor
            app.start(flow)
            flow.reactor.send(.select(.cu))
        }
        #expect(app.children.isEmpty)
        #expect(weakFlow == nil)
        #expect(weakReactor == nil)
    }
}
