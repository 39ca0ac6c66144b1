import Foundation
import Testing
import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

/// The real time `body` took. The tests of a time limit measure real time because the limit is
/// real time: each checks that a wait given a short limit gives up long before the default one,
/// so a wait that ignored its limit would show here, not only as a slower suite.
private func realTime(isolation: isolated (any Actor)? = #isolation, of body: () async -> Void) async -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    await body()
    return start.duration(to: clock.now)
}

/// What a wait that ignored its own short limit would take at least: a Dispatch timer never
/// fires early, so such a wait lasts the whole default limit. A wait that keeps a limit of a few
/// dozen milliseconds ends long before it, however busy the machine (unless the machine stalls
/// for longer than the safety net itself, when every net in the suite would fire anyway).
private let theDefaultLimit = SafetyNet.defaultLimit

/// Whether `issue` was reported in this file, at `line`, with exactly `text`.
private func reported(_ issue: Issue, at line: Int, _ text: String) -> Bool {
    issue.sourceLocation?.fileName == "TimeLimitTests.swift" && issue.sourceLocation?.line == line
        && message(of: issue) == text
}

/// Work that sleeps on a clock, then stays busy (yielding, never resting) until the test stops it.
private struct BusyWork {
    private let stopped = Locked(false)
    private let task: Task<Void, Never>

    /// Starts the work and returns once it sleeps.
    init(after delay: Duration, on clock: ManualClock) async {
        let stopped = stopped
        task = Task.detached {
            try? await clock.sleep(for: delay)
            while !stopped.withLock({ $0 }) { await Task.yield() }
        }
        await clock.waitForSleepers(timeLimit: SafetyNet.defaultLimit)  // not the clock's short limit: arriving may be slow
    }

    func stop() async {
        stopped.withLock { $0 = true }
        await task.waitForCompletion()
    }
}

@Suite("Time limits: each wait keeps the limit it is given and fails at the caller's line")
@MainActor
struct TimeLimitTests {
    @Test("waitForSleepers keeps the clock's limit or its own, fails at the caller's line and returns false")
    func waitForSleepers() async {
        let clock = ManualClock(timeLimit: .milliseconds(20))
        var arrived = true
        let line = #line + 3
        let took = await realTime {
            await withKnownIssue {
                arrived = await clock.waitForSleepers()
            } matching: { reported($0, at: line, "waitForSleepers: 0 of 1 expected sleepers after 0.02 seconds of real "
                                   + "time; the work under test did not sleep on this clock.") }
        }
        #expect(!arrived)
        #expect(took < theDefaultLimit)
        let ownLimit = await realTime {
            await withKnownIssue {
                await ManualClock().waitForSleepers(2, timeLimit: .milliseconds(20))
            } matching: { message(of: $0).hasPrefix("waitForSleepers: 0 of 2 expected sleepers after 0.02 seconds") }
        }
        #expect(ownLimit < theDefaultLimit)
    }

    @Test("a sleep that starts after waitForSleepers began is counted, and the wait ends once")
    func waitForSleepersBeforeTheSleep() async {
        let clock = ManualClock()
        let timer = Task { @MainActor in  // runs once the test suspends in waitForSleepers
            for _ in 1...3 { try? await clock.sleep(for: .seconds(1)) }
        }
        #expect(await clock.waitForSleepers())
        await clock.advance(by: .seconds(3))
        await timer.waitForCompletion()
        #expect(clock.now.offset == .seconds(3))
        #expect(clock.expectNoSleepers())
    }

    @Test("waitForValues keeps its limit, fails at the caller's line and returns false")
    func waitForValues() async {
        let recorder = StateRecorder<Int>()
        recorder.record(1)
        var arrived = true
        let line = #line + 3
        let took = await realTime {
            await withKnownIssue {
                arrived = await recorder.waitForValues(2, timeLimit: .milliseconds(20))
            } matching: { reported($0, at: line, "waitForValues: 1 of 2 values recorded after 0.02 seconds of real time.") }
        }
        #expect(!arrived)
        #expect(took < theDefaultLimit)
    }

