import ViewStateKit

// `reactor-profile route KIND T` and `reactor-profile switch KIND T`: T taps routed to a leaf
// through the library's child places (`route`), against the same app written as one reactor
// with a nested switch (`switch`), for issue #47's "routing at the speed of a switch". KIND:
//   scope1, rows1, stack1   a leaf through one level of .scope, .rows (100 rows) or .stack (10 screens)
//   scope3, rows3, stack3   through three levels (each level a .scope, .rows or .stack)
//   fifth                   a leaf in the fifth of five sibling .scope places
//   own                     the parent's own action, which none of its five children handles
// The cost of one tap is (KIND T − KIND 0) / T, in callgrind instructions.

/// The leaf: a tap counts.
struct Leaf: Feature {
    struct State: Equatable, Identifiable {
        var id = 0
        var count = 0
    }
    enum Action: Sendable { case tap }

    func reduce(into state: inout State, mutation: Action) {
        state.count += 1
    }
}

// One level above a leaf, in each kind of place, and the levels above it: concrete features,
// as an app writes them (a feature generic over its child would be routed by code compiled
// for no type in particular, as the library's own is: about twice the cost a level).

struct Scope1: Feature {
    struct State: Equatable { var inner: Leaf.State }
    enum Action: Sendable { case inner(Leaf.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(Leaf(), state: \.inner, action: Action.inner)]
    }

    func reduce(into state: inout State, mutation: Action) {}
}

struct Scope2: Feature {
    struct State: Equatable { var inner: Scope1.State }
    enum Action: Sendable { case inner(Scope1.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(Scope1(), state: \.inner, action: Action.inner)]
    }

    func reduce(into state: inout State, mutation: Action) {}
}

struct Scope3: Feature {
    struct State: Equatable { var inner: Scope2.State }
    enum Action: Sendable { case inner(Scope2.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(Scope2(), state: \.inner, action: Action.inner)]
    }

    func reduce(into state: inout State, mutation: Action) {}
}

struct Rows1: Feature {
    struct State: Equatable, Identifiable {
        var id = 0
        var rows: [Leaf.State]
    }
    enum Action: Sendable { case row(Int, Leaf.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.rows(Leaf(), state: \.rows, action: Action.row)]
    }

    func reduce(into state: inout State, mutation: Action) {}
}

struct Rows2: Feature {
    struct State: Equatable, Identifiable {
        var id = 0
        var rows: [Rows1.State]
    }
    enum Action: Sendable { case row(Int, Rows1.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.rows(Rows1(), state: \.rows, action: Action.row)]
    }

    func reduce(into state: inout State, mutation: Action) {}
}

struct Rows3: Feature {
    struct State: Equatable, Identifiable {
        var id = 0
        var rows: [Rows2.State]
    }
    enum Action: Sendable { case row(Int, Rows2.Action) }

    var children: [ChildPlace<State, Action, Action>] {
        [.rows(Rows2(), state: \.rows, action: Action.row)]
    }

    func reduce(into state: inout State, mutation: Action) {}
}

struct Stack1: Feature {
    struct State: Equatable { var path: ScreenStack<Leaf.State> }
    enum Action: Sendable { case path(StackAction<Leaf.Action>) }

    var children: [ChildPlace<State, Action, Never>] {
        [.stack(Leaf(), state: \.path, action: Action.path)]
    }
}

struct Stack2: Feature {
    struct State: Equatable { var path: ScreenStack<Stack1.State> }
    enum Action: Sendable { case path(StackAction<Stack1.Action>) }

    var children: [ChildPlace<State, Action, Never>] {
        [.stack(Stack1(), state: \.path, action: Action.path)]
    }
}

struct Stack3: Feature {
    struct State: Equatable { var path: ScreenStack<Stack2.State> }
    enum Action: Sendable { case path(StackAction<Stack2.Action>) }

    var children: [ChildPlace<State, Action, Never>] {
        [.stack(Stack2(), state: \.path, action: Action.path)]
    }
}

/// Five leaves side by side, and an action of the parent's own.
struct Siblings: Feature {
    struct State: Equatable {
        var a = Leaf.State(), b = Leaf.State(), c = Leaf.State(), d = Leaf.State(), e = Leaf.State()
        var own = 0
    }
    enum Action: Sendable { case a(Leaf.Action), b(Leaf.Action), c(Leaf.Action), d(Leaf.Action), e(Leaf.Action), own }

