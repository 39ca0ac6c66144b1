import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// An item of a shared list.
struct Item: Equatable, Sendable, Identifiable {
    var id: Int
    var name: String
}

/// An item's screen: it holds the item as a shared value of its own, and renames it.
struct ItemDetail: Feature {
    struct State: Equatable { var item: Shared<Item> }
    enum Action: Sendable { case rename(String) }

    var children: [ChildPlace<State, Action, Action>] { [.shared(\.item)] }

    func reduce(into state: inout State, mutation: Action) {
        if case .rename(let name) = mutation { state.item.value.name = name }
    }
}

/// A list of items and a stack of item screens over it, all holding the same shared list.
@MainActor
final class ItemsApp: Reactor<ItemsApp.Action, ItemsApp.Mutation, ItemsApp.State> {
    struct State: Equatable {
        var items: Shared<[Item]>
        var path = ScreenStack<ItemDetail.State>()
    }
    enum Action: Sendable { case open(Int), add(Item), remove(Int), renameBoth(String), path(StackAction<ItemDetail.Action>) }
    enum Mutation: Sendable { case push(ItemDetail.State), add(Item), remove(Int), renameBoth(String) }

    init(items: Shared<[Item]>) {
        super.init(initialState: State(items: items))
    }

    override var children: [ChildPlace<State, Action, Mutation>] {
        [.shared(\.items), .stack(ItemDetail(), state: \.path, action: Action.path)]
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .open(let id):
            guard let item = currentState.items.element(id: id) else { return .none }
            return .mutation(.push(ItemDetail.State(item: item)))
        case .add(let item): return .mutation(.add(item))
        case .remove(let id): return .mutation(.remove(id))
        case .renameBoth(let name): return .mutation(.renameBoth(name))
        case .path: return .none
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .push(let screen): state.path.push(screen)
        case .add(let item): state.items.value.append(item)
        case .remove(let id): state.items.value.removeAll { $0.id == id }
        case .renameBoth(let name):  // two copies of one value set in one reduce: the list, then the screen
            state.items.value[0].name = name + " (list)"
            if let top = state.path.ids.last { state.path[id: top]?.item.value.name = name + " (screen)" }
        }
    }
}

/// A screen of its own (ReactorKit's shape) holding a shared count.
@MainActor
final class CountScreen: Reactor<CountScreen.Action, CountScreen.Action, CountScreen.State> {
    struct State: Equatable { var count: Shared<Int> }
    enum Action: Sendable { case increment, set(Int) }

    init(count: Shared<Int>) {
        super.init(initialState: State(count: count))
    }

    override var children: [ChildPlace<State, Action, Action>] { [.shared(\.count)] }

    override func mutate(action: Action) -> Effect<Action> { .mutation(action) }

    override func reduce(into state: inout State, mutation: Action) {
        switch mutation {
        case .increment: state.count.value += 1
        case .set(let count): state.count.value = count
        }
    }
}

/// A screen whose state holds a shared item its children forget to declare.
struct ForgetfulDetail: Feature {
    struct State: Equatable {
        var item: Shared<Item>
        var note = ""
    }
    enum Action: Sendable { case rename(String) }

    func reduce(into state: inout State, mutation: Action) {
        if case .rename(let name) = mutation { state.item.value.name = name }
    }
}

/// A parent holding a screen that forgets to declare its shared item, and one that declares it.
struct ForgetfulParent: Feature {
    struct State: Equatable {
        var forgetful: ForgetfulChild.State
        var careful: ItemDetail.State
    }
    enum Action: Sendable { case forgetful(ForgetfulChild.Action), careful(ItemDetail.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(ForgetfulChild(), state: \.forgetful, action: Action.forgetful),
         .scope(ItemDetail(), state: \.careful, action: Action.careful)]
    }

    func reduce(into state: inout State, mutation: Action) {}
}

/// The forgetful screen as a child (a type of its own: each state type is checked once).
struct ForgetfulChild: Feature {
    struct State: Equatable { var item: Shared<Item> }
    enum Action: Sendable { case rename(String) }

