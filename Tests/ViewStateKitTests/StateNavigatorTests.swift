import Testing
import ViewStateKitTesting
@testable import ViewStateKit

@Suite("StateNavigator: navigation as state")
@MainActor
struct StateNavigatorTests {
    typealias Stack = NavigationState<String>

    @Test("push, push, pop from the UI, present, dismiss from the UI: one state per step")
    func sequence() {
        let navigator = StateNavigator(root: "home")
        let states = StateRecorder(navigator.state)
        let mirror = navigator.state.observed()
        let path = navigator.pathBinding(mirror)
        let sheet = navigator.presentedBinding(mirror)
        navigator.push("stores")
        navigator.push("store 101")
        path.value = ["stores"]  // the user swiped back
        navigator.present("filters")
        sheet.value = nil  // the user pulled the sheet down
        states.expect([
            Stack(root: "home"),
            Stack(root: "home", path: ["stores"]),
            Stack(root: "home", path: ["stores", "store 101"]),
            Stack(root: "home", path: ["stores"]),
            Stack(root: "home", path: ["stores"], presented: "filters"),
            Stack(root: "home", path: ["stores"]),
        ])
        #expect(path.value == ["stores"])
        #expect(sheet.value == nil)
    }

    @Test("a path written with a screen below the top one changed takes effect (a deep link)")
    func pathChangingALowerScreen() {
        let navigator = StateNavigator(root: "home")
        navigator.push("stores")
        navigator.push("store 101")
        let states = StateRecorder(navigator.state)
        navigator.setPath(["brands", "store 101"])
        states.expect([
            Stack(root: "home", path: ["stores", "store 101"]),
            Stack(root: "home", path: ["brands", "store 101"]),
        ])
    }

    @Test("steps with nothing to act on send nothing; set root clears the stack")
    func noOps() {
        let navigator = StateNavigator<String>()
        let states = StateRecorder(navigator.state)
        navigator.pop()
        navigator.dismiss()
        navigator.setPresented(nil)
        navigator.setRoot("home")
        navigator.push("detail")
        navigator.setPath(["detail"])  // the UI reading the path back: no new state
        navigator.present("sheet")
        navigator.setRoot("login")
        states.expect([
            Stack(),
            Stack(root: "home"),
            Stack(root: "home", path: ["detail"]),
            Stack(root: "home", path: ["detail"], presented: "sheet"),
            Stack(root: "login"),
        ])
        #expect(navigator.state.value.top == "login")
    }

    @Test("a view of the path redraws when the path changes, not when a sheet comes and goes")
    func pathTracking() {
        let navigator = StateNavigator(root: "home")
        let mirror = navigator.state.observed()
        let path = navigator.pathBinding(mirror)
        let view = TrackingView { path.value }
        navigator.present("sheet")
        navigator.dismiss()
        #expect(view.invalidations == 0)
        navigator.push("detail")
        view.nextFrame()
        #expect(view.frames == [[], ["detail"]])
    }

    @Test("the coordinators drive it unchanged, and a finished flow is freed with its navigator")
    func coordinatorDrivesIt() {
        weak var weakNavigator: StateNavigator<String>?
        weak var weakChild: DetailCoordinator?
        do {
            let navigator = StateNavigator<String>(root: "home")
            weakNavigator = navigator
            let parent = Coordinator()
            let states = StateRecorder(navigator.state)
            let child = DetailCoordinator(navigator: navigator)
            weakChild = child
            parent.start(child)
            child.done.send()
            states.expect([Stack(root: "home"), Stack(root: "home", path: ["detail"]), Stack(root: "home")])
            #expect(parent.children.isEmpty)
        }
        #expect(weakNavigator == nil)
        #expect(weakChild == nil)
    }
}

extension StateNavigatorTests {
    @Test("the top screen is the presented one, else the last pushed, else the root")
    func topScreen() {
        #expect(NavigationState(root: "home", path: ["list", "detail"], presented: "sheet").top == "sheet")
        #expect(NavigationState(root: "home", path: ["list", "detail"]).top == "detail")
        #expect(NavigationState(root: "home").top == "home")
        #expect(NavigationState<String>().top == nil)
    }
}

extension StateNavigatorTests {
    @Test("pop removes the last pushed screen; present replaces a presented one; dismiss keeps the path")
    func stackSteps() {
        let navigator = StateNavigator(root: "home")
        let states = StateRecorder(navigator.state)
        navigator.push("stores")
        navigator.push("store 101")
        navigator.pop()
        navigator.present("filters")
        navigator.present("sort")
        navigator.dismiss()
        states.expect([
            Stack(root: "home"),
            Stack(root: "home", path: ["stores"]),
            Stack(root: "home", path: ["stores", "store 101"]),
            Stack(root: "home", path: ["stores"]),
            Stack(root: "home", path: ["stores"], presented: "filters"),
            Stack(root: "home", path: ["stores"], presented: "sort"),
            Stack(root: "home", path: ["stores"]),
        ])
    }

    @Test("the UI's writes through the bindings: a sheet the UI presents is presented; the path reads the state")
    func bindingsWriteThrough() {
        let navigator = StateNavigator(root: "home")
        let mirror = navigator.state.observed()
        let sheet = navigator.presentedBinding(mirror)
        let path = navigator.pathBinding(mirror)
        navigator.push("stores")
        #expect(path.value == ["stores"])
        sheet.value = "filters"  // `.sheet(item:)` writing an item
        #expect(navigator.state.value.presented == "filters")
        #expect(sheet.value == "filters")
        navigator.setPresented("sort")
        #expect(navigator.state.value == Stack(root: "home", path: ["stores"], presented: "sort"))
    }
}

extension StateNavigatorTests {
    @Test("a UI write that replaces a screen with another, same length, is sent; one equal to the state is not")
    func setPathComparesPaths() {
        let navigator = StateNavigator(root: "home")
        let states = StateRecorder(navigator.state)
        navigator.push("store 101")
        navigator.setPath(["store 202"])  // a deep link replaced the top screen
        navigator.setPath(["store 202"])  // the UI reading it back
        navigator.present("filters")
        navigator.setPresented("sort")  // the UI presented another sheet in its place
        navigator.setPresented("sort")
        states.expect([
            Stack(root: "home"),
            Stack(root: "home", path: ["store 101"]),
            Stack(root: "home", path: ["store 202"]),
            Stack(root: "home", path: ["store 202"], presented: "filters"),
            Stack(root: "home", path: ["store 202"], presented: "sort"),
        ])
    }
}
