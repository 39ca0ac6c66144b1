import Testing
import ViewStateKitTesting
@testable import ViewStateKit

@Suite("StateNavigator: navigation as state")
@MainActor
struct StateNavigatorTests {
    typealias Stack = NavigationState<String>

    /// A stack of `screens` pushed one after another from an empty one: ids #0, #1, …
    func pushed(_ screens: String...) -> ScreenStack<String> {
        ScreenStack(screens)
    }

    @Test("push, push, pop from the UI, present, dismiss from the UI: one state per step")
    func sequence() {
        let navigator = StateNavigator(root: "home")
        let states = StateRecorder(navigator.state)
        let mirror = navigator.state.observed()
        let path = navigator.pathBinding(mirror)
        let sheet = navigator.presentedBinding(mirror)
        navigator.push("stores")
        navigator.push("store 101")
        path.value = [0]  // the user swiped back
        navigator.present("filters")
        sheet.value = nil  // the user pulled the sheet down
        states.expect([
            Stack(root: "home"),
            Stack(root: "home", path: pushed("stores")),
            Stack(root: "home", path: pushed("stores", "store 101")),
            Stack(root: "home", path: pushed("stores")),
            Stack(root: "home", path: pushed("stores"), presented: "filters"),
            Stack(root: "home", path: pushed("stores")),
        ])
        #expect(path.value == [0])
        #expect(sheet.value == nil)
    }

    @Test("a deep link replaces the pushed screens under new ids; a written path that is not a pop sends nothing")
    func deepLinkAndForeignPaths() {
        let navigator = StateNavigator(root: "home")
        navigator.push("stores")
        navigator.push("store 101")
        let states = StateRecorder(navigator.state)
        navigator.setPath([1])  // not the bottom screens: the UI cannot make it by going back
        navigator.setPath([0, 1, 2])  // an id the stack never gave
        navigator.setPath([0, 1])  // read back
        navigator.replacePath(with: ["brands", "store 101"])
        var deepLinked = pushed("stores", "store 101")
        deepLinked.replace(with: ["brands", "store 101"])
        states.expect([
            Stack(root: "home", path: pushed("stores", "store 101")),
            Stack(root: "home", path: deepLinked),
        ])
        #expect(navigator.state.value.path.ids == [2, 3], "new ids: SwiftUI draws new screens")
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
        navigator.setPath([0])  // the UI reading the path back: no new state
        navigator.present("sheet")
        navigator.setRoot("login")
        states.expect([
            Stack(),
            Stack(root: "home"),
            Stack(root: "home", path: pushed("detail")),
            Stack(root: "home", path: pushed("detail"), presented: "sheet"),
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
        #expect(view.frames == [[], [0]])
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
            states.expect([Stack(root: "home"), Stack(root: "home", path: pushed("detail")), Stack(root: "home")])
            #expect(parent.children.isEmpty)
        }
        #expect(weakNavigator == nil)
        #expect(weakChild == nil)
    }
}

extension StateNavigatorTests {
    @Test("the top screen is the presented one, else the last pushed, else the root")
    func topScreen() {
        #expect(NavigationState(root: "home", path: pushed("list", "detail"), presented: "sheet").top == "sheet")
        #expect(NavigationState(root: "home", path: pushed("list", "detail")).top == "detail")
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
            Stack(root: "home", path: pushed("stores")),
            Stack(root: "home", path: pushed("stores", "store 101")),
            Stack(root: "home", path: pushed("stores")),
            Stack(root: "home", path: pushed("stores"), presented: "filters"),
            Stack(root: "home", path: pushed("stores"), presented: "sort"),
            Stack(root: "home", path: pushed("stores")),
        ])
    }

    @Test("the UI's writes through the bindings: a sheet the UI presents is presented; the path reads the state")
    func bindingsWriteThrough() {
        let navigator = StateNavigator(root: "home")
        let mirror = navigator.state.observed()
        let sheet = navigator.presentedBinding(mirror)
        let path = navigator.pathBinding(mirror)
        navigator.push("stores")
        #expect(path.value == [0])
        sheet.value = "filters"  // `.sheet(item:)` writing an item
        #expect(navigator.state.value.presented == "filters")
        #expect(sheet.value == "filters")
        navigator.setPresented("sort")
        #expect(navigator.state.value == Stack(root: "home", path: pushed("stores"), presented: "sort"))
    }
}

extension StateNavigatorTests {
    @Test("a UI write equal to the state sends nothing; a sheet the UI presents in place of another is sent")
    func setPresentedComparesScreens() {
        let navigator = StateNavigator(root: "home")
        let states = StateRecorder(navigator.state)
        navigator.push("store 101")
        navigator.present("filters")
        navigator.setPresented("sort")  // the UI presented another sheet in its place
        navigator.setPresented("sort")
        states.expect([
            Stack(root: "home"),
            Stack(root: "home", path: pushed("store 101")),
            Stack(root: "home", path: pushed("store 101"), presented: "filters"),
            Stack(root: "home", path: pushed("store 101"), presented: "sort"),
        ])
    }

    @Test("one navigation model: a navigator follows the StateNavigator's stack as it follows a reactor's; a pop the UI made is followed")
    func navigatorFollowsTheFlowsStack() {
        let flow = StateNavigator(root: "home")
        let screen = RecordingNavigator()
        let following = flow.state.follow(\.path, with: screen) { id, name in "\(name) \(id)" }
        flow.push("stores")
        flow.push("store 101")
        flow.setPath([0])  // the user went back in the UI
        flow.replacePath(with: ["brands"])
        flow.setRoot("login")
        #expect(screen.steps == ["push stores #0", "push store 101 #1", "pop", "pop", "push brands #2", "pop"])
        withExtendedLifetime(following) {}
    }
}
