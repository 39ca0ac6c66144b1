import Foundation
import ViewStateKit
internal import ViewStateKitSupport

extension Dependencies {
    /// Dependencies for a test: the services `provide` sets, and every other service failing the
    /// test when it is used, naming its key (`UUIDKey was used, but the test did not provide it`)
    /// at the line of its `@Dependency` property, or in the running test (rule D1). The service
    /// then answers with its live value, so the code under test goes on as in the app. Make the reactor under test inside them:
    ///
    /// ```swift
    /// let reactor = withDependencies(.test {
    ///     $0.uuid = .incrementing()
    ///     $0.date = .constant(noon)
    /// }) { FeatureReactor(Stamper(), initialState: Stamper.State()) }
    /// let tester = ReactorTester(reactor)
    /// ```
    ///
    /// Nothing here is global: each test's dependencies live in the reactors made with them, so
    /// tests running in parallel never share a service (D3).
    /// - Parameter provide: sets the services the test expects to be used.
    /// - Returns: the test's dependencies.
    public static func test(_ provide: (inout Dependencies) -> Void = { _ in }) -> Dependencies {
        var dependencies = Dependencies()
        dependencies.unprovided = { use in
            let message = "\(use.name) was used, but the test did not provide it: pass it to Dependencies.test { … }."
            guard let fileID = use.fileID, let filePath = use.filePath, let line = use.line, let column = use.column else {
                return CallSite.failInTheRunningTest(message)
            }
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(message)
        }
        provide(&dependencies)
        return dependencies
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
