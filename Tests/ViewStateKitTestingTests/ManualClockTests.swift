import Testing
@testable import ViewStateKitTesting
import ViewStateKitSupport

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
        let sleeper = Task { await outcome { try await clock.sleep(for: .seconds(10)) } }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 0)
        #expect(await sleeper.waitForCompletion() == "woke")
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
        await clock.advance(by: .seconds(1))
        await withSafetyNet { _ = await early.result }
        await clock.advance(by: .seconds(5))
        await withSafetyNet { _ = await late.result }
        #expect(await log.names == ["early", "late"])
        #expect(clock.now.offset == .seconds(6))
    }

    @Test("a deadline already passed returns at once; the clock never goes back")
    func pastDeadline() async {
        let clock = ManualClock()
        await clock.advance(by: .seconds(3))
        let sleep = Task { await outcome { try await clock.sleep(until: .init(offset: .seconds(1))) } }
        #expect(await sleep.waitForCompletion() == "woke")
        await clock.advance(to: .init(offset: .seconds(2)))
        #expect(clock.now.offset == .seconds(3))
    }

    @Test("cancelling a sleeping task ends its sleep with CancellationError")
    func cancellation() async {
        let clock = ManualClock()
        let sleeper = Task { await outcome { try await clock.sleep(for: .seconds(10)) } }
        await clock.waitForSleepers()
        sleeper.cancel()
        #expect(await sleeper.waitForCompletion() == "CancellationError")
        #expect(clock.sleeperCount == 0)
    }

    @Test("a task cancelled before it sleeps does not sleep")
    func cancelledBeforeSleeping() async {
        let clock = ManualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await outcome { try await clock.sleep(for: .seconds(1)) }
        }
        #expect(await sleeper.waitForCompletion() == "CancellationError")
        #expect(clock.sleeperCount == 0)
    }

    @Test("one advance drives chained sleeps inside its window: five 1 s sleeps in a row, one advance of 5 s")
    func chainedSleeps() async {
        let clock = ManualClock()
        let log = WakeLog()
        let countdown = Task {
            for tick in 1...5 {
                try await clock.sleep(for: .seconds(1))
                await log.add("tick \(tick)")
            }
        }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(5))
        #expect(await completes(within: SafetyNet.defaultLimit) { try? await countdown.value }, "a tick was left sleeping")
        #expect(await log.names == ["tick 1", "tick 2", "tick 3", "tick 4", "tick 5"])
        #expect(clock.now.offset == .seconds(5))
        #expect(clock.sleeperCount == 0)
    }

    @Test("a chained sleep past the window waits for the next advance")
    func chainPastWindow() async {
        let clock = ManualClock()
        let log = WakeLog()
        let work = Task {
            try await clock.sleep(for: .seconds(1))
            await log.add("first")
            try await clock.sleep(for: .seconds(5))
            await log.add("second")
        }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(2))
        #expect(await log.names == ["first"])
        #expect(clock.sleeperCount == 1)
        await clock.run()
        #expect(await completes(within: SafetyNet.defaultLimit) { try? await work.value })
        #expect(await log.names == ["first", "second"])
        #expect(clock.now.offset == .seconds(6), "run moved the clock to the last deadline")
    }

    @Test("run advances until nothing sleeps; expectNoSleepers passes then, and fails with a sleep pending")
    func runAndExpectNoSleepers() async {
        let clock = ManualClock()
        let retries = Task {
            for attempt in 1...3 { try await clock.sleep(for: .seconds(attempt)) }
        }
        await clock.waitForSleepers()
        await clock.run()
        #expect(await completes(within: SafetyNet.defaultLimit) { try? await retries.value })
        #expect(clock.now.offset == .seconds(6))
        #expect(clock.expectNoSleepers())
        let forgotten = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers()
        withKnownIssue {
            clock.expectNoSleepers()
        } matching: { message(of: $0) == "1 sleep is still pending on the clock (now 6.0 seconds; deadlines 7.0 seconds)." }
        forgotten.cancel()
    }

    @Test("a sleep until now returns at once; durations between instants keep their sign")
    func instants() async throws {
        let clock = ManualClock()
        let sleep = Task { await outcome { try await clock.sleep(until: clock.now) } }
        #expect(await sleep.waitForCompletion() == "woke")
        let later = clock.now.advanced(by: .seconds(3))
        #expect(clock.now.duration(to: later) == .seconds(3))
        #expect(later.duration(to: clock.now) == .seconds(-3))
    }

    @Test("waitForSleepers fails after its time limit when nothing sleeps, instead of hanging")
    func waitForSleepersTimeLimit() async {
        let clock = ManualClock()
        await withKnownIssue {
            await clock.waitForSleepers(timeLimit: .milliseconds(20))
        } matching: { message(of: $0).hasPrefix("waitForSleepers: 0 of 1 expected sleepers after 0.02 seconds of real time") }
    }
}

extension ManualClockTests {
    @Test("a woken sleeper sees the clock at its own deadline, not at the end of the advance")
    func wokenAtItsDeadline() async {
        let clock = ManualClock()
        let work = Task {
            try? await clock.sleep(for: .seconds(3))
            try? await clock.sleep(for: .seconds(10))  // from 3 s: due at 13 s, past this advance
        }
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(10))
        await clock.waitForSleepers()
        withKnownIssue {
            clock.expectNoSleepers()
        } matching: { message(of: $0) == "1 sleep is still pending on the clock (now 10.0 seconds; deadlines 13.0 seconds)." }
        await clock.advance(by: .seconds(3))
        await work.waitForCompletion()
    }
}

/// How a sleep ended: "woke", or the name of the error it threw.
private func outcome(_ nap: () async throws -> Void) async -> String {
    do {
        try await nap()  // a ManualClock sleep: it ends when the test advances the clock
        return "woke"
    } catch {
        return "\(type(of: error))"
    }
}
