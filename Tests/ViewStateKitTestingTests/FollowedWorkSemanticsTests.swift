import Foundation
import Testing
import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

/// Nonisolated code that takes for granted it runs on the main actor: right on the main actor,
/// a trap anywhere else, in the app and under the test engine alike.
nonisolated func assumesTheMainActor() -> Bool {
    MainActor.assumeIsolated { true }
}

/// A reactor whose effect calls nonisolated code that assumes the main actor.
@MainActor
final class AssumingReactor: Reactor<AssumingReactor.Action, AssumingReactor.Mutation, Bool> {
    enum Action { case start }
    enum Mutation: Equatable, Sendable { case assumed(Bool) }

    init() {
        super.init(initialState: false)
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        .run { send in
            let assumed = await Task.detached { assumesTheMainActor() }.value
            await send(.assumed(assumed))
        }
    }

    override func reduce(state: Bool, mutation: Mutation) -> Bool {
        switch mutation {
        case .assumed(let assumed): assumed
        }
    }
}

@MainActor
@Suite("Followed nonisolated work runs off the main queue: main-queue checks and waits behave as in the app")
struct FollowedWorkSemanticsTests {
    /// Sleeps a second on `clock`, then runs `body` in a detached task (nonisolated, as a
    /// service's code is) and keeps what it returned.
    func sleepThenRun<T: Sendable>(on clock: ManualClock, _ body: @escaping @Sendable () -> T) -> (Task<Void, Never>, Locked<T?>) {
        let result = Locked<T?>(nil)
        let work = Task.detached {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            let value = await Task.detached { body() }.value
            result.withLock { $0 = value }
        }
        return (work, result)
    }

    @Test("followed nonisolated work runs off the main queue, on the engine's lane, as it runs off the main thread in the app")
    func nonisolatedWorkIsOffTheMainQueue() async {
        let clock = ManualClock()
        let (work, result) = sleepThenRun(on: clock) {
            [DispatchQueue.getSpecific(key: BracketTests.mainQueueKey) == true,
             DispatchQueue.getSpecific(key: FollowedWork.laneKey) == true]
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        #expect(result.withLock { $0 } == [false, true])
        await work.waitForCompletion()
    }

    @Test("R10: main-actor work an advance woke may assume the main actor, and nothing is reported")
    func mainActorWorkMayAssumeIt() async {
        let clock = ManualClock()
        let assumed = Locked<Bool?>(nil)
        let work = Task { @MainActor in
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            assumed.withLock { $0 = MainActor.assumeIsolated { true } }
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        #expect(assumed.withLock { $0 } == true)
        await work.waitForCompletion()
    }

    // Exit tests run the test in a child process: macOS and Linux (not iOS, tvOS, watchOS).
    #if os(macOS) || os(Linux)
    /// Sleeps a second on a clock, then runs `body` in a detached task, and advances the clock:
    /// `body` runs as followed nonisolated work (an exit test's body captures nothing).
    static func runFollowed(_ body: @escaping @Sendable () -> Void) async {
        let clock = ManualClock()
        let work = Task.detached {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            await Task.detached { body() }.value
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        await work.waitForCompletion()
    }

    @Test("a DispatchQueue.main.sync in followed nonisolated work waits for the main queue and goes on, as in the app, and the advance drives what follows")
    func mainQueueSyncWaitsAsInTheApp() async {
        // In a process of its own: while the job waits past its turn's hold, the main queue is not
        // kept for followed work, which would let other tests' main-actor work mix with theirs.
        await #expect(processExitsWith: .success) {
            let clock = ManualClock()
            let log = Locked<[String]>([])
            let work = Task.detached {
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                await Task.detached {
                    DispatchQueue.main.sync {
                        log.withLock { $0.append("on the main queue: \(DispatchQueue.getSpecific(key: BracketTests.mainQueueKey) == true)") }
                    }
                }.value
                log.withLock { $0.append("after the sync") }
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                log.withLock { $0.append("tick at \(clock.now.offset)") }
            }
            await clock.waitForSleepers(1)
            await clock.advance(by: .seconds(2))
            #expect(log.withLock { $0 } == ["on the main queue: true", "after the sync", "tick at 2.0 seconds"])
            await work.waitForCompletion()
            // The sync's turn let the main queue go; once that job ended, turns hold it again. (On a
            // loaded machine another job's turn may outlast its hold too: at least one, then.)
            #expect(FollowedWork.laneHolds.withLock { $0.releasedEarly } >= 1)
            #expect(FollowedWork.laneHolds.withLock { $0.waitingPastHold } == nil)
        }
    }

    @Test("MainActor.assumeIsolated in followed nonisolated work traps, as in the app")
    func assumeIsolatedTrapsAsInTheApp() async {
        await #expect(processExitsWith: .failure) {
            await FollowedWorkSemanticsTests.runFollowed { _ = assumesTheMainActor() }
        }
    }

    @Test("an effect whose nonisolated code assumes the main actor traps, as in the app")
    func assumeIsolatedInAnEffectTraps() async {
        await #expect(processExitsWith: .failure) {
            let tester = await ReactorTester(AssumingReactor(), exhaustive: false)
            await tester.send(.start)
        }
    }

