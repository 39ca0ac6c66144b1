import ViewStateKit

/// Drives a `Reactor` in a test and makes the test account for everything it does, the way
/// TCA's `TestStore` does for a store.
///
/// ```swift
/// let tester = ReactorTester(SearchReactor())
/// tester.send(.type("cu")) { $0.query = "cu"; $0.isLoading = true }
/// await tester.receive { $0.results = ["CU Gangnam"] }
/// await tester.receive { $0.isLoading = false }
/// ```
///
/// `send` runs an action and checks the state it leaves against the previous state with your
/// change applied. `receive` waits — on the reactor's own work, never on a clock — for the next
/// state an asynchronous effect publishes, and checks it the same way; it fails at once when no
/// effect is running and no state arrived. Exhaustive (the default): every published state must
/// be asserted, in order, and when the tester is freed (or at `finish()`) a state nobody asserted
/// or an effect still running fails the test. Pulses are part of the state, so an unasserted
/// pulse fails too. `exhaustive: false` checks only what the test says: `send` and `receive`
/// skip states the test did not ask about, and nothing is checked at the end.
///
/// Every wait (`receive`, `finish`) ends on the reactor's own events; as a safety net it fails
/// the test after `timeLimit` of real time (one second unless given), so a reply the test
/// forgot to release is a clear failure, not a hung `swift test`. A test may end on its last
/// `receive` without `finish()`: an effect that has published everything runs to its end on
/// the main actor before the test resumes (R8), so it is not "still running".
///
/// Failures are reported at the caller's line, with a field-level diff (expected → actual).
/// The tester lives on the main actor with its reactor; keep it a local of a `@MainActor` test.
@MainActor
public final class ReactorTester<Action, Mutation, State: Equatable> {
    /// The reactor under test.
    public let reactor: Reactor<Action, Mutation, State>
    /// The state the test has accounted for so far.
    public private(set) var state: State

    private let exhaustive: Bool
    private let timeLimit: Duration
    private let creation: CallSite
    private var unasserted: [State] = []
    private var token: ObservationToken?
    private let signal = Signal()
    private var isFinished = false

    /// A tester for ``reactor``, starting from its current state. `timeLimit` is the real time
    /// after which a wait fails instead of hanging.
    public init(_ reactor: Reactor<Action, Mutation, State>, exhaustive: Bool = true,
                timeLimit: Duration = SafetyNet.defaultLimit,
                fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.reactor = reactor
        self.exhaustive = exhaustive
        self.timeLimit = timeLimit
        state = reactor.currentState
        creation = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        var isReplay = true
        token = reactor.state.observe { [unowned self] published in
            defer { isReplay = false }
            guard !isReplay else { return }
            unasserted.append(published)
            signal.fire()
        }
    }

