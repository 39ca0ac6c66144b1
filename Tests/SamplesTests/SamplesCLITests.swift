import Testing
import ViewStateKitTesting
@testable import ViewStateSamples

@Suite("viewstate-samples command", .timeLimit(.minutes(1)))
@MainActor
struct SamplesCLITests {
    private func run(_ arguments: [String], trace: Bool = false) async -> (status: Int32, output: [String], errors: [String]) {
        let run = CLIRun()
        await withSafetyNet(timeLimit: CLIRun.timeLimit) { @MainActor in
            run.status = await SamplesCLI.run(arguments, trace: trace, clock: ImmediateClock(), output: { run.output.append($0) },
                                              errorOutput: { run.errors.append($0) })
        }
        return (run.status, run.output, run.errors)
    }

    /// Every scenario of every screen, each the command runs.
    nonisolated static let runs: [(Screen, Scenario)] = Scenario.allCases.flatMap { scenario in scenario.screens.map { ($0, scenario) } }

    @Test("no arguments: every screen's success scenario, as its transcript records")
    func noArguments() async {
        let result = await run([])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        expectTranscript(result.output)
    }

    @Test("every scenario of every screen prints what its transcript records, each state on one line", arguments: runs)
    func scenario(_ screen: Screen, _ scenario: Scenario) async {
        let result = await run([screen.rawValue, "--scenario", scenario.rawValue])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(!result.output.isEmpty)
        expectTranscript(result.output, named: "\(screen.rawValue).\(scenario.rawValue)")
        for line in result.output where line.hasPrefix("[\(screen.rawValue)] ") {
            let word = line.split(separator: " ").dropFirst().first.map(String.init)
            let words = Screen.loading.contains(screen) ? ["loading", "presenting:", "failed:"]
                : screen == .basket ? ["empty", "dialog:", "tap:", "dialog"]
                : screen == .meetings ? ["list:", "detail:", "edit:", "add:", "record:", "alert:", "tap:", "back", "cancel", "end", "second"]
                : ["selected:", "name"]
            let isCount = screen == .basket && word?.allSatisfy(\.isNumber) == true
            #expect(isCount || words.contains(word ?? ""), "\(line)")
        }
        for line in result.output {
            let tag = ["[\(screen.rawValue)] ", "[nav] ", "[storage] ", "[user] ", "[note] "].first { line.hasPrefix($0) }
            #expect(tag != nil, "\(line)")
        }
    }

    @Test("VIEWSTATE_TRACE=1: each screen's trace (actions, mutations and the fields they changed, effects) beside the same rendered lines",
          arguments: Screen.allCases)
    func traced(_ screen: Screen) async {
        let plain = await run([screen.rawValue])
        let traced = await run([screen.rawValue], trace: true)
        #expect(traced.output.filter { !$0.hasPrefix("[trace ") } == plain.output)
        #expect(traced.output.contains { $0.hasPrefix("[trace \(screen.rawValue)") }, "no trace lines")
        expectTranscript(traced.output, named: screen.rawValue)
    }

    @Test("a failure scenario renders failed and exits 0 (short enough to spell here)")
    func failureScenario() async {
        let result = await run(["categories", "--scenario", "not-found"])
        #expect(result.status == 0)
        #expect(result.output == ["[categories] loading", "[categories] failed: not found — category 999"])
    }

    @Test("--scenario=name is read like --scenario name")
    func scenarioWithEquals() async {
        #expect(await run(["bookmarks", "--scenario=rollback"]).output == run(["bookmarks", "--scenario", "rollback"]).output)
    }

    @Test("usage errors print one line and a pointer to --help on stderr, and exit 2",
          arguments: [
              (["frobnicate"], "unknown command 'frobnicate'"),
              (["bookmarks", "--scenario", "nope"], "unknown scenario 'nope'"),
              (["meeting"], "unknown command 'meeting'; did you mean 'meetings'?"),
              (["bookmrks"], "unknown command 'bookmrks'; did you mean 'bookmarks'?"),
              (["select"], "unknown command 'select'; did you mean 'select-store'?"),
              (["meetings", "--scenario", "end-erly"], "unknown scenario 'end-erly'; did you mean 'end-early'?"),
              (["books", "--scenario", "SUCCESS"], "unknown scenario 'SUCCESS'; did you mean 'success'?"),
              (["bookmarks", "--scenario", "paging"], "scenario 'paging' is not available for bookmarks"),
              (["--bogus"], "unknown option '--bogus'"),
              (["categories", "--category", "abc"], "--category needs a whole number, got 'abc'"),
              (["bookmarks", "--category", "2"], "--category applies to categories only"),
              (["categories", "--scenario"], "--scenario needs a value"),
              (["categories", "--scenario", "failure", "--scenario", "empty"], "--scenario given twice"),
              (["--scenario", "failure"], "--scenario and --category need a screen"),
              (["register", "--scenario", "failure"], "scenario 'failure' is not available for register"),
              (["bookmarks", "categories"], "unexpected argument 'categories'"),
          ])
    func usageErrors(arguments: [String], message: String) async {
        let result = await run(arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors == ["viewstate-samples: \(message)",
                                  "Run 'viewstate-samples --help' to list the screens, scenarios and options."])
    }

    @Test("--help lists every screen and scenario on stdout and exits 0")
    func help() async {
        let result = await run(["bookmarks", "--help"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let usage = result.output.joined(separator: "\n")
        #expect(usage.hasPrefix("usage: viewstate-samples"))
        for name in Scenario.allCases.map(\.rawValue) + Screen.allCases.map(\.rawValue) {
            #expect(usage.contains("  \(name) "), "help mentions \(name)")
        }
    }

    @Test("--category picks the category")
    func category() async {
        let result = await run(["categories", "--category", "2"])
        #expect(result.output.last?.hasPrefix("[categories] presenting: Snacks, 12 of 12 products (end of list)") == true)
    }

    @Test("prices are grouped the same way on every machine")
    func prices() {
        #expect(won(1700) == "₩1,700")
        #expect(won(0) == "₩0")
        #expect(won(1_234_567) == "₩1,234,567")
        #expect(won(-500) == "-₩500")
    }
}

/// What one run of the command printed, filled in under a safety net: a regression that never
/// ends a screen's work fails the test instead of hanging the run.
@MainActor
final class CLIRun {
    /// A whole run drives every screen (in about a tenth of a second): it gets three times the
    /// safety net's limit.
    static let timeLimit = SafetyNet.defaultLimit * 3
    var status: Int32 = -1
    var output: [String] = []
    var errors: [String] = []
}
