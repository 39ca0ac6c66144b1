import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// A screen whose work throws: with a `catch:` handler, without one, and once cancelled.
@MainActor
final class ThrowingScreen: Reactor<ThrowingScreen.Action, ThrowingScreen.Mutation, [String]> {
    enum Action: Sendable { case load, loadUncaught, cancel, failAfterCancel }
    enum Mutation: Equatable, Sendable { case log(String) }
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }

    let clock: ManualClock
    /// How many times a `catch:` handler ran: a cancelled work's handler must not, even though
    /// what it would send is dropped anyway.
    var handledErrors = 0

    init(clock: ManualClock) {
        self.clock = clock
        super.init(initialState: [])
    }

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .load:
            .run(id: "load") { [clock] send in
                await send(.log("started"))
                try await clock.sleep(for: .seconds(1))
                throw Offline()
            } catch: { [weak self] error, send in
                self?.handledErrors += 1
                await send(.log("failed: \(error)"))
            }
        case .loadUncaught:
            .run { send in
                await send(.log("started"))
                throw Offline()
            }
        case .cancel:
            .cancel(id: "load")
        case .failAfterCancel:  // throws its own error, not a CancellationError, once cancelled
            .run(id: "load") { [clock] send in
                try? await clock.sleep(for: .seconds(1))
                throw Offline()
            } catch: { [weak self] error, send in
                self?.handledErrors += 1
                await send(.log("failed: \(error)"))
            }
        }
    }

    override func reduce(into state: inout [String], mutation: Mutation) {
        if case .log(let line) = mutation { state.append(line) }
    }
}

@MainActor
@Suite("Throwing effects: .run work may throw, and catch: turns the error into mutations")
struct ThrowingEffectTests {
    @Test("catch: turns an error into a mutation; what the work sent before the error stays")
    func catchTurnsErrorIntoMutations() async {
        let clock = ManualClock()
        let tester = ReactorTester(ThrowingScreen(clock: clock))
        await tester.send(.load)
        await tester.receive(.log("started")) { $0 = ["started"] }
        await clock.advance(by: .seconds(1))
        await tester.receive(.log("failed: offline")) { $0.append("failed: offline") }
        await tester.finish()
        #expect(tester.reactor.handledErrors == 1)
    }

    @Test("A cancellation is not an error: the work ends quietly and catch: is not called")
    func cancellationIsQuiet() async {
        let clock = ManualClock()
        let tester = ReactorTester(ThrowingScreen(clock: clock))
        await tester.send(.load)
        await tester.receive(.log("started")) { $0 = ["started"] }
        await tester.send(.cancel)
        await tester.finish()
        #expect(tester.reactor.currentState == ["started"])
        #expect(tester.reactor.handledErrors == 0)
    }

    @Test("Any error thrown once the work is cancelled counts as the cancellation: catch: is not called")
    func errorAfterCancellationIsQuiet() async {
        let clock = ManualClock()
        let tester = ReactorTester(ThrowingScreen(clock: clock))
        await tester.send(.failAfterCancel)
        await tester.send(.cancel)
        await tester.finish()
        #expect(tester.reactor.currentState == [])
        #expect(tester.reactor.handledErrors == 0, "the handler never ran")
    }

    #if DEBUG
    @Test("Without catch:, a thrown error ends the work, and a debug build says so")
    func uncaughtErrorEndsTheWork() async {
        nonisolated(unsafe) var warnings: [String] = []
        await DebugWarning.$sink.withValue({ warnings.append($0) }) {
            let tester = ReactorTester(ThrowingScreen(clock: ManualClock()))
            await tester.send(.loadUncaught)
            await tester.receive(.log("started")) { $0 = ["started"] }
            await tester.finish()
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("threw offline and has no catch: handler") == true)
    }
    #endif
}
