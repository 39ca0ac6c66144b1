import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// A player row whose work ends in a result for its parent: it plays for a second on the
/// clock, then hands the parent `.delegate(.finished)` (or `.failed`); or it closes itself
/// when its second is up.
struct PlayerRow: Feature {
    struct State: Equatable, Identifiable {
        var id: Int
        var isPlaying = false
        var seconds = 0
    }
    enum Action: Equatable, Sendable {
        case play, playAndFail, playIgnoringCancellation, closeWhenDone, sendAnInt, delegate(Delegate)
        case stop, playWithProgress, ended, playBroken
    }
    enum Delegate: Equatable, Sendable { case finished, failed }
    enum Mutation: Equatable, Sendable { case playing(Bool), second }
    let clock: ManualClock

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .play, .playAndFail:  // in the row, a Feature
            .merge(.mutation(.playing(true)), .run(id: "play", sending: Action.self) { [clock] send in
                try await clock.sleep(for: .seconds(1))
                await send(.playing(false))
                await send(action: .delegate(action == .play ? .finished : .failed))
            })
        case .playIgnoringCancellation:  // sends its result even when its row has gone
            .run(id: "play", sending: Action.self) { [clock] send in
                try? await clock.sleep(for: .seconds(1))
                await send(action: .delegate(.finished))
                await send.dismiss()
            }
        case .closeWhenDone:  // `Send.dismiss()` is the meetings sample's; this is `ActionSend`'s
            .run(id: "close", sending: Action.self) { [clock] send in
                try await clock.sleep(for: .seconds(1))
                await send.dismiss()
            }
        case .sendAnInt:  // `sending:` names another type than the row's actions
            .run(sending: Int.self) { send in await send(action: 5) }
        case .stop:
            .merge(.cancel(id: "play"), .mutation(.playing(false)))
        case .playWithProgress:  // a clip of 1.5 s, and a timer counting its seconds
            .merge(
                .mutation(.playing(true)),
                .run(id: "play", sending: Action.self) { [clock] send in
                    try await clock.sleep(for: .milliseconds(1_500))
                    await send(action: .ended)
                },
                .run(id: "progress") { [clock] send in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        await send(.second)
                    }
                })
        case .playBroken:  // the player throws; `catch:` hands the parent the failure
            .run(sending: Action.self) { _ in
                throw BrokenPlayer()
            } catch: { _, send in
                await send(.playing(false))
                await send(action: .delegate(.failed))
            }
        case .ended:  // the clip's result stops its timer: one line
            .merge(.mutation(.playing(false)), .cancel(id: "progress"))
        case .delegate:
            .none
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .playing(let isPlaying): state.isPlaying = isPlaying
        case .second: state.seconds += 1
        }
    }
}

/// `Effect.run(id:sending:_:catch:)`'s doc example, compiled: a clip that tells its parent
/// when it cannot play.
struct ClipRow: Feature {
    struct State: Equatable {}
    enum Action: Sendable { case play, delegate(Delegate) }
    enum Delegate: Sendable { case playbackFailed }
    enum Mutation: Sendable { case finished }
    struct Player: Sendable {
        func play(_ url: String) async throws { throw BrokenPlayer() }
    }
    let player = Player()
    let url = "clip.m4a"

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .play:
            .run(id: "play", sending: Action.self) { [player, url] send in
                do {
                    try await player.play(url)
                    await send(.finished)                            // a mutation, reduced here
                } catch {
                    await send(action: .delegate(.playbackFailed))  // an action, for the parent
                }
            }
        case .delegate:
            .none
        }
    }
}

/// What a player that cannot play throws.
struct BrokenPlayer: Error {}

/// A list of player rows and a player sheet: the parent reacts to what their work hands it.
@MainActor
final class Playlist: Reactor<Playlist.Action, Playlist.Mutation, Playlist.State> {
    struct State: Equatable {
        var rows: [PlayerRow.State] = [PlayerRow.State(id: 1), PlayerRow.State(id: 2)]
        var sheet: PlayerRow.State?
        var log: [String] = []
    }
    enum Action: Equatable, Sendable {
        case openSheet, removeRow(Int), row(Int, PlayerRow.Action), sheet(PresentationAction<PlayerRow.Action>)
        /// The list's own work tells rows to stop, by their place, after half a second.
        case stopLater([Int])
    }
    enum Mutation: Equatable, Sendable {
        case openSheet, removeRow(Int), log(String)
    }
    let clock: ManualClock

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: State())
    }

    override var children: [ChildPlace<State, Action, Mutation>] {
        [.rows(PlayerRow(clock: clock), state: \.rows, action: Action.row),
         .presented(PlayerRow(clock: clock), state: \.sheet, action: Action.sheet)]
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .openSheet: .mutation(.openSheet)
        case .removeRow(let id): .mutation(.removeRow(id))
        case .stopLater(let ids):
            .run(sending: Action.self) { [clock] send in
                try await clock.sleep(for: .milliseconds(500))
                for id in ids { await send(action: .row(id, .stop)) }
            }
        case .row(let id, .delegate(let result)): .mutation(.log("row \(id): \(result)"))  // in the list's mutate
        case .sheet(.presented(.delegate(let result))): .mutation(.log("sheet: \(result)"))
        case .row, .sheet: .none
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .openSheet: state.sheet = PlayerRow.State(id: 9)
        case .removeRow(let id): state.rows.removeAll { $0.id == id }
        case .log(let line): state.log.append(line)
        }
    }
}

