internal import ViewStateKitSupport

/// The tester's "a state arrived, or the work ended": ends the wait armed on it, if any. A wait
/// is armed synchronously before the tester suspends, so no fire can come between the two.
@MainActor
final class Signal {
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
