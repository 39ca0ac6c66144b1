import Testing
@testable import ViewStateKitTesting

/// The manual clock's pending sleeps (#46: an advance waking n sleepers costs O(n log n)).
@Suite("SleeperQueue: the earliest deadline first, equal deadlines in the order their sleeps began")
struct SleeperQueueTests {
    private func at(_ milliseconds: Int) -> ManualClock.Instant {
        ManualClock.Instant(offset: .milliseconds(milliseconds))
    }

    @Test("sleeps taken one at a time come out as a sort by deadline, then by id, would give them")
    func takesInDeadlineOrder() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            var queue = SleeperQueue<Int>()
            var expected: [(deadline: Int, id: Int)] = []
            for id in 0..<(round * 7 + 1) {
                let deadline = Int.random(in: 0..<10, using: &generator)
                queue.add(id, id: id, deadline: at(deadline))
                expected.append((deadline, id))
            }
            // Cancel about a third, from anywhere in the heap.
            for id in stride(from: 1, to: expected.count, by: 3) {
                #expect(queue.remove(id: id) == id)
                #expect(queue.remove(id: id) == nil, "a sleep leaves once")
            }
            expected.removeAll { $0.id % 3 == 1 }
            expected.sort { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            #expect(queue.count == expected.count)
            #expect(queue.deadlines.sorted() == expected.map { at($0.deadline) })
            var taken: [(deadline: Int, id: Int)] = []
            while let (id, deadline) = queue.takeEarliest(dueBy: at(10)) {
                taken.append((Int(deadline.offset / .milliseconds(1)), id))
            }
            #expect(taken.map(\.id) == expected.map(\.id))
            #expect(taken.map(\.deadline) == expected.map(\.deadline))
            let earliest = queue.earliestDeadline()
            #expect(queue.count == 0 && earliest == nil)
        }
    }

    @Test("only sleeps due by the instant are taken; the earliest deadline skips cancelled sleeps")
    func dueByTheInstant() {
        var queue = SleeperQueue<String>()
        queue.add("b", id: 2, deadline: at(20))
        queue.add("a", id: 1, deadline: at(10))
        queue.add("c", id: 3, deadline: at(30))
        var earliest = queue.earliestDeadline()
        #expect(earliest == at(10))
        #expect(queue.remove(id: 1) == "a")
        earliest = queue.earliestDeadline()
        #expect(earliest == at(20), "the cancelled earliest is passed over")
        let (dueAt19, dueAt20) = (queue.hasSleeper(dueBy: at(19)), queue.hasSleeper(dueBy: at(20)))
        #expect(!dueAt19 && dueAt20)
        var taken = queue.takeEarliest(dueBy: at(19))
        #expect(taken == nil)
        taken = queue.takeEarliest(dueBy: at(25))
        #expect(taken?.0 == "b")
        taken = queue.takeEarliest(dueBy: at(25))
        #expect(taken == nil)
        #expect(queue.count == 1 && queue.deadlines == [at(30)])
    }
}
