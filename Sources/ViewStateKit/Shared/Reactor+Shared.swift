/// A reactor as a holder of ``Shared`` values (S1, S3): what its reduce writes in a copy is
/// written behind every copy, and a write by another holder refreshes its state.
extension Reactor: SharedHolder {
    /// S1: another holder wrote a value this reactor's state holds: publishes a state with its
    /// copies refreshed, if any changed (queued behind a delivery under way, C5).
    func sharedValueChanged() {
        var next = currentState
        var refresh = SharedPass(.refresh, holder: self)
        SharedPass.walk(&next, places: childPlaces, with: &refresh)
        guard refresh.changedAnything else { return }
        state.update { $0 = next }
    }
    /// S1: writes what the reduce set in any ``Shared`` copy, then refreshes every copy the
    /// state holds, all before anyone hears of the new state. Walks only the places that hold a
    /// shared copy: its cost grows with the copies, not with the rest of the state.
    /// Returns the values written, whose other holders are to be told.
    @discardableResult
    func shareWrites(in state: inout State) -> [SharedRoot] {
        var commit = SharedPass(.commit, holder: self)
        SharedPass.walk(&state, places: childPlaces, with: &commit)
        var refresh = SharedPass(.refresh, holder: self)
        SharedPass.walk(&state, places: childPlaces, with: &refresh)
        return commit.written
    }

    /// S3, for a test: in `state` — a test's expected state — every copy of a shared value the
    /// test wrote takes what it wrote, as the reduce's write would reach every copy, while the
    /// real values stay untouched. A test states a shared write once.
    package func shareExpectedWrites(in state: inout State) {
        guard holdsShared else { return }
        let sandbox = SharedSandbox()
        for step in [SharedPass.Step.expectBases(sandbox), .expectWrites(sandbox)] {
            var pass = SharedPass(step, holder: self)
            SharedPass.walk(&state, places: childPlaces, with: &pass)
        }
        guard !sandbox.written.isEmpty else { return }
        var reads = SharedPass(.expectReads(sandbox), holder: self)
        SharedPass.walk(&state, places: childPlaces, with: &reads)
    }
}
