/// Things that happen and have no current value — taps, navigation requests — for the inputs
/// and outputs of a view model. ``StateCell`` is for values that have one.
///
/// Delivery follows the cell's rules (it is a cell underneath, sharing its delivery loop):
/// observers in subscription order, reentrant sends queued, immediate cancellation. The one
/// difference: nothing is replayed — an observer hears only events sent after it subscribed —
/// and nothing is kept: once an event has been delivered, the stream holds no reference to it
/// (a closure, a view controller to push), so it lives only as long as its observers keep it.
public final class Events<Value> {
    private let cell = StateCell<Value?>(nil)

    /// A stream with no observers.
    public init() {}

    /// Delivers `event` to every current observer, then lets go of it.
    public func send(_ event: Value) {
        cell.send(event)
        cell.send(nil)  // observers skip it; the cell no longer holds the event
    }

    /// Calls `observer` with every event sent from now on, until the token is cancelled or
    /// freed, or the stream is freed.
    public func observe(_ observer: @escaping (Value) -> Void) -> ObservationToken {
        ObservationToken(source: cell, id: cell.register(replays: false) { event in
            if let event { observer(event) }
            return true
        })
    }
}

extension Events where Value == Void {
    /// Delivers a tap.
    public func send() {
        send(())
    }
}

/// Events live in one isolation domain, like a cell.
@available(*, unavailable)
extension Events: Sendable {}
