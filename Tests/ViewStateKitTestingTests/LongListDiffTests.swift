import Testing
@testable import ViewStateKitTesting
import ViewStateKit
import ViewStateKitTracing

/// A feed row: `Identifiable` and `Equatable`, as most list rows in a screen state are.
private struct FeedRow: Equatable, Identifiable {
    var id: Int
    var title = ""
    var isRead = false
}

private struct Feed: Equatable {
    var rows: [FeedRow]
    var isLoading = false
}

private func feed(_ count: Int) -> Feed {
    Feed(rows: (0..<count).map { FeedRow(id: $0) })
}

/// The diff's cost follows the change: what two lists share at either end is matched with `==`,
/// and only the elements between are aligned, in linear memory. These pin its output where the
/// change sits at the start, at the end, in the middle, and in lists far too long for a table
/// of every pair (100,000 elements: 10 billion pairs). Serialized: each test keeps a thread
/// busy for a while in a debug build, and the rest of the suite's async work needs the other.
@Suite("Field-level diffs of long lists: prefix, suffix, middle", .serialized)
struct LongListDiffTests {
    @Test("a change to the first element: one line, indexed from the start")
    func changeAtStart() {
        var new = feed(10_000)
        new.rows[0].title = "first"
        #expect(ValueDiff.lines(feed(10_000), new) == [#"rows[0].title: "" → "first""#])
    }

    @Test("a change to the last element, and an element added at the end")
    func changeAtEnd() {
        var new = feed(10_000)
        new.rows[9_999].isRead = true
        #expect(ValueDiff.lines(feed(10_000), new) == ["rows[9999].isRead: false → true"])
        new.rows.append(FeedRow(id: 10_000, title: "new"))
        #expect(ValueDiff.lines(feed(10_000), new) == [
            "rows[9999].isRead: false → true",
            #"rows[10000]: (missing) → FeedRow(id: 10000, title: "new", isRead: false)"#,
        ])
    }

    @Test("a change in the middle of 10,000 rows: one line naming its index")
    func changeInMiddle() {
        var new = feed(10_000)
        new.rows[5_000].title = "changed"
        #expect(ValueDiff.lines(feed(10_000), new) == [#"rows[5000].title: "" → "changed""#])
    }

    @Test("a row inserted and another removed in the middle of 100,000: aligned, never paired index by index")
    func insertionAndRemovalInMiddle() {
        var new = feed(100_000)
        new.rows.insert(FeedRow(id: -1, title: "inserted"), at: 40_000)
        new.rows.remove(at: 60_001)
        #expect(ValueDiff.lines(feed(100_000), new) == [
            #"rows[40000]: (missing) → FeedRow(id: -1, title: "inserted", isRead: false)"#,
            #"rows[60000]: FeedRow(id: 60000, title: "", isRead: false) → (missing)"#,
        ])
    }

    @Test("a feed of 10,000 that gained a row at the top and dropped its last: one insertion, one removal")
    func prependAndDropLast() {
        var new = feed(10_000)
        new.rows.insert(FeedRow(id: -1, title: "newest"), at: 0)
        new.rows.removeLast()
        #expect(ValueDiff.lines(feed(10_000), new) == [
            #"rows[0]: (missing) → FeedRow(id: -1, title: "newest", isRead: false)"#,
            #"rows[9999]: FeedRow(id: 9999, title: "", isRead: false) → (missing)"#,
        ])
    }

    @Test("a long middle with no element found once on each side is paired index by index, and the cut counts the rest")
    func noAnchorsPairedByIndex() {
        let lines = ValueDiff.lines(Array(repeating: "y", count: 5_000), Array(repeating: "z", count: 5_000))
        #expect(lines.count == ValueDiff.lineLimit + 1)
        #expect(lines.first == #"[0]: "y" → "z""#)
        #expect(lines.last == "… and 4980 more")
    }

    @Test("a short list of repeated elements is aligned exactly, not around elements found once (there are none)")
    func repeatedElementsAlignedExactly() {
        let old = Array(repeating: [1, 2], count: 30).flatMap { $0 }
        #expect(ValueDiff.lines(old, [0] + old + [3]) == ["[0]: (missing) → 0", "[61]: (missing) → 3"])
    }

    @Test("changes at both ends of 1,000 elements leave a middle of all of them: it is aligned, not paired by index")
    func changesAtBothEnds() {
        let old = Array(0..<1_000)
        let new = Array(1..<1_000) + [-1]
        #expect(ValueDiff.lines(old, new) == ["[0]: 0 → (missing)", "[999]: (missing) → -1"])
    }

    @Test("an Identifiable row changed between rows that differ too: matched by id inside the middle")
    func identifiedInsideMiddle() {
        var new = feed(1_000)
        new.rows[500].title = "moved on"
        new.rows[502].title = "also"
        new.rows.insert(FeedRow(id: -5, title: "ad"), at: 501)
        #expect(ValueDiff.lines(feed(1_000), new) == [
            #"rows[500].title: "" → "moved on""#,
            #"rows[501]: (missing) → FeedRow(id: -5, title: "ad", isRead: false)"#,
            #"rows[503].title: "" → "also""#,
        ])
    }

    @Test("equal lists of 10,000 rows have no difference")
    func equalLongLists() {
        #expect(ValueDiff.changes(feed(10_000), feed(10_000)).isEmpty)
    }

    @Test("a multi-line string changed on one line of 10,000: that line, numbered from 1")
    func longText() {
        let old = (1...10_000).map { "line \($0)" }
        var new = old
        new[4_999] = "edited"
        #expect(ValueDiff.lines(old.joined(separator: "\n"), new.joined(separator: "\n"))
            == [#"value line 5000: "line 5000" → "edited""#])
    }
}

