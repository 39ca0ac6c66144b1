import Testing
@testable import ViewStateKitTesting

/// Records wake-ups in order, from any task.
actor WakeLog {
    private(set) var names: [String] = []
    func add(_ name: String) { names.append(name) }
}

@Suite("ManualClock")
struct ManualClockTests {
    @Test("a sleeper wakes when the clock reaches its deadline, not before")
    func wakesAtDeadline() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 0)
        try await sleeper.value
        #expect(clock.now.offset == .seconds(10))
    }

    @Test("sleepers wake in deadline order; the clock passes through each deadline")
    func deadlineOrder() async {
        let clock = ManualClock()
        let log = WakeLog()
        let late = Task { try await clock.sleep(for: .seconds(2)); await log.add("late") }
        await clock.waitForSleepers(1)
        let early = Task { try await clock.sleep(for: .seconds(1)); await log.add("early") }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(1))
        _ = await early.result
        clock.advance(by: .seconds(5))
        _ = await late.result
        #expect(await log.names == ["early", "late"])
        #expect(clock.now.offset == .seconds(6))
    }

    @Test("a deadline already passed returns at once; the clock never goes back")
    func pastDeadline() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(3))
        try await clock.sleep(until: .init(offset: .seconds(1)))
        clock.advance(to: .init(offset: .seconds(2)))
        #expect(clock.now.offset == .seconds(3))
    }

    @Test("cancelling a sleeping task ends its sleep with CancellationError")
    func cancellation() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.waitForSleepers()
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("a task cancelled before it sleeps does not sleep")
    func cancelledBeforeSleeping() async {
        let clock = ManualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }
}