    /// Sends `action` and checks the state its synchronous mutations leave: the previous state
    /// with `update` applied (no `update`: unchanged).
    /// - Parameters:
    ///   - action: the action to send to the reactor.
    ///   - update: the change the action makes, applied to a copy of the previous state:
    ///     `{ $0.query = "cu" }`.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func send(_ action: Action, _ update: ((inout State) -> Void)? = nil,
                     fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        accountForSkipped(before: "send(\(action))", at: site)
        reactor.send(action)
        let actual = unasserted.last ?? state
        unasserted.removeAll()
        check(actual, after: "send(\(action))", update, at: site)
    }

    /// Waits for the next state an asynchronous effect publishes and checks it: the previous
    /// state with `update` applied. Not exhaustive: waits for the first state that matches.
    /// Fails at once when no effect is running, and after the time limit when one runs but
    /// publishes nothing.
    /// - Parameters:
    ///   - update: the change the effect makes, applied to a copy of the previous state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func receive(_ update: ((inout State) -> Void)? = nil,
                        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeLimit)  // the safety net, across every wake below
        while true {
            while unasserted.isEmpty {
                guard reactor.hasRunningWork else {
                    site.fail("receive: no state arrived and no effect is running.\n" + expectedChange(update))
                    return
                }
                guard await nextStateOrIdle(within: clock.now.duration(to: deadline)) else {
                    site.fail("receive: no state arrived within \(timeLimit) of real time, and an effect is still "
                              + "running: is it waiting for a reply the test has not released?\n" + expectedChange(update))
                    return
                }
            }
            let actual = unasserted.removeFirst()
            if exhaustive {
                return check(actual, after: "receive", update, at: site)
            }
            let expected = applying(update)
            state = actual
            if expected == actual { return }
        }
    }

    /// Waits for every effect to end — running ones, and cancelled or superseded ones still
    /// ending — then checks that everything was asserted (when exhaustive). Freeing the tester
    /// runs the same checks without waiting. Fails after the time limit when work never ends.
    public func finish(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard await completes(within: timeLimit, { [idleWaiting = reactor as any IdleWaiting] in
            await idleWaiting.waitUntilIdle()
        }) else {
            isFinished = true
            site.fail("finish: effects still running after \(timeLimit) of real time: is one waiting for a reply "
                      + "the test has not released, or ignoring cancellation?")
            return
        }
        checkEverythingAsserted(at: site)
    }

    deinit {
        MainActor.assumeIsolated {
            checkEverythingAsserted(at: creation)
        }
    }

    private func checkEverythingAsserted(at site: CallSite) {
        guard exhaustive, !isFinished else { return }
        isFinished = true
        if !unasserted.isEmpty {
            site.fail(unassertedMessage("at the end of the test"))
        }
        if reactor.hasRunningWork {
            site.fail("An effect is still running at the end of the test: `await receive` what it publishes, "
                      + "cancel it, or `await finish()` to wait for it.")
        }
    }

    private func accountForSkipped(before step: String, at site: CallSite) {
        guard let last = unasserted.last else { return }
        if exhaustive { site.fail(unassertedMessage("before \(step)")) }
        state = last
        unasserted.removeAll()
    }

    private func unassertedMessage(_ when: String) -> String {
        var lines = ["\(unasserted.count) published state\(unasserted.count == 1 ? " was" : "s were") not asserted \(when):"]
        var previous = state
        for (index, next) in unasserted.enumerated() {
            lines.append("  [\(index)] changed (previous → published):")
            lines += ValueDiff.lines(previous, next).map { "      " + $0 }
            previous = next
        }
        return lines.joined(separator: "\n")
    }

    private func check(_ actual: State, after step: String, _ update: ((inout State) -> Void)?, at site: CallSite) {
        let expected = applying(update)
        state = actual
        guard expected != actual else { return }
        let diff = ValueDiff.lines(expected, actual).map { "  " + $0 }
        site.fail((["State after \(step) is not as expected (expected → actual):"] + diff).joined(separator: "\n"))
    }

    private func expectedChange(_ update: ((inout State) -> Void)?) -> String {
        let diff = ValueDiff.lines(state, applying(update))
        return diff.isEmpty ? "Expected a state equal to the last one."
            : (["Expected a state with (previous → expected):"] + diff.map { "  " + $0 }).joined(separator: "\n")
    }

    /// The asserted state with the test's change applied.
    private func applying(_ update: ((inout State) -> Void)?) -> State {
        var expected = state
        update?(&expected)
        return expected
    }

    /// Suspends until the reactor publishes a state or has no work left (`true`), or until the
    /// time limit passes (`false`). Holds neither the tester nor its generic types, so a test
    /// that ends is never kept from freeing the tester.
    private func nextStateOrIdle(within limit: Duration) async -> Bool {
        guard limit > .zero else { return false }
        let signal = self.signal
        let idle = Task { [idleWaiting = reactor as any IdleWaiting] in
            await idleWaiting.waitUntilIdle()
            signal.fire()
        }
        defer { idle.cancel() }
        return await wait(within: limit) { gate in signal.arm(gate) }
    }
}

/// The tester's "a state arrived, or the work ended": ends the wait armed on it, if any. A wait
/// is armed synchronously before the tester suspends, so no fire can come between the two.
@MainActor
private final class Signal {
    private var gate: Gate?

    /// Makes `gate` the one the next fire ends.
    func arm(_ gate: Gate) {
        self.gate = gate
    }

    func fire() {
        gate?.end(true)
        gate = nil
    }
}
