import Foundation

/// Where a ``Shared`` value is saved: a JSON file, an app's key-value store, or memory (for
/// tests, and for a second "launch" inside one). A shared value made with one loads from it at
/// once and saves every write, a burst of writes as one (`Shared(_:default:)`).
///
/// - A file is written atomically: the old one is replaced at once or not at all.
/// - What cannot be read as the value (corrupt, cut off, another format) is moved aside, never
///   written over, and the value starts from its default; the copies say so in ``Shared/failure``.
/// - A save that fails leaves the value as it is on screen and says so the same way; the next
///   write tries again.
public struct SharedStorage<Value: Codable & Sendable>: Sendable {
    /// What it is called in messages: a file's name, a key.
    public let name: String
    /// The saved bytes, or `nil` when nothing was saved yet.
    let read: @Sendable () throws -> Data?
    /// Saves the bytes, at once or not at all.
    let write: @Sendable (Data) throws -> Void
    /// Moves what could not be read aside and returns its new name; `nil` when it could not.
    let keepAside: @Sendable () -> String?
    /// What it saves to, for values of one process to share one reference: a file's path, a
    /// key, a memory's identity; `nil` for a storage of its own parts (never shared).
    var id: String?

    /// A storage of its own parts, for a place none of the others fits.
    /// - Parameters:
    ///   - name: what it is called in messages.
    ///   - read: the saved bytes, or `nil` when nothing was saved yet.
    ///   - write: saves the bytes, at once or not at all.
    ///   - keepAside: moves unreadable bytes aside and returns their new name, or `nil`.
    public init(name: String, read: @escaping @Sendable () throws -> Data?, write: @escaping @Sendable (Data) throws -> Void,
                keepAside: @escaping @Sendable () -> String? = { nil }) {
        self.name = name
        self.read = read
        self.write = write
        self.keepAside = keepAside
    }

    /// A JSON file at `url`: a missing file is nothing saved yet; an unreadable one is moved to
    /// the first free `<name>.corrupt`, `<name>.corrupt-2`, … beside it.
    ///
    /// In a test process (<doc:DependenciesArticle> says how one is recognised), a file outside the
    /// temporary folder is kept in memory instead, for the test whose dependencies were in
    /// effect when the storage was made (`Dependencies.test`), so a test never writes the
    /// user's real files. A test that wants real files — what is on disk, a corrupt file —
    /// writes them in `FileManager.default.temporaryDirectory`.
    public static func file(_ url: URL) -> SharedStorage {
        if TestProcess.isTest, !TestFiles.isTemporary(url) {
            return TestFiles.current.storage(named: url.lastPathComponent, at: url.standardizedFileURL.path)
        }
        var storage = SharedStorage(name: url.lastPathComponent, read: {
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return try Data(contentsOf: url)
        }, write: { data in
            try data.write(to: url, options: .atomic)
        }, keepAside: {
            let manager = FileManager.default
            for attempt in 1...100 {
                let name = url.lastPathComponent + (attempt == 1 ? ".corrupt" : ".corrupt-\(attempt)")
                let aside = url.deletingLastPathComponent().appendingPathComponent(name)
                guard !manager.fileExists(atPath: aside.path) else { continue }
                return (try? manager.moveItem(at: url, to: aside)) == nil ? nil : name
            }
            return nil
        })
        storage.id = "file " + url.standardizedFileURL.path
        return storage
    }

    /// Memory that outlives the values made from it: what a test saves in one shared value, the
    /// next one made from the same memory loads (a second launch).
    public static func memory(_ memory: SharedMemory) -> SharedStorage {
        var storage = SharedStorage(name: memory.name, read: { memory.data }, write: { memory.data = $0 }, keepAside: {
            memory.keptAside = memory.data
            memory.data = nil
            return memory.name + " (kept aside)"
        })
        storage.id = "memory \(ObjectIdentifier(memory))"
        return storage
    }

    /// The app's own key-value store under `key`: `UserDefaults.standard` on Apple platforms,
    /// a file named after the key in the user's Application Support folder elsewhere (the
    /// temporary folder where there is none). In a test process it is kept in memory, as a
    /// file is (``file(_:)``).
    public static func appStorage(_ key: String) -> SharedStorage {
        #if canImport(Darwin)
        if TestProcess.isTest { return TestFiles.current.storage(named: key, at: "UserDefaults/" + key) }
        var storage = SharedStorage(name: key, read: { UserDefaults.standard.data(forKey: key) },
                             write: { UserDefaults.standard.set($0, forKey: key) }, keepAside: {
            let aside = key + ".corrupt"
            UserDefaults.standard.set(UserDefaults.standard.data(forKey: key), forKey: aside)
            UserDefaults.standard.removeObject(forKey: key)
            return aside
        })
        storage.id = "UserDefaults " + key
        return storage
        #else
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return file(folder.appendingPathComponent(key + ".json"))
        #endif
    }
}

