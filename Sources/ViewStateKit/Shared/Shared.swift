/// A value that several screens' states hold and write — the meetings in the list, the meeting
/// in its detail and on the record screen — seen by all of them at once, with no copying by hand.
/// TCA's `@Shared`.
///
/// A state keeps a copy of the value, so it stays a value: it is `Equatable` by that copy, and
/// a test or a transcript sees a write as a change of every state that holds it. A parent
/// declares where it holds one, once, with ``ChildPlace/shared(_:)``, and its `reduce` writes it
/// like any field: `state.meetings.value.append(meeting)`. The reactor then writes the value
/// behind every copy and refreshes every copy it holds, before anyone hears of the new state.
///
/// A list held by an app and an item screen pushed over it, holding one element of it
/// (`Tests/ViewStateKitTests/SharedTests.swift`):
///
/// ```swift
/// let tester = ReactorTester(ItemsApp(items: Shared(items)))
/// let shared = tester.state.items
/// await tester.send(.open(1)) { $0.path.push(ItemDetail.State(item: shared.element(id: 1)!)) }
/// ```
///
/// The rules (each has a test named after it):
/// - S1: a write in a reduce is seen, in the state that reduce publishes, by every copy the
///   reactor holds (a list and the detail of one of its elements alike); then every other
///   reactor holding the value publishes a state with its copies refreshed, in the order they
///   first held it.
/// - S2: two copies written in one reduce: the value is written in the order the places are
///   declared, parents before children, and the last write wins. A holder that writes while it
///   delivers (an observer reacting to an earlier write) has the other holders publish the
///   write at once, and publishes it itself once its delivery ends (C5): every holder ends on
///   the last write.
/// - S3: a copy is written only through the reactor: set anywhere else — in a view, in a loose
///   copy — it changes that copy and nothing else. In a test's expected state (`ReactorTester`),
///   a write to one copy is seen by every copy that state holds, as the reactor's write is, and
///   by nothing outside it: a test states a shared write once.
/// - S4: a holder that has gone away is forgotten, with no call; a copy of an element that was
///   removed keeps its last value, and its writes change nothing.
/// - S5: everything happens on the main actor; a test starts from any value with
///   `Shared(value)` in the initial state.
/// - S6: a value made with a ``SharedStorage`` loads from it when made and saves a burst of
///   writes once, after a throttle on the clock of its dependencies; a value that cannot be
///   loaded starts from its default, with what was saved kept aside, never written over (and
///   says so for as long as it lives); a failed save leaves the value as it is, and the next
///   successful save clears it. Either failure is in every copy's ``failure``, and every holder
///   publishes it. A value not saved yet when its last copy goes is saved then. Values made for
///   the same file, key or memory while one lives are one value (``init(_:default:throttle:)``).
///
/// A field holding a shared value that its feature's `children` do not declare is written in
/// that copy alone; a debug build names it in a warning, once per state type, the first time
/// the feature runs.
public struct Shared<Value: Equatable & Sendable>: Sendable, Equatable {
    /// The value behind every copy.
    let reference: any SharedReference<Value>
    /// This copy.
    private var copy: Value
    /// The writes the value had when this copy was made or refreshed.
    var version: Int
    /// Whether this copy was set since (a write to commit, S3).
    var isWritten = false
    /// Why the value could not be loaded from its storage or saved to it, as this copy last
    /// heard; `nil` when all is well (S6). Setting it changes this copy alone (a test's expected
    /// state says what the copies will hear).
    public var failure: SharedStorageFailure?

    /// A new shared value, held only by this copy until it is put in states.
    /// - Parameter value: its first value.
    public init(_ value: Value) {
        self.init(reference: SharedValueReference(value), copy: value, version: 0)
    }

    init(reference: any SharedReference<Value>, copy: Value, version: Int) {
        self.reference = reference
        self.copy = copy
        self.version = version
    }

    /// The value, as this state holds it; setting it writes the value behind every copy once
    /// the reactor's reduce is done (S1), and only then (S3).
    public var value: Value {
        get { copy }
        set {
            copy = newValue
            isWritten = true
        }
    }

