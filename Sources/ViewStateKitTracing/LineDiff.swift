import ViewStateKit

/// A line diff: every line of two texts once, in order, kept, removed or inserted, along the
/// alignment the field diff uses. What a transcript mismatch prints.
package enum LineDiff {
    /// One line of a line diff: kept in both, only in the old lines, or only in the new.
    package enum Change: Equatable {
        case kept(String)
        case removed(String)
        case inserted(String)
    }

    /// Every line of `old` and of `new` once, in order, along the same alignment the value
    /// diff uses (common ends trimmed, the middle aligned in linear memory): what a line diff
    /// such as a transcript mismatch prints. Lines changed in place read as removed, then
    /// inserted.
    package static func changes(_ old: [String], _ new: [String]) -> [Change] {
        let middles = Middles(old, new, same: ==)
        let (lefts, rights) = (middles.lefts, middles.rights)
        var changes = old[..<middles.offset].map(Change.kept)
        var (removed, inserted): ([Change], [Change]) = ([], [])
        for step in Alignment.steps(lefts, rights) {
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
        return changes + old[(middles.offset + lefts.count)...].map(Change.kept)
    }

}
