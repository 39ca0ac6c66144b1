@_spi(Reflection) import Swift
import ViewStateKit

/// The fields in which two values differ, found with `Mirror`, one line each:
/// `presenting.stores[1].name: "A" → "B"` (expected → actual).
///
/// - Structs, classes, tuples, enums with payloads, optionals, dictionaries and sets are
///   walked; values that are `Equatable` are compared with `==` first, so equal parts are never
///   listed.
/// - Arrays are aligned before they are compared — by `id` when the elements are
///   `Identifiable`, otherwise by the longest run of equal elements — so an insertion reads
///   `[1]: (missing) → x` and a removal `[2]: x → (missing)`, not as every later element
///   changed. The cost follows the change, not the length: the elements two arrays share at
///   either end are matched with `==` first (for `Equatable` elements without boxing or
///   describing any), and only the ones between are described and aligned, in memory linear
///   in their number.
/// - A value with its own `description` (a `Date`, a `URL`, a type that redacts a secret) is
///   one leaf, shown by that description and never walked. When that description, or a custom
///   mirror, hides the field that changed, the field is named and its value is not shown:
///   `token.secret: changed (Token's description hides its value)`.
/// - Multi-line strings and substrings are compared line by line; substrings are quoted like
///   strings.
/// - A struct or class is named with the types it is nested in (`Outer.Inner(x: 1)`), without
///   its module; values that print alike but differ in type say so (`29.99 as Float → 29.99 as
///   Double`), also inside an `AnyHashable`.
/// - A reference cycle is marked `(cycle)`, never followed.
/// - The explanation is never empty: two values that differ with no differing field say so.
///
/// One copy serves the testing module's failure messages and tracing, so it lives here with
/// `package` access: it is not public API. An app links it only when it traces.
package struct ValueDiff {
    /// At most this many lines; a last line says how many more there were.
    package static let lineLimit = 20
    /// How deep the walk goes; deeper differences are shown whole at this depth.
    package static let depthLimit = 16
    private(set) var lines: [String] = []
    private var omitted = 0
    /// Whether an equal value assigned again to a pulse is left out (see ``changes(_:_:pulsesByValue:)``).
    private let pulsesByValue: Bool

    private init(pulsesByValue: Bool) {
        self.pulsesByValue = pulsesByValue
    }
    /// The objects on the path being walked, to mark a cycle instead of following it.
    private var visiting: Set<ObjectIdentifier> = []

    /// The differences between `expected` and `actual`; never empty when they differ.
    package static func lines(_ expected: Any, _ actual: Any) -> [String] {
        var lines = changes(expected, actual)
        if lines.isEmpty, isEqual(expected, actual) != true {
            let (left, right) = (Mirror(reflecting: expected).subjectType, Mirror(reflecting: actual).subjectType)
            lines.append(left == right
                ? "value: not equal by ==, but no field differs (\(left))"
                : "value: a \(left) → a \(right): \(ValueDescription.describe(expected)) → \(ValueDescription.describe(actual))")
        }
        return lines
    }

    /// The fields that differ, as tracing shows a change: empty when nothing visible changed.
    /// `pulsesByValue`: a pulse holding an equal value is no change, however often it was
    /// assigned (a non-exhaustive test's `$0.alert.value = "…"` states what the pulse holds).
    package static func changes(_ old: Any, _ new: Any, pulsesByValue: Bool = false) -> [String] {
        var diff = ValueDiff(pulsesByValue: pulsesByValue)
        diff.compare(old, new, path: "", depth: 0)
        if diff.omitted > 0 { diff.lines.append("… and \(diff.omitted) more") }
        return diff.lines
    }

    /// What a trace writes for a change, one line each: the fields that differ (``changes(_:_:pulsesByValue:)``),
    /// or ``noChange`` when none visibly did.
    package static func traceLines(_ old: Any, _ new: Any) -> [String] {
        let lines = changes(old, new)
        return lines.isEmpty ? [noChange] : lines
    }

    /// What a trace or a failure message writes for a new state that changed nothing visible.
    package static let noChange = "(no change)"

    private mutating func compare(_ expected: Any, _ actual: Any, path: String, depth: Int) {
        if let equal = Self.isEqual(expected, actual), equal { return }
        if let left = expected as? AnyHashable, type(of: expected) == AnyHashable.self,
           let right = actual as? AnyHashable, type(of: actual) == AnyHashable.self {
            return compare(left.base, right.base, path: path, depth: depth)
        }
        if let left = expected as? any PulseValue, let right = actual as? any PulseValue {
            return comparePulses(left, right, path: path, depth: depth)
        }
        let left = Mirror(reflecting: expected)
        let right = Mirror(reflecting: actual)
        guard depth < Self.depthLimit, left.subjectType == right.subjectType, !Self.isLeaf(expected, left) else {
            return leaf(path, expected, actual)
        }
        if let object = ValueDescription.identity(expected) {
            guard visiting.insert(object).inserted else { return add("\(Self.shown(path)): (cycle)") }
        }
        defer { if let object = ValueDescription.identity(expected) { visiting.remove(object) } }
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
            if left.children.isEmpty || right.children.isEmpty { return leaf(path, expected, actual) }  // `[] → [a, b]`
            compareElements(Self.middles(expected, actual, left, right), path: path, depth: depth)
        case .dictionary:
            let (lefts, rights) = (Self.entries(left), Self.entries(right))
            for key in Set(lefts.keys).union(rights.keys).sorted() {
                let keyPath = "\(path)[\(key)]"
                switch (lefts[key], rights[key]) {
                case (let value?, let other?): compare(value, other, path: keyPath, depth: depth + 1)
                case (let value?, nil): add("\(keyPath): \(ValueDescription.describe(value)) → (missing)")
                case (nil, let other?): add("\(keyPath): (missing) → \(ValueDescription.describe(other))")
                case (nil, nil): break
                }
            }
        case .set:
            let lefts = Set(left.children.map { ValueDescription.describe($0.value) })
            let rights = Set(right.children.map { ValueDescription.describe($0.value) })
            for missing in lefts.subtracting(rights).sorted() { add("\(Self.shown(path)): \(missing) removed") }
            for extra in rights.subtracting(lefts).sorted() { add("\(Self.shown(path)): \(extra) added") }
        case .struct, .class, .tuple:
            guard !left.children.isEmpty, left.children.count == right.children.count else {
                return leaf(path, expected, actual)
            }
            let before = lines.count + omitted
            for (field, other) in zip(left.children, right.children) {
                let label = field.label ?? "?"
                let fieldPath = label.hasPrefix(".") ? path + label : Self.join(path, label)
                compare(field.value, other.value, path: fieldPath, depth: depth + 1)
            }
            if lines.count + omitted == before, expected is any CustomReflectable {
                hiddenChanges(expected, actual, path: path, hiddenBy: "custom mirror hides it")
            }
        default:
            leaf(path, expected, actual)
        }
    }

    /// A pulse reads as its value; an equal value assigned again says so.
    private mutating func comparePulses(_ left: any PulseValue, _ right: any PulseValue, path: String, depth: Int) {
        let (before, after) = (ValueDescription.describe(left.pulseValue), ValueDescription.describe(right.pulseValue))
        if before == after, left.pulseAssignments != right.pulseAssignments {
            if pulsesByValue { return }
            add("\(Self.shown(path)): \(after) (assigned again)")
        } else {
            compare(left.pulseValue, right.pulseValue, path: path, depth: depth + 1)
        }
    }

    /// Compares the elements two arrays do not share at either end after aligning them:
    /// matched elements (equal, or with the same `id`) are compared field by field; between
    /// matches, leftovers are paired in order and the rest read as missing on one side.
    private mutating func compareElements(_ middles: Middles<Any>, path: String, depth: Int) {
        let (lefts, rights, offset) = (middles.lefts, middles.rights, middles.offset)
        for step in Alignment.steps(lefts, rights) {
            switch step {
            case .paired(let left, let right), .matched(let left, let right):
                compare(lefts[left], rights[right], path: "\(path)[\(offset + right)]", depth: depth + 1)
            case .removed(let left):
                add("\(path)[\(offset + left)]: \(ValueDescription.describe(lefts[left])) → (missing)")
            case .inserted(let right):
                add("\(path)[\(offset + right)]: (missing) → \(ValueDescription.describe(rights[right]))")
            }
        }
    }

    /// The elements of two arrays between the ones they share at either end — equal by `==`,
    /// so nothing there can differ — and where they start. An array of `Equatable` elements is
    /// trimmed in its own type, without boxing an element; any other is read through its mirror
    /// and trimmed where `==` can tell.
    private static func middles(_ expected: Any, _ actual: Any, _ left: Mirror, _ right: Mirror) -> Middles<Any> {
        if let typed = expected as? any EquatableElements, let middles = typed.middles(against: actual) {
            return middles
        }
        let (lefts, rights) = (left.children.map(\.value), right.children.map(\.value))
        return Middles(lefts, rights) { isEqual($0, $1) == true }
    }

    private mutating func leaf(_ path: String, _ expected: Any, _ actual: Any) {
        if let left = Self.text(expected), let right = Self.text(actual), left.contains("\n") || right.contains("\n") {
            return compareLines(left, right, path: path)
        }
        let (left, right) = (ValueDescription.describe(expected), ValueDescription.describe(actual))
        guard left == right else { return add("\(Self.shown(path)): \(left) → \(right)") }
        let (leftType, rightType) = (type(of: expected), type(of: actual))
        if leftType != rightType {
            return add("\(Self.shown(path)): \(left) as \(ValueDescription.typeName(leftType)) → \(right) as \(ValueDescription.typeName(rightType))")
        }
        guard Self.isEqual(expected, actual) != true else { return }  // unequal, or not Equatable: look inside
        if expected is any CustomStringConvertible {
            hiddenChanges(expected, actual, path: path, hiddenBy: "description hides its value")
        } else if expected is any CustomReflectable {
            hiddenChanges(expected, actual, path: path, hiddenBy: "custom mirror hides it")
        }
    }

    /// A string or substring's text.
    private static func text(_ value: Any) -> String? {
        (value as? String) ?? (value as? Substring).map(String.init)
    }

    /// Names the stored fields in which two values of one type differ, without their values:
    /// for a change that the type's `description` or custom mirror hides (a redacted secret).
    private mutating func hiddenChanges(_ expected: Any, _ actual: Any, path: String, hiddenBy reason: String) {
        let (lefts, rights) = (Self.storedFields(expected), Self.storedFields(actual))
        guard lefts.count == rights.count else { return }
        let owner = ValueDescription.typeName(type(of: expected))
        for ((name, left), (_, right)) in zip(lefts, rights)
        where Self.isEqual(left, right) == false || (Self.isEqual(left, right) == nil && ValueDescription.describe(left) != ValueDescription.describe(right)) {
            add("\(Self.join(path, name)): changed (\(owner)'s \(reason))")
        }
    }

    /// A struct's or class's stored fields, by name, as declared, whatever its custom mirror shows.
    private static func storedFields(_ value: Any) -> [(String, Any)] {
        func fields<Root>(_ value: Root) -> [(String, Any)] {
            var fields: [(String, Any)] = []
            // `.classType` (1 << 0 in the standard library), spelled by value: the static is not concurrency-safe.
            let options = _EachFieldOptions(rawValue: Mirror(reflecting: value).displayStyle == .class ? 1 : 0)
            _forEachFieldWithKeyPath(of: Root.self, options: options) { name, keyPath in
                fields.append((String(cString: name), value[keyPath: keyPath]))
                return true
            }
            return fields
        }
        return _openExistential(value, do: fields)
    }

    /// A multi-line string, compared line by line: `text line 3: "old" → "new"`.
    private mutating func compareLines(_ expected: String, _ actual: String, path: String) {
        let middles = Middles(expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                              actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                              same: ==)
        let (first, lefts, rights) = (middles.offset + 1, middles.lefts, middles.rights)
        let name = "\(Self.shown(path)) line"
        for step in Alignment.steps(lefts, rights) {
            switch step {
            case .paired(let left, let right):
                add("\(name) \(first + right): \(ValueDescription.describe(lefts[left])) → \(ValueDescription.describe(rights[right]))")
            case .removed(let left):
                add("\(name) \(first + left): \(ValueDescription.describe(lefts[left])) → (missing)")
            case .inserted(let right):
                add("\(name) \(first + right): (missing) → \(ValueDescription.describe(rights[right]))")
            case .matched:
                break
            }
        }
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
            if parts.count == 2 { entries[ValueDescription.describe(parts[0])] = parts[1] }
        }
        return entries
    }

    /// A struct, class or enum with its own `description` is shown by it and never walked.
    private static func isLeaf(_ value: Any, _ mirror: Mirror) -> Bool {
        switch mirror.displayStyle {
        case .struct, .class, .enum: value is any CustomStringConvertible
        default: false
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

