/// The waits for a count to reach a target — `StateRecorder`'s values, `ManualClock`'s
/// sleepers, a `ReplyQueue`'s requests — written once. Each wait is a ``Gate``; the owner keeps
/// this under its own lock (or isolation), and ends the gates it is handed outside it. A wait
/// whose gate ended on its time limit is dropped, so none is left behind.
package struct CountWaiters: Sendable {
    private var waiting: [(count: Int, gate: Gate)] = []

    /// No waits.
    package init() {}

    /// Adds a wait for `count`, unless `current` has reached it: then returns `true` and the
    /// caller ends `gate` at once.
    package mutating func add(_ gate: Gate, until count: Int, current: Int) -> Bool {
        if current >= count { return true }
        waiting.removeAll { $0.gate.hasEnded }
        waiting.append((count, gate))
        return false
    }

    /// Removes and returns the waits that `current` reaches, for the caller to end.
    package mutating func reached(_ current: Int) -> [Gate] {
        let ready = waiting.filter { $0.count <= current }.map(\.gate)
        waiting.removeAll { $0.count <= current }
        return ready
    }
}
