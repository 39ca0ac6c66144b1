import Testing
import ViewStateKitTesting
@testable import ViewStateKit

@Suite("StateCell contract")
struct StateCellTests {
    @Test("C1: observe replays the current value at once, then every send in order")
    func replayThenSends() {
        let cell = StateCell(0)
        cell.send(1)
        var seen: [Int] = []
        let token = cell.observe { seen.append($0) }
        #expect(seen == [1], "the replay happens inside observe")
        cell.send(2)
        cell.send(3)
        #expect(seen == [1, 2, 3])
        withExtendedLifetime(token) {}
    }

    @Test("C1: only the latest value is replayed")
    func onlyLatestReplayed() {
        let cell = StateCell("a")
        cell.send("b")
        cell.send("c")
        var seen: [String] = []
        let token = cell.observe { seen.append($0) }
        #expect(seen == ["c"])
        withExtendedLifetime(token) {}
    }

    @Test("C2: observers are called in the order they started observing")
    func observerOrder() {
        let cell = StateCell(0)
        var calls: [String] = []
        let tokens = ["A", "B", "C"].map { name in cell.observe { calls.append("\(name)\($0)") } }
        calls.removeAll()
        cell.send(1)
        cell.send(2)
        #expect(calls == ["A1", "B1", "C1", "A2", "B2", "C2"])
        withExtendedLifetime(tokens) {}
    }

    @Test("C3: equal values are delivered again")
    func equalValuesDelivered() {
        let cell = StateCell(1)
        var seen: [Int] = []
        let token = cell.observe { seen.append($0) }
        cell.send(1)
        cell.send(1)
        #expect(seen == [1, 1, 1])
        withExtendedLifetime(token) {}
    }

    @Test("C3: removing duplicates is an explicit opt-in")
    func removingDuplicatesOptIn() {
        let cell = StateCell(1)
        var seen: [Int] = []
        let token = cell.observeRemovingDuplicates { seen.append($0) }
        cell.send(1)
        cell.send(2)
        cell.send(2)
        cell.send(1)
        #expect(seen == [1, 2, 1])
        withExtendedLifetime(token) {}
    }

    @Test("C4: value is updated before any observer is called")
    func valueUpdatedFirst() {
        let cell = StateCell(0)
        var readInside: [Int] = []
        let token = cell.observe { _ in readInside.append(cell.value) }
        cell.send(7)
        #expect(readInside == [0, 7])
        withExtendedLifetime(token) {}
    }

    @Test("C5: reentrant sends are queued")
    func reentrantSendsQueued() {
        // The CONTRACT's example: value 0, observers A then B, A sends 2 when it gets 1.
        let cell = StateCell(0)
        var seenByA: [Int] = []
        var seenByB: [Int] = []
        var valueSeenByB: [Int] = []
        let a = cell.observe { value in
            seenByA.append(value)
            if value == 1 { cell.send(2) }
        }
        let b = cell.observe { value in
            seenByB.append(value)
            valueSeenByB.append(cell.value)
        }
        cell.send(1)
        #expect(seenByA == [0, 1, 2])
        #expect(seenByB == [0, 1, 2])
        #expect(valueSeenByB == [0, 1, 2], "C4 holds under reentrancy")
        #expect(cell.value == 2)
        _ = (a, b)
    }

    @Test("C5: a send during a replay is queued behind the replay")
    func sendDuringReplay() {
        let cell = StateCell(0)
        var seenByA: [Int] = []
        let a = cell.observe { seenByA.append($0) }
        var seenByB: [Int] = []
        let b = cell.observe { value in
            seenByB.append(value)
            if value == 0 { cell.send(5) }
        }
        #expect(seenByB == [0, 5])
        #expect(seenByA == [0, 5])
        #expect(cell.value == 5)
        _ = (a, b)
    }

    @Test("C6: an observer added during a delivery gets one replay, then later sends only")
    func observerAddedDuringDelivery() {
        let cell = StateCell(0)
        var late: [Int] = []
        var lateToken: ObservationToken?
        let first = cell.observe { value in
            if value == 1, lateToken == nil {
                lateToken = cell.observe { late.append($0) }
            }
        }
        cell.send(1)
        #expect(late == [1], "replayed once, not delivered 1 a second time")
        cell.send(2)
        #expect(late == [1, 2])
        _ = (first, lateToken)
    }

