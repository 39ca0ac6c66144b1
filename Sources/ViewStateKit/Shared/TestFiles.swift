import Foundation

/// Files a test's ``SharedStorage/file(_:)`` and ``SharedStorage/appStorage(_:)`` keep in memory,
/// by path, so a test that forgets to provide its storage never writes the user's real files.
/// Each `Dependencies.test` has its own; storage made outside one, in a test process, shares the
/// process's. They behave as files do: nothing saved reads as nothing, what cannot be read is
/// moved aside to the first free `<name>.corrupt`, `<name>.corrupt-2`, … beside it. Safe from any task.
package final class TestFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: Data] = [:]

    package init() {}

    /// The files of storage made where no test made its dependencies, in a test process.
    package static let process = TestFiles()

    /// The files of the test whose dependencies are in effect, or the process's.
    static var current: TestFiles { Dependencies.current.testFiles ?? process }

    /// What is saved at `path`, or `nil`.
    package func contents(at path: String) -> Data? {
        lock.withLock { files[path] }
    }

    /// A storage named `name` kept at `path` in these files.
    func storage<Value>(named name: String, at path: String) -> SharedStorage<Value> {
        var storage = SharedStorage<Value>(name: name, read: { [self] in
            lock.withLock { files[path] }
        }, write: { [self] data in
            lock.withLock { files[path] = data }
        }, keepAside: { [self] in
            lock.withLock {
                for attempt in 1...100 {
                    let suffix = attempt == 1 ? ".corrupt" : ".corrupt-\(attempt)"
                    guard files[path + suffix] == nil else { continue }
                    files[path + suffix] = files.removeValue(forKey: path)
                    return name + suffix
                }
                return nil
            }
        })
        storage.id = "test files \(ObjectIdentifier(self)) \(path)"
        return storage
    }

    /// Whether a test may write the real file at `url`: one inside the temporary folder, which
    /// is how a test asks for real files.
    static func isTemporary(_ url: URL) -> Bool {
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().standardizedFileURL.path
        let path = url.resolvingSymlinksInPath().standardizedFileURL.path
        return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