    @Test("waitForRequests keeps its limit and fails at the caller's line")
    func waitForRequests() async {
        let replies = FakeReplies<Int>()
        let line = #line + 3
        let took = await realTime {
            await withKnownIssue {
                await replies.waitForRequests(1, timeLimit: .milliseconds(20))
            } matching: { reported($0, at: line, "waitForRequests: 0 of 1 requests made after 0.02 seconds of real time.") }
        }
        #expect(took < theDefaultLimit)
    }

    @Test("withSafetyNet keeps its limit, fails at the caller's line, returns false and cancels the wait")
    func withSafetyNetLimit() async {
        let (never, neverEnds) = AsyncStream<Void>.makeStream()  // nothing is ever yielded: only a cancellation ends a wait for it
        let (cancelled, report) = AsyncStream<Bool>.makeStream()
        var returned = true
        let line = #line + 3
        let took = await realTime {
            await withKnownIssue {
                returned = await withSafetyNet(timeLimit: .milliseconds(20)) {
                    for await _ in never {}
                    report.yield(Task.isCancelled)
                }
            } matching: { reported($0, at: line, "withSafetyNet: the wait did not end within 0.02 seconds of real time; "
                                   + "the work under test never finished.") }
        }
        #expect(!returned)
        #expect(took < theDefaultLimit)
        await withSafetyNet {
            for await wasCancelled in cancelled {
                #expect(wasCancelled)
                return
            }
        }
        neverEnds.finish()
    }

    @Test("waitForCompletion keeps its limit, fails at the caller's line and gives nil; in time it gives the value")
    func waitForCompletionLimit() async {
        let reply = HeldReply()
        let task = Task { await reply.value() }
        var value: [String]? = ["not set"]
        let line = #line + 3
        let took = await realTime {
            await withKnownIssue {
                value = await task.waitForCompletion(timeLimit: .milliseconds(20))
            } matching: { reported($0, at: line, "withSafetyNet: the wait did not end within 0.02 seconds of real time; "
                                   + "the work under test never finished.") }
        }
        #expect(value == nil)
        #expect(took < theDefaultLimit)
        reply.release(["CU"])
        #expect(await task.waitForCompletion() == ["CU"])
    }

    @Test("the safety-net timer keeps a limit below one second: work ending within it passes")
    func subSecondLimit() async {
        let ended = await wait(within: .milliseconds(900)) { gate in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { gate.end(true) }
        }
        #expect(ended)
    }

    @Test("the default limit is the VIEWSTATE_SAFETY_NET seconds when set, five seconds otherwise")
    func defaultLimitFollowsTheEnvironment() {
        let seconds = ProcessInfo.processInfo.environment["VIEWSTATE_SAFETY_NET"].flatMap(Double.init)
        #expect(SafetyNet.defaultLimit == (seconds.map { .milliseconds(Int($0 * 1_000)) } ?? .seconds(5)))
    }

    @Test("receive keeps the tester's limit and fails at the caller's line")
    func receiveLimit() async {
        let reply = HeldReply()
        let tester = ReactorTester(HeldSearch(replies: ["cu": reply]), timeLimit: .milliseconds(50))
        await tester.send(.search("cu"))
        let line = #line + 3
        let took = await realTime {
            await withKnownIssue {
                await tester.receive { $0.results = ["cu gangnam"] }
            } matching: { issue in
                issue.sourceLocation?.line == line && message(of: issue).hasPrefix(
                    "receive: no state arrived within 0.05 seconds of real time, and an effect is still running")
            }
        }
        #expect(took < theDefaultLimit)
        reply.release(["cu gangnam"])
        await withSafetyNet { await tester.reactor.waitUntilIdle() }
        await tester.receive { $0.results = ["cu gangnam"] }
    }

    @Test("finish keeps the tester's limit, fails at the caller's line, and the tester's end reports nothing more")
    func finishLimit() async {
        let reply = HeldReply()
        let reactor = HeldSearch(replies: ["cu": reply])
        let reports = CallCounter()
        var took = Duration.zero
        let line = #line + 4
        await withKnownIssue {
            let tester = ReactorTester(reactor, timeLimit: .milliseconds(50))
            await tester.send(.search("cu"))
            took = await realTime { await tester.finish() }
        } matching: { issue in
            reports.add()
            return issue.sourceLocation?.line == line
                && message(of: issue).hasPrefix("finish: effects still running after 0.05 seconds of real time")
        }
        #expect(reports.count == 1)  // freed with its effect still running: already reported by finish
        #expect(took < theDefaultLimit)
        reply.release([])
        await withSafetyNet { await reactor.waitUntilIdle() }
    }

