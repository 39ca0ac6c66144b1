/// A service of the dependencies in effect, as a property of a feature or reactor:
/// `@Dependency(\.clock) var clock`. Read where it is used — in `mutate`, in an effect's work — so
/// it is the service of the reactor running (``Dependencies`` D2). A test that did not provide
/// it fails at this declaration's line, naming the service (D1).
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    private let keyPath: KeyPath<Dependencies, Value> & Sendable
    private let use: DependencyUse

    /// The service at `keyPath` of ``Dependencies``.
    /// - Parameters:
    ///   - keyPath: the service: `\.clock`, `\.uuid`, or one of the app's own.
    ///   - fileID: where a test that did not provide it fails; this line unless given.
    ///   - filePath: the same, as a path.
    ///   - line: the same line.
    ///   - column: the same column.
    public init(_ keyPath: KeyPath<Dependencies, Value> & Sendable,
                fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.keyPath = keyPath
        use = DependencyUse(name: "", fileID: fileID, filePath: filePath, line: line, column: column)  // named by its key
    }

    /// The service in effect now.
    public var wrappedValue: Value {
        let dependencies = Dependencies.current
        guard dependencies.reportsUnprovided else { return dependencies[keyPath: keyPath] }
        return DependencyUse.$declaredAt.withValue(use) { dependencies[keyPath: keyPath] }  // a test: say where
    }
}

extension DependencyUse {
    /// The ``Dependency`` property being read, if any: where an unprovided service is reported.
    @TaskLocal package static var declaredAt: DependencyUse?
}
