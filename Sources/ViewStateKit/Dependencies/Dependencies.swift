/// The services a reactor and every feature below it use, as one value: live ones in the app,
/// replacements in a test. A reactor keeps the dependencies in effect where it was made
/// (``withDependencies(_:operation:)-137si``), and everything it runs — its `mutate` and `reduce`,
/// its children's, its effects' work — reads them from ``current``, through a
/// ``Dependency`` property or `Dependencies.current.clock`.
///
/// The rules (each has a test named after it):
/// - D1: a service nobody provided is its key's live value in an app. In a test process
///   (<doc:DependenciesArticle> says how one is recognised) it is the key's `testValue` when it declares
///   one; otherwise using it fails the test, naming the service, at the line of its
///   ``Dependency`` property (else the test step running, else where the test made its
///   dependencies, else the test's own line) — whether or not the test made its dependencies
///   with `Dependencies.test` — and it answers with a stand-in that never touches the real world
///   for the built-in services (time stands still, the date is 2001-01-01, every id is zero),
///   its live value for the app's own. Reading a service to replace one of its endpoints while
///   providing (`Dependencies.test { $0.speech.status = { .denied } }`) is not a use: it starts
///   from the `testValue`, and fails at the test's line when the key has none, since the other
///   endpoints would be live.
/// - D2: a reactor made where dependencies were provided uses them for as long as it lives: in
///   its actions, its children's, and its effects' work, whatever is in effect where an action
///   is sent from. (One made where only live values are in effect sets nothing: its steps read
///   whatever is in effect, the live values unless someone provided others.)
/// - D3: nothing is global: ``current`` is a task-local value, set for the length of a
///   `withDependencies` block or a reactor's step and inherited by the tasks started inside it,
///   so tests running in parallel never see each other's services. Work in a detached task, or
///   on a queue, does not inherit it and sees the live values.
public struct Dependencies: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]
    /// Where a test made these dependencies (`Dependencies.test`): they report services not
    /// provided even where the process is not recognised as running tests, and a failure with no
    /// line of its own is reported there.
    package var madeByTestAt: DependencyUse?
    /// Where services are being provided (`Dependencies.test`, `withDependencies`), while they
    /// are: reading one there is not a use.
    package var providingAt: DependencyUse?
    /// The in-memory files of the test that made these dependencies (``SharedStorage/file(_:)``).
    package var testFiles: TestFiles?

    /// No service provided: every one is its live value.
    public init() {}

    /// The dependencies in effect here: those of the reactor running, of the enclosing
    /// ``withDependencies(_:operation:)-137si``, or the live ones.
    @TaskLocal public static var current = Dependencies()

    /// The service stored under `key`, or the key's live value when none was provided.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            var use = DependencyUse.declaredAt ?? DependencyUse(name: "")
            use.name = "\(Key.self)"
            return self[key, use]
        }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The service stored under `key`; `use` says where it was asked for, for the test that did
    /// not provide it (D1).
    package subscript<Key: DependencyKey>(key: Key.Type, use: DependencyUse) -> Key.Value {
        if let value = values[ObjectIdentifier(key)] as? Key.Value { return value }
        guard reportsUnprovided else { return Key.liveValue }
        if let testValue = Key.testValue { return testValue }
        let standIn = (Key.self as? any StandInForTests.Type)?.standIn as? Key.Value
        if let providing = providingAt {
            if standIn == nil {
                TestProcess.fail("""
                    \(Key.self) has no testValue, so changing part of it here leaves the rest of it live, reaching \
                    the real service: provide all of it, or give \(Key.self) a `static var testValue`.
                    """, at: place(for: providing))
            }
        } else {
            TestProcess.fail("\(use.name) was used, but the test did not provide it: pass it to Dependencies.test { … }.",
                             at: place(for: use))
        }
        return standIn ?? Key.liveValue
    }

    /// Whether a service not provided is reported: in a test process, or in a test's dependencies.
    package var reportsUnprovided: Bool { madeByTestAt != nil || TestProcess.isTest }

    /// Where a failure about `use` is reported: its own line, else the test step running, else
    /// where the test made these dependencies; with none, the reporter places it in the test.
    private func place(for use: DependencyUse) -> DependencyUse {
        guard use.line == nil, let fallback = DependencyUse.testStep ?? madeByTestAt else { return use }
        var place = fallback
        place.name = use.name
        return place
    }

    /// Whether nothing was provided and nothing is reported: a reactor made here has nothing to
    /// set while it runs.
    /// (A test's files come with its `madeByTestAt`.)
    var isLive: Bool { values.isEmpty && madeByTestAt == nil }
}

