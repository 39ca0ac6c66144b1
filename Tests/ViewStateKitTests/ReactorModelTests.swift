import Foundation
import Testing
@testable import ViewStateKit
import ViewStateKitTracing

/// A reactor whose state is the list of every mutation reduced, so the published states say
/// exactly what ran and in which order.
@MainActor
final class LedgerReactor: Reactor<LedgerReactor.Action, Int, [Int]> {
    enum Action: Equatable, CustomStringConvertible {
        case one(Int), many([Int]), merged(Int, [Int]), nothing

        /// What `mutate` produces, in order: the model's side of R1.
        var mutations: [Int] {
            switch self {
            case .one(let value): [value]
            case .many(let values): values
            case .merged(let first, let rest): [first] + rest
            case .nothing: []
            }
        }

        var description: String {
            switch self {
            case .one(let value): "one(\(value))"
            case .many(let values): "many(\(values))"
            case .merged(let first, let rest): "merged(\(first), \(rest))"
            case .nothing: "nothing"
            }
        }
    }

    /// Whether `reduce(into:)` appends in place, or falls back to `reduce(state:)`'s copy.
    let inPlace: Bool

    init(inPlace: Bool = false) {
        self.inPlace = inPlace
        super.init(initialState: [])
    }

    override func mutate(action: Action) -> Effect<Int> {
        switch action {
        case .one(let value): .mutation(value)
        case .many(let values): .mutations(values)
        case .merged(let first, let rest): .merge(.mutation(first), .none, .merge(rest.map { .mutation($0) }))
        case .nothing: .none
        }
    }

    override func reduce(into state: inout [Int], mutation: Int) {
        if inPlace { state.append(mutation) } else { super.reduce(into: &state, mutation: mutation) }
    }

    override func reduce(state: [Int], mutation: Int) -> [Int] {
        state + [mutation]
    }
}

/// Randomized model-based test of the reactor (R1–R3): random actions, some sent from
/// observers while a state is being delivered, checked step by step against a plain queue.
@Suite("Reactor model")
@MainActor
struct ReactorModelTests {
    /// One generated run: top-level actions, and reentrant sends observers make when they
    /// see the state with a given number of mutations.
    struct Run: CustomStringConvertible {
        var actions: [LedgerReactor.Action] = []
        var reentrant: [Int: [(observer: Int, action: LedgerReactor.Action)]] = [:]

        var description: String {
            let sends = reentrant.keys.sorted().flatMap { count in
                reentrant[count, default: []].map { "observer \($0.observer) sends \($0.action) on state #\(count)" }
            }
            return "actions \(actions); " + (sends.isEmpty ? "no reentrant sends" : sends.joined(separator: "; "))
        }
    }

