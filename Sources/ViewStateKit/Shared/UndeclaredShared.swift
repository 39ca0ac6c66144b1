/// Debug builds: a state's field holding a ``Shared`` value that its feature's places do not
/// declare (``ChildPlace/shared(_:)``) is written only in that copy — the other screens never see
/// it, and it is never saved. The first time a feature (or a reactor) meets a value of its state,
/// its fields are read, and each such field is named in a warning, once per state type.
///
/// Only the state's own fields are read, not their insides: a child's fields are its own
/// feature's to declare, and are checked when that feature first runs.
@MainActor
@usableFromInline
enum UndeclaredShared {
    #if DEBUG
    /// The state types already checked.
    private static var checked: Set<ObjectIdentifier> = []
    #endif

    /// Warns, once per state type, of each field of `state` holding a shared value none of
    /// `places` declares; `owner` is the feature or reactor, for the message.
    @usableFromInline
    static func check<State, Action, Mutation>(_ state: State, places: [ChildPlace<State, Action, Mutation>], owner: Any.Type) {
        #if DEBUG
        guard checked.insert(ObjectIdentifier(State.self)).inserted else { return }
        let fields = Mirror(reflecting: state).children.compactMap { field -> (name: String, root: ObjectIdentifier)? in
            guard let name = field.label, let shared = field.value as? any SharedCopy else { return nil }
            return (name, shared.rootID)
        }
        guard !fields.isEmpty else { return }
        let declared = SharedRoots()
        var state = state
        var find = SharedPass(.find(declared), holder: nil)
        SharedPass.walk(&state, places: places, with: &find)
        for field in fields where !declared.ids.contains(field.root) {
            DebugWarning.write("""
                ViewStateKit warning: \(State.self).\(field.name) holds a Shared value that \(owner)'s children do not \
                declare, so a write to it stays in this copy: no other screen sees it and it is never saved. Declare it \
                in `children` with .shared(\\.\(field.name)).
                """)
        }
        #endif
    }
}

/// The roots of the shared values a walk met (``SharedPass``'s `find` step).
@MainActor
final class SharedRoots {
    var ids: Set<ObjectIdentifier> = []
}

/// A ``Shared`` copy of any value: what lets a state's fields be told apart as shared.
protocol SharedCopy {
    /// The value behind every copy, by identity.
    var rootID: ObjectIdentifier { get }
}

extension Shared: SharedCopy {
    var rootID: ObjectIdentifier { ObjectIdentifier(reference.root) }
}
