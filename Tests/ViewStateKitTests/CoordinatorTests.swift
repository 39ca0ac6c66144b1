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

/// A detail flow: pushes the detail screen; when the screen says it is done, pops and finishes.
@MainActor
final class DetailCoordinator: Coordinator {
    let navigator: any Navigator<String>
    let done = Events<Void>()
    private var token: ObservationToken?

    init(navigator: any Navigator<String>) {
        self.navigator = navigator
    }

    override func start() {
        navigator.push("detail")
        token = done.observe { [weak self] in
            self?.navigator.pop()
            self?.finish()
        }
    }
}

@MainActor
final class AppCoordinator: Coordinator {
    let navigator = RecordingNavigator()
    override func start() {
        navigator.setRoot("home")
        start(DetailCoordinator(navigator: navigator))
    }
}

@Suite("Coordinators")
@MainActor
struct CoordinatorTests {
    @Test("a flow turns events into navigation, then a finished child is freed")
    func childFlow() throws {
        let app = AppCoordinator()
        app.start()
        weak var weakChild: DetailCoordinator?
        do {
            let child = try #require(app.children.first as? DetailCoordinator)
            weakChild = child
            child.done.send()
        }
        #expect(app.navigator.steps == ["set root home", "push detail", "pop"])
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
        weak var weakChild: DetailCoordinator?
        let done = try {
            let child = try #require(app?.children.first as? DetailCoordinator)
            weakChild = child
            return child.done
        }()
        weak let weakApp = app
        app = nil
        #expect(weakApp == nil)
        #expect(weakChild == nil)
        done.send()  // nobody left to navigate: a no-op
    }
}

/// A flow with nothing to show: it finishes inside its own `start()`.
@MainActor
final class NothingToShowCoordinator: Coordinator {
    override func start() {
        finish()
    }
}

extension CoordinatorTests {
    @Test("a finished child no longer has a parent, and can be started again by another")
    func finishedChildHasNoParent() {
        let parent = Coordinator()
        let other = Coordinator()
        let child = Coordinator()
        parent.start(child)
        #expect(child.parent === parent)
        child.finish()
        #expect(child.parent == nil)
        other.start(child)
        #expect(other.children.count == 1)
    }

    @Test("a child's parent is set before it starts, so it can finish during its own start()")
    func childFinishesDuringStart() {
        let parent = Coordinator()
        let child = NothingToShowCoordinator()
        parent.start(child)
        #expect(parent.children.isEmpty)
        #expect(child.parent == nil)
    }
}
