import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// Something a feature holds, to see when the places that copy the feature let it go.
final class HeldByAFeature {}

/// A counter that holds a reference: its places copy it.
struct HoldingCounter: Feature {
    struct State: Equatable { var count = 0 }
    enum Action: Sendable { case increment }
    let held: HeldByAFeature

    func reduce(into state: inout State, mutation: Action) {
        state.count += 1
    }
}

/// The counter two levels down.
struct HoldingBox: Feature {
    struct State: Equatable { var counter = HoldingCounter.State() }
    enum Action: Sendable { case counter(HoldingCounter.Action) }
    let held: HeldByAFeature

    var children: [ChildPlace<State, Action, Never>] {
        [.scope(HoldingCounter(held: held), state: \.counter, action: Action.counter)]
    }
}

struct HoldingScreen: Feature {
    struct State: Equatable { var box = HoldingBox.State() }
    enum Action: Sendable { case box(HoldingBox.Action) }
    let held: HeldByAFeature

    var children: [ChildPlace<State, Action, Never>] {
        [.scope(HoldingBox(held: held), state: \.box, action: Action.box)]
    }
}

@MainActor
@Suite("Reaching a child: the nodes places keep between actions, its state through its field, its mutations in order")
struct KeptNodeTests {
    @Test("a reactor gone lets go of its places and the nodes they kept, at any depth")
    func nodesDoNotOutliveTheirReactor() {
        weak var held: HeldByAFeature?
        do {
            let object = HeldByAFeature()
            held = object
            let reactor = FeatureReactor(HoldingScreen(held: object), initialState: .init())
            reactor.send(.box(.counter(.increment)))
            reactor.send(.box(.counter(.increment)))
            #expect(reactor.currentState.box.counter.count == 2)
        }
        #expect(held == nil, "nothing the places keep holds them in a cycle")
    }
}

/// A child whose action makes two mutations at once.
struct TwoSteps: Feature {
    struct State: Equatable { var steps: [String] = [] }
    enum Action: Sendable { case both }
    enum Mutation: Sendable { case first, second }

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        .mutations(.first, .second)
    }

    func reduce(into state: inout State, mutation: Mutation) {
        state.steps.append(mutation == .first ? "first" : "second")
    }
}

/// A screen holding the two steps.
struct TwoStepsScreen: Feature {
    struct State: Equatable { var steps = TwoSteps.State() }
    enum Action: Sendable { case steps(TwoSteps.Action) }

    var children: [ChildPlace<State, Action, Never>] {
        [.scope(TwoSteps(), state: \.steps, action: Action.steps)]
    }
}

extension KeptNodeTests {
    @Test("N2: every mutation a child's action makes at once reaches the child, in order")
    func everyImmediateMutationReachesTheChild() async {
        let tester = ReactorTester(FeatureReactor(TwoStepsScreen(), initialState: .init()))
        await tester.send(.steps(.both)) { $0.steps.steps = ["first", "second"] }
    }
}

/// A parent whose child lives behind a computed property: a key path no offset stands for.
struct ComputedHome: Feature {
    struct State: Equatable {
        var boxes = [Counter.State()]
        var counter: Counter.State {
            get { boxes[0] }
            set { boxes[0] = newValue }
        }
    }
    enum Action: Sendable { case counter(Counter.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(Counter(), state: \.counter, action: Action.counter)]
    }
}

extension KeptNodeTests {
    @Test("a child behind a computed property is read and changed through its key path")
    func computedPlace() async {
        #expect(MemoryLayout<ComputedHome.State>.offset(of: \ComputedHome.State.counter) == nil)
        let tester = ReactorTester(FeatureReactor(ComputedHome(), initialState: .init()))
        await tester.send(.counter(.increment)) { $0.boxes[0].count = 1 }
        await tester.send(.counter(.increment)) { $0.boxes[0].count = 2 }
    }
}