    @Test("C6: an observer added during a delivery does get the sends queued after it")
    func observerAddedDuringDeliveryGetsQueuedSends() {
        let cell = StateCell(0)
        var late: [Int] = []
        var lateToken: ObservationToken?
        let first = cell.observe { value in
            if value == 1 {
                cell.send(2)
                lateToken = cell.observe { late.append($0) }
            }
        }
        cell.send(1)
        #expect(late == [1, 2])
        _ = (first, lateToken)
    }

    @Test("C7: an observer cancelled by an earlier observer does not get the in-flight value")
    func cancelTakesEffectMidDelivery() {
        let cell = StateCell(0)
        var seenByB: [Int] = []
        var b: ObservationToken?
        let a = cell.observe { value in
            if value == 1 { b?.cancel() }
        }
        b = cell.observe { seenByB.append($0) }
        cell.send(1)
        cell.send(2)
        #expect(seenByB == [0])
        #expect(cell.observerCount == 1)
        _ = a
    }

    @Test("C7: an observer may cancel itself in its callback")
    func cancelItself() {
        let cell = StateCell(0)
        var seen: [Int] = []
        var token: ObservationToken?
        token = cell.observe { value in
            seen.append(value)
            if value == 1 { token?.cancel() }
        }
        cell.send(1)
        cell.send(2)
        #expect(seen == [0, 1])
        #expect(cell.observerCount == 0)
    }

    @Test("C7: a cancelled observer does not get a value queued before the cancel")
    func cancelDropsQueuedValues() {
        let cell = StateCell(0)
        var seenByB: [Int] = []
        var b: ObservationToken?
        let a = cell.observe { value in
            if value == 1 {
                cell.send(2)
                b?.cancel()
            }
        }
        b = cell.observe { seenByB.append($0) }
        cell.send(1)
        #expect(seenByB == [0])
        _ = a
    }

    @Test("C8: cancel is idempotent, and does nothing after the cell is gone")
    func cancelIdempotent() {
        var cell: StateCell<Int>? = StateCell(0)
        var seen: [Int] = []
        let token = cell?.observe { seen.append($0) }
        let other = cell?.observe { _ in }
        token?.cancel()
        token?.cancel()
        #expect(cell?.observerCount == 1, "the second cancel did not remove another observer")
        cell?.send(1)
        #expect(seen == [0])
        cell = nil
        other?.cancel()
        other?.cancel()
    }

    @Test("C8: dropping a token cancels it")
    func tokenDeinitCancels() {
        let cell = StateCell(0)
        var seen: [Int] = []
        var token: ObservationToken? = cell.observe { seen.append($0) }
        #expect(token != nil)
        token = nil
        cell.send(1)
        #expect(seen == [0])
        #expect(cell.observerCount == 0)
    }

    @Test("C8: tokens can be kept in a Set")
    func tokensInSet() {
        let cell = StateCell(0)
        var count = 0
        var tokens = Set<ObservationToken>()
        cell.observe { _ in count += 1 }.store(in: &tokens)
        cell.observe { _ in count += 1 }.store(in: &tokens)
        #expect(tokens.count == 2)
        cell.send(1)
        #expect(count == 4)
        tokens.removeAll()
        cell.send(2)
        #expect(count == 4)
    }

    @Test("C9: a freed cell frees its observers silently, and tokens do not keep it alive")
    func cellFreedWithObservers() {
        weak var weakCell: StateCell<Int>?
        weak var weakCaptured: Tracked?
        var calls = 0
        var token: ObservationToken?
        do {
            let cell = StateCell(0)
            let captured = Tracked()
            weakCell = cell
            weakCaptured = captured
            token = cell.observe { _ in
                _ = captured
                calls += 1
            }
        }
        #expect(weakCell == nil, "the token held the cell weakly")
        #expect(weakCaptured == nil, "the observer closure was freed with the cell")
        #expect(calls == 1, "the replay only: no final call")
        token?.cancel()
    }

