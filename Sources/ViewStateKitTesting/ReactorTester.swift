import ViewStateKit
import ViewStateKitTracing
internal import ViewStateKitSupport

/// Drives a `Reactor` in a test and makes the test account for everything it does, the way
/// TCA's `TestStore` does for a store.
///
/// ```swift
/// let replies = FakeReplies<[String]>()
/// let tester = ReactorTester(PageLoader(replies: replies))
/// await tester.send(.load) { $0.isLoading = true }
/// replies.succeed(0, with: ["a", "b"])
/// await tester.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
/// await tester.receive(.setLoading(false)) { $0.isLoading = false }
/// ```
///
/// `await send` runs an action, checks the state it leaves against the previous state with
/// your change applied, and returns once the effects the action started have started — each
/// has run until it waits for something the test drives (a `ManualClock` sleep, a
/// `FakeReplies` reply) or has ended (rule R9) — so the test can advance a clock or release a
/// reply next, with no wait in between. `receive` waits — on the reactor's own work, never on
/// a clock — for the next state an asynchronous effect publishes, and checks it the same way;
/// `receive(_ mutation:)` and `receive(where:)` check the mutation that produced it too. It
/// fails at once when no effect is running and no state arrived. Exhaustive (the default): every published state must
/// be asserted, in order, and when the tester is freed (or at `finish()`) a state nobody asserted
/// or an effect still running fails the test. Pulses are part of the state, so an unasserted
/// pulse fails too. `exhaustive: false` checks only what the test says: `send` and `receive`
/// skip states the test did not ask about, and nothing is checked at the end; ``exhaustive``
/// can be turned off and on again for a stretch of a test. [`assert(_:)`](doc:assert(_:fileID:filePath:line:column:))
/// checks the state without an action, and the work a `send` returns can be cancelled (a view
/// going away) or finished.
///
/// Every wait (`receive`, `finish`) ends on the reactor's own events; as a safety net it fails
/// the test after `timeLimit` of real time (``SafetyNet/defaultLimit``, five seconds, unless given), so a reply the test
/// forgot to release is a clear failure, not a hung `swift test`. A test may end on its last
/// `receive` without `finish()`: an effect that has published everything runs to its end on
/// the main actor before the test resumes (R8), so it is not "still running".
///
/// An action that reaches a child that is not there (a popped screen, a removed row, a
/// dismissed sheet: rule N5 of `ChildPlace`) fails the test at its `send`.
///
/// Failures are reported at the caller's line, with a field-level diff (expected → actual).
/// The tester lives on the main actor with its reactor; keep it a local of a `@MainActor` test.
@MainActor
public final class ReactorTester<R: ReactorTypes> where R.State: Equatable {
    /// The reactor's actions.
    public typealias Action = R.Action
    /// The reactor's mutations.
    public typealias Mutation = R.Mutation
    /// The reactor's state.
    public typealias State = R.State

    /// The reactor under test, as its own type: a subclass's members need no cast.
    public let reactor: R
    /// The reactor as its base class, for the action path and its work.
    private let base: Reactor<Action, Mutation, State>
    /// The state the test has accounted for so far.
    public private(set) var state: State
    /// The actions the reactor's work sent it (`Effect.run(id:sending:_:catch:)`), in order:
    /// for a feature tested alone, what its work hands its parent (its delegate actions).
    public private(set) var actionsFromWork: [Action] = []
    /// Whether the reactor dismissed itself (`Effect.dismiss`, or `send.dismiss()` in its
    /// work): a feature tested alone says so here, and its work was cancelled then, as in the app.
    public var isDismissed: Bool { base.isDismissed }
    /// Whether the reactor has work running that can still change its state — a debounce or
    /// a timer the test has not driven to its end — as ``finish(fileID:filePath:line:column:)`` would find it. Cancelled
    /// work that is still ending does not count.
    public var hasRunningWork: Bool { base.hasRunningWork }

