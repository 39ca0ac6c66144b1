import Foundation
import Testing
import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

/// Rule R10's second half: work a step followed that shows itself from where the engine cannot
/// follow it only after the step returned is reported by the test's next step, at the line of
/// the step that rested early — once.
@MainActor
@Suite("R10: work found unseen after its step returned is reported at that step's line by the test's next step")
struct LateUnseenWorkTests {
    /// The step that rested early, as a test of the reporting wiring records it.
    static let earlier = CallSite(fileID: "App/EarlierTests.swift", filePath: "/App/EarlierTests.swift", line: 7, column: 9)
    static let lateMessage = "advance to 1.0 seconds: the work it followed went on through a Dispatch queue, a thread of its own, "
        + "an actor with its own executor or a task executor (it came back from code running outside the test's tasks), which "
        + "the test engine cannot follow (rule R10). It came back after the step had returned, so the step rested early. "
        + "Keep that work in the test's reach: give the code under test a fake of the service behind it (a FakeReplies, a "
        + "ManualClock), or move the work off it."

    func recordLate(at site: CallSite = earlier) {
        LateUnseenWork.add(UnseenWork(kind: .resumedFromOutside, late: true), of: FollowedStep("advance to 1.0 seconds", at: site))
    }

    /// The rule R10 issues `body` records, leaving the others to fail the test.
    func r10Issues(_ body: () async -> Void) async -> [Issue] {
        let issues = Locked<[Issue]>([])
        await withKnownIssue(isIntermittent: true) {
            await body()
        } matching: { issue in
            guard issue.comments.contains(where: { $0.rawValue.contains("(rule R10)") }) else { return false }
            issues.withLock { $0.append(issue) }
            return true
        }
        return issues.withLock { $0 }
    }

    func expectReportedAtTheEarlierStep(_ issues: [Issue]) {
        #expect(issues.count == 1)
        #expect(issues.first?.sourceLocation?.line == 7)
        #expect(issues.first?.sourceLocation?.fileID == "App/EarlierTests.swift")
        #expect(issues.first.map { message(of: $0) == Self.lateMessage } == true)
    }

    nonisolated func isR10(_ issue: Issue) -> Bool {
        issue.comments.contains { $0.rawValue.contains("(rule R10)") }
    }

    /// A ticking timer started, one tick received: the tester's next step has nothing else to say.
    func tickingTester(timeLimit: Duration = SafetyNet.defaultLimit) async -> (ReactorTester<TickingTimer>, ManualClock, SentWork) {
        let clock = ManualClock()
        let tester = ReactorTester(TickingTimer(clock: clock), timeLimit: timeLimit)
        let work = await tester.send(.toggle) { $0.isRunning = true }
        await clock.advance(by: .seconds(1))
        await tester.receive(.tick) { $0.seconds = 1 }
        return (tester, clock, work)
    }

    @Test("a send reports it")
    func send() async {
        let (tester, _, _) = await tickingTester()
        recordLate()
        expectReportedAtTheEarlierStep(await r10Issues { await tester.send(.toggle) { $0.isRunning = false } })
    }

    @Test("a receive reports it")
    func receive() async {
        let (tester, clock, work) = await tickingTester()
        await clock.advance(by: .seconds(1))
        recordLate()
        expectReportedAtTheEarlierStep(await r10Issues { await tester.receive(.tick) { $0.seconds = 2 } })
        await work.cancel()
    }

    @Test("an assert reports it")
    func assert() async {
        let (tester, _, work) = await tickingTester()
        recordLate()
        expectReportedAtTheEarlierStep(await r10Issues { tester.assert { _ in } })
        await work.cancel()
    }

    @Test("the tester's finish reports it")
    func testerFinish() async {
        let (tester, _, work) = await tickingTester()
        await work.cancel()
        recordLate()
        expectReportedAtTheEarlierStep(await r10Issues { await tester.finish() })
    }

    @Test("a sent work's finish reports it")
    func sentWorkFinish() async {
        let (tester, _, work) = await tickingTester(timeLimit: .milliseconds(20))  // finish's failure comes soon
        recordLate()
        expectReportedAtTheEarlierStep(await r10Issues {
            await withKnownIssue { await work.finish() } matching: { !isR10($0) }  // the timer never ends on its own
        })
        tester.exhaustive = false
        tester.reactor.send(.toggle)  // stops the timer, with no wait of the tester's
    }

    @Test("a sent work's cancel reports it")
    func sentWorkCancel() async {
        let (tester, _, work) = await tickingTester()
        recordLate()
        expectReportedAtTheEarlierStep(await r10Issues { await work.cancel() })
        withExtendedLifetime(tester) {}
    }

    @Test("an advance and expectNoSleepers report it")
    func clock() async {
        let (tester, clock, work) = await tickingTester()
        recordLate()
        expectReportedAtTheEarlierStep(await r10Issues { await clock.advance(by: .zero) })
        recordLate()
        expectReportedAtTheEarlierStep(await r10Issues {
            withKnownIssue { clock.expectNoSleepers() } matching: { !isR10($0) }  // the timer sleeps
        })
        await work.cancel()
        withExtendedLifetime(tester) {}
    }

    @Test("found twice, it is reported once; reported, it is not reported again")
    func reportedOnce() async {
        let tester = ReactorTester(TickingTimer(clock: ManualClock()))
        recordLate()
        recordLate()
        expectReportedAtTheEarlierStep(await r10Issues { tester.assert { _ in } })
        #expect(await r10Issues { tester.assert { _ in } }.isEmpty)
    }

