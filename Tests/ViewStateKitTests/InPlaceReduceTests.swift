import Testing
import ViewStateKitTesting
@testable import ViewStateKit
import ViewStateKitTracing

/// A feed that reduces in place: `reduce(into:mutation:)` appends to the list the reactor
/// holds, and records what each reduce was given (R2).
@MainActor
final class FeedReactor: Reactor<FeedReactor.Action, FeedReactor.Mutation, FeedReactor.State> {
    enum Action { case add(Int, Int), fetch, tap }
    enum Mutation: Equatable, Sendable { case append(Int), setLoading(Bool), tapped }
    struct State: Equatable {
        var items: [Int]
        var isLoading = false
        var taps = 0
    }

    var reduceLog: [String] = []
    /// Run inside `reduce`, to try what a reduce that is not pure does.
    var duringReduce: ((FeedReactor) -> Void)?

    init(items: [Int] = []) {
        super.init(initialState: State(items: items))
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .add(let first, let second):
            .mutations(.append(first), .append(second))
        case .fetch:
            .merge(.mutation(.setLoading(true)), .run { send in
                await send(.append(99))
                await send(.setLoading(false))
            })
        case .tap:
            .mutation(.tapped)
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        reduceLog.append("\(mutation) on \(state.items)")
        switch mutation {
        case .append(let item): state.items.append(item)
        case .setLoading(let loading): state.isLoading = loading
        case .tapped: state.taps += 1
        }
        duringReduce?(self)
    }
}

/// The same list, reduced ReactorKit's way, to compare what each form does to its storage.
@MainActor
final class CopyingFeedReactor: Reactor<Int, Int, [Int]> {
    override func mutate(action: Int) -> Effect<Int> { .mutation(action) }
    override func reduce(state: [Int], mutation: Int) -> [Int] {
        var state = state
        state.append(mutation)
        return state
    }
}

