import Foundation
import XCTest
import ViewStateKit
@testable import ViewStateKitTesting

/// Reads the date through a `@Dependency` property declared on the line `line` names.
struct DateUser {
    static let line = #line + 1
    @Dependency(\.date) var date
}

/// Outside Swift Testing, the helpers report through XCTest at the caller's line.
///
/// Only the helper's own failure is captured (inside `capturing`); every assertion of the
/// test itself goes to XCTest as usual, so these tests can fail.
final class XCTestReportingTests: XCTestCase {
    private var failures: [(message: String, line: Int)] = []
    private var isCapturing = false

    /// Runs `body`, keeping the failures it reports instead of failing the test.
    private func capturing<T>(_ body: () -> T) -> T {
        isCapturing = true
        defer { isCapturing = false }
        return body()
    }

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        guard isCapturing else { return super.record(issue) }
        failures.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard isCapturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        failures.append((description, lineNumber))
    }
    #endif

    func testMismatchIsReportedThroughXCTest() {
        let line = #line + 1
        let passed = capturing { expectSequence([1, 2, 4], equals: [1, 2, 3]) }
        XCTAssertFalse(passed)
        // `.ci/run` sets VIEWSTATE_WRONG_EXPECTATION to expect a wrong count, and checks that
        // this test then fails: the capture must never swallow the test's own assertions.
        let expectedCount = ProcessInfo.processInfo.environment["VIEWSTATE_WRONG_EXPECTATION"] == nil ? 1 : 2
        XCTAssertEqual(failures.count, expectedCount)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.message.contains("Sequences differ at index 2") == true, failures.first?.message ?? "")
        XCTAssertTrue(failures.first?.message.contains("value: 3 → 4") == true, failures.first?.message ?? "")
    }

    /// A service used without a `@Dependency` property, outside Swift Testing: one failure,
    /// through XCTest, naming the service.
    func testFailureInTheRunningTestIsReportedThroughXCTest() {
        capturing { CallSite.failInTheRunningTest("Dependencies.test: clock was used but not provided.") }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("clock was used but not provided") == true, failures.first?.message ?? "")
    }

    /// A service the test did not provide, read through a `@Dependency` property in an XCTest
    /// test that made no dependencies: one failure, through XCTest, at the property's line (D1).
    func testUnprovidedServiceIsReportedThroughXCTestAtItsLine() {
        let date = capturing { DateUser().date() }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, DateUser.line)
        XCTAssertTrue(failures.first?.message.contains("DateKey was used, but the test did not provide it") == true,
                      failures.first?.message ?? "")
        XCTAssertEqual(date, Date(timeIntervalSinceReferenceDate: 0), "the date's stand-in: 2001-01-01")
    }

    func testEqualSequencesReportNothing() {
        XCTAssertTrue(capturing { expectSequence(["a"], equals: ["a"]) })
        XCTAssertTrue(failures.isEmpty)
    }

    /// The transcript is named after the XCTest method: `testTranscriptOfAnXCTest.txt`.
    func testTranscriptOfAnXCTest() {
        XCTAssertTrue(capturing { expectTranscript(["[xctest] loading", "[xctest] presenting: 1 store"]) })
        XCTAssertTrue(failures.isEmpty)
    }

    func testTranscriptMismatchIsReportedThroughXCTest() throws {
        let folder = ScratchFolder()
        try TranscriptFile(url: folder.file("flow")).write(["[flow] loading"])
        let check = folder.check("flow")
        let line = #line + 1
        let passed = capturing { check.expect(["[flow] failed"], at: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)) }
        XCTAssertFalse(passed)
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.message.contains("@@ line 1 @@\n- [flow] loading\n+ [flow] failed") == true,
                      failures.first?.message ?? "")
    }
}
