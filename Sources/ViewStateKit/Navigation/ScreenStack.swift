/// A stack of screens as state: each screen's own state, bottom first, each with a
/// ``StackID`` the stack gives it when it is pushed. TCA's `StackState`.
///
/// A parent keeps one in its state (`var path = ScreenStack<Path.State>()`), declares it once
/// as a child place (``ChildPlace/stack(_:state:action:)``), and pushes screens in its
/// `reduce`: `state.path.push(.detail(Detail.State(meeting: meeting)))`. A screen's actions
/// reach it by id (`.path(.screen(id: 0, action: .detail(.editTapped)))`), a popped screen's
/// work is cancelled, and a test asserts a screen by its id:
/// `$0.path[id: 0, case: Path.State.detail]?.alert = nil`.
///
/// Ids are stable and never given twice by one stack: pushing after a pop gives a new id, and
/// so does ``replace(with:)`` (a deep link). Assigning a new `ScreenStack` value starts its
/// count again at 0 — prefer `replace(with:)` or ``removeAll()`` on the stack you have. Lookups by id
/// are a binary search; a push and a pop cost the same on any size of stack.
public struct ScreenStack<Screen> {
    /// The screens' ids, bottom first; strictly increasing, since a push takes a new, larger id.
    public private(set) var ids: [StackID]
    /// The screens, bottom first, one per id.
    private(set) var screens: [Screen]
    /// The number the next push takes.
    private var nextID: Int

    /// A stack holding `screens`, bottom first, with ids from `#0`.
    public init(_ screens: [Screen] = []) {
        self.screens = screens
        ids = screens.indices.map { StackID($0) }
        nextID = screens.count
    }

    /// Pushes `screen` on top and returns the id it was given.
    @discardableResult
    public mutating func push(_ screen: Screen) -> StackID {
        let id = StackID(nextID)
        nextID += 1
        ids.append(id)
        screens.append(screen)
        return id
    }

    /// Pops the top screen and returns it; `nil` on an empty stack.
    @discardableResult
    public mutating func popLast() -> Screen? {
        guard !screens.isEmpty else { return nil }
        ids.removeLast()
        return screens.removeLast()
    }

    /// Pops the screen with `id` and every screen above it; nothing when `id` is not on the stack.
    public mutating func pop(from id: StackID) {
        guard let index = index(of: id) else { return }
        ids.removeSubrange(index...)
        screens.removeSubrange(index...)
    }

    /// Pops every screen above the one with `id`, which stays on top; nothing when `id` is not
    /// on the stack.
    public mutating func pop(to id: StackID) {
        guard let index = index(of: id) else { return }
        ids.removeSubrange((index + 1)...)
        screens.removeSubrange((index + 1)...)
    }

    /// Pops every screen; the next push still takes a new id.
    public mutating func removeAll() {
        ids.removeAll()
        screens.removeAll()
    }

    /// Replaces every screen with `screens` (a deep link), each with a new id.
    public mutating func replace(with screens: [Screen]) {
        removeAll()
        screens.forEach { push($0) }
    }

    /// The screen with `id`, or `nil` when it is not on the stack. Setting `nil` pops it and
    /// every screen above it; setting a screen for an id not on the stack does nothing.
    public subscript(id id: StackID) -> Screen? {
        get { index(of: id).map { screens[$0] } }
        set {
            guard let index = index(of: id) else { return }
            if let newValue { screens[index] = newValue } else { pop(from: id) }
        }
    }

    /// The screen with `id` as one case of an enum of screens, or `nil` when the screen is not on
    /// the stack or is another case: `$0.path[id: 0, case: Path.State.detail]?.title = "New"`.
    /// Setting a value writes it back as that case; setting `nil` does nothing.
    public subscript<Case>(id id: StackID, case embed: @escaping (Case) -> Screen) -> Case? {
        get { self[id: id].flatMap { EnumCase(embed).extract(from: $0) } }
        set {
            guard let newValue, let index = index(of: id), EnumCase(embed).extract(from: screens[index]) != nil else { return }
            screens[index] = embed(newValue)
        }
    }

    /// The place of `id` in the stack, found by binary search (ids only increase upwards). The
    /// halvings are counted, so the search ends whatever the ids hold.
    @usableFromInline
    func index(of id: StackID) -> Int? {
        var low = 0, high = ids.count
        for _ in 0...Int.bitWidth {
            guard low < high else { break }
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }

    /// Where in the stack the screen with `id` is, and the screen, if it is there.
    func element(_ id: StackID) -> (index: Int, screen: Screen)? {
        index(of: id).map { ($0, screens[$0]) }
    }

    /// Changes the screen at `index` in place.
    @usableFromInline
    mutating func modify(at index: Int, _ change: (inout Screen) -> Void) {
        change(&screens[index])
    }

    /// What a navigation UI's path binding (the stack's ids, as SwiftUI's
    /// `NavigationStack(path:)` shows them) writes back, as the action to send: a shorter
    /// path that keeps the bottom screens is a pop from the first id it dropped; a path equal
    /// to the ids, or one the UI could not have made from them (new or reordered ids), is `nil`:
    /// screens are pushed by the parent's `reduce`, never by writing ids.
    func popAction<ScreenAction>(forPath path: [StackID]) -> StackAction<ScreenAction>? {
        guard path.count < ids.count, Array(ids.prefix(path.count)) == path else { return nil }
        return .popFrom(id: ids[path.count])
    }
}

extension ScreenStack: RandomAccessCollection {
    /// The bottom screen's position.
    public var startIndex: Int { screens.startIndex }
    /// One past the top screen's position.
    public var endIndex: Int { screens.endIndex }
    /// The screen at `position`, counted from the bottom.
    public subscript(position: Int) -> Screen { screens[position] }
}

extension ScreenStack: Equatable where Screen: Equatable {
    /// Two stacks are equal when they hold the same screens under the same ids (the count
    /// behind the next push is not compared).
    public static func == (lhs: ScreenStack, rhs: ScreenStack) -> Bool {
        lhs.ids == rhs.ids && lhs.screens == rhs.screens
    }
}

extension ScreenStack: Sendable where Screen: Sendable {}

extension ScreenStack: CustomReflectable {
    /// Each screen under its id, bottom first: how traces and test failures show the stack.
    public var customMirror: Mirror {
        Mirror(self, children: zip(ids, screens).map { (label: $0.0.description, value: $0.1 as Any) },
               displayStyle: .struct)
    }
}
