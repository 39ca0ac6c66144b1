import ViewStateKit

/// How two sequences line up: the index pairs of their elements that match, in order, found
/// in memory linear in their lengths, and the walk along them. What the field diff uses for
/// arrays and multi-line strings, and the line diff of a transcript mismatch.
enum Alignment {
    /// Two arrays whose differing middles hold more than this many elements squared between
    /// them (too many pairs to weigh in reasonable time) are aligned around the elements found
    /// once on each side instead of exactly.
    private static let alignmentLimit = 4_000

    /// One step of walking two aligned sequences, by index: a matched pair, a pair of leftovers
    /// between two matches (changed in place), or a leftover on one side only.
    enum Step {
        case matched(Int, Int)
        case paired(Int, Int)
        case removed(Int)
        case inserted(Int)
    }

    /// The walk of two sequences along their `alignment`, in order; arrays and the lines of a
    /// multi-line string share it.
    static func steps<Element>(_ lefts: [Element], _ rights: [Element]) -> [Step] {
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
        // The keys shared at the start, then at the end (never the same key twice): walks of the
        // two runs side by side, so every loop here ends with its runs.
        let head = zip(lefts, rights).prefix { $0 == $1 }.count
        let (left, right) = (lefts.startIndex + head, rights.startIndex + head)
        pairs += zip(lefts.startIndex..<left, rights.startIndex..<right).map { ($0, $1) }
        let tail = zip(lefts[left...].reversed(), rights[right...].reversed()).prefix { $0 == $1 }.count
        let (leftEnd, rightEnd) = (lefts.endIndex - tail, rights.endIndex - tail)
        let (middleLefts, middleRights) = (lefts[left..<leftEnd], rights[right..<rightEnd])
        if middleLefts.count * middleRights.count <= alignmentLimit * alignmentLimit {
            commonSubsequence(middleLefts, middleRights, into: &pairs)
        } else {
            let anchors = calls > 0 ? uniqueAnchors(middleLefts, middleRights) : []
            if anchors.isEmpty {
                pairs += zip(middleLefts.indices, middleRights.indices).map { ($0, $1) }
            } else {
                // Each part starts after the anchor before it: the first at the middle's start.
                let starts = [(left, right)] + anchors.map { ($0.0 + 1, $0.1 + 1) }
                for ((anchorLeft, anchorRight), (partLeft, partRight)) in zip(anchors, starts) {
                    align(lefts[partLeft..<anchorLeft], rights[partRight..<anchorRight], into: &pairs, calls: &calls)
                    pairs.append((anchorLeft, anchorRight))
                }
                align(lefts[starts[anchors.count].0..<leftEnd], rights[starts[anchors.count].1..<rightEnd],
                      into: &pairs, calls: &calls)
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
        return .description(ValueDescription.describe(element))
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
    /// element twice): walks of the two arrays side by side, as ``Alignment`` trims, so each
    /// ends with its arrays whatever `same` answers.
    init(_ lefts: [Element], _ rights: [Element], same: (Element, Element) -> Bool) {
        let start = zip(lefts, rights).prefix { same($0, $1) }.count
        let rest = zip(lefts[start...].reversed(), rights[start...].reversed())
        let end = rest.prefix { same($0, $1) }.count
        self.init(offset: start, lefts: Array(lefts[start..<(lefts.count - end)]),
                  rights: Array(rights[start..<(rights.count - end)]))
    }

    init(offset: Int, lefts: [Element], rights: [Element]) {
        (self.offset, self.lefts, self.rights) = (offset, lefts, rights)
    }
}

/// An array whose elements `==` compares: the diff trims what two of them share at either end
/// in their own type, without boxing or describing an element. Arrays of any other element
/// are trimmed through their mirrors.
protocol EquatableElements {
    /// The middles of this array and `other`, or `nil` when `other` is not of this type.
    func middles(against other: Any) -> Middles<Any>?
}

extension Array: EquatableElements where Element: Equatable {
    func middles(against other: Any) -> Middles<Any>? {
        guard let other = other as? Self else { return nil }
        let middles = Middles(self, other, same: ==)
        return Middles<Any>(offset: middles.offset, lefts: middles.lefts.map { $0 }, rights: middles.rights.map { $0 })
    }
}