extension Dependencies {
    /// These dependencies with `update` applied; what `update` reads to change is not a use (D1).
    /// - Parameters:
    ///   - update: changes the dependencies.
    ///   - site: where they are being provided, for a failure: the test's line when known.
    package func providing(_ update: (inout Dependencies) -> Void, at site: DependencyUse = DependencyUse(name: "")) -> Dependencies {
        var dependencies = self
        let outer = dependencies.providingAt
        dependencies.providingAt = site
        update(&dependencies)
        dependencies.providingAt = outer
        return dependencies
    }
}

/// Where a service was used without being provided: the service's name (its key's type) and,
/// for a ``Dependency`` property, the line that declared it.
package struct DependencyUse: Sendable {
    package var name: String
    package var fileID: String?
    package var filePath: StaticString?
    package var line: UInt?
    package var column: UInt?

    /// The step of a test running (a `ReactorTester` send), inherited by the work it starts:
    /// where a service used with no line of its own is reported.
    @TaskLocal package static var testStep: DependencyUse?

    package init(name: String, fileID: String? = nil, filePath: StaticString? = nil, line: UInt? = nil, column: UInt? = nil) {
        self.name = name
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Runs `operation` with `dependencies` in effect: a reactor made inside uses them for as long as
/// it lives (D2). A test passes `Dependencies.test { $0.clock = clock }` (ViewStateKitTesting).
/// - Parameters:
///   - dependencies: the dependencies to put in effect.
///   - operation: what runs with them: usually making a reactor.
/// - Returns: what `operation` returns.
@MainActor
public func withDependencies<Result>(_ dependencies: Dependencies, operation: () throws -> Result) rethrows -> Result {
    try Dependencies.$current.withValue(dependencies, operation: operation)
}

/// Runs the asynchronous `operation` with `dependencies` in effect; tasks it starts inherit them.
/// - Parameters:
///   - dependencies: the dependencies to put in effect.
///   - operation: what runs with them.
/// - Returns: what `operation` returns.
@MainActor
public func withDependencies<Result>(_ dependencies: Dependencies,
                                     operation: () async throws -> Result) async rethrows -> Result {
    try await Dependencies.$current.withValue(dependencies, operation: operation)
}

/// Runs the asynchronous `operation` with `update` applied to the dependencies in effect.
/// - Parameters:
///   - update: changes the dependencies in effect here.
///   - operation: what runs with them.
/// - Returns: what `operation` returns.
@MainActor
public func withDependencies<Result>(_ update: (inout Dependencies) -> Void,
                                     operation: () async throws -> Result) async rethrows -> Result {
    let dependencies = Dependencies.current.providing(update)
    return try await Dependencies.$current.withValue(dependencies, operation: operation)
}

/// Runs `operation` with `update` applied to the dependencies in effect: a reactor made inside
/// uses them for as long as it lives (D2). In an app, at the root: `withDependencies { $0.clock =
/// ContinuousClock() } operation: { MeetingsApp() }`.
/// - Parameters:
///   - update: changes the dependencies in effect here.
///   - operation: what runs with them: usually making a reactor.
/// - Returns: what `operation` returns.
@MainActor
public func withDependencies<Result>(_ update: (inout Dependencies) -> Void, operation: () throws -> Result) rethrows -> Result {
    let dependencies = Dependencies.current.providing(update)
    return try Dependencies.$current.withValue(dependencies, operation: operation)
}