    @Test("work of two steps that rested early is reported at each step's line")
    func twoSteps() async {
        let tester = ReactorTester(TickingTimer(clock: ManualClock()))
        let later = CallSite(fileID: "App/EarlierTests.swift", filePath: "/App/EarlierTests.swift", line: 8, column: 9)
        recordLate()
        recordLate(at: later)
        let issues = await r10Issues { tester.assert { _ in } }
        #expect(issues.compactMap { $0.sourceLocation?.line }.sorted() == [7, 8])
    }

    @Test("work another test left is reported in that test, not here")
    func anotherTestsWork() async {
        let tester = ReactorTester(TickingTimer(clock: ManualClock()))
        CallSite.$simulatedTest.withValue("OtherSuite/otherTest()") { recordLate() }
        #expect(await r10Issues { tester.assert { _ in } }.isEmpty)
        let theirs = await r10Issues {
            CallSite.$simulatedTest.withValue("OtherSuite/otherTest()") { LateUnseenWork.report() }
        }
        #expect(theirs.count == 1)
    }

    @Test("work that shows itself from outside while its step is still open is reported by that step, as come back in time")
    func inTimeNote() async {
        let site = CallSite(fileID: #fileID, filePath: #filePath, line: UInt(#line), column: 1)
        let held = Locked<CheckedContinuation<Void, Never>?>(nil)
        let parked = Gate()
        let scope = FollowedWork(FollowedStep("release of the parked task", at: site))
        let task = scope.run {  // its first job is the scope's: it runs on the main queue
            Task.detached {
                await withCheckedContinuation { continuation in
                    held.withLock { $0 = continuation }
                    parked.end(true)
                }
            }
        }
        scope.adopt(task)
        _ = await wait(within: SafetyNet.defaultLimit) { gate in parked.onEnd { gate.end(true) } }
        // Behind the job that parked it on the main queue: the task has finished suspending, so
        // the resumption below is a job of its own, enqueued from the thread.
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        let resumed = Gate()
        Thread {  // code running no task puts the followed task back on the global executor
            held.withLock { $0 }?.resume()
            resumed.end(true)
        }.start()
        _ = await wait(within: SafetyNet.defaultLimit) { gate in resumed.onEnd { gate.end(true) } }
        let issues = await r10Issues { _ = await scope.settle(within: SafetyNet.defaultLimit) }
        #expect(issues.count == 1)
        #expect(issues.first?.sourceLocation?.line == Int(site.line))
        #expect(issues.first.map { message(of: $0).contains("It came back in time on this run, but the step cannot know it will on the next.") } == true)
        await task.waitForCompletion()
    }

    /// A detour ticker whose tick parks on a continuation the test holds, after an advance.
    func parkedByTheTest() async -> (ReactorTester<DetourTicker>, SentWork, Locked<CheckedContinuation<Void, Never>?>) {
        let clock = ManualClock()
        let held = Locked<CheckedContinuation<Void, Never>?>(nil)
        let parked = Gate()
        let tester = ReactorTester(DetourTicker(clock: clock) { await parkThenAwaitSlowWork(held, parked) }, exhaustive: false)
        let work = await tester.send(.start)
        await clock.advance(by: .seconds(1))  // the tick's effect parks on a continuation the test holds
        _ = await wait(within: SafetyNet.defaultLimit) { gate in parked.onEnd { gate.end(true) } }
        return (tester, work, held)
    }

    @Test("a followed task the test resumes itself off the main queue, outside any step, is the test's to drive: not reported")
    func resumedByTheTestsOwnTask() async {
        let (tester, work, held) = await parkedByTheTest()
        await resumeFromTheTestsOwnTask(held)  // off the main queue, from the task that takes the test's steps
        let reports = await r10Issues {
            await work.cancel()
            await tester.finish()
        }
        #expect(reports.isEmpty)
    }

    @Test("a followed task the test resumes itself on the main queue, outside any step, is the test's to drive: not reported")
    func resumedByTheTestOnTheMainQueue() async {
        let (tester, work, held) = await parkedByTheTest()
        held.withLock { $0 }?.resume()  // from the test's own main-actor code
        let reports = await r10Issues {
            await work.cancel()
            await tester.finish()
        }
        #expect(reports.isEmpty)
    }
}

extension LateUnseenWorkTests {
    @Test("the test's own task, woken by an advance another task makes, is not that advance's work: its own completion handler later is not reported")
    nonisolated func testsOwnSleepIsNotFollowed() async {
        let clock = ManualClock()
        await clock.advance(by: .zero)  // a step: this task takes the test's steps
        let reports = await r10Issues {
            let advancer = Task {  // a task of this test: what its advance reports is this test's
                await clock.waitForSleepers(1)
                await clock.advance(by: .seconds(1))
            }
            try? await clock.sleep(for: .seconds(1))  // the test's own task sleeps; the advance wakes it
            // A completion handler on a global queue resumes the test's own task.
            await withCheckedContinuation { continuation in DispatchQueue.global().async { continuation.resume() } }
            await advancer.waitForCompletion()
            await clock.advance(by: .zero)  // the next step: it would report late unseen work
        }
        #expect(reports.isEmpty)
    }
}

/// Parks on a continuation the test resumes, then awaits detached work that ends on the global
/// executor a little later (as a service's would): its end resumes the parked task from code
/// running no task, as any awaited task's end does.
nonisolated func parkThenAwaitSlowWork(_ held: Locked<CheckedContinuation<Void, Never>?>, _ parked: Gate) async {
    await withCheckedContinuation { continuation in
        held.withLock { $0 = continuation }
        parked.end(true)
    }
    await Task.detached {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { continuation.resume() }
        }
    }.value
}

/// Resumes `held` from the calling task, on the global executor rather than the main queue.
nonisolated func resumeFromTheTestsOwnTask(_ held: Locked<CheckedContinuation<Void, Never>?>) async {
    held.withLock { $0 }?.resume()
}
