import Foundation

/// Where one test's transcript is stored, and its text: one line per entry, each ending in a
/// line break, so a change reads as a change of lines in a code review.
///
/// The file sits next to the test file, in a folder per test file and a file per test:
/// `Tests/AppTests/__Transcripts__/SearchTests/typingSearches.txt` for `typingSearches()` in
/// `Tests/AppTests/SearchTests.swift`, or `typingSearches.second.txt` when named `second`.
/// The path comes from `#filePath`, so it is the same under Swift Testing and XCTest, on
/// Linux and Apple platforms.
struct TranscriptFile {
    /// The folder every transcript of a test target lives under, beside its test files.
    static let folderName = "__Transcripts__"

    let url: URL

    init(url: URL) {
        self.url = url
    }

    /// The transcript of `test` (a function as `#function` spells it, `typingSearches()`) in
    /// the test file at `testFile`, under `name` when a test keeps more than one.
    init(testFile: String, test: String, name: String?) {
        let file = URL(fileURLWithPath: testFile)
        let base = Self.safe(String(test.prefix { $0 != "(" }))
        let suffix = name.map(Self.safe).flatMap { $0.isEmpty ? nil : "." + $0 } ?? ""
        url = file.deletingLastPathComponent()
            .appendingPathComponent(Self.folderName, isDirectory: true)
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent, isDirectory: true)
            .appendingPathComponent(base + suffix + ".txt")
    }

    /// The stored lines, or `nil` when there is no file yet.
    func read() throws -> [String]? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return Self.lines(of: try String(contentsOf: url, encoding: .utf8))
    }

    /// Stores `lines` (each already ``escaped(_:)``), creating the folders; a reader never sees
    /// half a file.
    func write(_ lines: [String]) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.text(of: lines).write(to: url, atomically: true, encoding: .utf8)
    }

    /// The file's text: each line, already ``escaped(_:)`` onto one line, ended with a line
    /// break.
    static func text(of lines: [String]) -> String {
        lines.map { $0 + "\n" }.joined()
    }

    /// The lines of a file's text; a checkout that turned line ends into `\r\n` reads the same.
    static func lines(of text: String) -> [String] {
        // "\r\n" is one `Character`, so it is a separator of its own.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `line` as the file holds it: on one line.
    static func escaped(_ line: String) -> String {
        guard line.contains(where: \.isNewline) else { return line }
        return line.replacingOccurrences(of: "\r\n", with: "\\r\\n")
            .replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r")
    }

    /// A file name from a test's or transcript's name: letters, digits, `-`, `_` and `.` are
    /// kept, anything else becomes `-`.
    private static func safe(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
    }
}
