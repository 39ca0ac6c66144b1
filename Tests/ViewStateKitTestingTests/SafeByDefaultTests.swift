import Foundation
import Testing
@testable import ViewStateKit
import ViewStateKitTesting
import ViewStateKitSupport

/// A speech service of the app's own, with a test value whose endpoints answer as a fake would.
struct Speech: Sendable {
    var authorizationStatus: @Sendable () -> String
    var transcribe: @Sendable (String) -> String
}

enum SpeechKey: DependencyKey {
    static var liveValue: Speech { Speech(authorizationStatus: { "live status" }, transcribe: { "live: \($0)" }) }
    static var testValue: Speech? { Speech(authorizationStatus: { "authorized" }, transcribe: { "fake: \($0)" }) }
}

/// An API client of the app's own with no test value: a test must provide it.
struct Weather: Sendable {
    var today: @Sendable () -> String
    var tomorrow: @Sendable () -> String
}

enum WeatherKey: DependencyKey {
    static var liveValue: Weather { Weather(today: { "live today" }, tomorrow: { "live tomorrow" }) }
}

extension Dependencies {
    var speech: Speech {
        get { self[SpeechKey.self] }
        set { self[SpeechKey.self] = newValue }
    }

    var weather: Weather {
        get { self[WeatherKey.self] }
        set { self[WeatherKey.self] = newValue }
    }
}

/// Reads the date through a `@Dependency` property, from any task.
struct DateReader: Sendable {
    @Dependency(\.date) var date
}

/// A feature that reads a service directly in its `mutate`, with no `@Dependency` property.
struct DirectReader: Feature {
    struct State: Equatable { var forecast = "" }
    enum Action: Sendable { case load }
    typealias Mutation = String

    func mutate(action: Action, state: State) -> Effect<String> {
        .mutation(Dependencies.current.weather.today())
    }

    func reduce(into state: inout State, mutation: String) {
        state.forecast = mutation
    }
}

@MainActor
@Suite("Safe by default: a test never reaches a live service or a real file by forgetting a line (D1)")
struct SafeByDefaultTests {
    nonisolated static let unprovided = "was used, but the test did not provide it: pass it to Dependencies.test { … }."

    @Test("D1: a reactor made with no test dependencies at all still fails the test for each service, at its @Dependency line, and gets stand-ins")
    func noTestDependencies() {
        let reactor = FeatureReactor(Stamper(), initialState: Stamper.State())  // no withDependencies: the test forgot
        let lines = Locked<[Int]>([])
        withKnownIssue {
            reactor.send(.stamp)
        } matching: { issue in
            lines.withLock { $0.append(issue.sourceLocation?.line ?? 0) }
            return issue.comments.map(\.rawValue).joined().hasSuffix(Self.unprovided)
                && issue.sourceLocation?.fileName == "DependenciesTests.swift"
        }
        #expect(lines.withLock { $0.sorted() } == [15, 16], "once each, at the uuid's and the date's @Dependency lines")
        #expect(reactor.currentState.stamps == ["00 at 978307200"], "every id is zero; the date is 2001-01-01")
    }

    @Test("D1: a service read with no @Dependency property in a tester's step fails at the step's line")
    func directReadInAStep() async {
        let tester = ReactorTester(FeatureReactor(DirectReader(), initialState: DirectReader.State()), exhaustive: false)
        let sendLine = #line + 2
        await withKnownIssue {
            await tester.send(.load)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == "WeatherKey " + Self.unprovided && issue.sourceLocation?.line == sendLine
        }
        #expect(tester.state.forecast == "live today", "a service of the app's own has no stand-in: its live value answers")
    }

    @Test("D1: a service read outside any step and any test dependencies fails at the test's own line")
    func directReadOutsideSteps() {
        withKnownIssue {
            _ = Dependencies.current.clock
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == "ClockKey " + Self.unprovided
                && issue.sourceLocation?.fileName == "SafeByDefaultTests.swift"
        }
    }

    @Test("D1: a key's testValue is used silently in a test that did not provide the service")
    func testValueIsUsed() {
        #expect(Dependencies.current.speech.authorizationStatus() == "authorized")  // any issue fails this test
        #expect(Dependencies.current.speech.transcribe("hi") == "fake: hi")
    }

    @Test("D1: one endpoint of a service with a testValue replaced inside Dependencies.test; the others stay fake")
    func oneEndpointReplaced() {
        let dependencies = Dependencies.test { $0.speech.authorizationStatus = { "denied" } }
        #expect(dependencies.speech.authorizationStatus() == "denied")
        #expect(dependencies.speech.transcribe("hi") == "fake: hi")
    }