    @Test("the end-of-test report is at the line that made the tester")
    func endReportAtCreation() async {
        let clock = ManualClock()
        let line = #line + 2
        await withKnownIssue {
            let tester = ReactorTester(DebouncedSearch(clock: clock))
            await tester.send(.type("cu")) { $0.query = "cu" }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && message(of: issue).hasPrefix("An effect is still running at the end of the test")
        }
    }

    @Test("an advance whose woken work never rests fails at the caller's line after the clock's limit, and stops the clock there")
    nonisolated func advanceOfBusyWork() async {  // off the main actor: its time is the advance's, not a wait for a busy main queue
        let clock = ManualClock(timeLimit: .milliseconds(50))
        let work = await BusyWork(after: .seconds(1), on: clock)
        let line = #line + 3
        let took = await realTime {
            await withKnownIssue {
                await clock.advance(by: .seconds(3))
            } matching: { reported($0, at: line, "advance: the work woken at 1.0 seconds was still running after 0.05 "
                                   + "seconds of real time: is it busy forever, or waiting for something outside the "
                                   + "test process (a real network, a Dispatch queue)? The clock stopped at 1.0 seconds.") }
        }
        #expect(took < theDefaultLimit)
        #expect(clock.now.offset == .seconds(1))
        await work.stop()
    }
}

extension TimeLimitTests {
    @Test("run stops after maxWakes wakes of a repeating timer and fails at the caller's line")
    func runStopsAtMaxWakes() async {
        let clock = ManualClock()
        let ticks = Locked(0)
        let timer = Task.detached {
            while (try? await clock.sleep(for: .seconds(1))) != nil { ticks.withLock { $0 += 1 } }
        }
        await clock.waitForSleepers(timeLimit: SafetyNet.defaultLimit)  // not the clock's short limit: arriving may be slow
        let line = #line + 2
        await withKnownIssue {
            await clock.run(maxWakes: 3)
        } matching: { reported($0, at: line, "run: still 1 sleeper(s) after 3 wakes; does the work sleep forever?") }
        #expect(ticks.withLock { $0 } == 3)
        #expect(clock.now.offset == .seconds(3))
        timer.cancel()
        await timer.waitForCompletion()
    }

    @Test("run advances one deadline at a time: with three sleepers and maxWakes 2 it stops at the second")
    func runCountsEachDeadline() async {
        let clock = ManualClock()
        let woken = Locked<[Int]>([])
        let sleepers = (1...3).map { second in
            Task.detached {
                try? await clock.sleep(for: .seconds(second))
                woken.withLock { $0.append(second) }
            }
        }
        await clock.waitForSleepers(3, timeLimit: SafetyNet.defaultLimit)
        let line = #line + 2
        await withKnownIssue {
            await clock.run(maxWakes: 2)
        } matching: { reported($0, at: line, "run: still 1 sleeper(s) after 2 wakes; does the work sleep forever?") }
        #expect(woken.withLock { $0 } == [1, 2])
        #expect(clock.now.offset == .seconds(2))
        await clock.run()
        for sleeper in sleepers { await sleeper.waitForCompletion() }
        #expect(woken.withLock { $0 } == [1, 2, 3])
    }

    @Test("run whose woken work never rests fails at the caller's line")
    func runOfBusyWork() async {
        let clock = ManualClock(timeLimit: .milliseconds(50))
        let work = await BusyWork(after: .seconds(2), on: clock)
        let line = #line + 2
        await withKnownIssue {
            await clock.run()
        } matching: { $0.sourceLocation?.line == line && message(of: $0).hasPrefix("advance: the work woken at 2.0 seconds") }
        await work.stop()
    }

