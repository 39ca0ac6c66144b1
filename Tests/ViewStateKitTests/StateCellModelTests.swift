import Foundation
import Testing
@testable import ViewStateKit

/// Randomized model-based tests: random operation sequences run against a real `StateCell` and
/// against a plain-array reference model of rules C1–C9 and C12 (some observers watch a
/// projection, the value's tens digit, through `observe(\.tens)`); after every step each
/// observer's delivered values, the cell's value and its live observers must match.
///
/// `VIEWSTATE_SEED=<n>` replays one seed; `VIEWSTATE_SOAK=<count>` runs that many sequences
/// instead of the default 10,000.
@Suite("StateCell model-based")
struct StateCellModelTests {
    /// What an observer does the next time it is called, from inside its callback.
    enum Reaction: Equatable, CustomStringConvertible {
        case send(Int), cancel(observer: Int), cancelSelf, observe, observeTens

        var description: String {
            switch self {
            case .send(let value): "send \(value)"
            case .cancel(let observer): "cancel #\(observer)"
            case .cancelSelf: "cancel itself"
            case .observe: "observe"
            case .observeTens: "observe the tens"
            }
        }
    }

    enum Operation: Equatable, CustomStringConvertible {
        case observe, observeTens, send(Int), cancel(observer: Int), arm(observer: Int, Reaction), dropCell

        var description: String {
            switch self {
            case .observe: "observe"
            case .observeTens: "observe the tens"
            case .send(let value): "send \(value)"
            case .cancel(let observer): "cancel #\(observer)"
            case .arm(let observer, let reaction): "arm #\(observer): \(reaction)"
            case .dropCell: "drop the cell"
            }
        }
    }

    /// The reference model: C1–C7 and C12 written as directly as possible.
    struct Model {
        var value = 0
        var alive: [Bool] = []
        var seen: [[Int]] = []
        /// For an observer of the tens digit, the last digit it was given (`.some(nil)` before any).
        var tens: [Int: Int?] = [:]
        var reactions: [Int: Reaction] = [:]
        var delivering = false
        var queued: [Int] = []

        mutating func observe(tens watchesTens: Bool = false) {
            let id = seen.count
            alive.append(true)
            seen.append([])
            if watchesTens { tens[id] = .some(nil) }
            if delivering {
                receive(id)
            } else {
                delivering = true
                receive(id)
                drain()
            }
        }

        mutating func send(_ newValue: Int) {
            queued.append(newValue)
            if !delivering {
                delivering = true
                drain()
            }
        }

        mutating func drain() {
            while !queued.isEmpty {
                value = queued.removeFirst()
                let present = alive.indices.filter { alive[$0] }
                for id in present where alive[id] { receive(id) }
            }
            delivering = false
        }

        mutating func receive(_ id: Int) {
            if let last = tens[id] {
                guard last != value.tens else { return }  // C12: an unchanged part is not delivered
                tens[id] = value.tens
                seen[id].append(value.tens)
            } else {
                seen[id].append(value)
            }
            guard let reaction = reactions.removeValue(forKey: id) else { return }
            switch reaction {
            case .send(let newValue): send(newValue)
            case .cancel(let other): if alive.indices.contains(other) { alive[other] = false }
            case .cancelSelf: alive[id] = false
            case .observe: observe()
            case .observeTens: observe(tens: true)
            }
        }
    }

    /// The real cell, driven the same way.
    final class Harness {
        var cell: StateCell<Int>? = StateCell(0)
        var tokens: [ObservationToken] = []
        var seen: [[Int]] = []
        var reactions: [Int: Reaction] = [:]
        var retiredTokens: [ObservationToken] = []

        func observe(tens watchesTens: Bool = false) {
            guard let cell else { return }
            let id = seen.count
            seen.append([])
            let received = { [unowned self] (value: Int) in
                seen[id].append(value)
                guard let reaction = reactions.removeValue(forKey: id) else { return }
                switch reaction {
                case .send(let newValue): self.cell?.send(newValue)
                case .cancel(let other): if tokens.indices.contains(other) { tokens[other].cancel() }
                case .cancelSelf: tokens[id].cancel()
                case .observe: observe()
                case .observeTens: observe(tens: true)
                }
            }
            tokens.append(watchesTens ? cell.observe(\.tens, received) : cell.observe(received))
        }
    }