    func reduce(into state: inout State, mutation: Action) {
        if case .rename(let name) = mutation { state.item.value.name = name }
    }
}

/// A parent that tries to change its child with a mutation of the child's case, as a parent
/// could before a child's mutations were its own: it reaches the parent's own `reduce`.
struct RenamingParent: Feature {
    struct State: Equatable { var child: RenamedChild.State }
    enum Action: Sendable { case rename(String), child(RenamedChild.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(RenamedChild(), state: \.child, action: Action.child)]
    }

    func mutate(action: Action, state: State) -> Effect<Action> {
        if case .rename(let name) = action { return .mutation(.child(.rename(name))) }
        return .none
    }

    func reduce(into state: inout State, mutation: Action) {}
}

/// A screen holding a ``RenamingParent``: the parent is a nested feature, not the reactor.
struct RenamingScreen: Feature {
    struct State: Equatable { var parent: RenamingParent.State }
    enum Action: Sendable { case parent(RenamingParent.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(RenamingParent(), state: \.parent, action: Action.parent)]
    }
}

/// The renamed child (a type of its own: each state type is checked once).
struct RenamedChild: Feature {
    struct State: Equatable { var item: Shared<Item> }
    enum Action: Sendable { case rename(String) }

    func reduce(into state: inout State, mutation: Action) {
        if case .rename(let name) = mutation { state.item.value.name = name }
    }
}

@MainActor
@Suite("Shared values: one value held and written by several screens")
struct SharedTests {
    let items = [Item(id: 1, name: "one"), Item(id: 2, name: "two")]

    @Test("S1: a screen's write is in the state its reduce publishes, for the list and every screen of that item")
    func writeSeenByEveryCopyInOneState() async {
        let tester = ReactorTester(ItemsApp(items: Shared(items)))
        let shared = tester.state.items
        await tester.send(.open(1)) { $0.path.push(ItemDetail.State(item: shared.element(id: 1)!)) }
        await tester.send(.open(1)) { $0.path.push(ItemDetail.State(item: shared.element(id: 1)!)) }
        await tester.send(.open(2)) { $0.path.push(ItemDetail.State(item: shared.element(id: 2)!)) }
        await tester.send(.path(.screen(id: 1, action: .rename("uno")))) {
            $0.items.value[0].name = "uno"
            $0.path[id: 0]?.item.value.name = "uno"
            $0.path[id: 1]?.item.value.name = "uno"
        }
        #expect(shared.element(id: 1)?.value.name == "uno", "the value behind every copy was written")
    }

    @Test("S3: a test states a shared write once: every copy its expected state holds shows it, as the reactor's do")
    func expectedWriteStatedOnce() async {
        let tester = ReactorTester(ItemsApp(items: Shared(items)))
        let shared = tester.state.items
        await tester.send(.open(1)) { $0.path.push(ItemDetail.State(item: shared.element(id: 1)!)) }
        await tester.send(.open(1)) { $0.path.push(ItemDetail.State(item: shared.element(id: 1)!)) }
        await tester.send(.path(.screen(id: 1, action: .rename("uno")))) { $0.path[id: 1]?.item.value.name = "uno" }
        #expect(tester.state.items.value[0].name == "uno" && tester.state.path[id: 0]?.item.value.name == "uno")
        await tester.send(.path(.screen(id: 0, action: .rename("one")))) { $0.items.value[0].name = "one" }
        await withKnownIssue {
            await tester.send(.path(.screen(id: 0, action: .rename("ein")))) { $0.items.value[0].name = "eins" }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("items.value[0].name: \"eins\" → \"ein\"") && text.contains("item.value.name: \"eins\" → \"ein\"")
        }
        #expect(shared.element(id: 1)?.value.name == "ein", "the test's expected state wrote nothing behind the copies")
    }

