import Foundation
import ViewStateKit

/// Checks `lines` — the states a screen went through, the lines it rendered, or a reactor's
/// trace — against the transcript stored for the calling test, and fails the test when they
/// differ.
///
/// The transcript is a text file next to the test file, one line per entry:
/// `__Transcripts__/<test file>/<test>.txt`, or `<test>.<name>.txt` when `name` is given (a
/// test that keeps more than one, or a parameterized test, names each). It is meant to be read
/// in a code review: a change in what the screen does shows up there as changed lines.
///
/// - A missing transcript is recorded from this run, and the test fails once, saying where.
/// - A mismatch fails with a line diff (`-` the file, `+` this run) at the caller's line; the
///   file is left as it was.
/// - `VIEWSTATE_TRANSCRIPTS=record` re-records every transcript that differs; each such test
///   fails once with the change, so re-recording never passes silently.
/// - `VIEWSTATE_TRANSCRIPTS=verify`, or the `CI` variable CI services set, forbids writing: a
///   missing transcript is a plain failure.
///
/// A line break inside a line is stored as `\n`. Failures are reported through Swift Testing
/// inside a Swift Testing test and through XCTest otherwise. Tests that run in parallel each
/// have their own files; the same file checked twice in one run with other lines fails.
/// A SwiftPM test target lists the folder in `exclude: ["__Transcripts__"]`, or SwiftPM
/// warns about files it does not handle.
///
/// - Parameters:
///   - lines: what this run produced, in order; escaped onto one line each.
///   - name: tells apart the transcripts of one test; `nil` for a test that keeps one.
///   - fileID: the file ID a failure is reported at; the caller's unless given.
///   - filePath: the test file the transcript is stored next to; the caller's unless given.
///   - function: the test the transcript is named after; the caller's unless given.
///   - line: the line a failure is reported at; the caller's unless given.
///   - column: the column a failure is reported at; the caller's unless given.
/// - Returns: `true` when `lines` match the stored transcript.
@discardableResult
public func expectTranscript(
    _ lines: [String], named name: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
    line: UInt = #line, column: UInt = #column
) -> Bool {
    TranscriptCheck(file: TranscriptFile(testFile: "\(filePath)", test: function, name: name),
                    mode: TranscriptMode(environment: ProcessInfo.processInfo.environment))
        .expect(lines, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

extension StateRecorder {
    /// Checks the recorded values against the calling test's stored transcript, one value a
    /// line (see [`expectTranscript(_:named:)`](doc:expectTranscript(_:named:fileID:filePath:function:line:column:))).
    ///
    /// A value is written as a test author would spell it (`.presenting(Stores(count: 2))`,
    /// without module names or addresses, sets and dictionaries sorted); a recorder of
    /// `String`s — a renderer's lines, or a trace recorded with
    /// `reactor.trace("search", to: recorder.record)` — writes each string as it is.
    @discardableResult
    public func expectTranscript(
        named name: String? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, function: String = #function,
        line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let lines = values.map { value in (value as? String) ?? ValueDescription.describe(value) }
        return ViewStateKitTesting.expectTranscript(lines, named: name, fileID: fileID, filePath: filePath,
                                                    function: function, line: line, column: column)
    }
}