    /// Runs `operations`; returns the index of the first step after which the cell and the
    /// model disagree, with what differed, or `nil` when they agree throughout.
    static func firstMismatch(_ operations: [Operation]) -> (step: Int, difference: String)? {
        var model = Model()
        let harness = Harness()
        for (step, operation) in operations.enumerated() {
            switch operation {
            case .observe:
                model.observe()
                harness.observe()
            case .observeTens:
                model.observe(tens: true)
                harness.observe(tens: true)
            case .send(let value):
                model.send(value)
                harness.cell?.send(value)
            case .cancel(let observer):
                guard harness.tokens.indices.contains(observer) else { continue }
                model.alive[observer] = false
                harness.tokens[observer].cancel()
            case .arm(let observer, let reaction):
                guard harness.tokens.indices.contains(observer) else { continue }
                model.reactions[observer] = reaction
                harness.reactions[observer] = reaction
            case .dropCell:
                weak let weakCell = harness.cell
                harness.cell = nil
                if weakCell != nil { return (step, "the dropped cell is still alive") }
                let callsBefore = harness.seen.map(\.count)
                harness.tokens.forEach { $0.cancel() }  // C8: no-ops now
                if harness.seen.map(\.count) != callsBefore { return (step, "an observer was called after the cell was dropped") }
                harness.retiredTokens += harness.tokens
                harness.cell = StateCell(0)
                harness.tokens = []
                harness.seen = []
                harness.reactions = [:]
                model = Model()
            }
            if harness.seen != model.seen { return (step, "delivered \(harness.seen), model expects \(model.seen)") }
            if harness.cell?.value != model.value { return (step, "value \(String(describing: harness.cell?.value)), model expects \(model.value)") }
            let live = model.alive.filter { $0 }.count
            if harness.cell?.observerCount != live { return (step, "\(String(describing: harness.cell?.observerCount)) live observers, model expects \(live)") }
        }
        return nil
    }

    static func operations(seed: UInt64) -> [Operation] {
        var random = SeededGenerator(seed: seed)
        var observers = 0
        return (0..<Int.random(in: 1...50, using: &random)).map { _ in
            let observer = Int.random(in: 0...max(0, observers), using: &random)
            let operation: Operation = switch Int.random(in: 0..<100, using: &random) {
            case 0..<17: .observe
            case 17..<25: .observeTens
            case 25..<55: .send(Int.random(in: 0...39, using: &random))
            case 55..<65: .cancel(observer: observer)
            case 65..<98: .arm(observer: observer, [
                Reaction.send(Int.random(in: 10...99, using: &random)), .cancel(observer: Int.random(in: 0...max(0, observers), using: &random)),
                .cancelSelf, .observe, .observeTens,
            ][Int.random(in: 0..<5, using: &random)])
            default: .dropCell
            }
            if operation == .observe || operation == .observeTens { observers += 1 }
            if operation == .dropCell { observers = 0 }
            return operation
        }
    }

    /// Removes one operation at a time while the sequence still fails: a short replayable story.
    static func shrink(_ operations: [Operation]) -> [Operation] {
        var failing = operations
        var index = 0
        while index < failing.count {
            var candidate = failing
            candidate.remove(at: index)
            if firstMismatch(candidate) != nil { failing = candidate } else { index += 1 }
        }
        return failing
    }

    @Test("the cell matches the reference model over 10,000 random sequences")
    func randomSequences() async {
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64] = if let seed = environment["VIEWSTATE_SEED"].flatMap(UInt64.init) {
            [seed]
        } else {
            Array(1...UInt64(environment["VIEWSTATE_SOAK"].flatMap(Int.init) ?? 10_000))
        }
        var operationsRun = 0
        for seed in seeds {
            // Synchronous, on one of the few threads the other tests' async work needs too: let
            // that work in every 100 sequences, so a busy machine does not starve it for seconds.
            if seed % 100 == 0 { await Task.yield() }
            let operations = Self.operations(seed: seed)
            operationsRun += operations.count
            guard let mismatch = Self.firstMismatch(operations) else { continue }
            let prefix = Self.shrink(Array(operations[...mismatch.step]))
            Issue.record("""
                seed \(seed) (replay with VIEWSTATE_SEED=\(seed)): \(mismatch.difference)
                shortest failing sequence: \(prefix.map { $0.description }.joined(separator: "; "))
                """)
            return
        }
        print("StateCell model-based: \(seeds.count) sequences, \(operationsRun) operations, all matched the model")
    }

    @Test("the reference model itself encodes C1 and C5")
    func modelEncodesContract() {
        var model = Model()
        model.observe()
        model.send(1)
        #expect(model.seen == [[0, 1]])
        var reentrant = Model()
        reentrant.observe()
        reentrant.observe()
        reentrant.reactions[0] = .send(2)
        reentrant.send(1)
        #expect(reentrant.seen == [[0, 1, 2], [0, 1, 2]], "the model itself encodes C5")
    }
}