    @Test("S3: in a list where an id is twice, the expected state's element copy is the first with that id, as the real one is")
    func expectedElementIsTheFirst() async {
        let tester = ReactorTester(ItemsApp(items: Shared([Item(id: 1, name: "first"), Item(id: 1, name: "second")])))
        let shared = tester.state.items
        await tester.send(.open(1)) { $0.path.push(ItemDetail.State(item: shared.element(id: 1)!)) }
        await tester.send(.path(.screen(id: 0, action: .rename("uno")))) { $0.path[id: 0]?.item.value.name = "uno" }
        #expect(tester.state.items.value.map(\.name) == ["uno", "second"])
    }

    @Test("S3: a change the test did not state still fails it: the expected copies start from the expected state, not the real value")
    func unstatedSharedChangeFails() async {
        let tester = ReactorTester(ItemsApp(items: Shared(items)))
        let shared = tester.state.items
        await tester.send(.open(2)) { $0.path.push(ItemDetail.State(item: shared.element(id: 2)!)) }
        await withKnownIssue {  // the reduce renamed item 1 in the list and item 2 on its screen
            await tester.send(.renameBoth("x")) { $0.path[id: 0]?.item.value.name = "x (screen)" }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("items.value[0].name: \"one\" → \"x (list)\"") && !text.contains("items.value[1]")
        }
    }

    @Test("S1: the list's write reaches the screens of its items")
    func listWriteReachesElements() async {
        let tester = ReactorTester(ItemsApp(items: Shared(items)))
        let shared = tester.state.items
        await tester.send(.open(2)) { $0.path.push(ItemDetail.State(item: shared.element(id: 2)!)) }
        await tester.send(.add(Item(id: 3, name: "three"))) { $0.items.value.append(Item(id: 3, name: "three")) }
        #expect(tester.state.path[id: 0]?.item.value.name == "two", "an element the write did not change is unchanged")
    }

    @Test("S1: another reactor holding the value publishes a state with its copy refreshed, in the order they first held it")
    func otherReactorsHearOfAWrite() {
        let count = Shared(0)
        let first = CountScreen(count: count), second = CountScreen(count: count), third = CountScreen(count: count)
        var heard: [String] = []
        let tokens = [("first", first), ("second", second), ("third", third)].map { name, screen in
            screen.state.observe { heard.append("\(name) \($0.count.value)") }
        }
        heard.removeAll()
        second.send(.increment)
        #expect(heard == ["second 1", "first 1", "third 1"])
        #expect(first.currentState == second.currentState && third.currentState.count.value == 1)
        withExtendedLifetime(tokens) {}
    }

    @Test("S1: a holder told of a write that leaves its own copies as they were publishes nothing")
    func untouchedHolderPublishesNothing() {
        let list = Shared(items)
        let first = FeatureReactor(ItemDetail(), initialState: ItemDetail.State(item: list.element(id: 1)!))
        let second = FeatureReactor(ItemDetail(), initialState: ItemDetail.State(item: list.element(id: 2)!))
        var heard: [String] = []
        let tokens = [first, second].map { screen in screen.state.observe { heard.append($0.item.value.name) } }
        heard.removeAll()
        second.send(.rename("dos"))  // the list is written; the first screen's item is not
        #expect(heard == ["dos"])
        #expect(list.element(id: 2)?.value.name == "dos", "the list behind every copy was written")
        withExtendedLifetime(tokens) {}
    }

    @Test("S2: two copies of one value set in one reduce: the list is written, then the screen; the last write wins")
    func twoWritesInOneReduce() async {
        let tester = ReactorTester(ItemsApp(items: Shared(items)))
        let shared = tester.state.items
        await tester.send(.open(1)) { $0.path.push(ItemDetail.State(item: shared.element(id: 1)!)) }
        await tester.send(.renameBoth("x")) {
            $0.items.value[0].name = "x (screen)"
            $0.path[id: 0]?.item.value.name = "x (screen)"
        }
    }