    var children: [ChildPlace<State, Action, Action>] {
        [.scope(Leaf(), state: \.a, action: Action.a),
         .scope(Leaf(), state: \.b, action: Action.b),
         .scope(Leaf(), state: \.c, action: Action.c),
         .scope(Leaf(), state: \.d, action: Action.d),
         .scope(Leaf(), state: \.e, action: Action.e)]
    }

    func reduce(into state: inout State, mutation: Action) {
        if case .own = mutation { state.own += 1 }
    }
}

/// A stack of ten screens of `Screen`, ids 0 to 9.
func stackOfTen<Screen>(_ screen: Screen) -> ScreenStack<Screen> {
    ScreenStack(Array(repeating: screen, count: 10))
}

/// T taps through the library's places; returns a sum the optimiser cannot drop.
@MainActor func profileRouting(_ kind: String, taps: Int) -> Int {
    let leaf = Leaf.State()
    let row = 50
    switch kind {
    case "scope1":
        return run(FeatureReactor(Scope1(), initialState: .init(inner: leaf)), .inner(.tap), taps) { $0.inner.count }
    case "rows1":
        let rows = (0..<100).map { Leaf.State(id: $0) }
        return run(FeatureReactor(Rows1(), initialState: .init(rows: rows)), .row(row, .tap), taps) { $0.rows.count }
    case "stack1":
        return run(FeatureReactor(Stack1(), initialState: .init(path: stackOfTen(leaf))), .path(.screen(id: StackID(9), action: .tap)),
                   taps) { $0.path.ids.count }
    case "scope3":
        let state = Scope3.State(inner: .init(inner: .init(inner: leaf)))
        return run(FeatureReactor(Scope3(), initialState: state), .inner(.inner(.inner(.tap))), taps) { $0.inner.inner.inner.count }
    case "rows3":
        let leaves = (0..<100).map { Leaf.State(id: $0) }
        let middle = (0..<100).map { Rows1.State(id: $0, rows: leaves) }
        let top = (0..<100).map { Rows2.State(id: $0, rows: middle) }
        return run(FeatureReactor(Rows3(), initialState: .init(rows: top)), .row(row, .row(row, .row(row, .tap))), taps) { $0.rows.count }
    case "stack3":
        let inner = Stack1.State(path: stackOfTen(leaf))
        let middle = Stack2.State(path: stackOfTen(inner))
        let action = Stack3.Action.path(.screen(id: StackID(9), action:
            .path(.screen(id: StackID(9), action: .path(.screen(id: StackID(9), action: .tap))))))
        return run(FeatureReactor(Stack3(), initialState: .init(path: stackOfTen(middle))), action, taps) { $0.path.ids.count }
    case "fifth":
        return run(FeatureReactor(Siblings(), initialState: .init()), .e(.tap), taps) { $0.e.count }
    case "own":
        return run(FeatureReactor(Siblings(), initialState: .init()), .own, taps) { $0.own }
    default:
        fatalError("unknown kind \(kind)")
    }
}

/// Sends `action` T times to `reactor`, observed by one closure reading `read`.
@MainActor func run<Logic: Feature>(_ reactor: FeatureReactor<Logic>, _ action: Logic.Action, _ taps: Int,
                                     read: @escaping (Logic.State) -> Int) -> Int {
    let sink = Sink()
    let token = reactor.state.observe { sink.total &+= read($0) }
    withExtendedLifetime(token) {
        for _ in 0..<taps { reactor.send(action) }
    }
    return sink.total
}

// The same apps, each written as one reactor with a nested switch: the baseline.

/// The whole app's state, as the hand-written reactor keeps it: every kind's shape in one.
struct HandState: Equatable {
    var leaf = Leaf.State()
    var rows = (0..<100).map { Leaf.State(id: $0) }
    var path = stackOfTen(Leaf.State())
    var deep = Leaf.State()
    var deepRows = (0..<100).map { _ in (0..<100).map { _ in (0..<100).map { Leaf.State(id: $0) } } }
    var deepPath = stackOfTen(stackOfTen(stackOfTen(Leaf.State())))
    var siblings = Siblings.State()
}