    /// Whether every published state must be asserted, in order, and nothing may be left at the
    /// end (TCA's exhaustivity). Turn it off for a stretch of a test and it works as TCA's
    /// `exhaustivity = .off`: `receive` skips states the test does not ask about, each `update`
    /// is applied to the state as it is (after the action or mutation) and checks only what it
    /// states, and the test may end with states unasserted. Turn it back on and the checks apply
    /// again from that point, starting from the latest state published.
    public var exhaustive: Bool {
        didSet {
            guard exhaustive, !oldValue else { return }
            if let last = unasserted.last { state = last.state }  // from this point on
            unasserted.removeAll()
        }
    }
    private let timeLimit: Duration
    private let creation: CallSite
    /// The Swift Testing test that made the tester (`nil` outside one).
    private let test: String?
    /// Published states not asserted yet, each with the mutation that produced it (`nil` for a
    /// state set directly, as a stubbed reactor's).
    private var unasserted: [(mutation: HeardMutation<Mutation>?, state: State)] = []
    /// Mutations heard and not yet paired with their published state, oldest first.
    private var mutations: [HeardMutation<Mutation>] = []
    private var token: ObservationToken?
    private let signal = Signal()
    private var isFinished = false
    /// While a `receive` waits: what tells a state its wait let in from one woken by something
    /// the engine does not drive (see ``EarlyRestWatch``).
    private var earlyRestWatch: EarlyRestWatch?

    /// A tester for ``reactor``, starting from its current state. `timeLimit` is the real time
    /// after which a wait fails instead of hanging: `receive`, `finish`, and a sent work's
    /// `cancel()` and `finish()` wait that long; a `send` waits for its effects to start that
    /// long too, but never less than ``SafetyNet/defaultLimit`` (a short limit is meant for
    /// states that should arrive, and starting effects on a busy machine can take longer).
    public init(_ reactor: R, exhaustive: Bool = true,
                timeLimit: Duration = SafetyNet.defaultLimit,
                fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.reactor = reactor
        base = reactor.asReactor
        self.exhaustive = exhaustive
        self.timeLimit = timeLimit
        state = base.currentState
        creation = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        test = CallSite.currentTest
        var isReplay = true
        token = base.state.observe { [unowned self] published in
            defer { isReplay = false }
            guard !isReplay else { return }
            let mutation = mutations.isEmpty ? nil : mutations.removeFirst()
            earlyRestWatch?.look()
            unasserted.append((mutation, published))
            signal.fire()
        }
        base.observeMutations { [weak self] in self?.mutations.append($0) }
        base.actionFromWorkObserver = { [weak self] in self?.actionsFromWork.append($0) }
        if base.onDismiss == nil { base.onDismiss = {} }  // a dismissal is the test's to see: isDismissed
    }

