/// The fields in which two values differ, found with `Mirror`, one line each:
/// `presenting.stores[1].name: "A" → "B"` (expected → actual). Structs, classes, tuples, enums
/// with payloads, optionals, arrays, sets and dictionaries are walked; anything else is a leaf
/// compared by its description, and so is an array when either side is empty. Values that are `Equatable` are compared with `==` first, so
/// equal parts are never listed.
struct ValueDiff {
    /// At most this many lines; a last line says how many more there were.
    static let lineLimit = 20
    private static let depthLimit = 16

    private(set) var lines: [String] = []
    private var omitted = 0

    /// The differences between `expected` and `actual`.
    static func lines(_ expected: Any, _ actual: Any) -> [String] {
        var diff = ValueDiff()
        diff.compare(expected, actual, path: "", depth: 0)
        if diff.omitted > 0 { diff.lines.append("… and \(diff.omitted) more") }
        return diff.lines
    }

    private mutating func compare(_ expected: Any, _ actual: Any, path: String, depth: Int) {
        if let equal = Self.isEqual(expected, actual), equal { return }
        let left = Mirror(reflecting: expected)
        let right = Mirror(reflecting: actual)
        guard depth < Self.depthLimit, left.subjectType == right.subjectType else {
            return leaf(path, expected, actual)
        }
        switch left.displayStyle {
        case .optional:
            switch (left.children.first?.value, right.children.first?.value) {
            case (let some?, let other?): compare(some, other, path: path, depth: depth + 1)
            case (nil, nil): break
            default: leaf(path, expected, actual)
            }
        case .enum:
            let name = Self.caseName(expected, left)
            guard name == Self.caseName(actual, right) else { return leaf(path, expected, actual) }
            if let payload = left.children.first?.value, let other = right.children.first?.value {
                compare(payload, other, path: Self.join(path, name), depth: depth + 1)
            }
        case .collection:
            let (lefts, rights) = (left.children.map(\.value), right.children.map(\.value))
            if lefts.isEmpty || rights.isEmpty { return leaf(path, expected, actual) }  // `[] → [a, b]`
            for index in 0..<min(lefts.count, rights.count) {
                compare(lefts[index], rights[index], path: "\(path)[\(index)]", depth: depth + 1)
            }
            for index in rights.count..<max(rights.count, lefts.count) {
                add("\(path)[\(index)]: \(Self.describe(lefts[index])) → (missing)")
            }
            for index in lefts.count..<max(lefts.count, rights.count) {
                add("\(path)[\(index)]: (missing) → \(Self.describe(rights[index]))")
            }
        case .dictionary:
            let (lefts, rights) = (Self.entries(left), Self.entries(right))
            for key in Set(lefts.keys).union(rights.keys).sorted() {
                let keyPath = "\(path)[\(key)]"
                switch (lefts[key], rights[key]) {
                case (let value?, let other?): compare(value, other, path: keyPath, depth: depth + 1)
                case (let value?, nil): add("\(keyPath): \(Self.describe(value)) → (missing)")
                case (nil, let other?): add("\(keyPath): (missing) → \(Self.describe(other))")
                case (nil, nil): break
                }
            }
        case .set:
            let lefts = Set(left.children.map { Self.describe($0.value) })
            let rights = Set(right.children.map { Self.describe($0.value) })
            for missing in lefts.subtracting(rights).sorted() { add("\(Self.shown(path)): \(missing) removed") }
            for extra in rights.subtracting(lefts).sorted() { add("\(Self.shown(path)): \(extra) added") }
        case .struct, .class, .tuple:
            guard !left.children.isEmpty, left.children.count == right.children.count else {
                return leaf(path, expected, actual)
            }
            for (field, other) in zip(left.children, right.children) {
                let label = field.label ?? "?"
                let fieldPath = label.hasPrefix(".") ? path + label : Self.join(path, label)
                compare(field.value, other.value, path: fieldPath, depth: depth + 1)
            }
        default:
            leaf(path, expected, actual)
        }
    }

    private mutating func leaf(_ path: String, _ expected: Any, _ actual: Any) {
        let (left, right) = (Self.describe(expected), Self.describe(actual))
        guard left != right else { return }
        add("\(Self.shown(path)): \(left) → \(right)")
    }

    private mutating func add(_ line: String) {
        if lines.count < Self.lineLimit { lines.append(line) } else { omitted += 1 }
    }

    /// The path as printed: `value` for the whole value.
    private static func shown(_ path: String) -> String {
        path.isEmpty ? "value" : path
    }

    private static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : "\(path).\(name)"
    }

    private static func caseName(_ value: Any, _ mirror: Mirror) -> String {
        mirror.children.first?.label ?? String(describing: value)
    }

    private static func entries(_ mirror: Mirror) -> [String: Any] {
        var entries: [String: Any] = [:]
        for pair in mirror.children {
            let parts = Mirror(reflecting: pair.value).children.map(\.value)
            if parts.count == 2 { entries[describe(parts[0])] = parts[1] }
        }
        return entries
    }

    /// A value as a test author would write it: strings quoted, enum cases with a leading dot,
    /// structs as `Store(id: 1, name: "CU")` without module names; a type with its own
    /// `description` (a date, a URL, a `LoadFailure`) prints that.
    static func describe(_ value: Any) -> String {
        if let text = value as? String { return String(reflecting: text) }
        let mirror = Mirror(reflecting: value)
        let parts = { (children: Mirror.Children, labelled: Bool) in
            children.map { child in
                let label = child.label.map { labelled && !$0.hasPrefix(".") ? "\($0): " : "" } ?? ""
                return label + describe(child.value)
            }.joined(separator: ", ")
        }
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { describe($0.value) } ?? "nil"
        case .enum:
            guard let payload = mirror.children.first else { return ".\(value)" }
            let inner = describe(payload.value)
            return ".\(payload.label ?? "")" + (Mirror(reflecting: payload.value).displayStyle == .tuple ? inner : "(\(inner))")
        case .collection, .set:
            return "[\(parts(mirror.children, false))]"
        case .dictionary:
            let entries = mirror.children.map { Mirror(reflecting: $0.value).children.map { describe($0.value) } }
            return entries.isEmpty ? "[:]" : "[" + entries.map { $0.joined(separator: ": ") }.joined(separator: ", ") + "]"
        case .tuple:
            return "(\(parts(mirror.children, true)))"
        case .struct, .class:
            if let described = value as? any CustomStringConvertible { return described.description }
            return "\(type(of: value))(\(parts(mirror.children, true)))"
        default:
            return String(describing: value)
        }
    }

    /// `==` when `expected` is `Equatable` and `actual` has its type; `nil` otherwise.
    private static func isEqual(_ expected: Any, _ actual: Any) -> Bool? {
        guard let expected = expected as? any Equatable else { return nil }
        return expected.isEqual(to: actual)
    }
}

private extension Equatable {
    func isEqual(to other: Any) -> Bool? {
        (other as? Self).map { $0 == self }
    }
}