    @Test("a main-queue precondition in followed nonisolated work traps, as in the app")
    func mainQueuePreconditionTrapsAsInTheApp() async {
        await #expect(processExitsWith: .failure) {
            await FollowedWorkSemanticsTests.runFollowed { dispatchPrecondition(condition: .onQueue(.main)) }
        }
    }

    @Test("any other trap in followed work ends the process as in the app")
    func otherTrapsEndTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await FollowedWorkSemanticsTests.runFollowed {
                let nothing: Int? = Int("not a number")
                _ = nothing!
            }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Unexpectedly found nil"))
    }
    #endif

    @Test("the jobs a followed job enqueues for the same work run next in its turn, before main-queue work it queued, the same in 100 runs")
    func followUpsRunInTheTurn() async {
        var orders: Set<[String]> = []
        await Repetitions.run(100) {
            let clock = ManualClock()
            let log = Locked<[String]>([])
            let service = CountingService()
            let work = Task.detached {
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                Task { @MainActor in log.withLock { $0.append("main actor") } }
                _ = await service.next()  // to a default actor and back: two jobs of the same work
                log.withLock { $0.append("back from the actor") }
            }
            await clock.waitForSleepers(1)
            await clock.advance(by: .seconds(1))
            await work.waitForCompletion()
            orders.insert(log.withLock { $0 })
            return orders == [["back from the actor", "main actor"]]  // failed: one report is enough
        }
        #expect(orders == [["back from the actor", "main actor"]])
    }
}

/// Brackets: the main-actor and main-queue work a followed job posts is followed; what lands
/// beside it from elsewhere is not.
@MainActor
@Suite("A step follows the main-queue work its own jobs post, and nothing that lands beside it")
struct BracketTests {
    /// Marks the main queue, so a test can tell where work runs (followed nonisolated work runs
    /// on the engine's lane, marked by `FollowedWork.laneKey`).
    nonisolated static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    @Test("a task made in a main-queue completion handler of followed work is followed: it runs on the engine's lane, and one advance drives its sleep too")
    func taskMadeOnTheMainQueueIsFollowed() async {
        let key = FollowedWork.laneKey
        let clock = ManualClock()
        let log = Locked<[String]>([])
        let work = Task.detached {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            await withCheckedContinuation { continuation in
                DispatchQueue.main.async {  // a completion handler delivered on the main queue
                    Task.detached {
                        log.withLock { $0.append("followed: \(DispatchQueue.getSpecific(key: key) == true)") }
                        guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                        log.withLock { $0.append("tick at \(clock.now.offset)") }
                    }
                    continuation.resume()
                }
            }
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(2))
        #expect(log.withLock { $0 } == ["followed: true", "tick at 2.0 seconds"])
        await work.waitForCompletion()
    }

