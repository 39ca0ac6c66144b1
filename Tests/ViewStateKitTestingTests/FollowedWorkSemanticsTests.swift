import Foundation
import Testing
import ViewStateKit
@testable import ViewStateKitTesting
import ViewStateKitSupport

/// Nonisolated code that takes for granted it runs on the main actor: right on the main actor,
/// a trap anywhere else in the app.
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
@Suite("R10: followed work is not on the main actor, and a step says so when the work assumes it is")
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

    /// Advances `clock` a second and expects that advance, at its own line, to fail saying `text`.
    func expectAdvanceFails(_ clock: ManualClock, saying text: String) async {
        let line = #line + 2
        await withKnownIssue {
            await clock.advance(by: .seconds(1))
        } matching: { issue in
            issue.sourceLocation?.line == line && message(of: issue) == "advance to 1.0 seconds: " + text
        }
    }

    @Test("R10: MainActor.assumeIsolated in nonisolated work an advance woke fails the advance, naming the check; the work goes on")
    func assumeIsolatedAfterAnAdvance() async {
        let clock = ManualClock()
        let (work, result) = sleepThenRun(on: clock) { assumesTheMainActor() }
        await clock.waitForSleepers(1)
        await expectAdvanceFails(clock, saying: "work it followed that is not on the main actor checked that it was "
            + "(MainActor.assumeIsolated, preconditionIsolated, or a @MainActor closure called synchronously from it). "
            + "The check passed only because the test engine runs followed work on the main queue; in the app it traps. "
            + "Reach the main actor with `await MainActor.run { … }`, or make the code that checks @MainActor.")
        #expect(result.withLock { $0 } == true)  // the check passed, so the work ran to its end
        await work.waitForCompletion()
    }

    @Test("R10: an effect whose nonisolated code assumes the main actor fails the send that started it")
    func assumeIsolatedInAnEffect() async {
        let tester = ReactorTester(AssumingReactor(), exhaustive: false)
        let line = #line + 2
        await withKnownIssue {
            await tester.send(.start)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && message(of: issue).hasPrefix("send(start): work it followed that is not on the main actor checked that it was")
        }
        await tester.receive(.assumed(true)) { $0 = true }
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

    @Test("a DispatchQueue.main.sync in followed nonisolated work ends the process saying why, where the app would wait for the main queue")
    func mainQueueSyncSaysWhy() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await FollowedWorkSemanticsTests.runFollowed { DispatchQueue.main.sync { } }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains(String(decoding: RuntimeAccess.trapNote, as: UTF8.self)))
        #expect(output.contains("DispatchQueue.main.sync"))
    }

    @Test("any other trap in followed work ends the process as before, without that note")
    func otherTrapsSayNothing() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await FollowedWorkSemanticsTests.runFollowed {
                let nothing: Int? = Int("not a number")
                _ = nothing!
            }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Unexpectedly found nil"))
        #expect(!output.contains("ViewStateKitTesting: libdispatch stopped the process"))
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
    /// Marks the main queue, so a test can tell followed work (run there, one job at a time)
    /// from work on the runtime's own threads.
    static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    @Test("a task made in a main-queue completion handler of followed work is followed: it runs on the main queue, and one advance drives its sleep too")
    func taskMadeOnTheMainQueueIsFollowed() async {
        let key = Self.mainQueueKey
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

    @Test("an older task resumed by a main-queue block that lands beside a followed job is not that step's work: it runs off the main queue")
    func olderTaskBesideTheTurnIsNotFollowed() async {
        let key = Self.mainQueueKey
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
    @Test("a task that main-actor work of another test starts, landing beside a followed job, is not this step's work: it runs off the main queue")
    func anotherTestsMainActorWorkBesideTheTurnIsNotFollowed() async {
        let key = Self.mainQueueKey
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

/// What the isolation-check hooks below were called for, in order.
private let checkCalls = Locked<[String]>([])
/// Another library's isolation-check hook, as the engine finds it at install.
private let anotherLibrarysCheckHook: RuntimeAccess.CheckHook = { _, _ in checkCalls.withLock { $0.append("another library") } }
/// The runtime's own isolation check, as a hook is given it.
private let runtimesCheck: RuntimeAccess.CheckOriginal = { _ in checkCalls.withLock { $0.append("the runtime") } }

@Suite("The engine's isolation-check hook keeps the one it found, and passes it every check not its own", .serialized)
struct IsolationCheckHookTests {
    @Test("installed over another library's hook, it keeps that one; installed again, it keeps it still")
    func installKeepsTheFoundHook() {
        let slot = UnsafeMutablePointer<RuntimeAccess.CheckHook?>.allocate(capacity: 1)
        defer { slot.deallocate() }
        slot.initialize(to: anotherLibrarysCheckHook)
        var found: [UnsafeRawPointer?] = []
        RuntimeAccess.installCheckHook(in: slot) { found.append($0) }
        #expect(found == [unsafeBitCast(anotherLibrarysCheckHook, to: UnsafeRawPointer.self)])
        let installed = slot.pointee.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
        #expect(installed != nil && installed != found.first)
        RuntimeAccess.installCheckHook(in: slot) { found.append($0) }
        #expect(found.count == 1)  // its own hook is never taken for another library's
        #expect(slot.pointee.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } == installed)
    }

    @Test("a check made off the engine's thread goes to the hook found at install, or to the runtime when there was none")
    func checksGoOn() {
        checkCalls.withLock { $0 = [] }
        let found = unsafeBitCast(anotherLibrarysCheckHook, to: UnsafeRawPointer.self)
        RuntimeAccess.check(MainActor.sharedUnownedExecutor, runtimesCheck, found: found)
        RuntimeAccess.check(MainActor.sharedUnownedExecutor, runtimesCheck, found: nil)
        #expect(checkCalls.withLock { $0 } == ["another library", "the runtime"])
    }
}
