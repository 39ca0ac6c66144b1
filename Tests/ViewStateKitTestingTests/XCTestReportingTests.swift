import XCTest
@testable import ViewStateKitTesting

/// Outside Swift Testing, the helpers report through XCTest at the caller's line.
final class XCTestReportingTests: XCTestCase {
    private var failures: [(message: String, line: Int)] = []

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        failures.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        failures.append((description, lineNumber))
    }
    #endif

    func testMismatchIsReportedThroughXCTest() {
        let line = #line + 1
        let passed = expectSequence([1, 2, 4], equals: [1, 2, 3])
        XCTAssertFalse(passed)
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.message.contains("Sequences differ at index 2") == true, failures.first?.message ?? "")
        XCTAssertTrue(failures.first?.message.contains("value: 3 → 4") == true, failures.first?.message ?? "")
    }

    func testEqualSequencesReportNothing() {
        XCTAssertTrue(expectSequence(["a"], equals: ["a"]))
        XCTAssertTrue(failures.isEmpty)
    }
}
