import Testing
import ViewStateKit
@testable import ViewStateKitTesting

/// The text of an issue's comments, where the helpers put their message.
func message(of issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
}

@Suite("expectSequence and StateRecorder")
@MainActor
struct ExpectSequenceTests {
    let before = ViewState.presenting(ShopList(stores: [Shop(id: 1, name: "CU"), Shop(id: 2, name: "A")]))
    let after = ViewState.presenting(ShopList(stores: [Shop(id: 1, name: "CU"), Shop(id: 2, name: "B")]))

    @Test("equal sequences pass and return true")
    func equal() {
        #expect(expectSequence([1, 2, 3], equals: [1, 2, 3]))
    }

    @Test("a mismatch names the index, the field diff and both sequences, at the caller's line")
    func mismatchMessage() {
        let line = #line + 2
        withKnownIssue {
            expectSequence([.loading, after], equals: [.loading, before])
        } matching: { issue in
            let text = message(of: issue)
            return issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileName == "ExpectSequenceTests.swift"
                && text.contains("Sequences differ at index 1 (expected 2 values, got 2).")
                && text.contains(#"  presenting.stores[1].name: "A" → "B""#)
                && text.contains("Expected:\n  [0] .loading\n▶ [1] .presenting(")
        }
    }

    @Test("a shorter or longer actual sequence says where it ends or goes on")
    func lengths() {
        withKnownIssue {
            expectSequence([1, 2], equals: [1, 2, 3])
        } matching: { message(of: $0).contains("The actual sequence ends before index 2; missing: 3") }
        withKnownIssue {
            expectSequence([1, 2, 9], equals: [1, 2])
        } matching: { message(of: $0).contains("The actual sequence goes on at index 2 with: 9") }
    }

    @Test("a recorder collects the replay and every send, and checks them")
    func recorder() {
        let cell = StateCell(0)
        let recorder = StateRecorder(cell)
        cell.send(1)
        cell.send(1)
        recorder.expect([0, 1, 1])
        recorder.removeAll()
        cell.send(2)
        withKnownIssue {
            recorder.expect([3])
        } matching: { message(of: $0).contains("value: 3 → 2") }
    }

    @Test("a recorder can record events, or be fed as a completion handler")
    func recorderSources() {
        let events = Events<String>()
        events.send("before")
        let heard = StateRecorder(events)
        events.send("tap")
        heard.expect(["tap"])
        let handed = StateRecorder<Int>()
        [4, 5].forEach(handed.record)
        handed.expect([4, 5])
    }

    @Test("a freed recorder stops observing")
    func freedRecorder() {
        let cell = StateCell(0)
        do { _ = StateRecorder(cell) }
        cell.send(1)
        #expect(cell.value == 1)
    }
}

extension ExpectSequenceTests {
    @Test("a mismatch returns false, so a caller can stop early")
    func mismatchReturnsFalse() {
        var result = true
        withKnownIssue {
            result = expectSequence([1], equals: [2])
        }
        #expect(result == false)
    }

    @Test("listed values are cut after 160 characters, and not before")
    func listingCut() {
        let exact = String(repeating: "a", count: 158)  // 160 characters with its quotes
        let over = String(repeating: "b", count: 159)   // 161
        withKnownIssue {
            expectSequence([exact, over], equals: [exact, "c"])
        } matching: { issue in
            let text = message(of: issue)
            return text.contains("  [0] \"\(exact)\"\n")
                && text.contains("▶ [1] \"\(String(repeating: "b", count: 158))…")
        }
    }
}

extension ExpectSequenceTests {
    @Test("a recorder's expect and expectNoDifference fail at the caller's line")
    func failuresAtTheCallersLine() {
        let recorder = StateRecorder<Int>()
        recorder.record(1)
        let expectLine = #line + 2
        withKnownIssue {
            recorder.expect([2])
        } matching: { $0.sourceLocation?.line == expectLine && message(of: $0).hasPrefix("Sequences differ at index 0") }
        let differenceLine = #line + 2
        withKnownIssue {
            expectNoDifference(Shop(id: 1, name: "B"), Shop(id: 1, name: "A"))
        } matching: { issue in
            issue.sourceLocation?.line == differenceLine
                && message(of: issue) == "Values differ (expected → actual):\n  name: \"A\" → \"B\""
        }
    }
}

extension ExpectSequenceTests {
    @Test("of several differences, the message names the first index where the sequences part")
    func namesTheFirstDifference() {
        let message = sequenceMismatch([1, 2, 3, 4], [1, 9, 3, 8])
        #expect(message?.hasPrefix("Sequences differ at index 1 (expected 4 values, got 4).") == true, "\(message ?? "")")
    }
}