    @Test("an advance fails at the caller's line when work a FakeReplies release resumed never rests, and the clock stays")
    func advanceAfterBusyRelease() async {
        let clock = ManualClock(timeLimit: .milliseconds(50))
        let replies = FakeReplies<Int>()
        let stop = Locked(false)
        let work = Task.detached {
            _ = try? await replies.next()
            while !stop.withLock({ $0 }) { await Task.yield() }
        }
        await replies.waitForRequests(1)
        replies.succeed(0, with: 1)
        let line = #line + 2
        await withKnownIssue {
            await clock.advance(by: .seconds(1))
        } matching: { reported($0, at: line, "advance: work resumed by a FakeReplies release was still running after "
                                   + "0.05 seconds of real time, so the clock did not move.") }
        #expect(clock.now.offset == .zero)
        stop.withLock { $0 = true }
        await work.waitForCompletion()
    }

    @Test("pending sleeps are listed by deadline, whatever order they began in")
    func pendingSleepsByDeadline() async {
        let clock = ManualClock()
        let late = Task { try await clock.sleep(for: .seconds(9)) }
        await clock.waitForSleepers(1)
        let early = Task { try await clock.sleep(for: .seconds(2)) }
        await clock.waitForSleepers(2)
        withKnownIssue {
            #expect(!clock.expectNoSleepers())
        } matching: { message(of: $0) == "2 sleeps are still pending on the clock (now 0.0 seconds; deadlines 2.0 seconds, 9.0 seconds)." }
        late.cancel()
        early.cancel()
    }
}

extension TimeLimitTests {
    @Test("an advance stops at its wake limit, failing at the caller's line, when more sleepers keep falling due")
    func advanceStopsAtItsWakeLimit() async {
        let clock = ManualClock()
        clock.wakeLimit = 5
        let wakes = Locked(0)
        let shrinking = Task.detached {  // each sleep half the last: never reaches one second
            var nap = Duration.milliseconds(500)
            while (try? await clock.sleep(for: nap)) != nil {
                wakes.withLock { $0 += 1 }
                nap /= 2
            }
        }
        await clock.waitForSleepers()
        let line = #line + 2
        await withKnownIssue {
            await clock.advance(by: .seconds(1))
        } matching: { reported($0, at: line, "advance: woke 5 sleepers and more are due before 1.0 seconds: does the work "
                                   + "sleep for ever shorter times? The clock stopped at 0.96875 seconds.") }
        #expect(wakes.withLock { $0 } == 5)
        shrinking.cancel()
        await shrinking.waitForCompletion()
    }
}

extension TimeLimitTests {
    @Test("an advance at its wake limit with one more sleeper due exactly at its end stops, failing at the caller's line")
    func advanceAtItsLimitWithOneDueAtTheEnd() async {
        let clock = ManualClock()
        clock.wakeLimit = 2
        let wakes = Locked(0)
        let sleepers = (1...3).map { _ in
            Task.detached {
                try? await clock.sleep(for: .seconds(1))
                wakes.withLock { $0 += 1 }
            }
        }
        await clock.waitForSleepers(3)
        let line = #line + 2
        await withKnownIssue {
            await clock.advance(by: .seconds(1))
        } matching: { reported($0, at: line, "advance: woke 2 sleepers and more are due before 1.0 seconds: does the work "
                                   + "sleep for ever shorter times? The clock stopped at 1.0 seconds.") }
        #expect(wakes.withLock { $0 } == 2)
        for sleeper in sleepers { sleeper.cancel() }
        for sleeper in sleepers { await sleeper.waitForCompletion() }
    }

    @Test("an advance that wakes exactly its wake limit, with nothing left due, passes")
    func advanceWakingExactlyItsLimit() async {
        let clock = ManualClock()
        clock.wakeLimit = 3
        let wakes = Locked(0)
        let sleepers = (1...3).map { second in
            Task.detached {
                try? await clock.sleep(for: .seconds(second))
                wakes.withLock { $0 += 1 }
            }
        }
        await clock.waitForSleepers(3)
        await clock.advance(by: .seconds(3))  // three wakes, none left: no failure
        #expect(wakes.withLock { $0 } == 3)
        for sleeper in sleepers { await sleeper.waitForCompletion() }
    }
}

