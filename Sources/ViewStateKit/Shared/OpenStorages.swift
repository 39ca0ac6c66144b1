/// The storages open in this process, by what they save to (a file's path, a key, a memory):
/// a second ``Shared`` made for the same storage while the first lives is the same value, one
/// reference behind both, so their saves never overwrite each other and a write through either
/// is seen by both (rule S6). Its default and throttle are the first's.
///
/// The same storage opened for a value of another type, while the first lives, cannot be that
/// value: it starts from its default, is never read nor saved, so the first's data is left as it
/// is, and its ``Shared/failure`` says it could not be read (a debug build also warns, naming
/// both types). A storage made of its own parts (`SharedStorage(name:read:write:keepAside:)`) is
/// never shared: each value made with it is its own.
@MainActor
enum OpenStorages {
    /// Each open storage's reference, weakly, and its value's type.
    private static var byStorage: [String: (reference: Weak, type: Any.Type)] = [:]
    /// When to forget the entries whose values have gone: kept at twice the live ones, so
    /// forgetting costs a constant per storage opened.
    private static var forgetAt = 64

    /// The reference for `storage`: the one open for it, else a new one (remembered), loaded
    /// now, starting from `defaultValue` and saving after `throttle` on `clock`.
    static func reference<Value>(for storage: SharedStorage<Value>, default defaultValue: Value, clock: any Clock<Duration>,
                                 throttle: Duration) -> SharedStoredReference<Value> {
        guard let id = storage.id else {
            return SharedStoredReference(storage: storage, default: defaultValue, clock: clock, throttle: throttle)
        }
        if let entry = byStorage[id], let existing = entry.reference.object {
            if let same = existing as? SharedStoredReference<Value> { return same }
            DebugWarning.write("""
                ViewStateKit warning: \(storage.name) is open as a Shared<\(entry.type)>; the Shared<\(Value.self)> made \
                for it too starts from its default and is never read nor saved, so the first one's data stays as it is.
                """)
            let closed = SharedStorage<Value>(name: storage.name, read: { throw AlreadyOpen() }, write: { _ in })
            return SharedStoredReference(storage: closed, default: defaultValue, clock: clock, throttle: throttle)
        }
        let made = SharedStoredReference(storage: storage, default: defaultValue, clock: clock, throttle: throttle)
        byStorage[id] = (Weak(object: made), Value.self)
        if byStorage.count >= forgetAt {
            byStorage = byStorage.filter { $0.value.reference.object != nil }
            forgetAt = max(64, byStorage.count * 2)
        }
        return made
    }

    /// How many storages are remembered: for the tests.
    static var count: Int { byStorage.count }

    private struct AlreadyOpen: Error {}

    private final class Weak {
        weak var object: AnyObject?
        init(object: AnyObject) { self.object = object }
    }
}
