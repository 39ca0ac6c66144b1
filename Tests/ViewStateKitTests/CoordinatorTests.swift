import Testing
@testable import ViewStateKit

/// Records navigation steps.
@MainActor
final class RecordingNavigator: Navigator {
    var steps: [String] = []
    func push(_ screen: String) { steps.append("push \(screen)") }
    func pop() { steps.append("pop") }
    func present(_ screen: String) { steps.append("present \(screen)") }
    func dismiss() { steps.append("dismiss") }
    func setRoot(_ screen: String) { steps.append("set root \(screen)") }
}

/// The register flow: shows the register screen, and goes home when its view model asks.
@MainActor
final class RegisterCoordinator: Coordinator {
    let navigator: RecordingNavigator
    let name = StateCell("")
    let registerTap = Events<Void>()
    private let viewModel = RegisterViewModel()
    private var tokens = Set<ObservationToken>()

    init(navigator: RecordingNavigator) {
        self.navigator = navigator
    }

    override func start() {
        navigator.push("register")
        let output = viewModel.transform(.init(name: name, registerTap: registerTap))
        output.route.observe { [weak self] route in
            self?.navigator.setRoot(route)
            self?.finish()
        }.store(in: &tokens)
    }
}

@MainActor
final class AppCoordinator: Coordinator {
    let navigator = RecordingNavigator()
    override func start() {
        navigator.setRoot("splash")
        start(RegisterCoordinator(navigator: navigator))
    }
}

@Suite("Coordinators")
@MainActor
struct CoordinatorTests {
    @Test("a flow turns view-model outputs into navigation, then a finished child is freed")
    func registerFlow() throws {
        let app = AppCoordinator()
        app.start()
        weak var weakChild: RegisterCoordinator?
        do {
            let child = try #require(app.children.first as? RegisterCoordinator)
            weakChild = child
            child.name.send("Kim")
            child.registerTap.send()
        }
        #expect(app.navigator.steps == ["set root splash", "push register", "set root home"])
        #expect(app.children.isEmpty)
        #expect(weakChild == nil, "the finished child was removed and freed")
    }

    @Test("finishing twice, or without a parent, does nothing")
    func finishTwice() {
        let parent = Coordinator()
        let first = Coordinator()
        let second = Coordinator()
        parent.start(first)
        parent.start(second)
        first.finish()
        first.finish()
        #expect(parent.children.count == 1)
        #expect(parent.children.first === second)
        Coordinator().finish()
    }

    @Test("a child already running is not started twice")
    func startTwice() {
        let parent = Coordinator()
        let other = Coordinator()
        let child = Coordinator()
        parent.start(child)
        parent.start(child)
        other.start(child)
        #expect(parent.children.count == 1)
        #expect(other.children.isEmpty)
    }

    @Test("coordinator gone: freeing a parent frees its children; their events do nothing")
    func parentFreed() throws {
        var app: AppCoordinator? = AppCoordinator()
        app?.start()
        weak var weakChild: RegisterCoordinator?
        let (name, tap) = try {
            let child = try #require(app?.children.first as? RegisterCoordinator)
            weakChild = child
            return (child.name, child.registerTap)
        }()
        weak let weakApp = app
        app = nil
        #expect(weakApp == nil)
        #expect(weakChild == nil)
        name.send("Kim")
        tap.send()  // nobody left to navigate: a no-op
    }
}
