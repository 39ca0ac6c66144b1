/// The services a reactor and every feature below it use, as one value: live ones in the app,
/// replacements in a test. A reactor keeps the dependencies in effect where it was made
/// (``withDependencies(_:operation:)-137si``), and everything it runs — its `mutate` and `reduce`,
/// its children's, its effects' work — reads them from ``current``, through a
/// ``Dependency`` property or `Dependencies.current.clock`.
///
/// The rules (each has a test named after it):
/// - D1: a service nobody provided is its key's live value; in a test's dependencies
///   (`Dependencies.test` in ViewStateKitTesting), using it fails the test, naming the service.
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
    /// Told of each service used without being provided, when set (a test's dependencies).
    package var unprovided: (@Sendable (DependencyUse) -> Void)?

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
        unprovided?(use)
        return Key.liveValue
    }

    /// Whether nothing was provided and nothing is reported: a reactor made here has nothing to
    /// set while it runs.
    var isLive: Bool { values.isEmpty && unprovided == nil }
}

/// Where a service was used without being provided: the service's name (its key's type) and,
/// for a ``Dependency`` property, the line that declared it.
package struct DependencyUse: Sendable {
    package var name: String
    package var fileID: String?
    package var filePath: StaticString?
    package var line: UInt?
    package var column: UInt?

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
    var dependencies = Dependencies.current
    update(&dependencies)
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
    var dependencies = Dependencies.current
    update(&dependencies)
    return try Dependencies.$current.withValue(dependencies, operation: operation)
}
