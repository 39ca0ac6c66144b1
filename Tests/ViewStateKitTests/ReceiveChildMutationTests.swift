import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// The text of a test failure's comments.
private func text(of issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// N2 as a test sees it: a child's mutation is carried to the child with its place, and
/// received by its type and that place — never wrapped in a case of the parent's.
@MainActor
@Suite("Receiving a child's mutation by its place")
struct ReceiveChildMutationTests {
    @Test("receive(_:at:) fails when the mutation came from another place, naming both, place first")
    func anotherPlaceFails() async {
        let clock = ManualClock()
        let tester = ReactorTester(TwoTickers(clock: clock))
        await tester.send(.left(.start))
        await tester.send(.right(.start))
        await clock.advance(by: .seconds(1))
        let line = #line + 2
        await withKnownIssue {
            await tester.receive(Ticker.Mutation.tick, at: \.right) { $0.left.ticks = 1 }
        } matching: { issue in
            issue.sourceLocation?.line == line && text(of: issue) == """
                receive(\\State.right › .tick): the next state came from a different mutation (expected → actual):
                  mutation: \\State.right › .tick → \\State.left › .tick
                """
        }
        await withKnownIssue("a place without ids has no child with id 3") {
            await tester.receive(Ticker.Mutation.tick, at: \.right, id: 3) { $0.right.ticks = 1 }
        }
        await tester.send(.left(.stop))
        await tester.send(.right(.stop))
        await tester.finish()
    }

    @Test("receive(_:at:id:) fails when the mutation came from another row of the same place")
    func anotherRowFails() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock))
        await tester.send(.add(1)) { $0.rows = [Ticker.State(id: 1)] }
        await tester.send(.add(2)) { $0.rows.append(Ticker.State(id: 2)) }
        await tester.send(.row(1, .start))
        await tester.send(.row(2, .start))
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 2) { $0.rows[0].ticks = 1 }
        } matching: { issue in
            text(of: issue).hasSuffix("mutation: \\State.rows[2] › .tick → \\State.rows[1] › .tick")
        }
        await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 2) { $0.rows[1].ticks = 1 }
        await tester.send(.removeAll) { $0.rows = [] }
        await tester.finish()
    }

    @Test("receive(_:at:id:) checks the payload: the same place with another value fails")
    func anotherPayloadFails() async {
        let clock = ManualClock()
        let tester = ReactorTester(Playlist(clock: clock))
        await tester.send(.row(2, .play)) { $0.rows[1].isPlaying = true }
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await tester.receive(PlayerRow.Mutation.playing(true), at: \.rows, id: 2) { $0.rows[1].isPlaying = false }
        } matching: { issue in
            text(of: issue).hasSuffix("mutation: \\State.rows[2] › .playing(true) → \\State.rows[2] › .playing(false)")
        }
        await tester.receive(.log("row 2: finished")) { $0.log = ["row 2: finished"] }
    }

    @Test("a parent's own mutation is not a child's, and a child's is not its parent's")
    func ownAndChildMutationsAreApart() async {
        let clock = ManualClock()
        let tester = ReactorTester(Playlist(clock: clock))
        await tester.send(.row(2, .play)) { $0.rows[1].isPlaying = true }
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await tester.receive(.log("row 2: finished")) { $0.rows[1].isPlaying = false }
        } matching: { issue in
            text(of: issue).hasSuffix("mutation: .log(\"row 2: finished\") → \\State.rows[2] › .playing(false)")
        }
        await withKnownIssue {
            await tester.receive(PlayerRow.Mutation.playing(false), at: \.rows, id: 2) { $0.log = ["row 2: finished"] }
        } matching: { issue in
            text(of: issue).hasSuffix("mutation: \\State.rows[2] › .playing(false) → .log(\"row 2: finished\")")
        }
    }

    @Test("receive(dismissalAt:) takes a child's dismissal from its work, and nothing else")
    func dismissalFromWork() async {
        let tester = ReactorTester(TickerBoard(clock: ManualClock()))
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.presented(.tickTwice)))
        await withKnownIssue {
            await tester.receive(dismissalAt: \.ticker) { $0.ticker?.ticks = 1 }
        } matching: { issue in
            text(of: issue).hasSuffix("mutation: \\State.ticker dismissed → \\State.ticker › .tick")
        }
        await tester.receive(Ticker.Mutation.tick, at: \.ticker) { $0.ticker?.ticks = 2 }
        await tester.send(.open) { $0.ticker = Ticker.State() }
        await tester.send(.ticker(.presented(.startThenDismiss))) { $0.ticker = nil }
        #expect(!tester.reactor.hasRunningWork, "work a child starts after it was dismissed never starts (N4)")
        await tester.finish()
    }

    @Test("a child's mutation is not another type's at the same place, nor a dismissal there")
    func anotherTypeOrADismissalFails() async {
        let clock = ManualClock()
        let stack = ReactorTester(StackApp(clock: clock))
        await stack.send(.pushTicker) { $0.path.push(.ticker(Ticker.State())) }
        await stack.send(.path(.screen(id: 0, action: .ticker(.start))))
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await stack.receive(Counter.Action.increment, at: \.path, id: 0) {
                $0.path[id: 0, case: AppPath.State.ticker]?.ticks = 1
            }
        } matching: { issue in
            text(of: issue).hasSuffix("mutation: \\State.path[0] › .increment → \\State.path[#0] › .ticker › .tick")
        }
        await stack.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        await stack.finish()

        let playlist = ReactorTester(Playlist(clock: clock))
        await playlist.send(.openSheet) { $0.sheet = PlayerRow.State(id: 9) }
        await playlist.send(.sheet(.presented(.closeWhenDone)))
        await clock.advance(by: .seconds(1))
        await withKnownIssue {
            await playlist.receive(PlayerRow.Mutation.playing(false), at: \.sheet) { $0.sheet = nil }
        } matching: { issue in
            text(of: issue).hasSuffix("mutation: \\State.sheet › .playing(false) → \\State.sheet dismissed")
        }
    }

    @Test("N7: a grandchild's mutation that starts no work leaves nothing in the work index")
    func immediateMutationsLeaveNoPresence() {
        let reactor = FeatureReactor(BoxScreen(), initialState: .init())
        reactor.send(.box(.counter(.increment)))
        #expect(reactor.currentState.box.counter.count == 1)
        #expect(reactor.childPresence.isEmpty && reactor.workUnder.isEmpty)
    }

    @Test("not exhaustive: receive(_:at:id:) skips the states of other places until its own")
    func notExhaustiveSkipsOtherPlaces() async {
        let clock = ManualClock()
        let tester = ReactorTester(TickerBoard(clock: clock), exhaustive: false)
        await tester.send(.add(1))
        await tester.send(.add(2))
        await tester.send(.row(1, .start))
        await tester.send(.row(2, .start))
        await clock.advance(by: .seconds(1))
        await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 2) { $0.rows[1].ticks = 1 }
        #expect(tester.state.rows.map(\.ticks) == [1, 1], "row 1's tick was skipped, and is in the state")
        await tester.send(.removeAll)
        await tester.finish()
    }
}
