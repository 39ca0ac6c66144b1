import ViewStateKit
internal import ViewStateKitSupport

/// Collects every value a `StateCell` or `Events` delivers, or a completion handler receives,
/// in order — the sequence a screen went through, for `expect(_:)`.
///
/// ```swift
/// let cell = StateCell(0)
/// let recorder = StateRecorder(cell)
/// cell.send(1)
/// cell.send(1)
/// recorder.expect([0, 1, 1])
/// ```
///
/// Attached to a cell, the first value is the cell's current one (the cell replays it on
/// observe). The recorder stops when it is freed; it lives in the cell's isolation domain,
/// like the cell.
public final class StateRecorder<Value> {
    /// Everything recorded so far, oldest first.
    public private(set) var values: [Value] = [] {
        didSet { openReadyGates() }
    }
    private var token: ObservationToken?
    private var waiters = CountWaiters()

    /// A recorder fed by hand, e.g. as a completion handler: `controller.products(categoryId: 1, then: recorder.record)`.
    public init() {}

    /// Records `cell`'s current value and every value it delivers from now on.
    public init(_ cell: StateCell<Value>) {
        token = cell.observe { [unowned self] in values.append($0) }
    }

    /// Records every event `events` delivers from now on.
    public init(_ events: Events<Value>) {
        token = events.observe { [unowned self] in values.append($0) }
    }

    /// Appends `value`.
    public func record(_ value: Value) {
        values.append(value)
    }

    /// Forgets what was recorded so far, to assert only what follows.
    public func removeAll() {
        values.removeAll()
    }

    /// Returns once `count` values have been recorded in all (at once if they have), or fails
    /// the test after `timeLimit` of real time, a safety net against a value that never comes.
    /// Returns whether they arrived.
    @discardableResult
    public func waitForValues(_ count: Int, timeLimit: Duration = SafetyNet.defaultLimit,
                              isolation: isolated (any Actor)? = #isolation,
                              fileID: String = #fileID, filePath: StaticString = #filePath,
                              line: UInt = #line, column: UInt = #column) async -> Bool {
        let arrived = await wait(within: timeLimit) { gate in
            if waiters.add(gate, until: count, current: values.count) { gate.end(true) }
        }
        if !arrived {
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(
                "waitForValues: \(values.count) of \(count) values recorded after \(timeLimit) of real time.")
        }
        return arrived
    }

    private func openReadyGates() {
        waiters.reached(values.count).forEach { $0.end(true) }
    }
}

extension StateRecorder where Value: Equatable {
    /// Checks that the recorded values are exactly `expected` (see `expectSequence`).
    @discardableResult
    public func expect(
        _ expected: [Value],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        expectSequence(values, equals: expected, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// A recorder lives in one isolation domain, like the cell it observes.
@available(*, unavailable)
extension StateRecorder: Sendable {}
