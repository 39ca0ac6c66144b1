import Foundation
import Testing
import ViewStateKit
import ViewStateKitTesting

/// A feature that uses three services: ids, the date, and a clock in its work.
struct Stamper: Feature {
    struct State: Equatable {
        var stamps: [String] = []
        var ticks = 0
    }
    enum Action: Sendable { case stamp, tickLater }
    enum Mutation: Equatable, Sendable { case stamped(String), tick }

    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    @Dependency(\.clock) var clock

    func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .stamp:
            .mutation(.stamped("\(uuid().uuidString.suffix(2)) at \(Int(date().timeIntervalSince1970))"))
        case .tickLater:
            .run { send in
                try await clock.sleep(for: .seconds(1))  // read in the work: the reactor's clock
                await send(.tick)
            }
        }
    }

    func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .stamped(let stamp): state.stamps.append(stamp)
        case .tick: state.ticks += 1
        }
    }
}

@MainActor
@Suite("Dependencies: services given once to a reactor and every feature below it")
struct DependenciesTests {
    let noon = Date(timeIntervalSince1970: 43_200)

    @Test("D1: a test's services are the ones it provided: ids count up, the date stands still")
    func providedServices() async {
        let reactor = withDependencies(.test {
            $0.uuid = .incrementing()
            $0.date = .constant(noon)
        }) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
        let tester = ReactorTester(reactor)
        await tester.send(.stamp) { $0.stamps = ["00 at 43200"] }
        await tester.send(.stamp) { $0.stamps.append("01 at 43200") }
    }

    @Test("D1: a constant id: every id the screen makes is the one the test gave")
    func constantIDs() async {
        let id = UUID(uuidString: "00000000-0000-0000-0000-0000000000AB") ?? UUID()
        let reactor = withDependencies(.test {
            $0.uuid = .constant(id)
            $0.date = .constant(noon)
        }) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
        let tester = ReactorTester(reactor)
        await tester.send(.stamp) { $0.stamps = ["AB at 43200"] }
        await tester.send(.stamp) { $0.stamps.append("AB at 43200") }
    }

    @Test("D1: a service the test did not provide fails the test at its @Dependency line, naming it")
    func unprovidedServiceFails() async {
        let reactor = withDependencies(.test { $0.date = .constant(noon) }) {
            FeatureReactor(Stamper(), initialState: Stamper.State())
        }
        withKnownIssue {
            reactor.send(.stamp)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined()
                == "UUIDKey was used, but the test did not provide it: pass it to Dependencies.test { … }."
                && issue.sourceLocation?.line == 15
        }
        #expect(reactor.currentState.stamps == ["00 at 43200"], "a stand-in id was used, so the app's path still ran")
    }

    @Test("D1: a reactor made in a test's dependencies that provide nothing still fails the test for each service")
    func nothingProvided() {
        let reactor = withDependencies(.test()) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
        withKnownIssue {
            reactor.send(.stamp)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasSuffix("was used, but the test did not provide it: pass it to Dependencies.test { … }.")
        }
    }

    @Test("D1: a service read directly, without a @Dependency property, fails the test too")
    func unprovidedDirectRead() {
        let testLine = #line + 1
        withDependencies(.test()) {
            withKnownIssue {
                _ = Dependencies.current.clock
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().hasPrefix("ClockKey was used, but the test did not provide it")
                    && issue.sourceLocation?.line == testLine  // where the test made its dependencies
            }
        }
    }

    @Test("D1: in an app, a service nobody provided is its live value, and nothing is reported")
    func liveValues() {
        TestProcess.$simulatesApp.withValue(true) {
            let dependencies = Dependencies()
            #expect(dependencies.clock is ContinuousClock)
            #expect(dependencies.uuid() != dependencies.uuid())
            #expect(abs(dependencies.date().timeIntervalSinceNow) < 60)
        }
    }

