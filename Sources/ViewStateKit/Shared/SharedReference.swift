/// The one current value behind every copy of a ``Shared`` value: a value of its own (a
/// ``Shared`` made from a value or a storage), or one element of another's (a projection by id).
/// It counts its writes, and tells each reactor whose state holds it when another one wrote.
///
/// Made anywhere (a screen's state may be built off the main actor); read, written and
/// listened to only on the main actor, where reactors run — which is why the classes below are
/// safe to share (`@unchecked Sendable`: their mutable parts are main-actor isolated).
protocol SharedReference<Value>: AnyObject, Sendable {
    associatedtype Value: Sendable
    /// The value now, or `nil` when a projection's element has gone.
    @MainActor var current: Value? { get }
    /// Writes `value`; `writer` then tells the other holders (rule S1).
    @MainActor func write(_ value: Value, by writer: AnyObject?)
    /// The source of truth this reference reads: its own, or that of the value it projects from.
    var root: SharedRoot { get }
    /// Why the value could not be loaded or saved, if it could not.
    @MainActor var failure: SharedStorageFailure? { get }
    /// The value as a test's expected state has it: what `sandbox` was written, else the value now.
    @MainActor func current(in sandbox: SharedSandbox) -> Value?
    /// Writes `value` in `sandbox` only: a write in a test's expected state.
    @MainActor func write(_ value: Value, in sandbox: SharedSandbox)
}

extension SharedReference {
    /// A value kept in memory alone never fails.
    @MainActor var failure: SharedStorageFailure? { nil }

    /// A value of its own: what the sandbox holds for it, else its value now.
    @MainActor func current(in sandbox: SharedSandbox) -> Value? {
        sandbox.values[ObjectIdentifier(root)].map { $0 as? Value } ?? current
    }

    /// A value of its own: kept in the sandbox for its root.
    @MainActor func write(_ value: Value, in sandbox: SharedSandbox) {
        sandbox.values[ObjectIdentifier(root)] = value
    }
}

/// The shared values of a test's expected state, by root, kept apart from the real ones: so a
/// test states a write once and every copy in its expected state shows it, as every copy in the
/// reactor's state does (rule S3). Each root starts from what the expected state's own copies
/// hold — never from the real value, which already has the reactor's changes, so a change the
/// test did not state still fails it. Main actor only.
@MainActor
final class SharedSandbox {
    /// What each value's root holds in the expected state.
    var values: [ObjectIdentifier: Any] = [:]
    /// The roots the test wrote: only their copies take the sandbox's value.
    var written: Set<ObjectIdentifier> = []
}

/// What every ``SharedReference`` comes back to: the writes counted, and the reactors whose
/// states hold a value of it, in the order they first did.
final class SharedRoot: @unchecked Sendable {
    /// How many writes the value has had: a copy made before the last write is stale. Changed
    /// on the main actor only.
    private(set) var version = 0
    /// The holders, weakly, in the order they first held the value (S1), found by identity in
    /// constant time; a holder that has gone is dropped at the next write (S4). Main actor only.
    private var holders: [ObjectIdentifier: WeakHolder] = [:]
    private var order: [ObjectIdentifier] = []

    /// Remembers `holder` as holding this value, once.
    @MainActor func hold(_ holder: any SharedHolder) {
        let id = ObjectIdentifier(holder)
        if let known = holders[id], known.holder === holder { return }
        if holders[id] == nil { order.append(id) }  // else a holder gone, its address taken by this one
        holders[id] = WeakHolder(holder: holder)
    }

    /// Counts a write: every copy made before it is stale.
    @MainActor func didWrite() {
        version += 1
    }

    /// Tells every holder but `writer` that a value it holds was written: called by the writer
    /// once it has published its own state (S1).
    @MainActor func tellHolders(except writer: AnyObject?) {
        order.removeAll { id in
            guard holders[id]?.holder == nil else { return false }
            holders[id] = nil
            return true
        }
        for id in order {
            guard let holder = holders[id]?.holder, holder !== writer else { continue }
            holder.sharedValueChanged()
        }
    }

    /// How many holders are remembered (a holder that has gone is forgotten at the next write):
    /// for the tests of S4.
    @MainActor var holderCount: Int {
        order.count
    }
}

/// A reactor (or anything else) whose state holds ``Shared`` values and refreshes its copies
/// when another holder writes.
@MainActor
protocol SharedHolder: AnyObject {
    /// A value this holder's state holds was written by someone else: refresh the copies.
    func sharedValueChanged()
}

/// A holder, held weakly.
struct WeakHolder {
    weak var holder: (any SharedHolder)?
}

/// A value of its own: what `Shared(_:)` and a storage make.
final class SharedValueReference<Value: Sendable>: SharedReference, @unchecked Sendable {
    /// The value; read and written on the main actor only.
    private var value: Value
    let root = SharedRoot()
    /// Told of every write, after the holders: a storage saving the value. Main actor only.
    var onWrite: (@MainActor (Value) -> Void)?

    init(_ value: Value) {
        self.value = value
    }

    var current: Value? { value }

    func write(_ newValue: Value, by writer: AnyObject?) {
        value = newValue
        root.didWrite()
        onWrite?(newValue)
    }
}

/// One element of a shared list, by id: reads find it, writes replace it in the list. When the
/// element has gone, reads give `nil` (a copy keeps the value it had) and writes change nothing.
final class SharedElementReference<Element: Identifiable & Sendable>: SharedReference, @unchecked Sendable
where Element.ID: Sendable {
    let list: any SharedReference<[Element]>
    let id: Element.ID

    init(list: any SharedReference<[Element]>, id: Element.ID) {
        self.list = list
        self.id = id
    }

    var current: Element? {
        list.current?.first { $0.id == id }
    }

    func write(_ element: Element, by writer: AnyObject?) {
        guard var elements = list.current, let index = elements.firstIndex(where: { $0.id == id }) else { return }
        elements[index] = element
        list.write(elements, by: writer)
    }

    var root: SharedRoot { list.root }
    var failure: SharedStorageFailure? { list.failure }

    func current(in sandbox: SharedSandbox) -> Element? {
        list.current(in: sandbox)?.first { $0.id == id }
    }

    func write(_ element: Element, in sandbox: SharedSandbox) {
        guard var elements = list.current(in: sandbox), let index = elements.firstIndex(where: { $0.id == id }) else { return }
        elements[index] = element
        list.write(elements, in: sandbox)
    }
}