/// The list's storage: the same address after a change means the change was made in place.
@MainActor
private func storage(of items: [Int]) -> UnsafeRawPointer? {
    items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

@Suite("Reactor: reduce(into:mutation:), in place")
@MainActor
struct InPlaceReduceTests {
    @Test("R1 in place: mutate, then one reduce per mutation, one published state after each")
    func oneStatePerMutation() {
        let reactor = FeedReactor()
        var published: [[Int]] = []
        let token = reactor.state.observe { published.append($0.items) }
        reactor.send(.add(1, 2))
        reactor.send(.add(3, 4))
        #expect(published == [[], [1], [1, 2], [1, 2, 3], [1, 2, 3, 4]])
        token.cancel()
    }

    @Test("R2 in place: each reduce is given the state the previous one left, and currentState follows it")
    func currentStateBetweenMutations() {
        let reactor = FeedReactor()
        var currentInsideObserver: [[Int]] = []
        let token = reactor.state.observe { _ in currentInsideObserver.append(reactor.currentState.items) }
        reactor.send(.add(1, 2))
        #expect(reactor.reduceLog == ["append(1) on []", "append(2) on [1]"])
        #expect(currentInsideObserver == [[], [1], [1, 2]])
        token.cancel()
    }

    @Test("in place: an append writes into the list's own storage, with an observer watching; reduce(state:) copies the list")
    func appendDoesNotCopy() {
        var items = [1, 2, 3]
        items.reserveCapacity(64)
        let reactor = FeedReactor(items: items)
        items = []  // the reactor's copy is now the only one
        var total = 0
        // The storage each published state is in, read as it is delivered: a copy is made while
        // the list it copies is still alive, so it cannot land at the same address. (Compared
        // only at the end, a second copy could reuse the address of the first list, freed.)
        var storages: [UnsafeRawPointer?] = []
        let token = reactor.state.observe {
            total += $0.items.count
            storages.append(storage(of: $0.items))
        }
        let before = storage(of: reactor.currentState.items)
        reactor.send(.add(4, 5))
        #expect(storages == [before, before, before], "an append copied the list")
        #expect(reactor.currentState.items == [1, 2, 3, 4, 5])

        var copied = [1, 2, 3]
        copied.reserveCapacity(64)
        let copying = CopyingFeedReactor(initialState: copied)
        copied = []
        let copyingBefore = storage(of: copying.currentState)
        copying.send(4)
        #expect(storage(of: copying.currentState) != copyingBefore, "reduce(state:) builds a new list: the cost it documents")
        #expect(total == 3 + 4 + 5)
        token.cancel()
    }

    @Test("in place while the cell delivers: an observer's action changes a copy, queued; the state being delivered is left as it was")
    func changeDuringDelivery() async {
        let reactor = FeedReactor()
        var first: [[Int]] = []
        var second: [[Int]] = []
        let firstToken = reactor.state.observe { state in
            first.append(state.items)
            if state.items == [99], state.isLoading { reactor.send(.add(7, 8)) }  // reduced while the cell delivers
        }
        let secondToken = reactor.state.observe { state in
            second.append(state.items)
            #expect(state == reactor.state.value, "a delivered state never changes under its observers")
        }
        reactor.send(.fetch)
        await reactor.waitUntilIdle()
        let expected: [[Int]] = [[], [], [99], [99, 7], [99, 7, 8], [99, 7, 8]]
        #expect(first == expected)
        #expect(second == expected, "every observer sees the same sequence (C5)")
        #expect(reactor.currentState == FeedReactor.State(items: [99, 7, 8], isLoading: false))
        firstToken.cancel()
        secondToken.cancel()
    }

    @Test("a reduce that is not pure does not crash: a send to its own cell is delivered after the reduced state, an action runs after the current one (R3)")
    func impureReduce() {
        let reactor = FeedReactor()
        var published: [String] = []
        let token = reactor.state.observe { published.append("\($0.items) taps \($0.taps)") }
        reactor.duringReduce = { reactor in
            reactor.duringReduce = nil
            reactor.state.send(FeedReactor.State(items: [-1]))
            reactor.send(.tap)
        }
        reactor.send(.add(1, 2))
        #expect(published == [
            "[] taps 0",
            "[1] taps 0",    // the reduced state reaches everyone first
            "[-1] taps 0",   // then the send made from inside the reduce
            "[-1, 2] taps 0", // the action's second mutation reduces what the cell holds now
            "[-1, 2] taps 1", // then the queued action
        ])
        token.cancel()
    }

    @Test("tracing an in-place reactor writes the fields each mutation changed")
    func tracedInPlace() {
        let reactor = FeedReactor(items: [1])
        var lines: [String] = []
        let trace = reactor.trace("feed") { lines.append($0) }
        reactor.send(.add(2, 3))
        #expect(lines == [
            "[feed] action .add(2, 3) (ran at once)",
            "[feed] mutation .append(2)",
            "[feed]   items[1]: (missing) → 2",
            "[feed] mutation .append(3)",
            "[feed]   items[2]: (missing) → 3",
        ])
        trace.cancel()
    }

    @Test("R7 in place: a stubbed reactor records actions and never reduces")
    func stubbedNeverReduces() {
        let reactor = FeedReactor()
        reactor.isStubbed = true
        reactor.send(.add(1, 2))
        reactor.setStubState(FeedReactor.State(items: [5]))
        #expect(reactor.reduceLog.isEmpty)
        #expect(reactor.currentState.items == [5])
    }

    @Test("the tester checks an in-place reactor as any other: each mutation's state, then the effect's")
    func testerInPlace() async {
        let tester = ReactorTester(FeedReactor())
        await tester.send(.add(1, 2)) {
            $0.items = [1, 2]
        }
        await tester.send(.fetch) { $0.isLoading = true }
        await tester.receive(.append(99)) { $0.items.append(99) }
        await tester.receive(.setLoading(false)) { $0.isLoading = false }
        await tester.finish()
    }
}
