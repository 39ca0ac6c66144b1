import Testing
import ViewStateKitTesting
@testable import ViewStateSamples

@Suite("viewstate-samples command", .timeLimit(.minutes(1)))
@MainActor
struct SamplesCLITests {
    private func run(_ arguments: [String], trace: Bool = false) async -> (status: Int32, output: [String], errors: [String]) {
        let run = CLIRun()
        await withSafetyNet(timeLimit: CLIRun.timeLimit) { @MainActor in
            run.status = await SamplesCLI.run(arguments, trace: trace, output: { run.output.append($0) },
                                              errorOutput: { run.errors.append($0) })
        }
        return (run.status, run.output, run.errors)
    }

    @Test("VIEWSTATE_TRACE=1: every screen prints its trace beside the same rendered lines")
    func traced() async {
        let plain = await run([])
        let traced = await run([], trace: true)
        #expect(traced.output.filter { !$0.hasPrefix("[trace ") } == plain.output)
        for screen in ["bookmarks", "categories", "select-store", "register", "books", "basket"] {
            #expect(traced.output.contains { $0.hasPrefix("[trace \(screen)") }, "no trace lines for \(screen)")
        }
        #expect(traced.output.contains(#"[trace books] effect "load" #1 started"#))
        #expect(traced.output.contains("[trace books]   selectedSeries: 1 → 2"))
    }

