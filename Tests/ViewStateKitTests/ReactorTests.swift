import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// A search screen: typing runs a search (latest wins), "stop" cancels it, "clear" resets, and
/// a failed search raises an alert pulse.
@MainActor
final class SearchReactor: Reactor<SearchReactor.Action, SearchReactor.Mutation, SearchReactor.State> {
    enum Action { case type(String), stop, clear, fail, tapTwice }
    enum Mutation: Sendable { case setQuery(String), setLoading(Bool), setResults([String]), setAlert(String) }
    struct State: Equatable {
        var query = ""
        var isLoading = false
        var results: [String] = []
        var alert = Pulse("")
    }

    let replies: [String: PendingReply<[String]>]
    var log: [String] = []
    var reduceLog: [String] = []  // test instrumentation: what each reduce was given

    init(replies: [String: PendingReply<[String]>] = [:]) {
        self.replies = replies
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        log.append("enter \(action)")
        defer { log.append("exit \(action)") }
        switch action {
        case .type(let query):
            let reply = replies[query]
            return .merge(.mutations(.setQuery(query), .setLoading(true)), .run(id: "search") { send in
                guard let results = try? await reply?.value() else { return }
                await send(.setResults(results))
                await send(.setLoading(false))
            })
        case .stop:
            return .merge(.cancel(id: "search"), .mutations(.setLoading(false)))
        case .clear:
            return .mutations(.setQuery(""), .setResults([]))
        case .fail:
            return .mutation(.setAlert("search failed"))
        case .tapTwice:
            return .mutations(.setAlert("same"), .setAlert("same"))
        }
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        reduceLog.append("\(mutation) on query \"\(state.query)\" loading \(state.isLoading)")
        var state = state
        switch mutation {
        case .setQuery(let query): state.query = query
        case .setLoading(let loading): state.isLoading = loading
        case .setResults(let results): state.results = results
        case .setAlert(let message): state.alert.value = message
        }
        return state
    }
}

@Suite("Reactor contract")
@MainActor
struct ReactorTests {
    @Test("R1: mutate, then reduce per mutation, publishing after each reduce")
    func mutateThenReduce() {
        let reactor = SearchReactor()
        var published: [String] = []
        let token = reactor.state.observe { published.append("\($0.query)|\($0.results)") }
        reactor.send(.clear)
        #expect(published == ["|[]", "|[]", "|[]"], "the replay, then one state per mutation")
        reactor.send(.type("cu"))
        #expect(published.suffix(2) == ["cu|[]", "cu|[]"])
        #expect(reactor.currentState.isLoading)
        token.cancel()
    }