    @Test("an older task resumed by a main-queue block that lands beside a followed job is not that step's work: it runs off the engine's lane")
    func olderTaskBesideTheTurnIsNotFollowed() async {
        let key = FollowedWork.laneKey
        let held = Locked<CheckedContinuation<Void, Never>?>(nil)
        let parked = Gate()
        let log = Locked<[String]>([])
        let older = Task.detached {  // made before the step, waiting for nothing the step does
            await withCheckedContinuation { continuation in
                held.withLock { $0 = continuation }
                parked.end(true)
            }
            log.withLock { $0.append("followed: \(DispatchQueue.getSpecific(key: key) == true)") }
        }
        _ = await wait(within: SafetyNet.defaultLimit) { gate in parked.onEnd { gate.end(true) } }
        let clock = ManualClock()
        let work = Task.detached {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            // From another thread while this job holds the main queue: the block lands in its bracket.
            DispatchQueue.global().sync {
                DispatchQueue.main.async { held.withLock { $0 }?.resume() }
            }
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        await work.waitForCompletion()
        await older.waitForCompletion()
        #expect(log.withLock { $0 } == ["followed: false"])
    }
}

extension BracketTests {
    @Test("a task that main-actor work of another test starts, landing beside a followed job, is not this step's work: it runs off the engine's lane")
    func anotherTestsMainActorWorkBesideTheTurnIsNotFollowed() async {
        let key = FollowedWork.laneKey
        let clock = ManualClock()
        let log = Locked<[String]>([])
        let started = Gate()
        let work = Task.detached {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            // From another thread while this job holds the main queue: main-actor work of
            // another test lands in the job's bracket, and starts a task of its own.
            DispatchQueue.global().sync {
                CallSite.$simulatedTest.withValue("another test") {
                    _ = Task { @MainActor in
                        Task.detached {
                            log.withLock { $0.append("followed: \(DispatchQueue.getSpecific(key: key) == true)") }
                            started.end(true)
                        }
                    }
                }
            }
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        await work.waitForCompletion()
        _ = await wait(within: SafetyNet.defaultLimit) { gate in started.onEnd { gate.end(true) } }
        #expect(log.withLock { $0 } == ["followed: false"])
    }
}

@Suite("Which turns hold the main queue: all, except while a job whose hold ended first still runs")
struct LaneHoldsTests {
    @Test("turns are numbered in order, and each holds the main queue")
    func everyTurnHolds() {
        var holds = LaneHolds()
        #expect(holds.begin() == (0, true))
        holds.jobEnded(0)
        #expect(holds.begin() == (1, true))
        #expect(holds.begin() == (2, true))  // begun before the one before it ended: the lane runs them in order
    }

    @Test("after a hold ends before its job, later turns hold nothing until that job ends; then they hold again")
    func aJobWaitingPastItsHold() {
        var holds = LaneHolds()
        _ = holds.begin()
        holds.holdEnded(0)
        #expect(holds.waitingPastHold == 0)
        #expect(holds.releasedEarly == 1)
        #expect(holds.begin() == (1, false))
        holds.jobEnded(1)  // another turn's job ending changes nothing
        #expect(holds.waitingPastHold == 0)
        #expect(holds.begin() == (2, false))
        holds.jobEnded(0)
        #expect(holds.waitingPastHold == nil)
        #expect(holds.begin() == (3, true))
        #expect(holds.releasedEarly == 1)
    }

    @Test("a hold that ends once its job has ended (the wait's time-out racing the job's end) changes nothing")
    func aHoldEndingAfterItsJob() {
        var holds = LaneHolds()
        _ = holds.begin()
        holds.jobEnded(0)
        holds.holdEnded(0)
        #expect(holds.waitingPastHold == nil)
        #expect(holds.releasedEarly == 0)
        #expect(holds.begin() == (1, true))
    }
}