    @Test("no arguments: every screen's success scenario, line by line")
    func noArguments() async {
        let result = await run([])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output == [
            "[bookmarks] loading",
            "[bookmarks] presenting: 4 stores — CU Gangnam Station, GS25 Yeoksam, 7-Eleven Seocho, emart24 Sinsa",
            "[categories] loading",
            "[categories] presenting: Drinks, 20 of 48 products — Banana Milk ₩1,200, Strawberry Milk ₩1,300, Chocolate Milk ₩1,400, …",
            "[nav] set root select-store",
            "[select-store] selected: none",
            "[select-store] selected: GS25",
            "[nav] set root home",
            "[storage] favoriteBrand = GS25",
            "[nav] push register",
            "[register] name \"\" — register disabled",
            "[register] name \"K\" — register disabled",
            "[register] name \"Kim\" — register enabled",
            "[nav] set root home",
            "[books] loading",
            "[books] presenting: series 1 \"The Convenience Store Detective\" — ▸ Night Shift, ▸ Expired Coupons, ▸ Last Bus Home",
            "[books] presenting: series 1 \"The Convenience Store Detective\" — ▸ Night Shift, ▾ Expired Coupons: \"A stack of expired coupons leads to a warehouse nobody remembers renting.\", ▸ Last Bus Home",
            "[books] presenting: series 2 \"Ramen Chronicles\" — ▸ Three Minutes, ▸ Extra Spicy",
            "[storage] books.expandedSummaries = [12]",
            "[basket] 3 lines, 6 items, ₩7,200 — Banana Milk ×2, Choco Pie ×1, Gummy Bears ×3",
            "[basket] 3 lines, 7 items, ₩8,400 — Banana Milk ×3, Choco Pie ×1, Gummy Bears ×3",
            "[basket] 3 lines, 6 items, ₩7,300 — Banana Milk ×3, Choco Pie ×1, Gummy Bears ×2",
            "[basket] 2 lines, 5 items, ₩5,800 — Banana Milk ×3, Gummy Bears ×2",
        ])
    }

    @Test("the basket's confirmation: drawn with numbered buttons, Empty empties it, Cancel changes nothing")
    func basketConfirmation() async {
        let first = "[basket] 3 lines, 6 items, ₩7,200 — Banana Milk ×2, Choco Pie ×1, Gummy Bears ×3"
        let dialog = "[basket] dialog: Empty the basket? — 6 items will be removed. | [1] Empty (destructive) [2] Cancel (cancel)"
        #expect(await run(["basket", "--scenario", "empty-basket"]).output == [
            first, dialog, "[basket] tap: Empty", "[basket] dialog closed", "[basket] empty",
        ])
        #expect(await run(["basket", "--scenario", "keep-basket"]).output == [
            first, dialog, "[basket] tap: Cancel", "[basket] dialog closed",
        ])
        #expect(await run(["basket", "--scenario", "not-found"]).output == [first], "line 999 does not exist: nothing changes")
    }

    @Test("the books screen with unreadable saved toggles: all collapsed, then overwritten")
    func corruptStorageScenario() async {
        let result = await run(["books", "--scenario", "corrupt-storage"])
        #expect(result.output == [
            "[storage] books.expandedSummaries = {not json",
            "[books] loading",
            "[books] presenting: series 1 \"The Convenience Store Detective\" — ▸ Night Shift, ▸ Expired Coupons, ▸ Last Bus Home",
            "[books] presenting: series 1 \"The Convenience Store Detective\" — ▾ Night Shift: \"A clerk on the night shift notices that the same customer buys one banana milk at 3:07 every night.\", ▸ Expired Coupons, ▸ Last Bus Home",
            "[storage] books.expandedSummaries = [11]",
        ])
    }

    @Test("select-store from settings: select, select again, save, pop")
    func settingsScenario() async {
        let result = await run(["select-store", "--scenario", "settings"])
        #expect(result.output == [
            "[nav] push select-store",
            "[select-store] selected: CU (from settings)",
            "[select-store] selected: GS25 (from settings)",
            "[select-store] selected: emart24 (from settings)",
            "[nav] pop",
            "[storage] favoriteBrand = emart24",
        ])
    }

    @Test("a failure scenario renders failed and exits 0")
    func failureScenario() async {
        let result = await run(["categories", "--scenario", "not-found"])
        #expect(result.status == 0)
        #expect(result.output == ["[categories] loading", "[categories] failed: not found — category 999"])
    }

    @Test("rollback scenario, line by line")
    func rollbackScenario() async {
        let result = await run(["bookmarks", "--scenario=rollback"])
        #expect(result.output == [
            "[bookmarks] loading",
            "[bookmarks] presenting: 4 stores — CU Gangnam Station, GS25 Yeoksam, 7-Eleven Seocho, emart24 Sinsa",
            "[bookmarks] presenting: 3 stores — CU Gangnam Station, 7-Eleven Seocho, emart24 Sinsa",
            "[bookmarks] presenting: 4 stores — CU Gangnam Station, GS25 Yeoksam, 7-Eleven Seocho, emart24 Sinsa | notice: server error — could not remove GS25 Yeoksam: HTTP 500 for bookmark 102",
        ])
    }

    @Test("every scenario runs on every screen it applies to, each state on one line")
    func everyScenario() async {
        scenarios: for scenario in Scenario.allCases {
            for screen in scenario.screens {
                let result = await run([screen.rawValue, "--scenario", scenario.rawValue])
                #expect(result.status == 0, "\(screen) \(scenario)")
                if result.status == -1 { break scenarios }  // did not end: one report is enough
                #expect(!result.output.isEmpty, "\(screen) \(scenario)")
                for line in result.output where line.hasPrefix("[\(screen.rawValue)] ") {
                    let word = line.split(separator: " ").dropFirst().first.map(String.init)
                    let words = Screen.loading.contains(screen) ? ["loading", "presenting:", "failed:"]
                        : screen == .basket ? ["empty", "dialog:", "tap:", "dialog"] : ["selected:", "name"]
                    let isCount = screen == .basket && word?.allSatisfy(\.isNumber) == true
                    #expect(isCount || words.contains(word ?? ""), "\(line)")
                }
                for line in result.output {
                    let tag = ["[\(screen.rawValue)] ", "[nav] ", "[storage] "].first { line.hasPrefix($0) }
                    #expect(tag != nil, "\(line)")
                }
            }
        }
    }

    @Test("usage errors print one line and the usage on stderr and exit 2",
          arguments: [
              (["frobnicate"], "unknown command 'frobnicate'"),
              (["bookmarks", "--scenario", "nope"], "unknown scenario 'nope'"),
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
        #expect(result.errors == ["viewstate-samples: \(message)", SamplesCLI.usage])
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
