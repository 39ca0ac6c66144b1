@_spi(Reflection) import Swift

/// The fields in which two values differ, found with `Mirror`, one line each:
/// `presenting.stores[1].name: "A" → "B"` (expected → actual).
///
/// - Structs, classes, tuples, enums with payloads, optionals, dictionaries and sets are
///   walked; values that are `Equatable` are compared with `==` first, so equal parts are never
///   listed.
/// - Arrays are aligned before they are compared — by `id` when the elements are
///   `Identifiable`, otherwise by the longest run of equal elements — so an insertion reads
///   `[1]: (missing) → x` and a removal `[2]: x → (missing)`, not as every later element
///   changed.
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
/// One copy serves the testing module's failure messages and the core's tracing, so it lives
/// here with `package` access: it is not public API.
package struct ValueDiff {
    /// At most this many lines; a last line says how many more there were.
    package static let lineLimit = 20
    /// How deep the walk goes; deeper differences are shown whole at this depth.
    package static let depthLimit = 16
    /// Arrays longer than this on both sides are compared index by index, not aligned.
    private static let alignmentLimit = 2_000

    private(set) var lines: [String] = []
    private var omitted = 0
    /// The objects on the path being walked, to mark a cycle instead of following it.
    private var visiting: Set<ObjectIdentifier> = []

    /// The differences between `expected` and `actual`; never empty when they differ.
    package static func lines(_ expected: Any, _ actual: Any) -> [String] {
        var lines = changes(expected, actual)
        if lines.isEmpty, isEqual(expected, actual) != true {
            let (left, right) = (Mirror(reflecting: expected).subjectType, Mirror(reflecting: actual).subjectType)
            lines.append(left == right
                ? "value: not equal by ==, but no field differs (\(left))"
                : "value: a \(left) → a \(right): \(describe(expected)) → \(describe(actual))")
        }
        return lines
    }

    /// The fields that differ, as tracing shows a change: empty when nothing visible changed.
    package static func changes(_ old: Any, _ new: Any) -> [String] {
        var diff = ValueDiff()
        diff.compare(old, new, path: "", depth: 0)
        if diff.omitted > 0 { diff.lines.append("… and \(diff.omitted) more") }
        return diff.lines
    }

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
        if let object = Self.identity(expected) {
            guard visiting.insert(object).inserted else { return add("\(Self.shown(path)): (cycle)") }
        }
        defer { if let object = Self.identity(expected) { visiting.remove(object) } }
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
            compareElements(lefts, rights, path: path, depth: depth)
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
        let (before, after) = (Self.describe(left.pulseValue), Self.describe(right.pulseValue))
        if before == after, left.pulseAssignments != right.pulseAssignments {
            add("\(Self.shown(path)): \(after) (assigned again)")
        } else {
            compare(left.pulseValue, right.pulseValue, path: path, depth: depth + 1)
        }
    }

    /// Compares two arrays' elements after aligning them: matched elements (equal, or with the
    /// same `id`) are compared field by field; between matches, leftovers are paired in order
    /// and the rest read as missing on one side.
    private mutating func compareElements(_ lefts: [Any], _ rights: [Any], path: String, depth: Int) {
        for step in Self.steps(lefts, rights) {
            switch step {
            case .paired(let left, let right), .matched(let left, let right):
                compare(lefts[left], rights[right], path: "\(path)[\(right)]", depth: depth + 1)
            case .removed(let left):
                add("\(path)[\(left)]: \(Self.describe(lefts[left])) → (missing)")
            case .inserted(let right):
                add("\(path)[\(right)]: (missing) → \(Self.describe(rights[right]))")
            }
        }
    }

    /// One step of walking two aligned sequences, by index: a matched pair, a pair of leftovers
    /// between two matches (changed in place), or a leftover on one side only.
    private enum Step {
        case matched(Int, Int)
        case paired(Int, Int)
        case removed(Int)
        case inserted(Int)
    }

    /// The walk of two sequences along their `alignment`, in order; arrays and the lines of a
    /// multi-line string share it.
    private static func steps(_ lefts: [Any], _ rights: [Any]) -> [Step] {
        var steps: [Step] = []
        var (left, right) = (0, 0)
        for (nextLeft, nextRight) in alignment(lefts, rights) + [(lefts.count, rights.count)] {
            while left < nextLeft, right < nextRight {
                steps.append(.paired(left, right))
                (left, right) = (left + 1, right + 1)
            }
            steps += (left..<nextLeft).map(Step.removed) + (right..<nextRight).map(Step.inserted)
            if nextLeft < lefts.count { steps.append(.matched(nextLeft, nextRight)) }
            (left, right) = (nextLeft + 1, nextRight + 1)
        }
        return steps
    }

    /// The index pairs of a longest common subsequence of the two arrays, where elements
    /// match by `id` when they are `Identifiable` and by `==` (or description) otherwise.
    private static func alignment(_ lefts: [Any], _ rights: [Any]) -> [(Int, Int)] {
        guard lefts.count <= alignmentLimit || rights.count <= alignmentLimit else {
            return (0..<min(lefts.count, rights.count)).map { ($0, $0) }
        }
        let leftKeys = lefts.map(matchKey)
        let rightKeys = rights.map(matchKey)
        // lengths[i][j]: the longest common subsequence of lefts[i...] and rights[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: rights.count + 1), count: lefts.count + 1)
        for i in stride(from: lefts.count - 1, through: 0, by: -1) {
            for j in stride(from: rights.count - 1, through: 0, by: -1) {
                lengths[i][j] = leftKeys[i] == rightKeys[j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < lefts.count, j < rights.count {
            if leftKeys[i] == rightKeys[j] {
                pairs.append((i, j))
                (i, j) = (i + 1, j + 1)
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// What two elements are matched by: their `id`, or their whole description.
    private static func matchKey(_ element: Any) -> String {
        if let identifiable = element as? any Identifiable { return "id:" + describe(identifiable.id as Any) }
        return "value:" + describe(element)
    }

    private mutating func leaf(_ path: String, _ expected: Any, _ actual: Any) {
        if let left = Self.text(expected), let right = Self.text(actual), left.contains("\n") || right.contains("\n") {
            return compareLines(left, right, path: path)
        }
        let (left, right) = (Self.describe(expected), Self.describe(actual))
        guard left == right else { return add("\(Self.shown(path)): \(left) → \(right)") }
        let (leftType, rightType) = (type(of: expected), type(of: actual))
        if leftType != rightType {
            return add("\(Self.shown(path)): \(left) as \(Self.typeName(leftType)) → \(right) as \(Self.typeName(rightType))")
        }
        guard Self.isEqual(expected, actual) == false else { return }
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
        let owner = Self.typeName(type(of: expected))
        for ((name, left), (_, right)) in zip(lefts, rights)
        where Self.isEqual(left, right) == false || (Self.isEqual(left, right) == nil && Self.describe(left) != Self.describe(right)) {
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

    /// A type as a test author writes it: with the types it is nested in, without its module,
    /// `Outer.Inner`; a type declared inside a function or privately reads as its own name.
    package static func typeName(_ type: Any.Type) -> String {
        var name = String(reflecting: type)
        // `(unknown context at $1f2e).Inner` → `Inner`; `(Inner in _4A3B)` → `Inner`.
        while let open = name.range(of: "(unknown context at "), let close = name[open.upperBound...].range(of: ").") {
            name.removeSubrange(open.lowerBound..<close.upperBound)
        }
        while let open = name.range(of: "("), let separator = name[open.upperBound...].range(of: " in _"),
              let close = name[separator.upperBound...].firstIndex(of: ")") {
            name.replaceSubrange(open.lowerBound...close, with: name[open.upperBound..<separator.lowerBound])
        }
        // Every qualified name starts with its module: `Module.Outer.Inner` → `Outer.Inner`,
        // in generic arguments too (`Swift.Array<Module.Row>` → `Array<Row>`).
        var result = ""
        var run: [Substring] = []
        func endRun() {
            result += (run.count > 1 ? run.dropFirst() : run[...]).joined(separator: ".")
            run = []
        }
        var rest = name[...]
        while let first = rest.first {
            if first.isLetter || first == "_" || first.isNumber {
                let identifier = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                run.append(identifier)
                rest = rest[identifier.endIndex...]
                if rest.first == ".", let next = rest.dropFirst().first, next.isLetter || next == "_" {
                    rest = rest.dropFirst()
                    continue
                }
                endRun()
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        endRun()
        return result
    }

    /// A multi-line string, compared line by line: `text line 3: "old" → "new"`.
    private mutating func compareLines(_ expected: String, _ actual: String, path: String) {
        let (lefts, rights) = (expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                               actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        let name = "\(Self.shown(path)) line"
        for step in Self.steps(lefts, rights) {
            switch step {
            case .paired(let left, let right):
                add("\(name) \(right + 1): \(Self.describe(lefts[left])) → \(Self.describe(rights[right]))")
            case .removed(let left):
                add("\(name) \(left + 1): \(Self.describe(lefts[left])) → (missing)")
            case .inserted(let right):
                add("\(name) \(right + 1): (missing) → \(Self.describe(rights[right]))")
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
            if parts.count == 2 { entries[describe(parts[0])] = parts[1] }
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

    /// The identity of a class instance, for cycle detection.
    private static func identity(_ value: Any) -> ObjectIdentifier? {
        Mirror(reflecting: value).displayStyle == .class ? ObjectIdentifier(value as AnyObject) : nil
    }

    /// A value as a test author would write it: strings and substrings quoted, enum cases with
    /// a leading dot, structs as `Store(id: 1, name: "CU")` without module names; a type with
    /// its own `description` (a date, a URL, a ``LoadFailure``) prints that. A reference cycle
    /// prints `(cycle)`.
    package static func describe(_ value: Any) -> String {
        var visiting: Set<ObjectIdentifier> = []
        return describe(value, visiting: &visiting)
    }

    private static func describe(_ value: Any, visiting: inout Set<ObjectIdentifier>) -> String {
        if let text = value as? String { return String(reflecting: text) }
        if let text = value as? Substring { return String(reflecting: String(text)) }
        if let pulse = value as? any PulseValue { return describe(pulse.pulseValue, visiting: &visiting) }
        let mirror = Mirror(reflecting: value)
        if let object = identity(value) {
            guard visiting.insert(object).inserted else { return "(cycle)" }
        }
        defer { if let object = identity(value) { visiting.remove(object) } }
        func parts(_ children: Mirror.Children, labelled: Bool) -> String {
            children.map { child in
                let label = child.label.map { labelled && !$0.hasPrefix(".") ? "\($0): " : "" } ?? ""
                return label + describe(child.value, visiting: &visiting)
            }.joined(separator: ", ")
        }
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { describe($0.value, visiting: &visiting) } ?? "nil"
        case .enum:
            if let described = value as? any CustomStringConvertible { return described.description }
            guard let payload = mirror.children.first else { return ".\(value)" }
            let inner = describe(payload.value, visiting: &visiting)
            return ".\(payload.label ?? "")" + (Mirror(reflecting: payload.value).displayStyle == .tuple ? inner : "(\(inner))")
        case .collection, .set:
            return "[\(parts(mirror.children, labelled: false))]"
        case .dictionary:
            let entries = mirror.children.map { pair in
                Mirror(reflecting: pair.value).children.map { describe($0.value, visiting: &visiting) }.joined(separator: ": ")
            }
            return entries.isEmpty ? "[:]" : "[" + entries.joined(separator: ", ") + "]"
        case .tuple:
            return "(\(parts(mirror.children, labelled: true)))"
        case .struct, .class:
            if let described = value as? any CustomStringConvertible { return described.description }
            return "\(typeName(type(of: value)))(\(parts(mirror.children, labelled: true)))"
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

private extension String {
    /// This string with every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let found = rest.range(of: target) {
            result += rest[..<found.lowerBound] + replacement
            rest = rest[found.upperBound...]
        }
        return result + rest
    }

    func range(of target: String) -> Range<Index>? {
        self[...].range(of: target)
    }
}

private extension Substring {
    func range(of target: String) -> Range<Index>? {
        guard !target.isEmpty else { return nil }
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(target) { return start..<index(start, offsetBy: target.count) }
            start = index(after: start)
        }
        return nil
    }
}

/// A value that reads as another in diffs and traces: a ``Pulse`` reads as its value, and its
/// assignment counter never shows.
package protocol PulseValue {
    /// The value shown.
    var pulseValue: Any { get }
    /// How many times it was assigned, to tell an equal value assigned again.
    var pulseAssignments: Int { get }
}