@MainActor
@Suite("Features that talk back: a child's work hands its parent a result, or dismisses the child")
struct TalkBackTests {
    @Test("N8: a row's work sends its own action; the row's mutate, then the parent's, see it, as a view's action")
    func rowHandsItsParentAResult() async {
        let clock = ManualClock()
        let tester = ReactorTester(Playlist(clock: clock))
        await tester.send(.row(2, .play)) { $0.rows[1].isPlaying = true }
        await tester.send(.row(1, .playAndFail)) { $0.rows[0].isPlaying = true }
        await clock.advance(by: .seconds(1))
        await tester.receive(PlayerRow.Mutation.playing(false), at: \.rows, id: 2) { $0.rows[1].isPlaying = false }
        await tester.receive(.log("row 2: finished")) { $0.log = ["row 2: finished"] }
        await tester.receive(PlayerRow.Mutation.playing(false), at: \.rows, id: 1) { $0.rows[0].isPlaying = false }
        await tester.receive(.log("row 1: failed")) { $0.log = ["row 2: finished", "row 1: failed"] }
        #expect(tester.actionsFromWork == [.row(2, .delegate(.finished)), .row(1, .delegate(.failed))])
    }

    @Test("N8: work whose catch: sends an action hands the parent the failure its work threw")
    func catchHandsItsParentTheFailure() async {
        let tester = ReactorTester(Playlist(clock: ManualClock()))
        await tester.send(.row(1, .playBroken))
        await tester.receive(PlayerRow.Mutation.playing(false), at: \.rows, id: 1)
        await tester.receive(.log("row 1: failed")) { $0.log = ["row 1: failed"] }
        #expect(tester.actionsFromWork == [.row(1, .delegate(.failed))])
    }

    @Test("N8: a presented child's work hands its parent a result through the presentation's case")
    func sheetHandsItsParentAResult() async {
        let clock = ManualClock()
        let tester = ReactorTester(Playlist(clock: clock))
        await tester.send(.openSheet) { $0.sheet = PlayerRow.State(id: 9) }
        await tester.send(.sheet(.presented(.play))) { $0.sheet?.isPlaying = true }
        await clock.advance(by: .seconds(1))
        await tester.receive(PlayerRow.Mutation.playing(false), at: \.sheet) { $0.sheet?.isPlaying = false }
        await tester.receive(.log("sheet: finished")) { $0.log = ["sheet: finished"] }
    }