    @Test("R2: currentState is up to date before the next mutation of the same action")
    func currentStateBetweenMutations() {
        let reactor = SearchReactor()
        var currentInsideObserver: [String] = []
        let token = reactor.state.observe { _ in currentInsideObserver.append(reactor.currentState.query) }
        reactor.reduceLog.removeAll()
        reactor.send(.type("cu"))
        #expect(reactor.reduceLog == [
            #"setQuery("cu") on query "" loading false"#,
            #"setLoading(true) on query "cu" loading false"#,
        ])
        #expect(currentInsideObserver == ["", "cu", "cu"])
        token.cancel()
    }

    @Test("R2 while the cell delivers: an action an observer sends during an effect's delivery is reduced at once, and currentState shows it before the cell has delivered it")
    func currentStateAheadOfDelivery() async {
        let reply = PendingReply<[String]>()
        let reactor = SearchReactor(replies: ["cu": reply])
        var seenInsideObserver: [String] = []
        let token = reactor.state.observe { state in
            guard state.results == ["CU Gangnam"], seenInsideObserver.isEmpty else { return }
            reactor.send(.clear)
            seenInsideObserver = [reactor.currentState.query, "\(reactor.currentState.results)", reactor.state.value.query]
        }
        reactor.send(.type("cu"))
        reply.send(.success(["CU Gangnam"]))
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(seenInsideObserver == ["", "[]", "cu"], "currentState is the cleared state; the cell still delivers the found one")
        #expect(reactor.currentState.query == "" && reactor.currentState.results.isEmpty)
        token.cancel()
    }

    @Test("R3: an action sent during another is queued: enter A, exit A, enter B, exit B")
    func reentrantActionsQueued() {
        let reactor = SearchReactor()
        var sent = false
        let token = reactor.state.observe { state in
            if state.query == "a", !sent {
                sent = true
                reactor.send(.clear)
            }
        }
        reactor.log.removeAll()
        reactor.send(.type("a"))
        #expect(reactor.log == ["enter type(\"a\")", "exit type(\"a\")", "enter clear", "exit clear"])
        token.cancel()
    }

    @Test("R4: a newer search supersedes the older one; its late results are dropped")
    func latestSearchWins() async {
        let old = PendingReply<[String]>()
        let new = PendingReply<[String]>()
        let reactor = SearchReactor(replies: ["c": old, "cu": new])
        var results: [[String]] = []
        let token = reactor.state.observe { results.append($0.results) }
        reactor.send(.type("c"))
        reactor.send(.type("cu"))
        old.send(.success(["old"]))
        new.send(.success(["CU Gangnam"]))
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(results.contains(["old"]) == false)
        #expect(reactor.currentState.results == ["CU Gangnam"])
        #expect(reactor.currentState.isLoading == false)
        token.cancel()
    }

    @Test("R4: a stop action cancels the running search")
    func stopCancels() async {
        let reply = PendingReply<[String]>()
        let reactor = SearchReactor(replies: ["gs": reply])
        reactor.send(.type("gs"))
        #expect(reactor.hasRunningWork)
        reactor.send(.stop)
        #expect(!reactor.hasRunningWork)
        await withSafetyNet { await reactor.waitUntilIdle() }  // ends only if the work was cancelled
        reply.send(.success(["late"]))
        #expect(reactor.currentState.results == [])
        #expect(reactor.currentState.isLoading == false)
    }

    @Test("R5: a pulse is delivered once per assignment, even when equal, and not replayed")
    func pulseOncePerAssignment() {
        let reactor = SearchReactor()
        reactor.send(.fail)  // assigned before anyone observes: not replayed
        var alerts: [String] = []
        let token = reactor.observePulse(\.alert) { alerts.append($0) }
        #expect(alerts == [])
        reactor.send(.tapTwice)
        reactor.send(.clear)  // unrelated changes: no re-delivery
        reactor.send(.fail)
        #expect(alerts == ["same", "same", "search failed"])
        token.cancel()
    }

    @Test("R6: a freed reactor frees its state cell and cancels its running work")
    func freedReactorCancelsWork() async {
        let reply = PendingReply<[String]>()
        var reactor: SearchReactor? = SearchReactor(replies: ["7": reply])
        weak let weakReactor = reactor
        weak let weakCell = reactor?.state
        reactor?.send(.type("7"))
        reactor = nil
        #expect(weakReactor == nil)
        #expect(weakCell == nil)
        reply.send(.success(["late"]))  // nothing left to deliver to; must not crash
    }

    @Test("R7: a stubbed reactor records actions and takes its state from the test")
    func stub() {
        let reactor = SearchReactor()
        reactor.isStubbed = true
        reactor.send(.type("cu"))
        reactor.send(.clear)
        #expect(reactor.stubbedActions.count == 2)
        #expect(reactor.log.isEmpty, "mutate did not run")
        var state = SearchReactor.State()
        state.results = ["CU"]
        reactor.setStubState(state)
        #expect(reactor.currentState.results == ["CU"])
        #expect(reactor.state.value.results == ["CU"])
    }

    @Test("R7: setStubState does nothing unless stubbed")
    func stubStateNeedsStub() {
        let reactor = SearchReactor()
        var state = SearchReactor.State()
        state.query = "forced"
        reactor.setStubState(state)
        #expect(reactor.currentState.query == "")
    }
}

/// A screen whose work waits for a reply: each `.fetch` starts one piece of work (its own id),
/// which says how it ended in `ended`; a result of "follow up" makes an observer start another.
@MainActor
final class FetchReactor: Reactor<FetchReactor.Action, FetchReactor.Mutation, FetchReactor.State> {
    enum Action { case fetch }
    enum Mutation: Sendable { case setResult(String) }
    struct State: Equatable { var result = "" }

    let replies = FakeReplies<String>()
    let ended: AsyncStream<String>
    private let endedContinuation: AsyncStream<String>.Continuation

    init() {
        (ended, endedContinuation) = AsyncStream.makeStream()
        super.init(initialState: State())
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        .run { [replies, endedContinuation] send in
            do {
                let result = try await replies.next()
                await send(.setResult(result))
                endedContinuation.yield("finished")
            } catch {
                endedContinuation.yield("cancelled")
            }
        }
    }

    override func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .setResult(let result): State(result: result)
        }
    }
}