    /// Sends `action`, checks the state its synchronous mutations leave — the previous state
    /// with `update` applied (no `update`: unchanged) — and returns once the effects it started
    /// have started: each has run until it waits for something the test drives, or has ended
    /// (rule R9). States those effects publish meanwhile are left for [`receive(_:)`](doc:receive(_:fileID:filePath:line:column:)).
    /// - Parameters:
    ///   - action: the action to send to the reactor.
    ///   - update: the change the action makes, applied to a copy of the previous state:
    ///     `{ $0.query = "cu" }`. Without one, an exhaustive tester checks the state is unchanged.
    ///     Not exhaustive, it is applied to the state the action left and checks only what it
    ///     states (`$0.count = 2`, not `$0.count += 1`); without one, nothing is checked.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    /// - Returns: the work the action started, to [`cancel()`](doc:SentWork/cancel(fileID:filePath:line:column:))
    ///   when the view that sent it goes away, or to [`finish()`](doc:SentWork/finish(fileID:filePath:line:column:)).
    @discardableResult
    public func send(_ action: Action, _ update: ((inout State) -> Void)? = nil,
                     fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async
        -> SentWork {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        checkItsOwnTest("send(\(action))", at: site)
        accountForSkipped(before: "send(\(action))", at: site)
        if base.isDismissed {
            site.fail("send(\(action)): the reactor has dismissed itself, so nothing shows it to send it actions; "
                      + "the action was not sent.")
            return SentWork(tasks: [], action: "\(action)", timeLimit: timeLimit)
        }
        let firstWork = base.nextWorkNumber
        let step = FollowedStep("send(\(action))", at: site)
        FollowedWork.beginStep(step)
        let effects = FollowedWork(step)
        base.missingChildHandler = { site.fail($0) }  // rule N5
        let use = DependencyUse(name: "", fileID: fileID, filePath: filePath, line: line, column: column)
        DependencyUse.$testStep.withValue(use) { effects.run { base.send(action) } }  // D1's place for a service with no line
        base.missingChildHandler = nil
        base.workTasks.forEach(effects.adopt)
        let actual = unasserted.last?.state ?? state
        unasserted.removeAll()
        check(actual, after: "send(\(action))", update, at: site)
        let limit = Self.sendLimit(timeLimit)
        if await effects.settle(within: limit) == .stillRunning {
            site.fail("send(\(action)): its effects were still running after \(limit) of real time, without "
                      + "waiting for the test: is one busy forever, or waiting for something outside the test process?")
        }
        return SentWork(tasks: base.workTasks(from: firstWork), action: "\(action)", timeLimit: timeLimit)
    }

    /// Checks the state as it is now — without sending anything — against the last asserted
    /// state with `update` applied: for a change made outside an action (a shared value written
    /// by another screen, a state set directly). When exhaustive, states published and not
    /// received yet fail the test first, as before a [`send(_:_:)`](doc:send(_:_:fileID:filePath:line:column:)).
    /// Not exhaustive, `update` is applied to the state as it is and checks only what it states.
    /// - Parameters:
    ///   - update: the change expected since the last asserted state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func assert(_ update: (inout State) -> Void,
                       fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        LateUnseenWork.report()
        checkItsOwnTest("assert", at: site)
        accountForSkipped(before: "assert", at: site)
        withoutActuallyEscaping(update) { check(base.currentState, after: "assert", $0, at: site) }
    }