extension TimeLimitTests {
    @Test("a wait nobody ends gives up at its limit: the safety-net timer itself fires")
    func safetyNetTimerFires() async {
        let ended = await wait(within: .milliseconds(20)) { gate in
            // An independent bound, so that a broken timer fails this test instead of hanging it.
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(5)) { gate.end(true) }
        }
        #expect(!ended)
    }
}


extension TimeLimitTests {
    @Test("VIEWSTATE_SAFETY_NET gives the default limit in seconds; anything else leaves it at five, and a huge one never traps")
    func safetyNetFromTheEnvironment() {
        #expect(SafetyNet.limit(fromEnvironment: "10") == .seconds(10))
        #expect(SafetyNet.limit(fromEnvironment: "0.5") == .milliseconds(500))
        #expect(SafetyNet.limit(fromEnvironment: "86399") == .seconds(86_399))  // just below a day
        for text in [nil, "", "soon", "0", "-3", "86400", "1e30", "nan", "inf"] as [String?] {
            #expect(SafetyNet.limit(fromEnvironment: text) == .seconds(5), "\(text ?? "unset")")
        }
    }
}

// Exit tests run in a process of their own: a job held through a limit, or a main queue held
// past one, stalls no other test there (they were removed once for failing others under load).
#if os(macOS) || os(Linux)
extension TimeLimitTests {
    @Test("a followed job that runs through the whole limit fails the advance at that limit, not after the rounds a busy main queue gets")
    nonisolated func stuckJobFailsAtTheLimit() async {
        await #expect(processExitsWith: .success) {
            let clock = ManualClock(timeLimit: .milliseconds(300))
            let stuck = DispatchSemaphore(value: 0)
            let work = Task.detached {
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                await Task.detached { stuck.wait() }.value  // a followed job that does not end until the test lets it go
            }
            await clock.waitForSleepers(1, timeLimit: SafetyNet.defaultLimit)
            let limitsPassed = Locked<[Int]>([])
            let failures = Locked<[String]>([])
            await CallSite.$failureSink.withValue({ message in failures.withLock { $0.append(message) } }) {
                await FollowedWork.$limitPassed.withValue({ round in limitsPassed.withLock { $0.append(round) } }) {
                    await clock.advance(by: .seconds(1))
                }
            }
            stuck.signal()
            await work.waitForCompletion()
            #expect(failures.withLock { $0 }.count == 1)
            #expect(failures.withLock { $0 }.first?.hasPrefix("advance: the work woken at 1.0 seconds was still running after 0.3 seconds") == true)
            // One limit, or two when the job began after the first round looked (its start is
            // a change); never the four a queued job earns.
            #expect([[0], [0, 1]].contains(limitsPassed.withLock { $0 }))
        }
    }

    @Test("a job queued behind a busy main queue after the work's earlier turn ended is waited for, not taken for a stuck one")
    nonisolated func laterJobBehindABusyMainQueue() async {
        await #expect(processExitsWith: .success) {
            let clock = ManualClock(timeLimit: .milliseconds(300))
            let busy = DispatchSemaphore(value: 0)
            let ticked = Locked(false)
            let work = Task.detached {
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }  // a turn, which ends
                await MainActor.run { DispatchQueue.main.async { busy.wait() } }  // the main queue gets busy
                ticked.withLock { $0 = true }  // a job of a second turn, queued behind the busy main queue
            }
            await clock.waitForSleepers(1, timeLimit: SafetyNet.defaultLimit)
            let limitsPassed = Locked<[Int]>([])
            let failures = Locked<[String]>([])
            await CallSite.$failureSink.withValue({ message in failures.withLock { $0.append(message) } }) {
                await FollowedWork.$limitPassed.withValue({ round in
                    limitsPassed.withLock { $0.append(round) }
                    if round == 1 { busy.signal() }  // busy through two limits: the second sees no turn running
                }) {
                    await clock.advance(by: .seconds(1))
                }
            }
            #expect(failures.withLock { $0 } == [])
            #expect(ticked.withLock { $0 })
            #expect(limitsPassed.withLock { $0 } == [0, 1])
            await work.waitForCompletion()
        }
    }

    @Test("a main-actor advance behind a main queue busy with other work waits it out before time moves, and passes")
    nonisolated func advanceBehindABusyMainQueue() async {
        await #expect(processExitsWith: .success) {
            await TimeLimitTests.expectBusyMainQueueWaitedOut(advancingOnMainActor: true)
        }
    }

    @Test("a nonisolated advance behind a main queue busy with other work waits it out before time moves, and passes")
    nonisolated func nonisolatedAdvanceBehindABusyMainQueue() async {
        await #expect(processExitsWith: .success) {
            await TimeLimitTests.expectBusyMainQueueWaitedOut(advancingOnMainActor: false)
        }
    }

    @Test("finish waits for work an advance of its test is waking behind a busy main queue, past the tester's limit, and passes")
    nonisolated func finishWaitsForAnAdvanceUnderWay() async {
        await #expect(processExitsWith: .success) {
            await TimeLimitTests.expectFinishWaitsForAdvanceUnderWay()
        }
    }

    /// A send's work asleep on a clock, finished while an advance in another task of the test,
    /// begun just as other work takes the main queue for 0.6 s, wakes it: the tester's limit
    /// (0.3 s) passes while the advance is under way, so finish waits on, and nothing fails.
    @MainActor
    static func expectFinishWaitsForAdvanceUnderWay() async {
        let clock = ManualClock(timeLimit: .milliseconds(300))
        let reactor = withDependencies(.test { $0.clock = clock }) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
        let tester = ReactorTester(reactor, timeLimit: .milliseconds(300))
        let failures = Locked<[String]>([])
        let limitsPassed = Locked<[Int]>([])
        await CallSite.$failureSink.withValue({ message in failures.withLock { $0.append(message) } }) {
            let work = await tester.send(.tickLater)
            let advance = Task {
                holdMainQueue()  // on purpose: the main queue busy for 0.6 s of real time, past the tester's limit
                await clock.advance(by: .seconds(1))
            }
            await FollowedWork.$limitPassed.withValue({ round in limitsPassed.withLock { $0.append(round) } }) {
                await work.finish()
            }
            await advance.value
            await tester.receive(.tick) { $0.ticks = 1 }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(limitsPassed.withLock { $0 }.first == 0, "the limit passed while the advance was under way, and the wait went on")
    }

    /// A detached task asleep on a clock whose limit is 0.3 s, woken by an advance that begins
    /// just after other work takes the main queue for 0.6 s — from the main actor (which the busy
    /// queue then holds up too, so only another queue lets it go) or from off it. The advance
    /// waits the busy queue out before time moves, within the default net: no failure, no limit
    /// of the clock's passed, the work ticked, the clock at 1 s.
    nonisolated static func expectBusyMainQueueWaitedOut(advancingOnMainActor: Bool) async {
        let clock = ManualClock(timeLimit: .milliseconds(300))
        let ticked = Locked(false)
        let work = Task.detached {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            ticked.withLock { $0 = true }
        }
        await clock.waitForSleepers(1, timeLimit: SafetyNet.defaultLimit)
        let limitsPassed = Locked<[Int]>([])
        let failures = Locked<[String]>([])
        await CallSite.$failureSink.withValue({ message in failures.withLock { $0.append(message) } }) {
            await FollowedWork.$limitPassed.withValue({ round in limitsPassed.withLock { $0.append(round) } }) {
                if advancingOnMainActor {
                    await Task { @MainActor in
                        holdMainQueue()
                        await clock.advance(by: .seconds(1))
                    }.value
                } else {
                    holdMainQueue()
                    await clock.advance(by: .seconds(1))
                }
            }
        }
        #expect(failures.withLock { $0 } == [], "the work rested; the main queue was busy")
        #expect(ticked.withLock { $0 })
        #expect(clock.now.offset == .seconds(1))
        #expect(limitsPassed.withLock { $0 } == [])
        await work.waitForCompletion()
    }

    /// Other work holding the main queue for 0.6 s of real time, from its next turn.
    nonisolated static func holdMainQueue() {
        let busy = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { busy.wait() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(600)) { busy.signal() }
    }
}
#endif
