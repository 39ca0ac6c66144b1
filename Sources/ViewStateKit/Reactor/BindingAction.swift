/// A change to one field of a reactor's state, sent as an action: how a form binds all its
/// controls through one action case, with no action and no reduce branch per field.
///
/// ```swift
/// enum Action: Sendable { case binding(BindingAction<State>), reset }
/// enum Mutation: Sendable, Equatable { case binding(BindingAction<State>), alertsChanged, reset }
/// // …
/// case .binding(let change): .mutation(.binding(change))
/// // …
/// case .binding(let change): change.apply(to: &state)
/// ```
///
/// The change still takes the action path: it is queued behind a running action (R3), traced
/// (`.binding(\State.name = "Blob")`), and a test sends it like any action:
/// `await tester.send(.binding(.set(\.name, "Blob"))) { $0.name = "Blob" }`. A reactor that
/// reacts to one field matches it before the general case:
/// `case .binding(let change) where change.field == \State.wantsNotifications`.
/// Under SwiftUI, `ObservedReactor.binding(_:send:)` with `Action.binding` makes the control's
/// binding.
public struct BindingAction<State>: Equatable, Sendable, CustomStringConvertible {
    /// The field this changes.
    public let field: PartialKeyPath<State> & Sendable
    /// Writes the new value into a state.
    private let write: @Sendable (inout State) -> Void
    /// Whether another change sets the same field to an equal value.
    private let isEqual: @Sendable (BindingAction) -> Bool
    /// The change as written in traces and test failures.
    public let description: String

    /// Sets the field at `keyPath` to `value`.
    /// - Parameters:
    ///   - keyPath: the field, a writable key path of the state: `\.name`.
    ///   - value: its new value.
    /// - Returns: the change, to wrap in the reactor's binding action.
    public static func set<Value: Equatable & Sendable>(_ keyPath: WritableKeyPath<State, Value> & Sendable,
                                                         _ value: Value) -> BindingAction {
        BindingAction(field: keyPath,
                      write: { $0[keyPath: keyPath] = value },
                      isEqual: { other in other.field == keyPath && (other.value as? Value) == value },
                      description: "\(keyPath) = \(ValueDescription.describe(value))",
                      value: value)
    }

    /// The new value, for ``isEqual``.
    private let value: any Sendable

    private init(field: PartialKeyPath<State> & Sendable, write: @escaping @Sendable (inout State) -> Void,
                 isEqual: @escaping @Sendable (BindingAction) -> Bool, description: String, value: any Sendable) {
        self.field = field
        self.write = write
        self.isEqual = isEqual
        self.description = description
        self.value = value
    }

    /// Writes the change into `state`: the whole of a form's reduce branch.
    public func apply(to state: inout State) {
        write(&state)
    }

    /// Two changes are equal when they set the same field to equal values.
    public static func == (lhs: BindingAction, rhs: BindingAction) -> Bool {
        lhs.isEqual(rhs)
    }
}
