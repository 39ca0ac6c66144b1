/// A one-shot value in a reactor's state — an alert, a toast, a navigation event — delivered
/// once per assignment (even when equal to the previous one), never re-delivered by unrelated
/// state changes, and never replayed to a late observer. Observe it with `observePulse(_:_:)`.
public struct Pulse<Value> {
    /// The latest value assigned.
    public var value: Value {
        didSet { assignments &+= 1 }
    }

    /// Counts assignments, so an equal value assigned again is still a new pulse.
    var assignments = 0

    /// A pulse holding ``value``, not yet assigned (observers do not receive it).
    public init(_ value: Value) {
        self.value = value
    }
}

extension Pulse: Equatable where Value: Equatable {}

extension Pulse: PulseValue {
    package var pulseValue: Any { value }
    package var pulseAssignments: Int { assignments }
}
extension Pulse: Sendable where Value: Sendable {}