    /// Writes this copy's value behind every copy, when it was set (S1); `holder` is the reactor
    /// that wrote it. Returns whether it wrote.
    @MainActor
    mutating func commit(by holder: AnyObject) -> Bool {
        guard isWritten else { return false }
        isWritten = false
        reference.write(copy, by: holder)
        version = reference.root.version
        return true
    }

    /// Takes the value behind every copy when another copy wrote it since (S1); a copy of an
    /// element that has gone keeps its value (S4). Returns whether the copy's value changed.
    @MainActor
    mutating func refresh() -> Bool {
        guard !isWritten, version != reference.root.version else { return false }
        version = reference.root.version
        let failureChanged = reference.failure != failure
        failure = reference.failure
        guard let current = reference.current, current != copy else { return failureChanged }
        copy = current
        return true
    }
}

extension Shared {
    /// What this copy holds in a test's expected state, when the test did not write it: where
    /// the sandbox's value starts (S3).
    @MainActor
    func lay(in sandbox: SharedSandbox) {
        guard !isWritten else { return }
        reference.write(copy, in: sandbox)
    }

    /// A write in a test's expected state: kept in `sandbox`, the real value untouched (S3).
    @MainActor
    mutating func commit(in sandbox: SharedSandbox) {
        guard isWritten else { return }
        isWritten = false
        reference.write(copy, in: sandbox)
        sandbox.written.insert(ObjectIdentifier(reference.root))
    }

    /// Takes what a test's expected state wrote for this value, if it wrote it (S3).
    @MainActor
    mutating func refresh(from sandbox: SharedSandbox) {
        guard sandbox.written.contains(ObjectIdentifier(reference.root)), let current = reference.current(in: sandbox) else { return }
        copy = current
    }
}

extension Shared {
    /// The element with `id`, as a shared value of its own: reads find it in this list, writes
    /// replace it there. `nil` when no element has that id now (whatever this copy holds).
    /// - Parameter id: the element's id.
    /// - Returns: the element, shared, or `nil`.
    @MainActor
    public func element<Element: Identifiable & Sendable>(id: Element.ID) -> Shared<Element>?
    where Value == [Element], Element.ID: Sendable {
        guard let element = (reference.current ?? value).first(where: { $0.id == id }) else { return nil }
        return Shared<Element>(reference: SharedElementReference(list: reference, id: id), copy: element,
                               version: reference.root.version)
    }
}

extension Shared {
    /// Two copies are equal when they are copies of the same value and hold equal values (and
    /// the same storage failure, if any).
    public static func == (lhs: Shared, rhs: Shared) -> Bool {
        lhs.reference.root === rhs.reference.root && lhs.copy == rhs.copy && lhs.failure == rhs.failure
    }
}

extension Shared where Value: Codable {
    /// A shared value saved in `storage`: loaded now (`defaultValue` when nothing was saved, or
    /// when what was saved cannot be read: then ``failure`` says so and it is kept aside), and
    /// saved after writes — the first write of a burst waits `throttle` on the clock of the
    /// dependencies in effect, then the value as it is by then is saved, once (S6). Made again
    /// for the same file, key or memory while the first lives, it is the same value: one
    /// reference per storage in a process, with the first's default and throttle (a value of
    /// another type made for it is never read nor saved, and says so in ``failure``).
    /// - Parameters:
    ///   - storage: where the value is saved: `.file(url)`, `.appStorage(key)`, `.memory(…)`.
    ///   - defaultValue: the value when nothing (readable) was saved.
    ///   - throttle: how long a burst of writes may last before one save.
    @MainActor
    public init(_ storage: SharedStorage<Value>, default defaultValue: Value, throttle: Duration = .seconds(1)) {
        let reference = OpenStorages.reference(for: storage, default: defaultValue, clock: Dependencies.current.clock,
                                               throttle: throttle)
        self.init(reference: reference, copy: reference.current ?? defaultValue, version: reference.root.version)
        failure = reference.failure
    }
}

extension Shared: CustomReflectable {
    /// The copy's value, and its storage failure when there is one: how traces and test
    /// failures show it (`meeting.value.title`).
    public var customMirror: Mirror {
        Mirror(self, children: failure.map { ["value": copy, "failure": $0] } ?? ["value": copy], displayStyle: .struct)
    }
}