    @Test("D2: a reactor keeps the dependencies it was made with, for its actions and its effects' work")
    func reactorKeepsItsDependencies() async {
        let clock = ManualClock()
        let reactor = withDependencies(.test {
            $0.clock = clock
            $0.uuid = .incrementing()
            $0.date = .constant(noon)
        }) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
        let tester = ReactorTester(reactor)
        // Sent where other services are in effect: the reactor's own are used.
        _ = await withDependencies({ $0.date = .constant(Date(timeIntervalSince1970: 0)) }) {
            await tester.send(.stamp) { $0.stamps = ["00 at 43200"] }
        }
        await tester.send(.tickLater)
        #expect(clock.sleeperCount == 1, "the work slept on the reactor's ManualClock")
        await clock.advance(by: .seconds(1))
        await tester.receive(.tick) { $0.ticks = 1 }
    }

    @Test("D2: a reactor made where an app provided services (no test reporting) keeps them when sent to from elsewhere")
    func appProvidedServicesAreKept() {
        let reactor = withDependencies({
            $0.uuid = .incrementing()
            $0.date = .constant(noon)
        }) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
        reactor.send(.stamp)  // outside the block: the live services are in effect here
        #expect(reactor.currentState.stamps == ["00 at 43200"])
    }

    @Test("D2: withDependencies adds to what is in effect; the inner block's changes end with it")
    func nestedScopes() {
        let clock = ManualClock()
        let inner = withDependencies({ $0.clock = clock }) {
            withDependencies({ $0.date = .constant(noon) }) { Dependencies.current }
        }
        #expect(inner.clock as? ManualClock === clock)
        #expect(inner.date() == noon)
        TestProcess.$simulatesApp.withValue(true) {
            #expect(Dependencies.current.clock is ContinuousClock, "nothing is left in effect after the blocks")
        }
    }

    @Test("D3: tests running at once each see their own services; a detached task sees the live ones")
    func nothingIsShared() async {
        let runs = [1.0, 2.0, 3.0].map { seconds in
            Task { @MainActor in
                let reactor = withDependencies(.test {
                    $0.uuid = .incrementing()
                    $0.date = .constant(Date(timeIntervalSince1970: seconds))
                }) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
                await Task.yield()  // the others run meanwhile
                reactor.send(.stamp)
                return reactor.currentState.stamps.joined()
            }
        }
        var stamps: [String] = []
        for run in runs { stamps.append(await run.value) }
        #expect(stamps.sorted() == ["00 at 1", "00 at 2", "00 at 3"])
        let detached = await withDependencies({ $0.date = .constant(noon) }) {
            await Task.detached { TestProcess.$simulatesApp.withValue(true) { Dependencies.current.date() } }.value
        }
        #expect(detached != noon, "the detached task saw the live date")
    }

    @Test("D3: a service read off the main actor, in work the reactor started, is still the reactor's")
    func serviceOffTheMainActor() async {
        let reactor = withDependencies(.test { $0.date = .constant(noon) }) {
            FeatureReactor(Stamper(), initialState: Stamper.State())
        }
        let seen = await withDependencies(reactor.dependencies) {
            await Task { await Self.dateElsewhere() }.value  // a task started in the reactor's dependencies
        }
        #expect(seen == noon)
    }

    /// Reads the date on the global executor, not the main actor.
    nonisolated static func dateElsewhere() async -> Date {
        Dependencies.current.date()
    }

    @Test("The doubles: incrementing ids are the same on every run, from any task")
    func incrementingIds() async {
        let uuid = UUIDGenerator.incrementing()
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
        let more = await withTaskGroup(of: UUID.self) { group in
            for _ in 0..<10 { group.addTask { uuid() } }
            var ids = Set<UUID>()
            for await id in group { ids.insert(id) }
            return ids
        }
        #expect(more.count == 10)
        #expect(uuid().uuidString == "00000000-0000-0000-0000-00000000000C")
    }
}
