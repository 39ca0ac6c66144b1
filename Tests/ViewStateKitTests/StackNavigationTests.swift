import Testing
import ViewStateKitTesting
@testable import ViewStateKit

@MainActor
/// `RecordingNavigator` (CoordinatorTests.swift) stands in for a `UINavigationController`.
@Suite("A navigator and a SwiftUI path follow a stack of screens as state")
struct StackNavigationTests {
    private func name(_ id: StackID, _ screen: AppPath.State) -> String {
        switch screen {
        case .ticker: "ticker \(id)"
        case .counter(let counter): "counter \(id) (\(counter.count))"
        }
    }

    @Test("follow: the screens on the stack are pushed at once, then each push and pop is followed step by step")
    func navigatorFollowsTheStack() {
        let app = StackApp(clock: ManualClock())
        app.send(.pushCounter)
        let navigator = RecordingNavigator()
        let following = app.state.follow(\.path, with: navigator, screen: name)
        #expect(navigator.steps == ["push counter #0 (0)"])
        app.send(.pushTicker)
        app.send(.path(.screen(id: 0, action: .counter(.increment))))  // a change inside a screen moves nothing
        app.send(.pushCounter)
        app.send(.path(.popFrom(id: 1)))
        app.send(.deepLink)
        #expect(navigator.steps == [
            "push counter #0 (0)", "push ticker #1", "push counter #2 (0)", "pop", "pop",
            "pop", "push counter #3 (7)", "push ticker #4",
        ])
        withExtendedLifetime(following) {}
    }

    @Test("follow: a navigator that is gone is not kept alive and nothing traps")
    func followedNavigatorGone() {
        let app = StackApp(clock: ManualClock())
        var navigator: RecordingNavigator? = RecordingNavigator()
        weak let weakNavigator = navigator
        let following = app.state.follow(\.path, with: navigator!, screen: name)
        navigator = nil
        #expect(weakNavigator == nil)
        app.send(.pushTicker)
        withExtendedLifetime(following) {}
    }

    @Test("follow presented: a sheet is presented and dismissed as the state says; another case replaces it")
    func navigatorFollowsPresentation() {
        let app = StackApp(clock: ManualClock())
        let navigator = RecordingNavigator()
        let following = app.state.follow(presented: \.destination, with: navigator) { "\($0)".hasPrefix("ticker") ? "ticker" : "counter" }
        app.send(.present(.counter(Counter.State())))
        app.send(.destination(.presented(.counter(.increment))))  // a change inside the sheet presents nothing new
        app.send(.present(.ticker(Ticker.State())))
        app.send(.destination(.dismiss))
        #expect(navigator.steps == ["present counter", "dismiss", "present ticker", "dismiss"])
        withExtendedLifetime(following) {}
    }

    #if canImport(Observation)
    @Test("SwiftUI: the path binding reads the stack's ids; a pop written by the UI comes back as .popFrom")
    func stackPathBinding() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let app = StackApp(clock: ManualClock())
        let observed = app.observed()
        let path = observed.stackPath(\.path, send: StackApp.Action.path)
        app.send(.pushCounter)
        app.send(.pushTicker)
        app.send(.pushCounter)
        let view = TrackingView { path.value }
        #expect(view.frames == [[0, 1, 2]])
        path.value = [0]  // the back menu: two screens at once
        #expect(app.currentState.path.ids == [0])
        view.nextFrame()
        #expect(view.frames.last == [0])
        path.value = [0]  // a read-back
        path.value = [0, 9]  // ids the stack never gave: nothing
        #expect(app.currentState.path.ids == [0])
        app.send(.path(.screen(id: 0, action: .counter(.increment))))
        #expect(view.invalidations == 1, "a change inside a screen does not redraw the stack")
    }

    @Test("SwiftUI: a sheet's isPresented binding is true while the child is there; writing false sends .dismiss")
    func presentationBinding() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let clock = ManualClock()
        let app = StackApp(clock: clock)
        let observed = app.observed()
        let isPresented = observed.isPresented(\.destination, send: StackApp.Action.destination)
        #expect(!isPresented.value)
        app.send(.present(.ticker(Ticker.State())))
        app.send(.destination(.presented(.ticker(.start))))
        #expect(isPresented.value)
        isPresented.value = false  // the sheet pulled down
        #expect(app.currentState.destination == nil)
        #expect(!app.hasRunningWork, "its work was cancelled with it")
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            isPresented.value = false  // nothing presented: nothing sent
            app.send(.present(.ticker(Ticker.State())))
            isPresented.value = true  // the UI showing what is there: nothing sent
        }
        #expect(app.currentState.destination != nil, "writing true dismissed nothing")
        #if DEBUG
        #expect(warnings.isEmpty, "no dismissal was sent for a child that is not there")
        #endif
    }
    #endif
}
