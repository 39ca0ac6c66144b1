import Foundation
import Testing
import ViewStateKit
import ViewStateKitTracing
@testable import ViewStateKitTesting

/// A folder of its own for one test's transcripts, removed when the test ends.
final class ScratchFolder: Sendable {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("transcripts-\(UUID().uuidString)", isDirectory: true)

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A check of the transcript `name` in this folder, with a registry of its own: each
    /// check starts as a fresh `swift test` run would, unless `checked` is shared.
    func check(_ name: String, mode: TranscriptMode = .recordMissing,
               checked: CheckedTranscripts = CheckedTranscripts()) -> TranscriptCheck {
        TranscriptCheck(file: TranscriptFile(url: file(name)), mode: mode, checked: checked)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent("\(name).txt")
    }

    func text(_ name: String) -> String? {
        try? String(contentsOf: file(name), encoding: .utf8)
    }
}

@Suite("Golden transcripts")
struct TranscriptTests {
    let lines = ["[search] loading", "[search] presenting: 2 results", "[search] presenting: 3 results"]

    @Test("a missing transcript is recorded, the test fails once saying where, and the next run passes")
    func recordsMissing() throws {
        let folder = ScratchFolder()
        let failure = try #require(folder.check("search").failure(for: lines))
        #expect(failure == "No transcript at \(folder.file("search").path): recorded this run's 3 lines there. "
            + "Review the file and commit it; the test passes from the next run.")
        #expect(folder.text("search") == "[search] loading\n[search] presenting: 2 results\n[search] presenting: 3 results\n")
        #expect(folder.check("search").failure(for: lines) == nil)
    }

    @Test("a mismatch fails at the caller's line with a line diff, and leaves the file as it was")
    func mismatch() throws {
        let folder = ScratchFolder()
        try TranscriptFile(url: folder.file("search")).write(lines)
        let changed = ["[search] loading", "[search] failed: offline", "[search] presenting: 3 results"]
        let line = #line + 3
        withKnownIssue {
            let check = folder.check("search")
            #expect(!check.expect(changed, at: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)))
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "TranscriptTests.swift"
                && message(of: issue) == """
                    This run differs from the transcript \(folder.file("search").path) (- the file, + this run):
                    @@ line 1 @@
                      [search] loading
                    - [search] presenting: 2 results
                    + [search] failed: offline
                      [search] presenting: 3 results
                    If the change is intended, re-record: VIEWSTATE_TRANSCRIPTS=record swift test, then review the diff.
                    """
        }
        #expect(try TranscriptFile(url: folder.file("search")).read() == lines)
    }

    @Test("the diff keeps two unchanged lines around each change and starts each part with its line in the file")
    func diffShape() {
        let old = (1...12).map { "line \($0)" }
        var new = old
        new.insert("new first", at: 0)
        new[6] = "line 6, changed"
        new.removeLast()
        #expect(TranscriptCheck.diff(from: old, to: new) == """
            @@ line 1 @@
            + new first
              line 1
              line 2
            @@ line 4 @@
              line 4
              line 5
            - line 6
            + line 6, changed
              line 7
              line 8
            @@ line 10 @@
              line 10
              line 11
            - line 12
            """)
        #expect(TranscriptCheck.diff(from: [], to: ["only"]) == "@@ line 1 @@\n+ only")
    }

    @Test("a long diff is cut, saying how many changed lines it left out")
    func longDiff() {
        let diff = TranscriptCheck.diff(from: [], to: (1...100).map { "line \($0)" }).split(separator: "\n")
        #expect(diff.count == TranscriptCheck.diffLimit + 1)
        #expect(diff.last == "… and 41 more changed lines")
    }

    @Test("a cut diff's '… and N more' counts the changed lines it left out, not the unchanged ones around them")
    func cutDiffCountsChangedLinesOnly() {
        let old = (1...100).map { "line \($0)" }
        let new = old.enumerated().map { $0.offset % 3 == 0 ? $0.element + " changed" : $0.element }
        let diff = TranscriptCheck.diff(from: old, to: new).split(separator: "\n").map(String.init)
        let changedShown = diff.filter { $0.hasPrefix("+ ") || $0.hasPrefix("- ") }.count
        let changedInAll = 2 * old.indices.filter { $0 % 3 == 0 }.count
        #expect(diff.last == "… and \(changedInAll - changedShown) more changed lines")
    }

    @Test("VIEWSTATE_TRANSCRIPTS=record re-records a changed transcript and fails once with the change; unchanged ones pass")
    func rerecord() throws {
        let folder = ScratchFolder()
        try TranscriptFile(url: folder.file("search")).write(lines)
        #expect(folder.check("search", mode: .recordAll).failure(for: lines) == nil)
        let changed = Array(lines.dropLast())
        let failure = try #require(folder.check("search", mode: .recordAll).failure(for: changed))
        #expect(failure.hasPrefix("Re-recorded \(folder.file("search").path) (- before, + now):\n@@ line 1 @@\n"))
        #expect(failure.contains("\n- [search] presenting: 3 results\n"))
        #expect(try TranscriptFile(url: folder.file("search")).read() == changed)
        #expect(folder.check("search", mode: .recordAll).failure(for: changed) == nil)
        #expect(folder.check("search").failure(for: changed) == nil)
    }

    @Test("in CI, or with VIEWSTATE_TRANSCRIPTS=verify, a missing transcript is a plain failure and nothing is written")
    func verify() throws {
        let folder = ScratchFolder()
        let failure = try #require(folder.check("search", mode: .verify).failure(for: lines))
        #expect(failure.hasPrefix("No transcript at \(folder.file("search").path), and this run may not record one"))
        #expect(folder.text("search") == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.url.path), "not even the folder")
    }

    @Test("the environment chooses the mode: CI verifies, an explicit VIEWSTATE_TRANSCRIPTS wins, a typo fails every check",
          arguments: [
              ([:], TranscriptMode.recordMissing),
              (["CI": "true"], .verify),
              (["CI": "1"], .verify),
              (["CI": "false"], .recordMissing),
              (["CI": ""], .recordMissing),
              (["CI": "0"], .recordMissing),
              (["CI": "no"], .recordMissing),
              (["CI": "NO"], .recordMissing),  // read without case
              (["CI": "False"], .recordMissing),
              (["VIEWSTATE_TRANSCRIPTS": "verify"], .verify),
              (["VIEWSTATE_TRANSCRIPTS": "record"], .recordAll),
              (["VIEWSTATE_TRANSCRIPTS": "record", "CI": "true"], .recordAll),
              (["VIEWSTATE_TRANSCRIPTS": "recrod"], .unknown("recrod")),
              (["VIEWSTATE_TRANSCRIPTS": ""], .recordMissing),  // empty is unset
              (["VIEWSTATE_TRANSCRIPTS": "", "CI": "true"], .verify),
          ])
    func modes(environment: [String: String], mode: TranscriptMode) throws {
        #expect(TranscriptMode(environment: environment) == mode)
    }

    @Test("an unknown VIEWSTATE_TRANSCRIPTS value fails the check, saying which values there are, and writes nothing")
    func unknownMode() {
        let folder = ScratchFolder()
        #expect(folder.check("search", mode: .unknown("recrod")).failure(for: lines)
            == "VIEWSTATE_TRANSCRIPTS is 'recrod': use 'record' (re-record every transcript that differs) "
            + "or 'verify' (never record; a missing transcript fails), or unset it.")
        #expect(folder.text("search") == nil)
    }

    @Test("the same file checked twice in one run with other lines fails, asking for names; with the same lines it passes")
    func sameFileTwice() throws {
        let folder = ScratchFolder()
        let run = CheckedTranscripts()
        try TranscriptFile(url: folder.file("case")).write(["a"])
        #expect(folder.check("case", checked: run).failure(for: ["a"]) == nil)
        #expect(folder.check("case", checked: run).failure(for: ["a"]) == nil)
        let failure = try #require(folder.check("case", checked: run).failure(for: ["b"]))
        #expect(failure.hasPrefix("\(folder.file("case").path) was already checked in this run with other lines."))
        #expect(failure.contains(#"expectTranscript(lines, named: "…")"#))
        #expect(folder.check("case", checked: run).failure(for: ["a"]) == nil, "the first lines still stand")
    }

    @Test("parallel checks: each records its own file in a shared new folder, then all match; one file checked at once by many matches")
    func parallel() async throws {
        let folder = ScratchFolder()
        let run = CheckedTranscripts()
        let names = (0..<32).map { "case-\($0)" }
        let recorded = await withTaskGroup(of: String?.self) { group in
            for name in names {
                group.addTask { folder.check(name, checked: run).failure(for: [name, "end"]) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(recorded.count == 32)
        #expect(recorded.allSatisfy { $0?.contains("recorded this run's 2 lines") == true })
        for name in names { #expect(folder.text(name) == "\(name)\nend\n") }
        let again = await withTaskGroup(of: String?.self) { group in
            for name in names + Array(repeating: "case-0", count: 32) {
                group.addTask { folder.check(name, mode: .verify, checked: run).failure(for: [name, "end"]) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(again.count == 64)
        #expect(again.allSatisfy { $0 == nil })
    }

    @Test("a line break inside a line is stored as \\n, and a checkout with \\r\\n line ends reads the same")
    func escaping() throws {
        let folder = ScratchFolder()
        let lines = ["note: first\nsecond", "crlf\r\nend", "plain"]
        #expect(folder.check("escaped").failure(for: lines) != nil)
        #expect(folder.text("escaped") == #"note: first\nsecond"# + "\n" + #"crlf\r\nend"# + "\nplain\n")
        #expect(folder.check("escaped").failure(for: lines) == nil)
        try "a\r\nb\r\n".write(to: folder.file("windows"), atomically: true, encoding: .utf8)
        #expect(folder.check("windows", mode: .verify).failure(for: ["a", "b"]) == nil)
        try "".write(to: folder.file("empty"), atomically: true, encoding: .utf8)
        #expect(folder.check("empty", mode: .verify).failure(for: []) == nil)
    }

    @Test("a transcript that cannot be written fails, saying why")
    func unwritable() throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let blocker = folder.url.appendingPathComponent("blocker")
        try "a file, not a folder".write(to: blocker, atomically: true, encoding: .utf8)
        let check = TranscriptCheck(file: TranscriptFile(url: blocker.appendingPathComponent("search.txt")),
                                    mode: .recordMissing, checked: CheckedTranscripts())
        let failure = try #require(check.failure(for: lines))
        #expect(failure.hasPrefix("Could not record the transcript at \(blocker.path)/search.txt: "))
    }

    @Test("a transcript lives next to its test: __Transcripts__/<test file>/<test>[.<name>].txt")
    func paths() {
        let file = "/work/app/Tests/AppTests/SearchTests.swift"
        #expect(TranscriptFile(testFile: file, test: "typingSearches()", name: nil).url.path
            == "/work/app/Tests/AppTests/__Transcripts__/SearchTests/typingSearches.txt")
        #expect(TranscriptFile(testFile: file, test: "scenario(screen:name:)", name: "books/not found").url.path
            == "/work/app/Tests/AppTests/__Transcripts__/SearchTests/scenario.books-not-found.txt")
        #expect(TranscriptFile(testFile: file, test: "testLoad()", name: "").url.lastPathComponent == "testLoad.txt")
        #expect(TranscriptFile(testFile: #filePath, test: #function, name: nil).url.path
            .hasSuffix("Tests/ViewStateKitTestingTests/__Transcripts__/TranscriptTests/paths.txt"))
    }

    // The three below check transcripts stored in the repository, through the public API.

    @Test("expectTranscript checks the lines against this test's stored file")
    func storedLines() {
        #expect(expectTranscript(lines))
        #expect(expectTranscript(["a second transcript of the same test"], named: "second"))
    }

    @Test("a recorder of states writes one state a line, as a test author spells it, sets and dictionaries sorted")
    @MainActor
    func recorderOfStates() {
        let cell = StateCell<ViewState<ShopList>>(.loading)
        let recorder = StateRecorder(cell)
        cell.send(.presenting(ShopList(stores: [Shop(id: 1, name: "CU")])))
        cell.send(.presenting(ShopList(stores: [Shop(id: 1, name: "CU"), Shop(id: 2, name: "GS25")], notice: "2 stores")))
        cell.send(.failed(LoadFailure(.network, "no connection")))
        let tags = StateCell<[String: Set<Int>]>(["b": [3, 1, 2], "a": [9, 7]])
        let sorted = StateRecorder(tags)
        #expect(recorder.expectTranscript())
        #expect(sorted.expectTranscript(named: "sorted"))
        #expect(sorted.values.map(ValueDescription.describe) == [#"["a": [7, 9], "b": [1, 2, 3]]"#])
    }

    @Test("a traced reactor's transcript: actions, mutations with the fields they changed, effects")
    @MainActor
    func tracedReactor() async {
        let reactor = HeldSearch(replies: ["cu": HeldReply()])
        let trace = StateRecorder<String>()
        let token = reactor.trace("search", to: trace.record)
        reactor.send(.search("cu"))
        reactor.replies["cu"]?.release(["CU Gangnam", "CU Yeoksam"])
        await withSafetyNet { await reactor.waitUntilIdle() }
        reactor.send(.stop)
        withExtendedLifetime(token) {}
        #expect(trace.expectTranscript())
    }
}