    @Test("N8: a child's work result stops its other work in one line: the clip's end cancels its timer")
    func resultCancelsOtherWork() async {
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(PlayerRow(clock: clock), initialState: PlayerRow.State(id: 1)))
        await tester.send(.playWithProgress) { $0.isPlaying = true }
        await clock.advance(by: .seconds(3))
        await tester.receive(.second) { $0.seconds = 1 }
        await tester.receive(.playing(false)) { $0.isPlaying = false }
        #expect(!tester.reactor.hasRunningWork, "the timer stopped with the clip")
        #expect(tester.actionsFromWork == [.ended])
    }

    @Test("N8: a parent's work acts on its rows by their place: each row's stop cancels its work")
    func parentActsOnItsRows() async {
        let clock = ManualClock()
        let tester = ReactorTester(Playlist(clock: clock))
        await tester.send(.row(1, .play)) { $0.rows[0].isPlaying = true }
        await tester.send(.row(2, .play)) { $0.rows[1].isPlaying = true }
        await tester.send(.stopLater([2, 1]))
        #expect(clock.sleeperCount == 3)
        await clock.advance(by: .milliseconds(500))
        await tester.receive(PlayerRow.Mutation.playing(false), at: \.rows, id: 2) { $0.rows[1].isPlaying = false }
        await tester.receive(PlayerRow.Mutation.playing(false), at: \.rows, id: 1) { $0.rows[0].isPlaying = false }
        #expect(!tester.reactor.hasRunningWork, "both plays were cancelled before their second was up")
        #expect(tester.actionsFromWork == [.row(2, .stop), .row(1, .stop)])
    }

    #if DEBUG
    @Test("N5, N8: a parent's work sending an action to a row that is gone changes nothing and warns, naming the place")
    func parentActsOnAGoneRow() async {
        let clock = ManualClock()
        let tester = ReactorTester(Playlist(clock: clock))
        nonisolated(unsafe) var warnings: [String] = []
        await DebugWarning.$sink.withValue({ warnings.append($0) }) {
            await tester.send(.stopLater([7]))
            await clock.advance(by: .milliseconds(500))
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("was sent to \\State.rows[7], which is not there") == true)
        #expect(tester.actionsFromWork == [.row(7, .stop)])
    }
    #endif

    @Test("N6: work that ends in send.dismiss() dismisses its sheet, and its work ends with it")
    func workDismissesItsSheet() async {
        let clock = ManualClock()
        let tester = ReactorTester(Playlist(clock: clock))
        await tester.send(.openSheet) { $0.sheet = PlayerRow.State(id: 9) }
        await tester.send(.sheet(.presented(.closeWhenDone)))
        await clock.advance(by: .seconds(1))
        await tester.receive(dismissalAt: \.sheet) { $0.sheet = nil }
        #expect(!tester.reactor.hasRunningWork)
        #expect(!tester.isDismissed, "the sheet was dismissed, not the reactor")
    }

    @Test("N8: a row removed while its work sleeps: the result and the dismissal its cancelled work still sends are dropped quietly")
    func resultOfRemovedRowIsDropped() async {
        let clock = ManualClock()
        let tester = ReactorTester(Playlist(clock: clock))
        nonisolated(unsafe) var warnings: [String] = []
        await DebugWarning.$sink.withValue({ warnings.append($0) }) {
            await tester.send(.row(1, .playIgnoringCancellation))
            await tester.send(.removeRow(1)) { $0.rows.removeFirst() }
            await tester.finish()
        }
        #expect(tester.actionsFromWork.isEmpty)
        #expect(warnings.isEmpty)
    }

    @Test("A feature tested alone says what its work handed its parent, and that it dismissed itself")
    func featureTestedAlone() async {
        let clock = ManualClock()
        let tester = ReactorTester(FeatureReactor(PlayerRow(clock: clock), initialState: PlayerRow.State(id: 1)))
        await tester.send(.play) { $0.isPlaying = true }
        await clock.advance(by: .seconds(1))
        await tester.receive(.playing(false)) { $0.isPlaying = false }
        #expect(tester.actionsFromWork == [.delegate(.finished)])
        #expect(!tester.isDismissed)
        await tester.send(.closeWhenDone)
        await clock.advance(by: .seconds(1))
        #expect(tester.isDismissed)
        #expect(!tester.reactor.hasRunningWork)
        await withKnownIssue {
            await tester.send(.play)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("send(play): the reactor has dismissed itself")
        }
    }

    @Test("N6: a reactor's own dismissal cancels its work and calls onDismiss, once")
    func reactorDismissesItself() async {
        let clock = ManualClock()
        let reactor = FeatureReactor(PlayerRow(clock: clock), initialState: PlayerRow.State(id: 1))
        var dismissals = 0
        reactor.onDismiss = { dismissals += 1 }
        // One sleeper wakes per advance: work woken together outside a tester's step runs on the
        // global executor, in no promised order (under load the play's result came first).
        reactor.send(.closeWhenDone)  // wakes at 1 s
        await clock.waitForSleepers(1)
        await clock.advance(by: .milliseconds(500))
        reactor.send(.play)  // would end at 1.5 s
        await clock.waitForSleepers(2)
        await clock.advance(by: .milliseconds(500))
        #expect(dismissals == 1)
        #expect(reactor.isDismissed)
        #expect(!reactor.hasRunningWork, "the play was cancelled with it")
        await clock.advance(by: .seconds(1))
        #expect(reactor.currentState.isPlaying, "its result never came")
        #expect(dismissals == 1, "once")
    }

    #if DEBUG
    @Test("N8: an action of another type than the feature's, sent from its work, is dropped with a warning naming both")
    func actionOfAnotherType() async {
        let tester = ReactorTester(Playlist(clock: ManualClock()))
        nonisolated(unsafe) var warnings: [String] = []
        await DebugWarning.$sink.withValue({ warnings.append($0) }) {
            await tester.send(.row(1, .sendAnInt))
        }
        #expect(warnings == ["""
            ViewStateKit warning: work of PlayerRow sent the action 5, of type Int, which is not a PlayerRow.Action, \
            so it was dropped. Pass the feature's own Action type as `sending:`.
            """])
        #expect(tester.actionsFromWork.isEmpty)
    }

    @Test("N8: at the reactor itself, an action of another type from its work is dropped with a warning")
    func rootActionOfAnotherType() async {
        let reactor = FeatureReactor(PlayerRow(clock: ManualClock()), initialState: PlayerRow.State(id: 1))
        nonisolated(unsafe) var warnings: [String] = []
        await DebugWarning.$sink.withValue({ warnings.append($0) }) {
            reactor.send(.sendAnInt)
            await reactor.waitUntilIdle()
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("ViewStateKit warning: work of FeatureReactor<PlayerRow> sent the action 5, of type Int") == true)
    }
    #endif
}