extension LongListDiffTests {
    @Test("a key found twice on one side of a long middle is no anchor: the part around it is aligned exactly")
    func duplicateKeyIsNoAnchor() {
        let (a, b) = (Array(0..<2_500), Array(2_500..<5_000))
        // Found twice on the right: the part around it is aligned exactly, so the first copy
        // matches and the second is new (anchored, the key would match the last copy).
        #expect(ValueDiff.lines([-1] + a + [-5] + b + [-2], [-3] + a + [-5, -5] + b + [-4])
            == ["[0]: -1 → -3", "[2502]: (missing) → -5", "[5003]: -2 → -4"])
        // Found twice on the left: the first copy matches and the second is gone.
        #expect(ValueDiff.lines([-1] + a + [-5, -5] + b + [-2], [-3] + a + [-5] + b + [-4])
            == ["[0]: -1 → -3", "[2502]: -5 → (missing)", "[5002]: -2 → -4"])
    }
}

extension LongListDiffTests {
    @Test("between two anchors of a long middle, rows whose id is found twice are aligned too: a row inserted before them and a change to one are a line each")
    func repeatedIdsBetweenAnchors() {
        var old = feed(100_000)
        old.rows[50_000] = FeedRow(id: -5)
        old.rows[50_001] = FeedRow(id: -5)  // an id found twice: no anchor, aligned between the anchors around it
        var new = old
        new.rows[50_001].title = "changed"
        new.rows.insert(FeedRow(id: -7), at: 50_000)  // and a row inserted before them
        new.rows.insert(FeedRow(id: -1, title: "inserted"), at: 40_000)
        new.rows.remove(at: 60_001)
        #expect(ValueDiff.lines(old, new) == [
            #"rows[40000]: (missing) → FeedRow(id: -1, title: "inserted", isRead: false)"#,
            #"rows[50001]: (missing) → FeedRow(id: -7, title: "", isRead: false)"#,
            #"rows[50003].title: "" → "changed""#,
            #"rows[59999]: FeedRow(id: 59999, title: "", isRead: false) → (missing)"#,
        ])
    }
}

extension LongListDiffTests {
    @Test("the last of 10,000 rows moved to the top: anchored on the longest run in order, it reads as one insertion and one removal")
    func rowMovedToTheTop() {
        var new = feed(10_000)
        new.rows.insert(new.rows.removeLast(), at: 0)
        #expect(ValueDiff.lines(feed(10_000), new) == [
            #"rows[0]: (missing) → FeedRow(id: 9999, title: "", isRead: false)"#,
            #"rows[9999]: FeedRow(id: 9999, title: "", isRead: false) → (missing)"#,
        ])
    }
}

extension LongListDiffTests {
    @Test("after the last anchor of a long middle, rows whose id is found twice are aligned too, not paired by index")
    func repeatedIdsAfterTheLastAnchor() {
        var old = feed(100_000)
        old.rows[59_997] = FeedRow(id: -5)
        old.rows[59_998] = FeedRow(id: -5)  // an id found twice, then a row only the old list has
        var new = old
        new.rows[59_999] = FeedRow(id: -8)  // a row only the new list has, in its place
        new.rows.insert(FeedRow(id: -7), at: 59_997)  // and a row inserted before the repeated ones
        new.rows.insert(FeedRow(id: -1, title: "inserted"), at: 40_000)
        #expect(ValueDiff.lines(old, new) == [
            #"rows[40000]: (missing) → FeedRow(id: -1, title: "inserted", isRead: false)"#,
            #"rows[59998]: (missing) → FeedRow(id: -7, title: "", isRead: false)"#,
            "rows[60001].id: 59999 → -8",
        ])
    }
}