/// Bytes kept in memory for ``SharedStorage/memory(_:)``: what a shared value saved, and what
/// was kept aside when it could not be read. Safe from any task.
public final class SharedMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var saved: Data?
    private var aside: Data?
    /// What it is called in messages.
    public let name: String

    /// Memory holding `data` (nothing saved, unless given).
    /// - Parameters:
    ///   - name: what it is called in messages.
    ///   - data: the bytes as if saved before.
    public init(name: String = "memory", data: Data? = nil) {
        self.name = name
        saved = data
    }

    /// The saved bytes.
    public var data: Data? {
        get { lock.withLock { saved } }
        set { lock.withLock { saved = newValue } }
    }

    /// The bytes kept aside because they could not be read (set by the storage alone).
    public internal(set) var keptAside: Data? {
        get { lock.withLock { aside } }
        set { lock.withLock { aside = newValue } }
    }
}

/// Why a ``Shared`` value could not be loaded or saved.
public enum SharedStorageFailure: Error, Equatable, Sendable {
    /// What was saved could not be read as the value; it was kept aside under `keptAs` (or left
    /// where it was, and never written over, when it could not be moved: `nil`).
    case unreadable(String, keptAs: String?)
    /// The value could not be saved; it is unchanged on screen, and the next write tries again.
    case notSaved(String, reason: String)

    /// One sentence for the user.
    public var message: String {
        switch self {
        case .unreadable(let name, let keptAs?): "\(name) could not be read; it was kept aside as \(keptAs)"
        case .unreadable(let name, nil): "\(name) could not be read; it is left as it is and not saved over"
        case .notSaved(let name, let reason): "\(name) could not be saved: \(reason)"
        }
    }
}

/// A value of its own, loaded from a storage when made and saved after writes: the first write
/// of a burst waits `throttle` on the clock of the dependencies it was made with, then saves
/// the value as it is by then, so a burst of edits is one save. A value still waiting to be
/// saved when the last copy goes is saved then.
final class SharedStoredReference<Value: Codable & Sendable>: SharedReference, @unchecked Sendable {
    /// The value; read and written on the main actor only (and in `deinit`, when no one else can).
    private var value: Value
    let root = SharedRoot()
    /// Why the value could not be loaded or saved, if it could not; main actor only.
    private(set) var failure: SharedStorageFailure?
    private let storage: SharedStorage<Value>
    private let clock: any Clock<Duration>
    private let throttle: Duration
    /// `false` when what was saved could not be read nor moved aside: it is never written over.
    private let mayOverwrite: Bool
    /// The save waiting for its throttle to pass; main actor only.
    private var pendingSave: Task<Void, Never>?
    private var hasUnsavedWrite = false

    init(storage: SharedStorage<Value>, default defaultValue: Value, clock: any Clock<Duration>, throttle: Duration) {
        self.storage = storage
        self.clock = clock
        self.throttle = throttle
        var loaded = defaultValue
        var failure: SharedStorageFailure?
        var mayOverwrite = true
        do {
            if let data = try storage.read() {
                do {
                    loaded = try JSONDecoder().decode(Value.self, from: data)
                } catch {
                    let keptAs = storage.keepAside()
                    failure = .unreadable(storage.name, keptAs: keptAs)
                    mayOverwrite = keptAs != nil
                }
            }
        } catch {
            failure = .unreadable(storage.name, keptAs: nil)
            mayOverwrite = false
        }
        value = loaded
        self.failure = failure
        self.mayOverwrite = mayOverwrite
    }

    var current: Value? { value }

    func write(_ newValue: Value, by writer: AnyObject?) {
        value = newValue
        root.didWrite()
        hasUnsavedWrite = true
        guard mayOverwrite, pendingSave == nil else { return }
        // Not on the main actor while it waits: a test's engine follows such work (R9) and a
        // `ManualClock` advance wakes it; the save itself comes back to the main actor.
        // The value is held weakly throughout, so when its last copy goes first, `deinit` saves it.
        pendingSave = Task.detached { [weak self, clock, throttle] in
            try? await clock.sleep(for: throttle)
            await MainActor.run { [weak self] in self?.save() }
        }
    }

    /// Saves the value as it is now. A failure is told to every holder, and so is the success
    /// that follows one; a load failure stays what it was: the value started from its default.
    @MainActor private func save() {
        pendingSave = nil
        hasUnsavedWrite = false
        let outcome: SharedStorageFailure?
        do {
            try storage.write(try JSONEncoder().encode(value))
            outcome = nil
        } catch {
            outcome = .notSaved(storage.name, reason: error.localizedDescription)
        }
        if outcome == nil, case .unreadable? = failure { return }
        guard outcome != failure else { return }
        failure = outcome
        root.didWrite()
        root.tellHolders(except: nil)
    }

    deinit {
        // The last copy has gone with a write not saved yet: save it now rather than lose it.
        guard hasUnsavedWrite, mayOverwrite, let data = try? JSONEncoder().encode(value) else { return }
        try? storage.write(data)
    }
}