    @Test("D1: one endpoint of a service with no testValue replaced inside Dependencies.test fails at the test's line: the rest would be live")
    func oneEndpointOfALiveService() {
        let testLine = #line + 3
        var dependencies: Dependencies?
        withKnownIssue {
            dependencies = Dependencies.test { $0.weather.today = { "sunny" } }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("WeatherKey has no testValue, so changing part of it here leaves the rest of it live")
                && issue.sourceLocation?.line == testLine && issue.sourceLocation?.fileName == "SafeByDefaultTests.swift"
        }
        #expect(dependencies?.weather.today() == "sunny", "what the test gave is used")
        #expect(dependencies?.weather.tomorrow() == "live tomorrow", "and the rest is live, as the failure said")
    }

    @Test("D1: a whole service provided inside Dependencies.test reports nothing, and one endpoint of it can then be replaced")
    func wholeServiceProvided() {
        let dependencies = Dependencies.test { $0.weather = Weather(today: { "rain" }, tomorrow: { "sun" }) }
        #expect(dependencies.weather.today() == "rain")
        #expect(dependencies.weather.tomorrow() == "sun")
        let changed = Dependencies.test {
            $0.weather = Weather(today: { "rain" }, tomorrow: { "sun" })
            $0.weather.tomorrow = { "snow" }
        }
        #expect(changed.weather.today() == "rain" && changed.weather.tomorrow() == "snow")
    }

    @Test("D1: the clock's stand-in never moves and its sleeps end only when their work is cancelled")
    func stoppedClock() async {
        var stoodIn: (any Clock<Duration>)?
        withKnownIssue { stoodIn = Dependencies.current.clock }
        guard let clock = stoodIn else { return #expect(Bool(false), "no clock") }
        let stands = Self.standsStill(clock)
        #expect(stands, "time stands still")
        let sleep = Task { await Self.outcome(of: clock) }
        sleep.cancel()  // before it starts
        #expect(await sleep.waitForCompletion() == "cancelled")
        let late = Task.detached { await Self.outcome(of: clock) }
        await Task.yield()
        late.cancel()  // while it sleeps, or before
        #expect(await late.waitForCompletion() == "cancelled")
    }

    /// How a sleep on `clock` ended.
    nonisolated private static func outcome(of clock: any Clock<Duration>) async -> String {
        do {
            try await clock.sleep(for: .milliseconds(1))
            return "ended"
        } catch is CancellationError {
            return "cancelled"
        } catch {
            return "failed: \(error)"
        }
    }

    private static func standsStill<C: Clock>(_ clock: C) -> Bool {
        clock.now == clock.now
    }

    @Test("D1: a service reached from a detached task inside a test fails the run, though the task is no test's")
    func detachedTask() async {
        await withKnownIssue {
            await #expect(processExitsWith: .success) {
                _ = await Task.detached { Dependencies.current.date() }.value
            }
        }
    }