extension ReactorTests {
    @Test("R6: freeing a reactor cancels the work it was running; the work sees the cancellation")
    func freedReactorCancelsItsWork() async {
        var reactor: FetchReactor? = FetchReactor()
        reactor?.send(.fetch)
        let ended = reactor!.ended
        let replies = reactor!.replies
        await replies.waitForRequests(1)
        reactor = nil
        let first = Task { for await outcome in ended { return outcome }; return "stream finished" }
        #expect(await first.waitForCompletion() == "cancelled")
    }

    @Test("waitUntilIdle also waits for work started while it waits")
    func waitUntilIdleWaitsForNewWork() async {
        let reactor = FetchReactor()
        var followedUp = false
        let token = reactor.state.observe { state in
            guard state.result == "follow up", !followedUp else { return }
            followedUp = true
            reactor.send(.fetch)  // started by a renderer while the first piece of work ends
        }
        reactor.send(.fetch)
        await reactor.replies.waitForRequests(1)
        let waiter = Task { @MainActor in
            await reactor.waitUntilIdle()
            return reactor.hasRunningWork
        }
        reactor.replies.succeed(0, with: "follow up")
        await reactor.replies.waitForRequests(2)
        reactor.replies.succeed(1, with: "done")
        #expect(await waiter.waitForCompletion() == false, "waitUntilIdle returned while work was running")
        #expect(reactor.currentState.result == "done")
        token.cancel()
    }
}

extension ReactorTests {
    @Test("work that has ended is forgotten: a reactor holds nothing for the effects it ran")
    func endedWorkIsForgotten() async {
        let reactor = FetchReactor()
        for index in 0..<20 {
            reactor.send(.fetch)
            await reactor.replies.waitForRequests(index + 1)
            reactor.replies.succeed(index, with: "reply \(index)")
        }
        let first = Task { @MainActor in
            for await _ in reactor.ended.prefix(20) {}
        }
        await first.waitForCompletion()
        #expect(reactor.heldWorkCount == 0)
        #expect(!reactor.hasRunningWork)
    }
}

/// Two kinds of work: one started without an id, and one whose id is the number 1.
@MainActor
final class NumberedWork: Reactor<NumberedWork.Action, NumberedWork.Mutation, [String]> {
    enum Action { case startAnonymous, startNumberOne, cancelNumberOne }
    enum Mutation: Sendable { case log(String) }

    let anonymousReply = PendingReply<String>()
    let numberedReply = PendingReply<String>()

    init() {
        super.init(initialState: [])
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .startAnonymous:
            return .run { [anonymousReply] send in
                guard let text = try? await anonymousReply.value() else { return }
                await send(.log(text))
            }
        case .startNumberOne:
            return .run(id: 1) { [numberedReply] send in
                guard let text = try? await numberedReply.value() else { return }
                await send(.log(text))
            }
        case .cancelNumberOne:
            return .cancel(id: 1)
        }
    }

    override func reduce(state: [String], mutation: Mutation) -> [String] {
        switch mutation {
        case .log(let text): state + [text]
        }
    }
}

extension ReactorTests {
    @Test("work started without an id is never superseded or cancelled by an id that equals its run number")
    func anonymousWorkHasNoId() async {
        let reactor = NumberedWork()
        reactor.send(.startAnonymous)  // the reactor's first run
        reactor.send(.startNumberOne)
        reactor.send(.cancelNumberOne)
        reactor.anonymousReply.send(.success("anonymous"))
        reactor.numberedReply.send(.success("number one"))
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(reactor.currentState == ["anonymous"])
    }
}

/// Builds its mutations from arrays: `.mutations([…])` and `.merge([…])`.
@MainActor
final class Tally: Reactor<Tally.Action, Tally.Mutation, [Int]> {
    enum Action { case addAll([Int]), addEach([Int]) }
    enum Mutation: Sendable { case add(Int) }

    init() {
        super.init(initialState: [])
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .addAll(let numbers): .mutations(numbers.map(Mutation.add))
        case .addEach(let numbers): .merge(numbers.map { .mutation(.add($0)) })
        }
    }

    override func reduce(state: [Int], mutation: Mutation) -> [Int] {
        switch mutation {
        case .add(let number): state + [number]
        }
    }
}

extension ReactorTests {
    @Test("mutations and effects built as arrays run in order, one published state per mutation; an empty array does nothing")
    func arraysOfMutations() {
        let reactor = Tally()
        let states = StateRecorder(reactor.state)
        reactor.send(.addAll([1, 2]))
        reactor.send(.addEach([3]))
        reactor.send(.addAll([]))
        reactor.send(.addEach([]))
        states.expect([[], [1], [1, 2], [1, 2, 3]])
    }
}