    @Test("S2: a holder writing while it hears of a write: the others publish it at once, the writer once its delivery ends")
    func writeDuringAnotherHoldersDelivery() {
        let count = Shared(0)
        let first = CountScreen(count: count), second = CountScreen(count: count)
        var heard: [String] = []
        let firstToken = first.state.observe { heard.append("first \($0.count.value)") }
        let secondToken = second.state.observe { state in
            heard.append("second \(state.count.value)")
            if state.count.value == 1 { second.send(.set(10)) }  // reacts to the first's write
        }
        heard.removeAll()
        first.send(.increment)
        #expect(heard == ["first 1", "second 1", "first 10", "second 10"])
        withExtendedLifetime((firstToken, secondToken)) {}
    }

    @Test("S3: setting a copy in a test's expected state, or anywhere outside a reactor, writes nothing behind it")
    func expectedStateWritesNothing() async {
        let count = Shared(0)
        let tester = ReactorTester(CountScreen(count: count))
        await withKnownIssue {
            await tester.send(.set(0)) { $0.count.value = 5 }  // the reactor set 0, not 5
        }
        var loose = count
        loose.value = 9
        let other = CountScreen(count: count)
        #expect(other.currentState.count.value == 0, "neither the test's copy nor a loose one was written")
    }

    @Test("A shared field a feature's children do not declare is named in a debug warning, once per state type")
    func undeclaredSharedWarns() async {
        #if DEBUG
        nonisolated(unsafe) var warnings: [String] = []
        let reactor = DebugWarning.$sink.withValue({ warnings.append($0) }) {
            FeatureReactor(ForgetfulDetail(), initialState: ForgetfulDetail.State(item: Shared(Item(id: 1, name: "one"))))
        }
        #expect(warnings == ["""
            ViewStateKit warning: State.item holds a Shared value that FeatureReactor<ForgetfulDetail>'s children do not \
            declare, so a write to it stays in this copy: no other screen sees it and it is never saved. Declare it in \
            `children` with .shared(\\.item).
            """])
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.rename("uno"))
        }
        #expect(warnings.count == 1, "once per state type")
        #endif
    }

    @Test("A child's undeclared shared field is named the first time the child runs; a declared one is not")
    func undeclaredSharedInAChild() async {
        #if DEBUG
        nonisolated(unsafe) var warnings: [String] = []
        let item = Shared(Item(id: 1, name: "one"))
        let state = ForgetfulParent.State(forgetful: ForgetfulChild.State(item: item), careful: ItemDetail.State(item: item))
        let reactor = FeatureReactor(ForgetfulParent(), initialState: state)
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.careful(.rename("uno")))
            reactor.send(.forgetful(.rename("eins")))
            reactor.send(.forgetful(.rename("one")))
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("ViewStateKit warning: State.item holds a Shared value that ForgetfulChild's children") == true)
        #expect(reactor.currentState.careful.item.value.name == "uno", "the declared copy was written behind")
        #expect(reactor.currentState.forgetful.item.value.name == "one", "the undeclared one changed in its copy alone")
        #endif
    }

    @Test("N2: a parent's own mutation of its child's case changes nothing in the child, and a debug build says so once")
    func parentMutationOfAChildsCase() {
        #if DEBUG
        nonisolated(unsafe) var warnings: [String] = []
        let reactor = FeatureReactor(RenamingParent(), initialState: RenamingParent.State(
            child: RenamedChild.State(item: Shared(Item(id: 1, name: "one")))))
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.rename("uno"))
            reactor.send(.rename("eins"))
        }
        #expect(reactor.currentState.child.item.value.name == "one", "a child's mutations are its own")
        #expect(warnings == ["""
            ViewStateKit warning: .child(.rename("uno")) reached the reduce of FeatureReactor<RenamingParent> as its own \
            mutation, but its case belongs to the place of RenamedChild at \\State.child, and a child's mutations are its \
            own: the child never sees it. To change the child, send it that action; else return .none for it.
            """])
        reactor.send(.child(.rename("uno")))
        #expect(reactor.currentState.child.item.value.name == "uno", "its action reaches it")
        #endif
    }

    @Test("N2: a nested feature's own mutation of its child's case is said too, naming that feature")
    func nestedParentMutationOfAChildsCase() {
        #if DEBUG
        nonisolated(unsafe) var warnings: [String] = []
        let reactor = FeatureReactor(RenamingScreen(), initialState: RenamingScreen.State(parent: RenamingParent.State(
            child: RenamedChild.State(item: Shared(Item(id: 1, name: "one"))))))
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.parent(.rename("uno")))
        }
        #expect(reactor.currentState.parent.child.item.value.name == "one")
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix(
            "ViewStateKit warning: .child(.rename(\"uno\")) reached the reduce of RenamingParent as its own mutation") == true)
        #endif
    }

    @Test("S4: a holder that has gone is forgotten, with no call")
    func holderGone() {
        let count = Shared(0)
        let first = CountScreen(count: count)
        var second: CountScreen? = CountScreen(count: count)
        weak let weakSecond = second
        #expect(count.reference.root.holderCount == 2)
        second = nil
        #expect(weakSecond == nil, "the value does not keep its holders alive")
        first.send(.increment)
        #expect(count.reference.root.holderCount == 1)
        #expect(first.currentState.count.value == 1)
    }

    @Test("S4: a holder freed while another holder publishes a write is skipped, with no call and no trap")
    func holderFreedMidDelivery() {
        let count = Shared(0)
        let first = CountScreen(count: count)
        var second: CountScreen? = CountScreen(count: count)
        var third: CountScreen? = CountScreen(count: count)
        weak let weakThird = third
        let token = second!.state.observe { state in
            if state.count.value == 1 { third = nil }  // the second, hearing of the write, lets the third go
        }
        first.send(.increment)
        #expect(weakThird == nil)
        #expect(second?.currentState.count.value == 1)
        first.send(.increment)
        #expect(count.reference.root.holderCount == 2, "the holder that went is forgotten at the next write")
        withExtendedLifetime(token) {}
        second = nil
    }

    @Test("S4: a screen's copy of an item removed from the list keeps its last value; its writes change nothing")
    func removedElement() async {
        let tester = ReactorTester(ItemsApp(items: Shared(items)))
        let shared = tester.state.items
        await tester.send(.open(2)) { $0.path.push(ItemDetail.State(item: shared.element(id: 2)!)) }
        await tester.send(.remove(2)) { $0.items.value.removeLast() }
        await tester.send(.path(.screen(id: 0, action: .rename("gone")))) { $0.path[id: 0]?.item.value.name = "gone" }
        #expect(shared.element(id: 2) == nil)
        #expect(tester.state.items.value == [Item(id: 1, name: "one")], "the list is unchanged")
    }

    @Test("S4: element(id:) shares the first element with that id, as reads and writes find it")
    func elementOfDuplicateIds() {
        let list = Shared([Item(id: 1, name: "first"), Item(id: 1, name: "second")])
        #expect(list.element(id: 1)?.value.name == "first")
        #expect(list.element(id: 1)?.reference.current?.name == "first", "and so does every later read")
    }

    @Test("S5: a test starts from a given value; copies of different values are never equal")
    func startsFromAGivenValue() {
        let screen = CountScreen(count: Shared(41))
        screen.send(.increment)
        #expect(screen.currentState.count.value == 42)
        #expect(Shared(1) != Shared(1), "equal values, but not the same shared value")
        let one = Shared(1)
        #expect(one == one)
        #expect(ValueDescription.describe(one) == "Shared<Int>(value: 1)")
    }

    @Test("S6: two copies of one value that differ only in their storage failure are unequal, so a test sees the failure")
    func failureIsPartOfEquality() {
        let one = Shared(1)
        var failed = one
        failed.failure = .notSaved("count", reason: "the disk is full")
        #expect(one != failed)
        #expect(failed != one)
        var recovered = failed
        recovered.failure = nil
        #expect(recovered == one, "the same value, and no failure: equal again")
    }
}
