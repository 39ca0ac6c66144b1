import Foundation
import Testing
@testable import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

@MainActor
@Suite("ReactorTester: exhaustivity for a stretch, assert without an action, a send's work to cancel or finish")
struct TesterToolsTests {
    let clock = ManualClock()
    let noon = Date(timeIntervalSince1970: 43_200)

    private func stamper() -> FeatureReactor<Stamper> {
        withDependencies(.test {
            $0.clock = clock
            $0.uuid = .incrementing()
            $0.date = .constant(noon)
        }) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
    }

    @Test("exhaustive off for a stretch: states go unasserted; back on, the checks apply again from that point")
    func exhaustivityForAStretch() async {
        let tester = ReactorTester(stamper())
        tester.exhaustive = false
        await tester.send(.stamp)
        await tester.send(.tickLater)
        await clock.advance(by: .seconds(1))  // a tick nobody receives
        tester.exhaustive = true
        #expect(tester.state.stamps == ["00 at 43200"] && tester.state.ticks == 1, "the checks start from the state as it is")
        await tester.send(.stamp) { $0.stamps.append("01 at 43200") }
        await withKnownIssue {
            await tester.send(.stamp)  // exhaustive again: a change the test did not state fails
        }
    }

    @Test("exhaustive, turned back on, fails a state published and not received before the next send")
    func exhaustiveAgainCountsNewStates() async {
        let tester = ReactorTester(stamper())
        tester.exhaustive = false
        tester.exhaustive = true
        await tester.send(.tickLater)
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await tester.send(.stamp) { $0.stamps = ["00 at 43200"] }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("1 published state was not asserted before send(stamp)")
        }
    }

    @Test("assert checks the state without an action: a shared value written by another screen")
    func assertWithoutAnAction() async {
        let count = Shared(0)
        let other = SavedCount(count: count)
        let tester = ReactorTester(SavedCount(count: count))
        other.send(.set(3))
        await tester.receive { $0.count.value = 3 }
        other.send(.set(4))
        tester.exhaustive = false
        tester.assert { $0.count.value = 4 }
        tester.exhaustive = true
        withKnownIssue {
            tester.assert { $0.count.value = 5 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("State after assert is not as expected")
        }
    }

    @Test("a send's work, cancelled as a view going away: it ends at once and delivers nothing more")
    func cancelTheWork() async {
        let tester = ReactorTester(stamper())
        let work = await tester.send(.tickLater)
        #expect(clock.sleeperCount == 1)
        await work.cancel()
        #expect(!tester.reactor.hasRunningWork)
        #expect(clock.sleeperCount == 0)
        await clock.advance(by: .seconds(1))
        await tester.finish()
    }

    @Test("a send's work is that action's alone: cancelling it leaves the work of an earlier send running")
    func workOfOneSend() async {
        let tester = ReactorTester(stamper())
        let ticks = await tester.send(.tickLater)
        let stamp = await tester.send(.stamp) { $0.stamps = ["00 at 43200"] }
        await stamp.cancel()
        #expect(tester.reactor.hasRunningWork, "the tick's work was not the stamp's to cancel")
        await ticks.cancel()
        #expect(!tester.reactor.hasRunningWork)
    }

    @Test("a send's work, finished: returns once it has ended on its own")
    func finishTheWork() async {
        let tester = ReactorTester(stamper())
        let work = await tester.send(.tickLater)
        let released = Task { await clock.advance(by: .seconds(1)) }
        await work.finish()
        await released.waitForCompletion()
        await tester.receive(.tick) { $0.ticks = 1 }
        let none = await tester.send(.stamp) { $0.stamps = ["00 at 43200"] }
        await none.finish()  // no work: returns at once
        await none.cancel()
    }

    @Test("a send's work that never ends fails finish at its line after the tester's time limit")
    func finishNeverEnds() async {
        let tester = ReactorTester(stamper(), timeLimit: .milliseconds(50))
        let work = await tester.send(.tickLater)
        await clock.advance(by: .milliseconds(500))  // an advance that came and went: none is under way now
        let limitsPassed = Locked<[Int]>([])
        await withKnownIssue {
            await FollowedWork.$limitPassed.withValue({ round in limitsPassed.withLock { $0.append(round) } }) {
                await work.finish()
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("finish: the work tickLater started had not ended after")
        }
        #expect(limitsPassed.withLock { $0 } == [0], "one limit: no advance of the test is under way to wait for")
        await clock.advance(by: .seconds(1))  // the work ends on its own
        await tester.receive(.tick) { $0.ticks = 1 }
    }
}
