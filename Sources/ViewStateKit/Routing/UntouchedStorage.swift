/// Telling in constant time that a reduce left a list or a stack untouched (rule N7 of
/// ``ChildPlace``): hold a copy of it before the reduce, and after it ask whether the value in
/// the state still has the copy's storage. Any write to it while the copy is held made storage
/// of its own, so the same storage means no write, and every child there is still there.
extension ScreenStack {
    /// Whether `other` holds this very storage, ids and screens: a stack copied from this one
    /// and written since (while this one was held) never does (rule N7 of ``ChildPlace``).
    @usableFromInline
    func hasSameStorage(as other: ScreenStack) -> Bool {
        ids.hasSameStorage(as: other.ids) && screens.hasSameStorage(as: other.screens)
    }
}

extension Array {
    /// Whether `other` holds this very buffer: equal counts and the same first element's
    /// address. While this array is held, a write to a copy of it makes a buffer of its own,
    /// so `true` means no write since the copy (rule N7 of ``ChildPlace``).
    @usableFromInline
    func hasSameStorage(as other: [Element]) -> Bool {
        count == other.count && withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