/// Every action the kinds send, nested as the library's would be.
enum HandAction: Sendable {
    enum Sibling: Sendable { case a(Leaf.Action), b(Leaf.Action), c(Leaf.Action), d(Leaf.Action), e(Leaf.Action), own }
    case inner(Leaf.Action)
    case row(Int, Leaf.Action)
    case path(StackAction<Leaf.Action>)
    case deep(Leaf.Action)
    case deepRow(Int, Int, Int, Leaf.Action)
    case deepPath(StackID, StackID, StackID, Leaf.Action)
    case siblings(Sibling)
}

/// The mutations, one per change.
enum HandMutation: Sendable {
    case tapLeaf, tapRow(Int), tapScreen(StackID), tapDeep, tapDeepRow(Int, Int, Int), tapDeepScreen(StackID, StackID, StackID)
    case tapSibling(Int), own
}

@MainActor final class HandRouting: Reactor<HandAction, HandMutation, HandState> {
    override func mutate(action: HandAction) -> Effect<HandMutation> {
        switch action {
        case .inner(.tap): .mutation(.tapLeaf)
        case .row(let id, .tap): .mutation(.tapRow(id))
        case .path(.screen(let id, .tap)): .mutation(.tapScreen(id))
        case .path(.popFrom): .none
        case .deep(.tap): .mutation(.tapDeep)
        case .deepRow(let a, let b, let c, .tap): .mutation(.tapDeepRow(a, b, c))
        case .deepPath(let a, let b, let c, .tap): .mutation(.tapDeepScreen(a, b, c))
        case .siblings(let sibling):
            switch sibling {
            case .a(.tap): .mutation(.tapSibling(0))
            case .b(.tap): .mutation(.tapSibling(1))
            case .c(.tap): .mutation(.tapSibling(2))
            case .d(.tap): .mutation(.tapSibling(3))
            case .e(.tap): .mutation(.tapSibling(4))
            case .own: .mutation(.own)
            }
        }
    }

    override func reduce(into state: inout HandState, mutation: HandMutation) {
        switch mutation {
        case .tapLeaf: state.leaf.count += 1
        case .tapRow(let id):
            if let index = state.rows.firstIndex(where: { $0.id == id }) { state.rows[index].count += 1 }
        case .tapScreen(let id): state.path[id: id]?.count += 1
        case .tapDeep: state.deep.count += 1
        case .tapDeepRow(let a, let b, let c):
            if let i = state.deepRows.indices.first(where: { $0 == a }), let j = state.deepRows[i].indices.first(where: { $0 == b }),
               let k = state.deepRows[i][j].firstIndex(where: { $0.id == c }) {
                state.deepRows[i][j][k].count += 1
            }
        case .tapDeepScreen(let a, let b, let c): state.deepPath[id: a]?[id: b]?[id: c]?.count += 1
        case .tapSibling(let index):
            switch index {
            case 0: state.siblings.a.count += 1
            case 1: state.siblings.b.count += 1
            case 2: state.siblings.c.count += 1
            case 3: state.siblings.d.count += 1
            default: state.siblings.e.count += 1
            }
        case .own: state.siblings.own += 1
        }
    }
}

/// T taps of the hand-written app, by kind.
@MainActor func profileSwitch(_ kind: String, taps: Int) -> Int {
    let action: HandAction
    switch kind {
    case "scope1": action = .inner(.tap)
    case "rows1": action = .row(50, .tap)
    case "stack1": action = .path(.screen(id: StackID(9), action: .tap))
    case "scope3": action = .deep(.tap)
    case "rows3": action = .deepRow(50, 50, 50, .tap)
    case "stack3": action = .deepPath(StackID(9), StackID(9), StackID(9), .tap)
    case "fifth": action = .siblings(.e(.tap))
    case "own": action = .siblings(.own)
    default: fatalError("unknown kind \(kind)")
    }
    let sink = Sink()
    let reactor = HandRouting(initialState: HandState())
    let token = reactor.state.observe { sink.total &+= $0.siblings.own }
    withExtendedLifetime(token) {
        for _ in 0..<taps { reactor.send(action) }
    }
    return sink.total
}
