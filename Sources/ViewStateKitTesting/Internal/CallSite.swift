#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where a helper was called from, so a failure points at the caller's line.
struct CallSite: Equatable {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt

    static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        (lhs.fileID, lhs.line, lhs.column) == (rhs.fileID, rhs.line, rhs.column)
    }

    /// The Swift Testing test running in the current task, as an id to compare; `nil` outside one.
    static var currentTest: String? {
        if let simulatedTest { return simulatedTest }
        #if canImport(Testing)
        return Test.current.map { "\($0.id)" }
        #else
        return nil
        #endif
    }

    /// Another test's id, standing in for the current test's in this task: how a test shows
    /// what happens to work or a tester that belongs to another test.
    @TaskLocal static var simulatedTest: String?

    /// Where the failures of the current task go instead of the test framework: how a test run
    /// in a process of its own (an exit test, whose recorded issues reach the parent without
    /// their text) checks what a step reported.
    @TaskLocal static var failureSink: (@Sendable (String) -> Void)?

    /// Reports `message` as a failure at this call site: through Swift Testing inside a Swift
    /// Testing test, through XCTest otherwise.
    ///
    /// Each framework is used only where it can be imported (an Xcode UI-test target or a
    /// toolchain without Swift Testing builds too); with neither, the failure is printed in
    /// the compiler's `file:line: error:` form, so it is never lost.
    func fail(_ message: String) {
        if let failureSink = Self.failureSink { return failureSink(message) }
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        print("\(filePath):\(line): error: \(message)")
        #endif
    }

    #if canImport(Testing)
    /// This call site, as Swift Testing says it.
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
    #endif

    /// Reports `message` as a failure of the running test, with no line of its own to point at
    /// (a service used without a `@Dependency` property, outside any step): Swift Testing places
    /// it at the test's own line, XCTest in the running test.
    static func failInTheRunningTest(_ message: String) {
        if let failureSink { return failureSink(message) }
        #if canImport(Testing)
        if let test = Test.current {
            Issue.record(Comment(rawValue: message), sourceLocation: test.sourceLocation)
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: "<no line: outside any test step>", line: 0)  // never a line of the library's
        #else
        print("error: \(message)")
        #endif
        #if canImport(Testing)
        // Outside a Swift Testing test (a detached task): for the run, as a test it cannot name.
        let nowhere = "<no line: outside any test step>"
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "ViewStateKit/" + nowhere, filePath: nowhere, line: 1, column: 1))
        #endif
    }
}
