#if canImport(Observation)
import Observation

/// An `Observable` mirror of a ``StateCell``, for SwiftUI: `@State var screen = cell.observed()`,
/// then read `screen.value` or a field, `screen.query`, in `body`.
///
/// - Reading ``value`` invalidates the view on every send (C3). Reading one `Equatable` field
///   through dynamic member lookup invalidates it only when that field changes; a field that is
///   not `Equatable` invalidates on every send.
/// - The mirror is updated synchronously inside the cell's delivery, as one of its observers,
///   so it follows the cell's order and reentrancy rules (C2, C5): an observer after it reads
///   the new value from it.
/// - It keeps its cell alive; the cell does not keep it alive. Let go of the mirror (the view
///   that holds it goes away) and its observation ends.
/// - SwiftUI draws only the latest state: several sends before a frame are one redraw. Code
///   that must see every state uses `observe(_:)` or `values` on the cell (in `.task`).
///
/// A mirror is for views, so it lives on the main actor, with the cell it mirrors.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ObservedState<Value>: Observable {
    /// The cell this mirrors; kept alive by the mirror.
    public let cell: StateCell<Value>

    private var current: Value
    private var token: ObservationToken?
    private let registrar = ObservationRegistrar()
    /// The key path every read of ``value`` registers; made once (a generic key path literal is
    /// instantiated anew each time it is evaluated).
    private let valuePath: KeyPath<ObservedState, Value> = \.value
    /// The `Equatable` fields read so far, by the key path read (`\Value.name`).
    private var fieldIndex: [AnyKeyPath: Int] = [:]
    private var fields: [Field] = []

    /// How many fields are tracked: one per field read, however often it is read (for tests).
    var trackedFieldCount: Int { fields.count }

    /// One `Equatable` field a view has read: its change test and its notifications, under the
    /// mirror's own key path for it.
    private struct Field {
        let hasChanged: (_ old: Value, _ new: Value) -> Bool
        let access: @MainActor (ObservedState) -> Void
        let willSet: @MainActor (ObservedState) -> Void
        let didSet: @MainActor (ObservedState) -> Void
    }

    /// A mirror of ``cell``, holding its current value. `StateCell.observed()` makes one.
    public init(_ cell: StateCell<Value>) {
        self.cell = cell
        current = cell.value
        token = cell.observe { [weak self] value in self?.update(to: value) }
    }

    /// The cell's value. Reading it tracks every send.
    public var value: Value {
        registrar.access(self, keyPath: valuePath)
        return current
    }

    /// An `Equatable` field of the value. Reading it tracks only changes of that field.
    public subscript<Member: Equatable>(dynamicMember member: KeyPath<Value, Member>) -> Member {
        fields[index(of: member)].access(self)
        return current[keyPath: member]
    }

    /// A field that is not `Equatable`. Reading it tracks every send, like ``value``.
    public subscript<Member>(dynamicMember member: KeyPath<Value, Member>) -> Member {
        value[keyPath: member]
    }

    private func index<Member: Equatable>(of member: KeyPath<Value, Member>) -> Int {
        if let index = fieldIndex[member] { return index }
        let path = (\ObservedState.current).appending(path: member)
        fields.append(Field(hasChanged: { $0[keyPath: member] != $1[keyPath: member] },
                            access: { $0.registrar.access($0, keyPath: path) },
                            willSet: { $0.registrar.willSet($0, keyPath: path) },
                            didSet: { $0.registrar.didSet($0, keyPath: path) }))
        fieldIndex[member] = fields.count - 1
        return fields.count - 1
    }

    private func update(to newValue: Value) {
        let old = current
        registrar.willSet(self, keyPath: valuePath)
        for field in fields where field.hasChanged(old, newValue) { field.willSet(self) }
        current = newValue
        for field in fields where field.hasChanged(old, newValue) { field.didSet(self) }
        registrar.didSet(self, keyPath: valuePath)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension StateCell {
    /// An `Observable` mirror of this cell for SwiftUI; see ``ObservedState``. Each call makes a
    /// new mirror; a cell that no mirror observes pays nothing for the feature.
    @MainActor
    public func observed() -> ObservedState<Value> {
        ObservedState(self)
    }
}
#endif
