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
/// One copy serves the testing module's failure messages and the core's tracing, so it lives
/// here with `package` access: it is not public API.
package struct ValueDiff {
    /// At most this many lines; a last line says how many more there were.
    package static let lineLimit = 20
    /// How deep the walk goes; deeper differences are shown whole at this depth.
    package static let depthLimit = 16
    /// Two arrays whose differing middles hold more than this many elements squared between
    /// them (too many pairs to weigh in reasonable time) are aligned around the elements found
    /// once on each side instead of exactly.
    private static let alignmentLimit = 4_000

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
                : "value: a \(left) → a \(right): \(describe(expected)) → \(describe(actual))")
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
            if left.children.isEmpty || right.children.isEmpty { return leaf(path, expected, actual) }  // `[] → [a, b]`
            compareElements(Self.middles(expected, actual, left, right), path: path, depth: depth)
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
        for step in Self.steps(lefts, rights) {
            switch step {
            case .paired(let left, let right), .matched(let left, let right):
                compare(lefts[left], rights[right], path: "\(path)[\(offset + right)]", depth: depth + 1)
            case .removed(let left):
                add("\(path)[\(offset + left)]: \(Self.describe(lefts[left])) → (missing)")
            case .inserted(let right):
                add("\(path)[\(offset + right)]: (missing) → \(Self.describe(rights[right]))")
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
    private static func steps<Element>(_ lefts: [Element], _ rights: [Element]) -> [Step] {
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

    /// The index pairs of a common subsequence of the two arrays, where elements match by
    /// `id` when they are `Identifiable` and by their description otherwise (the ends `==`
    /// can match are trimmed before, see ``Middles``): the longest one, found in memory linear
    /// in their lengths, while the arrays are small enough to weigh every pair of elements;
    /// past that, the one `align` builds around the elements found once on each side.
    private static func alignment<Element>(_ lefts: [Element], _ rights: [Element]) -> [(Int, Int)] {
        // Each distinct key becomes a small integer, so the alignment compares numbers.
        var numbers: [MatchKey: Int] = [:]
        func number(_ element: Element) -> Int {
            let key = matchKey(element)
            if let known = numbers[key] { return known }
            numbers[key] = numbers.count
            return numbers.count - 1
        }
        var pairs: [(Int, Int)] = []
        var calls = 2 * (lefts.count + rights.count) + 2  // what any alignment takes at most
        align(lefts.map(number)[...], rights.map(number)[...], into: &pairs, calls: &calls)
        return pairs
    }

    /// Appends, in order, the index pairs that align two runs of keys: the keys they share at
    /// either end are matched; what lies between is aligned exactly (``commonSubsequence``)
    /// when it has at most `alignmentLimit`² pairs of keys to weigh; otherwise it is split
    /// around the keys found exactly once on each side, in the longest run whose order both
    /// sides agree on (patience alignment: an insertion and a removal far apart in a long list
    /// still read as one each), and each part is aligned the same way. A part with no such key
    /// is paired index by index. `calls` counts down the calls still allowed: each anchor makes
    /// at most one, so a correct alignment never runs out; once out, parts are paired index by
    /// index, so the alignment ends whatever the anchors.
    private static func align(_ lefts: ArraySlice<Int>, _ rights: ArraySlice<Int>, into pairs: inout [(Int, Int)],
                              calls: inout Int) {
        calls -= 1
        var (left, right) = (lefts.startIndex, rights.startIndex)
        while left < lefts.endIndex, right < rights.endIndex, lefts[left] == rights[right] {
            pairs.append((left, right))
            (left, right) = (left + 1, right + 1)
        }
        var (leftEnd, rightEnd) = (lefts.endIndex, rights.endIndex)
        while leftEnd > left, rightEnd > right, lefts[leftEnd - 1] == rights[rightEnd - 1] {
            (leftEnd, rightEnd) = (leftEnd - 1, rightEnd - 1)
        }
        let (middleLefts, middleRights) = (lefts[left..<leftEnd], rights[right..<rightEnd])
        if middleLefts.count * middleRights.count <= alignmentLimit * alignmentLimit {
            commonSubsequence(middleLefts, middleRights, into: &pairs)
        } else {
            let anchors = calls > 0 ? uniqueAnchors(middleLefts, middleRights) : []
            if anchors.isEmpty {
                pairs += zip(middleLefts.indices, middleRights.indices).map { ($0, $1) }
            } else {
                for (anchorLeft, anchorRight) in anchors {
                    align(lefts[left..<anchorLeft], rights[right..<anchorRight], into: &pairs, calls: &calls)
                    pairs.append((anchorLeft, anchorRight))
                    (left, right) = (anchorLeft + 1, anchorRight + 1)
                }
                align(lefts[left..<leftEnd], rights[right..<rightEnd], into: &pairs, calls: &calls)
            }
        }
        pairs += zip(leftEnd..<lefts.endIndex, rightEnd..<rights.endIndex).map { ($0, $1) }
    }

    /// The index pairs of keys found exactly once in `lefts` and once in `rights`, as many as
    /// can be kept in the same order on both sides (a longest increasing run, found by patience
    /// sorting in n log n).
    private static func uniqueAnchors(_ lefts: ArraySlice<Int>, _ rights: ArraySlice<Int>) -> [(Int, Int)] {
        var counts: [Int: (lefts: Int, rights: Int, right: Int)] = [:]
        for key in lefts { counts[key, default: (0, 0, 0)].lefts += 1 }
        for (index, key) in zip(rights.indices, rights) where counts[key] != nil {
            counts[key]?.rights += 1
            counts[key]?.right = index
        }
        let candidates = zip(lefts.indices, lefts).compactMap { index, key -> (Int, Int)? in
            guard let count = counts[key], count.lefts == 1, count.rights == 1 else { return nil }
            return (index, count.right)
        }
        // tails[n]: the candidate ending the best run of length n + 1 found so far.
        var tails: [Int] = []
        var previous = Array(repeating: -1, count: candidates.count)
        for (candidate, (_, right)) in candidates.enumerated() {
            var (low, high) = (0, tails.count)
            for _ in 0...Int.bitWidth {  // counted halvings: the search ends whatever it finds
                guard low < high else { break }
                let middle = (low + high) / 2
                if candidates[tails[middle]].1 < right { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[candidate] = tails[low - 1] }
            if low == tails.count { tails.append(candidate) } else { tails[low] = candidate }
        }
        var run: [(Int, Int)] = []
        var candidate = tails.last ?? -1
        while candidate >= 0 {
            run.append(candidates[candidate])
            candidate = previous[candidate]
        }
        return run.reversed()
    }

    /// Appends the index pairs (as the slices are indexed) of a longest common subsequence of
    /// `lefts` and `rights`, in order, in memory linear in their lengths: split `lefts` in
    /// half, find where the best split of `rights` falls from the lengths of both halves'
    /// common subsequences, and recurse on each side.
    private static func commonSubsequence(_ lefts: ArraySlice<Int>, _ rights: ArraySlice<Int>,
                                          into pairs: inout [(Int, Int)]) {
        guard !lefts.isEmpty, !rights.isEmpty else { return }
        if lefts.count == 1 {
            if let match = rights.firstIndex(of: lefts[lefts.startIndex]) { pairs.append((lefts.startIndex, match)) }
            return
        }
        let middle = lefts.startIndex + lefts.count / 2
        let front = subsequenceLengths(lefts[..<middle], rights)
        let back = subsequenceLengths(lefts[middle...].reversed(), rights.reversed())
        var (split, best) = (0, -1)
        for taken in 0...rights.count where front[taken] + back[rights.count - taken] > best {
            (split, best) = (taken, front[taken] + back[rights.count - taken])
        }
        let cut = rights.startIndex + split
        commonSubsequence(lefts[..<middle], rights[..<cut], into: &pairs)
        commonSubsequence(lefts[middle...], rights[cut...], into: &pairs)
    }

    /// For each prefix length `j` of `rights`, the length of a longest common subsequence of
    /// all of `lefts` and `rights`' first `j` elements: one row, reused.
    private static func subsequenceLengths(_ lefts: some Collection<Int>, _ rights: some Collection<Int>) -> [Int] {
        let rights = Array(rights)
        var row = Array(repeating: 0, count: rights.count + 1)
        guard !rights.isEmpty else { return row }
        for left in lefts {
            var diagonal = 0  // row[j - 1] before this pass
            for j in 1...rights.count {
                let above = row[j]
                row[j] = left == rights[j - 1] ? diagonal + 1 : max(above, row[j - 1])
                diagonal = above
            }
        }
        return row
    }

    /// What two elements are matched by: their `id` when they are `Identifiable`, else the
    /// element itself when it is `Hashable` (equal by `==`), else its whole description. Only
    /// the last describes anything, so aligning long lists of ordinary rows stays cheap.
    private enum MatchKey: Hashable {
        case id(AnyHashable)
        case value(AnyHashable)
        case description(String)
    }

    private static func matchKey(_ element: Any) -> MatchKey {
        func id(of value: some Identifiable) -> AnyHashable { AnyHashable(value.id) }
        if let identifiable = element as? any Identifiable { return .id(id(of: identifiable)) }
        if let hashable = element as? any Hashable { return .value(AnyHashable(hashable)) }
        return .description(describe(element))
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
        // Counted rounds, each shortening the name: they end whatever the name holds.
        for _ in 0..<name.count {
            guard let open = name.range(of: "(unknown context at "),
                  let close = name[open.upperBound...].range(of: ").") else { break }
            name.removeSubrange(open.lowerBound..<close.upperBound)
        }
        for _ in 0..<name.count {
            guard let open = name.range(of: "("), let separator = name[open.upperBound...].range(of: " in _"),
                  let close = name[separator.upperBound...].firstIndex(of: ")") else { break }
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
        for _ in 0..<name.count {  // each round takes at least one character
            guard let first = rest.first else { break }
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

    /// One line of a line diff: kept in both, only in the old lines, or only in the new.
    package enum LineChange: Equatable {
        case kept(String)
        case removed(String)
        case inserted(String)
    }

    /// Every line of `old` and of `new` once, in order, along the same alignment the value
    /// diff uses (common ends trimmed, the middle aligned in linear memory): what a line diff
    /// such as a transcript mismatch prints. Lines changed in place read as removed, then
    /// inserted.
    package static func lineChanges(_ old: [String], _ new: [String]) -> [LineChange] {
        let middles = Middles(old, new, same: ==)
        let (lefts, rights) = (middles.lefts, middles.rights)
        var changes = old[..<middles.offset].map(LineChange.kept)
        var (removed, inserted): ([LineChange], [LineChange]) = ([], [])
        for step in steps(lefts, rights) {
            switch step {
            case .matched(let left, _):
                changes += removed + inserted + [.kept(lefts[left])]
                (removed, inserted) = ([], [])
            case .paired(let left, let right):
                removed.append(.removed(lefts[left]))
                inserted.append(.inserted(rights[right]))
            case .removed(let left):
                removed.append(.removed(lefts[left]))
            case .inserted(let right):
                inserted.append(.inserted(rights[right]))
            }
        }
        changes += removed + inserted
        return changes + old[(middles.offset + lefts.count)...].map(LineChange.kept)
    }

    /// A multi-line string, compared line by line: `text line 3: "old" → "new"`.
    private mutating func compareLines(_ expected: String, _ actual: String, path: String) {
        let middles = Middles(expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                              actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                              same: ==)
        let (first, lefts, rights) = (middles.offset + 1, middles.lefts, middles.rights)
        let name = "\(Self.shown(path)) line"
        for step in Self.steps(lefts, rights) {
            switch step {
            case .paired(let left, let right):
                add("\(name) \(first + right): \(Self.describe(lefts[left])) → \(Self.describe(rights[right]))")
            case .removed(let left):
                add("\(name) \(first + left): \(Self.describe(lefts[left])) → (missing)")
            case .inserted(let right):
                add("\(name) \(first + right): (missing) → \(Self.describe(rights[right]))")
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
    /// its own `description` (a date, a URL, a ``LoadFailure``) prints that. Sets and
    /// dictionaries are sorted (by element, by key), so the text is the same on every run. A
    /// reference cycle prints `(cycle)`.
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
        case .collection:
            return "[\(parts(mirror.children, labelled: false))]"
        case .set:
            // Sorted: a set's order changes from run to run (hashing is seeded per process).
            let elements = mirror.children.map { describe($0.value, visiting: &visiting) }.sorted()
            return "[\(elements.joined(separator: ", "))]"
        case .dictionary:
            // Sorted by key, for the same reason.
            let entries = mirror.children.map { pair in
                Mirror(reflecting: pair.value).children.map { describe($0.value, visiting: &visiting) }
            }.sorted { $0.first ?? "" < $1.first ?? "" }.map { $0.joined(separator: ": ") }
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

/// The elements of two sequences between the ones they share at either end, and the index at
/// which they start on both sides: what is left to align once the common prefix and suffix are
/// matched, so a diff's cost follows the change rather than the length.
struct Middles<Element> {
    /// The index of the first element that differs, on both sides.
    let offset: Int
    let lefts: [Element]
    let rights: [Element]

    /// Trims the elements `same` matches at the start, then at the end (never the same
    /// element twice).
    init(_ lefts: [Element], _ rights: [Element], same: (Element, Element) -> Bool) {
        var start = 0
        while start < lefts.count, start < rights.count, same(lefts[start], rights[start]) { start += 1 }
        var (leftEnd, rightEnd) = (lefts.count, rights.count)
        while leftEnd > start, rightEnd > start, same(lefts[leftEnd - 1], rights[rightEnd - 1]) {
            (leftEnd, rightEnd) = (leftEnd - 1, rightEnd - 1)
        }
        self.init(offset: start, lefts: Array(lefts[start..<leftEnd]), rights: Array(rights[start..<rightEnd]))
    }

    init(offset: Int, lefts: [Element], rights: [Element]) {
        (self.offset, self.lefts, self.rights) = (offset, lefts, rights)
    }
}

/// An array whose elements `==` compares: the diff trims what two of them share at either end
/// in their own type, without boxing or describing an element. Arrays of any other element
/// are trimmed through their mirrors.
private protocol EquatableElements {
    /// The middles of this array and `other`, or `nil` when `other` is not of this type.
    func middles(against other: Any) -> Middles<Any>?
}

extension Array: EquatableElements where Element: Equatable {
    fileprivate func middles(against other: Any) -> Middles<Any>? {
        guard let other = other as? Self else { return nil }
        let middles = Middles(self, other, same: ==)
        return Middles<Any>(offset: middles.offset, lefts: middles.lefts.map { $0 }, rights: middles.rights.map { $0 })
    }
}

private extension Equatable {
    func isEqual(to other: Any) -> Bool? {
        (other as? Self).map { $0 == self }
    }
}

private extension String {
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