    @Test("D1: a @Dependency property read in a detached task inside a test fails the run too")
    func detachedTaskWithAProperty() async {
        await withKnownIssue {
            await #expect(processExitsWith: .success) {
                _ = await Task.detached { DateReader().date() }.value
            }
        }
    }

    @Test("D1: a sleep on the clock's stand-in in an effect keeps its work running, and nothing more arrives")
    func standInClockInAnEffect() async {
        let reactor = withDependencies(.test { $0.uuid = .incrementing() }) {
            FeatureReactor(Stamper(), initialState: Stamper.State())
        }
        let tester = ReactorTester(reactor)
        var work: SentWork?
        await withKnownIssue {
            work = await tester.send(.tickLater)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == "ClockKey " + Self.unprovided
        }
        #expect(reactor.hasRunningWork, "the sleep did not end")
        await work?.cancel()
        #expect(!reactor.hasRunningWork)
    }

    @Test("TestProcess: without ViewStateKitTesting's reporter, a failure is printed in the compiler's form; with it, nothing is said")
    func printedWithoutTheReporter() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            _ = TestProcess.reporter
            TestProcess.fail("DateKey was used", at: DependencyUse(name: "DateKey", fileID: "App/A.swift", filePath: "/p/A.swift",
                                                                    line: 12, column: 3), reporter: nil)
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("/p/A.swift:12: error: DateKey was used"))
        #expect(!output.contains("does not link ViewStateKitTesting"), "the reporter was found: nothing to say")
    }

    @Test("TestProcess: this process runs tests, and the library finds ViewStateKitTesting's reporter by its name")
    func thisProcessRunsTests() {
        #expect(TestProcess.isRunningTests)
        #expect(TestProcess.isTest)
        #expect(TestProcess.reporter != nil, "the runtime still finds a type by its mangled name")
        TestProcess.$simulatesApp.withValue(true) { #expect(!TestProcess.isTest) }
    }

    @Test("TestProcess: recognised on Linux and Apple by its runner, and never in an app", arguments: [
        (["/p/.build/debug/AppPackageTests.xctest"], [:], true),                          // swift test, Linux
        (["/p/.build/debug/AppPackageTests.xctest", "--filter", "Basket"], [:], true),
        (["/p/.build/debug/AppPackageTests.xctest", "--testing-library", "swift-testing"], [:], true),
        (["/usr/bin/swift-test-runner", "--testing-library", "xctest"], [:], true),
        (["/Applications/Xcode.app/Contents/Developer/usr/bin/xctest", "/p/AppTests.xctest"], [:], true),  // swift test, macOS
        (["/var/containers/Bundle/Application/X/App.app/App"], ["XCTestConfigurationFilePath": "/tmp/x"], true),  // Xcode
        (["/Users/me/App.app/Contents/MacOS/App"], ["XCTestBundlePath": "/p/AppTests.xctest"], true),
        (["/Users/me/App"], ["XCTestSessionIdentifier": "1"], true),
        (["/usr/local/bin/odd-runner"], ["VIEWSTATEKIT_TESTS": "1"], true),
        (["/usr/local/bin/odd-runner"], ["VIEWSTATEKIT_TESTS": "YES"], true),
        (["/var/containers/Bundle/Application/X/App.app/App"], [:], false),               // an app
        (["/p/.build/debug/viewstate-samples"], [:], false),
        (["/p/.build/debug/viewstate-samples", "--list"], ["HOME": "/home/me"], false),
        (["/p/.build/debug/AppPackageTests.xctest"], ["VIEWSTATEKIT_TESTS": "0"], false),  // told it is not
        (["/p/tool"], ["XCTestBundlePath": "/x", "VIEWSTATEKIT_TESTS": "no"], false),
        ([], [:], false),
    ])
    func recognised(arguments: [String], environment: [String: String], isTest: Bool) {
        #expect(TestProcess.recognises(environment: environment, arguments: arguments) == isTest)
    }

    @Test("S6: in a test, a file outside the temporary folder is kept in memory; each test's dependencies have their own")
    func fileKeptInMemory() async {
        let clock = ManualClock()
        let url = URL(fileURLWithPath: NSHomeDirectory())
            .appendingPathComponent("viewstatekit-never-written-\(UUID().uuidString).json")
        let dependencies = Dependencies.test { $0.clock = clock }
        let count = withDependencies(dependencies) { SavedCount(count: Shared(.file(url), default: 0)) }
        let tester = ReactorTester(count)
        await tester.send(.set(3)) { $0.count.value = 3 }
        await clock.advance(by: .seconds(1))
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing written in the user's home")
        #expect(dependencies.testFiles?.contents(at: url.path) == Data("3".utf8))
        let relaunch = withDependencies(dependencies) { SavedCount(count: Shared(.file(url), default: 0)) }
        #expect(relaunch.currentState.count.value == 3, "a second launch with the same dependencies reads it")
        let otherTest = withDependencies(.test { $0.clock = clock }) { SavedCount(count: Shared(.file(url), default: 0)) }
        #expect(otherTest.currentState.count.value == 0, "another test's dependencies have files of their own")
    }

    @Test("S6: in memory, a corrupt file is kept aside under the name a real file's would take")
    func corruptFileInMemory() throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/count.json")
        let dependencies = Dependencies.test { $0.clock = ManualClock() }
        let storage = withDependencies(dependencies) { SharedStorage<Int>.file(url) }
        try storage.write(Data("{not json".utf8))
        let count = withDependencies(dependencies) { SavedCount(count: Shared(storage, default: 0)) }
        #expect(count.currentState.count.failure == .unreadable("count.json", keptAs: "count.json.corrupt"))
        #expect(dependencies.testFiles?.contents(at: url.path + ".corrupt") == Data("{not json".utf8))
        #expect(dependencies.testFiles?.contents(at: url.path) == nil)
        let again = withDependencies(dependencies) { SharedStorage<Int>.file(url) }
        try again.write(Data("oops".utf8))
        #expect(again.keepAside() == "count.json.corrupt-2", "the next free name")
    }
}