    #if DEBUG
    @Test("C10: a drain past 1,000 queued sends prints one warning naming the value type")
    func runawayWarning() {
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            let cell = StateCell(0)
            let token = cell.observe { value in
                if value > 0, value <= 1_001 { cell.send(value + 1) }
            }
            cell.send(1)
            #expect(cell.value == 1_002, "1,001 sends were queued and drained")
            #expect(warnings.count == 1, "the warning comes at the 1,001st queued send")
            let longer = StateCell(0)
            let runaway = longer.observe { value in
                if value > 0, value < 3_000 { longer.send(value + 1) }
            }
            longer.send(1)
            #expect(warnings.count == 2, "one warning per runaway delivery, however long it runs")
            runaway.cancel()
            token.cancel()
        }
        #expect(warnings.first?.contains("StateCell<Int>") == true)
    }

    @Test("C10: exactly 1,000 queued sends do not warn")
    func noWarningAtLimit() {
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            let cell = StateCell(0)
            let token = cell.observe { value in
                if value > 0, value <= 1_000 { cell.send(value + 1) }
            }
            cell.send(1)
            #expect(cell.value == 1_001)
            token.cancel()
        }
        #expect(warnings.isEmpty)
    }
    #endif

    @Test("C11: values yields the current value and every later one, in order, none lost")
    func valuesInOrder() async {
        let cell = StateCell(0)
        let values = cell.values
        for value in 1...5 { cell.send(value) }
        let reading = Task {
            var seen: [Int] = []
            for await value in values {
                seen.append(value)
                if value == 5 { break }
            }
            return seen
        }
        #expect(await reading.waitForCompletion() == [0, 1, 2, 3, 4, 5])
    }

    @Test("C11: ending the iteration drops the observer by the next send")
    func valuesEndingIteration() async {
        let cell = StateCell(0)
        do {  // the sequence is not kept past its iteration, as in a plain `for await`
            let values = cell.values
            let reading = Task {
                for await value in values where value == 0 { break }
            }
            await reading.waitForCompletion()
        }
        cell.send(1)
        #expect(cell.observerCount == 0)
    }

    @Test("C11: cancelling the iterating task drops the observer by the next send")
    @MainActor
    func valuesTaskCancelled() async {
        let cell = StateCell(0)
        let values = cell.values
        let task = Task {
            var seen: [Int] = []
            for await value in values { seen.append(value) }
            return seen
        }
        task.cancel()
        let seen = await task.waitForCompletion()
        #expect((seen ?? []).count <= 1)
        cell.send(1)
        #expect(cell.observerCount == 0)
    }

    @Test("C11: the sequence finishes when the cell is freed")
    func valuesFinishWithCell() async {
        var cell: StateCell<Int>? = StateCell(0)
        let values = cell!.values
        cell?.send(1)
        cell = nil
        let reading = Task {
            var seen: [Int] = []
            for await value in values { seen.append(value) }
            return seen
        }
        #expect(await reading.waitForCompletion() == [0, 1])
    }
}

extension StateCellTests {
    @Test("observers cancelled during deliveries are removed when each delivery ends: churn does not grow the cell")
    func cancelledObserversAreCompacted() {
        let cell = StateCell(0)
        var tokens: [ObservationToken] = []
        let churn = cell.observe { _ in
            tokens.forEach { $0.cancel() }  // cancelled mid-delivery: marked, then removed
            tokens = (0..<3).map { _ in cell.observe { _ in } }
        }
        for value in 1...100 { cell.send(value) }
        #expect(cell.observerCount == 4)
        #expect(cell.observers.count == 4, "cancelled observers were kept after their delivery ended")
        churn.cancel()
        for _ in 1...100 { cell.observe { _ in }.cancel() }  // outside any delivery: removed at once
        #expect(cell.observers.count == 3)
    }

    @Test("cancelling the token of a binding that already ended leaves every other observer in place")
    @MainActor
    func cancellingAnEndedBindingRemovesNothingElse() {
        let cell = StateCell<ViewState<Int>>(.loading)
        var renderer: RecordingRenderer<Int>? = RecordingRenderer()
        let binding = cell.bind(to: renderer!)
        var seen: [ViewState<Int>] = []
        let other = cell.observe { seen.append($0) }
        renderer = nil
        cell.send(.presenting(1))  // the binding finds its renderer gone and ends
        binding.cancel()
        cell.send(.presenting(2))
        #expect(seen == [.loading, .presenting(1), .presenting(2)])
        other.cancel()
    }
}
