/// A two-way binding to one field of a screen's state: reading ``value`` reads the field, writing
/// it does what the screen says (send an action, set a navigation path). Under SwiftUI,
/// `Binding(fieldBinding)` turns it into a `Binding` for a control.
@MainActor
public struct FieldBinding<Value>: Sendable {
    private let get: @MainActor @Sendable () -> Value
    private let set: @MainActor @Sendable (Value) -> Void

    /// A binding reading through `get` and writing through `set`.
    public init(get: @escaping @MainActor @Sendable () -> Value, set: @escaping @MainActor @Sendable (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The field's value; setting it writes through the binding.
    public var value: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}