    static func generate(seed: UInt64) -> Run {
        var random = SeededGenerator(seed: seed)
        func action() -> LedgerReactor.Action {
            let value = Int.random(in: 0..<100, using: &random)
            return switch Int.random(in: 0..<4, using: &random) {
            case 0: .one(value)
            case 1: .many((0..<Int.random(in: 0...3, using: &random)).map { value + $0 })
            case 2: .merged(value, [value + 1])
            default: .nothing
            }
        }
        var run = Run()
        run.actions = (0..<Int.random(in: 1...12, using: &random)).map { _ in action() }
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            run.reentrant[Int.random(in: 1...20, using: &random), default: []]
                .append((Int.random(in: 0..<3, using: &random), action()))
        }
        return run
    }

    /// The states every observer must see (the replay first): each action's mutations in
    /// order, and an action sent during a delivery queued behind everything already queued.
    static func model(_ run: Run) -> [[Int]] {
        var published: [[Int]] = [[]]
        var log: [Int] = []
        for action in run.actions {
            var queue = [action]
            while !queue.isEmpty {
                for mutation in queue.removeFirst().mutations {
                    log.append(mutation)
                    published.append(log)
                    let sends = run.reentrant[log.count, default: []]
                    for observer in 0..<3 { queue += sends.filter { $0.observer == observer }.map(\.action) }
                }
            }
        }
        return published
    }

    /// The action and mutation lines a traced reactor must write for `run`: each action as it
    /// runs (at once, or from the queue), each reentrant send as queued behind the running
    /// action, each mutation after its action. Field lines are left to the tracing tests.
    static func modelTrace(_ run: Run) -> [String] {
        var lines: [String] = []
        var count = 0
        for action in run.actions {
            var queue = [(action: action, fromQueue: false)]
            while !queue.isEmpty {
                let (current, fromQueue) = queue.removeFirst()
                lines.append("action \(current) (\(fromQueue ? "ran from the queue" : "ran at once"))")
                for mutation in current.mutations {
                    count += 1
                    lines.append("mutation \(mutation)")
                    let sends = run.reentrant[count, default: []]
                    for observer in 0..<3 {
                        for send in sends where send.observer == observer {
                            lines.append("action \(send.action) (queued behind \(current))")
                            queue.append((send.action, true))
                        }
                    }
                }
            }
        }
        return lines
    }

    /// How a run is sent: to a plain reactor reducing with `reduce(state:)`, one reducing in
    /// place, a traced one (the same loop with tracing's checks taken), or a stubbed one (which
    /// records the actions and runs none).
    enum Mode: CaseIterable { case plain, inPlace, traced, stubbed }

    /// Runs `run` on a real reactor with three observers and compares what they saw with
    /// `expected` (the model's answer by default); returns what went wrong, if anything.
    static func check(_ run: Run, expected: [[Int]]? = nil, mode: Mode = .plain) -> String? {
        let reactor = LedgerReactor(inPlace: mode == .inPlace)
        var lines: [String] = []
        let trace = mode == .traced ? reactor.trace("model") { lines.append(String($0.dropFirst("[model] ".count))) } : nil
        defer { trace?.cancel() }
        if mode == .stubbed { reactor.isStubbed = true }
        var seen: [[[Int]]] = [[], [], []]
        var stale: [String] = []
        let tokens = (0..<3).map { observer in
            reactor.state.observe { state in
                seen[observer].append(state)
                if reactor.currentState != state { stale.append("observer \(observer) saw \(state), currentState \(reactor.currentState)") }
                if seen[observer].count > 1 {
                    for send in run.reentrant[state.count, default: []] where send.observer == observer {
                        reactor.send(send.action)
                    }
                }
            }
        }
        run.actions.forEach(reactor.send)
        tokens.forEach { $0.cancel() }
        if mode == .stubbed {
            if reactor.stubbedActions != run.actions { return "R7: recorded \(reactor.stubbedActions), sent \(run.actions)" }
            for (observer, states) in seen.enumerated() where states != [[]] {
                return "R7: observer \(observer) saw \(states) from a stubbed reactor"
            }
            return nil
        }
        let expected = expected ?? model(run)
        if let problem = stale.first { return "R2: \(problem)" }
        for (observer, states) in seen.enumerated() where states != expected {
            return "observer \(observer) saw \(states), the model says \(expected)"
        }
        if reactor.currentState != expected.last { return "currentState \(reactor.currentState) ≠ \(expected.last ?? [])" }
        if mode == .traced {
            let written = lines.filter { $0.hasPrefix("action ") || $0.hasPrefix("mutation ") }
            let modelled = modelTrace(run)
            if written != modelled { return "the trace wrote \(written), the model says \(modelled)" }
        }
        return nil
    }

    @Test("R1–R3 and R7 hold for random runs with reentrant sends: 1,000 plain and 1,000 in place (other seeds), 400 traced, 400 stubbed (VIEWSTATE_SEED replays one)",
          arguments: Mode.allCases)
    func randomRuns(mode: Mode) async {
        let environment = ProcessInfo.processInfo.environment
        // Plain and in-place runs check R1–R3 for each reduce, on seeds of their own; traced and
        // stubbed runs take the same loop with its checks, so fewer of them cover those paths
        // without holding the main actor for long.
        let range: ClosedRange<UInt64> = switch mode {
        case .plain: 1...1_000
        case .inPlace: 1_001...2_000
        case .traced, .stubbed: 1...400
        }
        let seeds: [UInt64] = environment["VIEWSTATE_SEED"].flatMap(UInt64.init).map { [$0] } ?? Array(range)
        for seed in seeds {
            // Each run is synchronous on the main actor, where the other tests' work runs too
            // (rule R9 runs followed jobs on the main queue): let it in every 100 runs.
            if seed % 100 == 0 { await Task.yield() }
            let run = Self.generate(seed: seed)
            if let problem = Self.check(run, mode: mode) {
                Issue.record("seed \(seed) (replay with VIEWSTATE_SEED=\(seed)), \(mode): \(run)\n\(problem)")
                return
            }
        }
    }

    @Test("the model itself: a reentrant send runs after the current action, in queue order")
    func modelItself() {
        var run = Run()
        run.actions = [.many([1, 2]), .one(9)]
        run.reentrant[1] = [(observer: 1, action: .one(5)), (observer: 0, action: .one(4))]
        #expect(Self.model(run) == [[], [1], [1, 2], [1, 2, 4], [1, 2, 4, 5], [1, 2, 4, 5, 9]])
        #expect(Self.check(run) == nil)
    }

    @Test("the check bites: a reactor that nested reentrant actions (1, 4, 2) would be reported")
    func checkCanFail() {
        var run = Run()
        run.actions = [.many([1, 2])]
        run.reentrant[1] = [(observer: 0, action: .one(4))]
        let nested: [[Int]] = [[], [1], [1, 4], [1, 4, 2]]
        #expect(Self.check(run, expected: nested)?.hasPrefix("observer 0 saw [[], [1], [1, 2], [1, 2, 4]]") == true)
    }
}