    /// Waits for the next state an asynchronous effect publishes and checks it: the previous
    /// state with `update` applied. Not exhaustive: waits for the first state in which what
    /// `update` states holds (no `update`: the next state), skipping the others. Fails at once
    /// when no effect is running, and at the time limit — one deadline, however many states
    /// arrive meanwhile — when no state it expects arrives.
    /// - Parameters:
    ///   - update: the change the effect makes, applied to a copy of the previous state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func receive(_ update: ((inout State) -> Void)? = nil,
                        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async {
        await receive(nil, update, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next state an asynchronous effect publishes and checks both the mutation
    /// that produced it, which must match `matches`, and the state, as
    /// [`receive(_:)`](doc:receive(_:fileID:filePath:line:column:)) does. Exhaustive: the next published state's
    /// mutation must match, or the test fails showing the mutation that arrived. Not
    /// exhaustive: states whose mutation does not match are skipped, and `update` is applied to
    /// the state the matching mutation left, checking only what it states.
    /// - Parameters:
    ///   - matches: whether a mutation is the one expected: `{ if case .failed = $0 { true } else { false } }`.
    ///   - update: the change the mutation makes, applied to a copy of the previous state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func receive(where matches: @escaping (Mutation) -> Bool, _ update: ((inout State) -> Void)? = nil,
                        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async {
        let expected = MutationMatch<Mutation>(describe: "a mutation matching the test's predicate", own: matches)
        await receive(expected, update, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next state an asynchronous effect publishes and checks that the mutation
    /// that produced it is of the case `embed` builds, whatever its payload, and the state, as
    /// ``receive(where:_:fileID:filePath:line:column:)`` does: TCA's `store.receive(\.loaded)`.
    /// For a payload too long to restate (`.loaded([Item])`), or one the test checks through the
    /// state: `await tester.receive(case: Mutation.loaded) { $0.items = items }`.
    /// - Parameters:
    ///   - embed: the case, by its constructor: `Mutation.loaded`, `Mutation.row` for a row's.
    ///   - update: the change the mutation makes, applied to a copy of the previous state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func receive<Payload>(case embed: @escaping (Payload) -> Mutation, _ update: ((inout State) -> Void)? = nil,
                                 fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                                 column: UInt = #column) async {
        let cases = EnumCase(embed)
        let expected = MutationMatch<Mutation>(describe: "case: the case of \(Mutation.self) holding \(Payload.self)",
                                               own: { cases.extract(from: $0) != nil })
        await receive(expected, update, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The state checks of [`receive(_:)`](doc:receive(_:fileID:filePath:line:column:)), for a given expected
    /// mutation or none.
    func receive(_ expectedMutation: MutationMatch<Mutation>?, _ update: ((inout State) -> Void)?,
                         _ site: CallSite) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeLimit)  // the safety net, across every wake below
        let step = expectedMutation.map { "receive(\($0.describe))" } ?? "receive"
        LateUnseenWork.report()  // rule R10: what an earlier step could not follow, before its states are read
        checkItsOwnTest(step, at: site)
        defer {
            if earlyRestWatch?.sawEarlyRest == true { site.fail(EarlyRestWatch.message(for: step)) }
            earlyRestWatch = nil
        }
        while true {
            while unasserted.isEmpty {
                guard base.hasRunningWork else {
                    site.fail("\(step): no state arrived and no effect is running.\n" + expectedChange(update))
                    return
                }
                if earlyRestWatch == nil { earlyRestWatch = EarlyRestWatch(test: CallSite.currentTest) }
                guard await nextStateOrIdle(within: clock.now.duration(to: deadline)) else {
                    site.fail("\(step): no state arrived within \(timeLimit) of real time, and an effect is still "
                              + "running: is it waiting for a reply the test has not released, or sleeping on a ManualClock the test "
                              + "has not advanced?\n" + expectedChange(update))
                    return
                }
            }
            let (mutation, actual) = unasserted.removeFirst()
            let mutationMatches = expectedMutation.map { expected in mutation.map(expected.matches) ?? false } ?? true
            if exhaustive {
                if !mutationMatches, let expectedMutation {
                    site.fail("\(step): the next state came from a different mutation (expected → actual):\n"
                              + "  mutation: \(expectedMutation.describe) → \(mutation.map(\.description) ?? "(none: the state was set directly)")")
                }
                return check(actual, after: step, update, at: site)
            }
            state = actual  // received, or skipped as a non-exhaustive test may
            guard mutationMatches else { continue }
            // Not exhaustive (TCA's `exhaustivity = .off`): `update` sees the state the mutation
            // left and checks only what it states. With a mutation named, that state must match;
            // without one, the first state that matches is the one received.
            guard expectedMutation == nil, applying(update) != actual else {
                return check(actual, after: step, update, at: site)
            }
        }
    }

    /// Waits for every effect to end — running ones, and cancelled or superseded ones still
    /// ending — then checks that everything was asserted (when exhaustive). Freeing the tester
    /// runs the same checks without waiting. Fails after the time limit when work never ends.
    public func finish(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        checkItsOwnTest("finish", at: site)
        let idle = await wait(within: timeLimit) { gate in
            let work = Task { [base] in
                await base.waitUntilIdle()
                gate.end(true)
            }
            gate.onEnd { work.cancel() }
        }
        guard idle else {
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

    /// How long a `send` waits for its effects to start: the tester's limit, never less than the
    /// default safety net (a short limit is for `receive`); a test of the wait's failure sets
    /// ``TesterLimits/sendLimit`` for its own task.
    static func sendLimit(_ timeLimit: Duration) -> Duration {
        TesterLimits.sendLimit ?? max(timeLimit, SafetyNet.defaultLimit)
    }

    /// Fails at `site` when the tester is used in a test other than the one that made it (a tester
    /// kept past the end of its test, in a `static` or a shared fixture).
    private func checkItsOwnTest(_ step: String, at site: CallSite) {
        let now = CallSite.currentTest
        guard let test, now != test else { return }
        site.fail("\(step): this ReactorTester was made in another test (\(test)), which has ended or runs beside this one "
                  + "(\(now ?? "no test")); its states and checks belong there. Make a tester in each test.")
    }

    private func checkEverythingAsserted(at site: CallSite) {
        LateUnseenWork.report()
        guard exhaustive, !isFinished else { return }
        isFinished = true
        if !unasserted.isEmpty {
            site.fail(unassertedMessage("at the end of the test"))
        }
        if base.hasRunningWork {
            site.fail("An effect is still running at the end of the test: `await receive` what it publishes, "
                      + "cancel it, or `await finish()` to wait for it.")
        }
    }

    private func accountForSkipped(before step: String, at site: CallSite) {
        guard let last = unasserted.last else { return }
        if exhaustive { site.fail(unassertedMessage("before \(step)")) }
        state = last.state
        unasserted.removeAll()
    }

    private func unassertedMessage(_ when: String) -> String {
        var lines = ["\(unasserted.count) published state\(unasserted.count == 1 ? " was" : "s were") not asserted \(when):"]
        var previous = state
        for (index, next) in unasserted.enumerated() {
            let source = next.mutation.map { " by mutation \($0.description)" } ?? ""
            lines.append("  [\(index)] changed\(source) (previous → published):")
            let changes = ValueDiff.lines(previous, next.state)
            lines += (changes.isEmpty ? [ValueDiff.noChange] : changes).map { "      " + $0 }
            previous = next.state
        }
        return lines.joined(separator: "\n")
    }

    /// Checks `actual` against the expected state and makes it the asserted one. Exhaustive:
    /// the last asserted state with `update` applied (no `update`: unchanged). Not exhaustive
    /// (TCA's `exhaustivity = .off`): `actual` with `update` applied, so only what the test
    /// states is checked, against the state as it is (no `update`: nothing); a pulse it assigns
    /// is checked by the value it holds.
    private func check(_ actual: State, after step: String, _ update: ((inout State) -> Void)?, at site: CallSite) {
        let expected = applying(update, to: exhaustive ? state : actual)
        state = actual
        guard expected != actual else { return }
        // Not exhaustive, a pulse the test assigns is checked by the value it holds.
        if !exhaustive, ValueDiff.changes(expected, actual, pulsesByValue: true).isEmpty { return }
        let diff = ValueDiff.lines(expected, actual).map { "  " + $0 }
        site.fail((["State after \(step) is not as expected (expected → actual):"] + diff).joined(separator: "\n"))
    }

    private func expectedChange(_ update: ((inout State) -> Void)?) -> String {
        let diff = ValueDiff.lines(state, applying(update))
        return diff.isEmpty ? "Expected a state equal to the last one."
            : (["Expected a state with (previous → expected):"] + diff.map { "  " + $0 }).joined(separator: "\n")
    }

    /// The asserted state with the test's change applied: what an exhaustive check expects, and
    /// what a non-exhaustive one expects once the asserted state has moved to the actual one.
    /// A shared value the test writes is written in every copy the expected state holds, as the
    /// reactor writes it (rule S3 of `Shared`): the test states it once.
    private func applying(_ update: ((inout State) -> Void)?, to asserted: State? = nil) -> State {
        var expected = asserted ?? state
        guard let update else { return expected }
        update(&expected)
        base.shareExpectedWrites(in: &expected)
        return expected
    }

    /// Suspends until the reactor publishes a state or has no work left (`true`), or until the
    /// time limit passes (`false`). Holds neither the tester nor its generic types, so a test
    /// that ends is never kept from freeing the tester.
    private func nextStateOrIdle(within limit: Duration) async -> Bool {
        guard limit > .zero else { return false }
        let signal = self.signal
        let idle = Task { [base] in
            await base.waitUntilIdle()
            signal.fire()
        }
        defer { idle.cancel() }
        return await wait(within: limit) { gate in signal.arm(gate) }
    }
}

/// The mutation a `receive` expects: how to show it, and whether one matches.
struct MutationMatch<Mutation> {
    let describe: String
    let matches: (HeardMutation<Mutation>) -> Bool

    init(describe: String, matches: @escaping (HeardMutation<Mutation>) -> Bool) {
        self.describe = describe
        self.matches = matches
    }

    /// A match of one of the reactor's own mutations.
    init(describe: String, own matches: @escaping (Mutation) -> Bool) {
        self.init(describe: describe) { heard in
            guard case .own(let mutation) = heard else { return false }
            return matches(mutation)
        }
    }
}

extension ReactorTester where Mutation: Equatable {
    /// Waits for the next state an asynchronous effect publishes and checks both the mutation
    /// that produced it, which must equal `mutation`, and the state, as
    /// [`receive(_:)`](doc:receive(_:fileID:filePath:line:column:)) does. A different mutation fails the test,
    /// showing both. Not exhaustive: states from other mutations are skipped.
    /// - Parameters:
    ///   - mutation: the mutation expected next: `.tick`.
    ///   - update: the change it makes, applied to a copy of the previous state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func receive(_ mutation: Mutation, _ update: ((inout State) -> Void)? = nil,
                        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async {
        let expected = MutationMatch<Mutation>(describe: ValueDescription.describe(mutation), own: { $0 == mutation })
        await receive(expected, update, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// The work one `ReactorTester.send` started, as a view holds it: cancel it when the view goes
/// away, or wait for it to end on its own.
@MainActor
public struct SentWork {
    /// The tasks of the work the action started.
    let tasks: [Task<Void, Never>]
    /// The action, as the failure messages name it.
    let action: String
    /// How long to wait, in real time, before failing instead of hanging.
    let timeLimit: Duration

    /// Cancels the work the action started and returns once it has ended: what happens when
    /// the view that sent it goes away (SwiftUI's `.task` ends). Its later mutations are
    /// dropped. Fails at the caller's line when the work ignores cancellation past the time limit.
    public func cancel(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        // A step of its own: what the cancellation resumes (children sleeping on a clock,
        // waiting for a reply) is followed as it unwinds, back to the tasks that started it.
        let step = FollowedStep("cancel of the work \(action) started", at: site)
        FollowedWork.beginStep(step)
        let unwinding = FollowedWork(step)
        unwinding.run { tasks.forEach { $0.cancel() } }
        _ = await unwinding.settle(within: timeLimit)
        await waitForTheEnd("cancel", site)
    }

    /// Returns once the work the action started has ended on its own (release what it waits
    /// for first). Fails at the caller's line when it has not ended within the time limit; while
    /// an advance of the test's clock is under way in another of its tasks (the one that wakes
    /// the work, often), the limit starts again, up to three more times: that advance keeps its
    /// own limits and fails at its own line when the work never rests.
    public func finish(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async {
        await waitForTheEnd("finish", CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func waitForTheEnd(_ step: String, _ site: CallSite) async {
        defer { LateUnseenWork.report() }  // rule R10: the work has come back to end, if it went away
        guard !tasks.isEmpty else { return }
        let tasks = self.tasks
        var ended = false
        for round in 0...FollowedWork.congestedRounds {
            ended = await wait(within: timeLimit) { gate in
                let waiting = Task {
                    for task in tasks { await task.value }
                    gate.end(true)
                }
                gate.onEnd { waiting.cancel() }
            }
            if !ended { FollowedWork.limitPassed?(round) }
            guard !ended, FollowedActivity.advanceUnderWay(for: CallSite.currentTest) else { break }
        }
        if !ended {
            site.fail("\(step): the work \(action) started had not ended after \(timeLimit) of real time: is it waiting for "
                      + "something the test has not released\(step == "cancel" ? ", or ignoring cancellation" : "")?")
        }
    }
}

/// The limits of `ReactorTester`'s waits that tests of their failures shorten, for their own task.
enum TesterLimits {
    /// How long a `send` waits for its effects to start, instead of ``ReactorTester/sendLimit(_:)``'s.
    @TaskLocal static var sendLimit: Duration?
}
