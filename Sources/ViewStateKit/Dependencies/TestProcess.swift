import Foundation

/// Whether this process runs tests, and where a test's failure goes from a module that links no
/// test framework: what makes an app's services safe by default in its tests (rule D1 of
/// ``Dependencies``, and ``SharedStorage/file(_:)``).
///
/// A process runs tests when any of these holds, checked once:
/// - `VIEWSTATEKIT_TESTS` is set in its environment: `1` (or `true`, `yes`) says it does, `0`
///   (or `false`, `no`) says it does not, whatever else holds — for a runner none of the
///   others recognises;
/// - Xcode's test environment is set (`XCTestConfigurationFilePath`, `XCTestBundlePath` or
///   `XCTestSessionIdentifier`): a test bundle in its host app, on a simulator or a device;
/// - its arguments name a test library (`--testing-library`), as `swift test` runs a test binary;
/// - its executable is a test bundle: `….xctest` (`swift test` on Linux), or `xctest`, the runner
///   that loads one on macOS.
///
/// The failure itself is recorded by ViewStateKitTesting, which links the test frameworks. This
/// module finds it by its type's mangled name (`_typeByName`, the standard library's, which
/// reads the runtime's own type records): the one detail here that a runtime could change. It
/// is checked the first time it is needed: a test process in which it finds nothing — a test
/// target that does not link ViewStateKitTesting, or a runtime that changed — prints each
/// failure in the compiler's `file:line: error:` form, and says once why it could not fail the
/// test. A test of ViewStateKitTesting's checks that it is found.
package enum TestProcess {
    /// Whether this process runs tests, read once (see the rules above).
    package static let isRunningTests: Bool = {
        let process = ProcessInfo.processInfo
        return recognises(environment: process.environment, arguments: process.arguments)
    }()

    /// Whether a test is showing what an app does, for the length of `withValue(true)`: services
    /// not provided are live, and files are real.
    @TaskLocal package static var simulatesApp = false

    /// Whether services not provided are reported, and files other than temporary ones kept in
    /// memory: in a test process, unless a test simulates an app.
    package static var isTest: Bool { isRunningTests && !simulatesApp }

    /// Whether a process with this `environment` and these `arguments` (the executable first)
    /// runs tests, by the rules above.
    package static func recognises(environment: [String: String], arguments: [String]) -> Bool {
        if let said = environment["VIEWSTATEKIT_TESTS"]?.lowercased() {
            if ["1", "true", "yes"].contains(said) { return true }
            if ["0", "false", "no"].contains(said) { return false }
        }
        if ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"].contains(where: { environment[$0] != nil }) {
            return true
        }
        if arguments.dropFirst().contains("--testing-library") { return true }
        let executable = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        return executable.hasSuffix(".xctest") || executable == "xctest"
    }

    /// Fails the running test with `message`, at `use`'s line when it has one, through
    /// `reporter` (ViewStateKitTesting's, unless given).
    package static func fail(_ message: String, at use: DependencyUse,
                             reporter: (any TestFailureReporting.Type)? = reporter) {
        if let reporter { return reporter.fail(message, at: use) }
        let place = use.filePath.map { "\($0):\(use.line ?? 0): " } ?? ""
        print("\(place)error: \(message)")
    }

    /// ViewStateKitTesting's reporter, found once by its mangled name; `nil` when this process
    /// does not link it (said once, on first use).
    package static let reporter: (any TestFailureReporting.Type)? = {
        let found = _typeByName(reporterMangledName) as? any TestFailureReporting.Type
        if found == nil {
            print("""
                ViewStateKit: this test process does not link ViewStateKitTesting (or this Swift runtime no longer \
                finds a type by its mangled name), so a service a test did not provide cannot fail the test: \
                each is printed as an error instead. Add ViewStateKitTesting to the test target's dependencies.
                """)
        }
        return found
    }()

    /// `ViewStateKitTesting.TestFailureReporter`, mangled.
    package static let reporterMangledName = "19ViewStateKitTesting19TestFailureReporterO"
}

/// What records a failure in the running test: ViewStateKitTesting's `TestFailureReporter`,
/// the one type conforming, found by ``TestProcess``.
package protocol TestFailureReporting: Sendable {
    /// Fails the running test with `message`, at `use`'s line when it has one, else at the
    /// test step running, else in the test.
    static func fail(_ message: String, at use: DependencyUse)
}
