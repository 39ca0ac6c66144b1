/// The sleeps pending on a ``ManualClock``, earliest first: a binary heap ordered by deadline,
/// then by the order the sleeps began, with the sleepers themselves kept by id. Adding a sleeper
/// and taking the earliest cost O(log n); a cancelled sleep leaves by id in O(1), its place in
/// the heap dropped when it reaches the top. So an advance that wakes n sleepers costs
/// O(n log n), not the O(n²) of a search for the earliest at every wake.
struct SleeperQueue<Sleeper> {
    /// A sleep's place in the order: its deadline, then its id (ids grow as sleeps begin).
    private struct Entry: Comparable {
        let deadline: ManualClock.Instant
        let id: Int

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
        }
    }

    private var heap: [Entry] = []
    private var sleepers: [Int: Sleeper] = [:]

    /// How many sleeps are pending.
    var count: Int { sleepers.count }

    /// The deadlines of the pending sleeps, in no order.
    var deadlines: [ManualClock.Instant] { heap.filter { sleepers[$0.id] != nil }.map(\.deadline) }

    /// Adds a sleep that began now: among equal deadlines it wakes after those added before it.
    mutating func add(_ sleeper: Sleeper, id: Int, deadline: ManualClock.Instant) {
        sleepers[id] = sleeper
        heap.append(Entry(deadline: deadline, id: id))
        siftUp(heap.count - 1)
    }

    /// Removes the sleep `id`, if it is pending (a cancelled sleep).
    mutating func remove(id: Int) -> Sleeper? {
        sleepers.removeValue(forKey: id)
    }

    /// The earliest pending deadline.
    mutating func earliestDeadline() -> ManualClock.Instant? {
        dropRemoved()
        return heap.first?.deadline
    }

    /// Removes and returns the earliest sleep if it is due by `instant`, with its deadline.
    mutating func takeEarliest(dueBy instant: ManualClock.Instant) -> (Sleeper, ManualClock.Instant)? {
        dropRemoved()
        guard let top = heap.first, top.deadline <= instant, let sleeper = sleepers.removeValue(forKey: top.id) else {
            return nil
        }
        removeTop()
        return (sleeper, top.deadline)
    }

    /// Whether a pending sleep is due by `instant`.
    mutating func hasSleeper(dueBy instant: ManualClock.Instant) -> Bool {
        earliestDeadline().map { $0 <= instant } ?? false
    }

    /// Drops the places of removed sleeps from the top of the heap: at most as many as it holds,
    /// so a broken heap ends the look instead of spinning under the clock's lock.
    private mutating func dropRemoved() {
        for _ in heap.indices {
            guard let top = heap.first, sleepers[top.id] == nil else { return }
            removeTop()
        }
    }

    private mutating func removeTop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        siftDown(0)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            let smaller = right < heap.count && heap[right] < heap[left] ? right : left
            guard heap[smaller] < heap[parent] else { return }
            heap.swapAt(parent, smaller)
            parent = smaller
        }
    }
}
