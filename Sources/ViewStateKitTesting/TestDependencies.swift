import Foundation
#if canImport(Testing)
import Testing
#endif
import ViewStateKit
internal import ViewStateKitSupport

extension Dependencies {
    /// Dependencies for a test: the services `provide` sets, the keys' `testValue`s, and every
    /// other service failing the test when it is used, naming its key (`UUIDKey was used, but
    /// the test did not provide it`) at the line of its `@Dependency` property, or at the test
    /// step running (rule D1). The service then answers with a stand-in, or with its live value
    /// for a service of the app's own, so the code under test goes on as in the app. Its files
    /// (`SharedStorage.file(_:)`) are its own, in memory. Make the reactor under test inside them:
    ///
    /// ```swift
    /// let reactor = withDependencies(.test {
    ///     $0.uuid = .incrementing()
    ///     $0.date = .constant(noon)
    /// }) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
    /// let tester = ReactorTester(reactor)
    /// ```
    ///
    /// `provide` may change one endpoint of a service whose key has a `testValue`
    /// (`$0.speech.authorizationStatus = { .denied }`); for a key without one, that fails the
    /// test at this line, since the rest of the service would be live.
    ///
    /// Nothing here is global: each test's dependencies live in the reactors made with them, so
    /// tests running in parallel never share a service (D3).
    /// - Parameters:
    ///   - provide: sets the services the test expects to be used.
    ///   - fileID: where a failure with no line of its own is reported; this line unless given.
    ///   - filePath: the same, as a path.
    ///   - line: the same line.
    ///   - column: the same column.
    /// - Returns: the test's dependencies.
    public static func test(_ provide: (inout Dependencies) -> Void = { _ in },
                            fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                            column: UInt = #column) -> Dependencies {
        let site = DependencyUse(name: "", fileID: fileID, filePath: filePath, line: line, column: column)
        var dependencies = Dependencies()
        dependencies.madeByTestAt = site
        dependencies.testFiles = TestFiles()
        return dependencies.providing(provide, at: site)
    }
}

/// Records the failures of the library module, which links no test framework, in the running
/// test (found by `TestProcess` through this type's name: rename it only with its mangled name there).
enum TestFailureReporter: TestFailureReporting {
    static func fail(_ message: String, at use: DependencyUse) {
        guard let fileID = use.fileID, let filePath = use.filePath, let line = use.line, let column = use.column else {
            return CallSite.failInTheRunningTest(message)
        }
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        site.fail(message)
        #if canImport(Testing)
        // Outside any Swift Testing test's task — a detached task — XCTest records it only inside
        // an XCTest test; Swift Testing records it for the run, as a test it cannot name.
        if CallSite.failureSink == nil, Test.current == nil {
            Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
        }
        #endif
    }
}

extension UUIDGenerator {
    /// Ids counting up from zero, `00000000-0000-0000-0000-000000000000`, then `…001`: the same
    /// ids on every run. Safe from any task.
    public static func incrementing() -> UUIDGenerator {
        let count = Locked(0)
        return UUIDGenerator {
            let next = count.withLock { count in
                defer { count += 1 }
                return count
            }
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llx", UInt64(next))) ?? UUID()
        }
    }
}

extension UUIDGenerator {
    /// Gives `uuid` every time: a test whose screen makes one id states it exactly.
    /// - Parameter uuid: the id every call gives.
    public static func constant(_ uuid: UUID) -> UUIDGenerator {
        UUIDGenerator { uuid }
    }
}

extension DateGenerator {
    /// Always `date`: a test's "now" that does not move.
    public static func constant(_ date: Date) -> DateGenerator {
        DateGenerator { date }
    }
}
