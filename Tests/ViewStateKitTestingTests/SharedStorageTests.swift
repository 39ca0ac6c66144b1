import Foundation
import Testing
@testable import ViewStateKit
import ViewStateKitTesting

/// A screen holding a shared count, saved somewhere.
@MainActor
final class SavedCount: Reactor<SavedCount.Action, SavedCount.Action, SavedCount.State> {
    struct State: Equatable { var count: Shared<Int> }
    enum Action: Sendable { case set(Int) }

    init(count: Shared<Int>) {
        super.init(initialState: State(count: count))
    }

    override var children: [ChildPlace<State, Action, Action>] { [.shared(\.count)] }
    override func mutate(action: Action) -> Effect<Action> { .mutation(action) }
    override func reduce(into state: inout State, mutation: Action) {
        if case .set(let count) = mutation { state.count.value = count }
    }
}

/// Bytes saved, counted, and failing on demand: a storage a test can watch.
final class CountingStorage: @unchecked Sendable {
    let memory = SharedMemory(name: "count")
    private let lock = NSLock()
    private var writes = 0
    private var failing = false

    var writeCount: Int { lock.withLock { writes } }
    func fail(_ fails: Bool) { lock.withLock { failing = fails } }

    var storage: SharedStorage<Int> {
        SharedStorage(name: "count", read: { [memory] in memory.data }, write: { [self] data in
            try lock.withLock {
                if failing { throw CocoaError(.fileWriteOutOfSpace) }
                writes += 1
            }
            memory.data = data
        })
    }
}

@MainActor
@Suite("Shared values saved where they belong")
struct SharedStorageTests {
    let clock = ManualClock()

    private func screen(_ storage: SharedStorage<Int>, throttle: Duration = .seconds(1)) -> SavedCount {
        withDependencies(.test { $0.clock = clock }) { SavedCount(count: Shared(storage, default: 0, throttle: throttle)) }
    }

    @Test("S6: a burst of writes is one save, after the throttle on the injected clock; a second launch reads it")
    func burstIsOneSave() async {
        let counting = CountingStorage()
        let first = ReactorTester(screen(counting.storage))
        await first.send(.set(1)) { $0.count.value = 1 }
        await first.send(.set(2)) { $0.count.value = 2 }
        await first.send(.set(3)) { $0.count.value = 3 }
        #expect(counting.writeCount == 0, "nothing is saved before the throttle has passed")
        await clock.advance(by: .seconds(1))
        #expect(counting.writeCount == 1)
        let second = screen(counting.storage)
        #expect(second.currentState.count.value == 3, "a second launch sees what the first saved")
        #expect(second.currentState.count.failure == nil)
    }

    @Test("S6: a JSON file: nothing saved is the default; a save is atomic and read back by the next value")
    func file() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let first = ReactorTester(screen(.file(url)))
        #expect(first.state.count.value == 0)
        await first.send(.set(7)) { $0.count.value = 7 }
        await clock.advance(by: .seconds(1))
        #expect(try String(contentsOf: url, encoding: .utf8) == "7")
        #expect(screen(.file(url)).currentState.count.value == 7)
    }

    @Test("S6: a corrupt file is kept aside, never written over; the value starts from its default and says so")
    func corruptFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("count.json")
        try Data("{not json".utf8).write(to: url)
        let tester = ReactorTester(screen(.file(url)))
        #expect(tester.state.count.value == 0)
        #expect(tester.state.count.failure == .unreadable("count.json", keptAs: "count.json.corrupt"))
        #expect(tester.state.count.failure?.message == "count.json could not be read; it was kept aside as count.json.corrupt")
        #expect(try Data(contentsOf: folder.appendingPathComponent("count.json.corrupt")) == Data("{not json".utf8))
        await tester.send(.set(5)) { $0.count.value = 5 }
        await clock.advance(by: .seconds(1))
        #expect(try String(contentsOf: url, encoding: .utf8) == "5", "a new file; the corrupt one is still aside")
        #expect(tester.state.count.failure == .unreadable("count.json", keptAs: "count.json.corrupt"), "it still says so")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("count.json.corrupt").path))
    }

    @Test("S6: a second corrupt file is kept aside beside the first, under the next free name")
    func secondCorruptFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("count.json")
        try Data("first".utf8).write(to: folder.appendingPathComponent("count.json.corrupt"))  // a first launch's
        try Data("{not json".utf8).write(to: url)
        let tester = ReactorTester(screen(.file(url)))
        #expect(tester.state.count.failure == .unreadable("count.json", keptAs: "count.json.corrupt-2"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("count.json.corrupt")) == Data("first".utf8))
        #expect(try Data(contentsOf: folder.appendingPathComponent("count.json.corrupt-2")) == Data("{not json".utf8))
    }

    @Test("S6: what cannot be read nor moved aside is never written over")
    func unreadableAndStuck() async {
        let storage = SharedStorage<Int>(name: "stuck", read: { throw CocoaError(.fileReadNoPermission) },
                                         write: { _ in Issue.record("wrote over what could not be read") })
        let count = ReactorTester(screen(storage))
        #expect(count.state.count.failure == .unreadable("stuck", keptAs: nil))
        await count.send(.set(1)) { $0.count.value = 1 }
        #expect(clock.sleeperCount == 0, "no save is even planned")
    }

    @Test("S6: bytes that do not decode and cannot be moved aside are never written over")
    func corruptAndStuck() async {
        let storage = SharedStorage<Int>(name: "stuck", read: { Data("{not json".utf8) },
                                         write: { _ in Issue.record("wrote over what could not be decoded") },
                                         keepAside: { nil })  // moving them aside failed
        let count = ReactorTester(screen(storage))
        #expect(count.state.count.failure == .unreadable("stuck", keptAs: nil))
        await count.send(.set(1)) { $0.count.value = 1 }
        #expect(clock.sleeperCount == 0, "no save is even planned")
    }

    @Test("S6: a failed save leaves the value as it is and every holder says so; the next save clears it")
    func failedSave() async {
        let counting = CountingStorage()
        let tester = ReactorTester(screen(counting.storage))
        counting.fail(true)
        await tester.send(.set(1)) { $0.count.value = 1 }
        await clock.advance(by: .seconds(1))
        let failure = SharedStorageFailure.notSaved("count", reason: CocoaError(.fileWriteOutOfSpace).localizedDescription)
        await tester.receive { $0.count.failure = failure }
        #expect(tester.state.count.failure == failure)
        counting.fail(false)
        await tester.send(.set(2)) { $0.count.value = 2 }
        await clock.advance(by: .seconds(1))
        await tester.receive { $0.count.failure = nil }
        #expect(counting.memory.data == Data("2".utf8))
    }

    @Test("S6: a value saved already is not saved again when its last copy goes")
    func savedOnce() async {
        let counting = CountingStorage()
        var count: SavedCount? = screen(counting.storage)
        count?.send(.set(2))
        await clock.waitForSleepers(1)
        await clock.advance(by: .seconds(1))
        #expect(counting.writeCount == 1)
        count = nil
        #expect(counting.writeCount == 1, "nothing was left to save")
    }

    @Test("S6: a write not saved yet when the last copy goes is saved then, not lost")
    func savedWhenGone() {
        let counting = CountingStorage()
        var count: SavedCount? = screen(counting.storage, throttle: .seconds(60))
        count?.send(.set(9))
        #expect(counting.writeCount == 0)
        count = nil
        #expect(counting.memory.data == Data("9".utf8))
    }

    @Test("S6: in an app, app storage is a file named after the key here (UserDefaults on Apple): a second value reads the first's")
    func appStorage() async throws {
        let key = "viewstatekit-tests-\(UUID().uuidString)"
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let file = folder.appendingPathComponent(key + ".json")
        defer { try? FileManager.default.removeItem(at: file) }
        let storage = TestProcess.$simulatesApp.withValue(true) { SharedStorage<Int>.appStorage(key) }
        let first = ReactorTester(screen(storage))
        await first.send(.set(4)) { $0.count.value = 4 }
        await clock.advance(by: .seconds(1))
        #expect(screen(storage).currentState.count.value == 4)
        #if !canImport(Darwin)
        #expect(FileManager.default.fileExists(atPath: file.path), "the app's real file")
        #endif
    }

    @Test("S6: in a test, app storage is kept in memory: a second value reads the first's, and no real file is written")
    func appStorageInATest() async throws {
        let key = "viewstatekit-tests-\(UUID().uuidString)"
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let first = ReactorTester(screen(.appStorage(key)))
        await first.send(.set(4)) { $0.count.value = 4 }
        await clock.advance(by: .seconds(1))
        #expect(screen(.appStorage(key)).currentState.count.value == 4)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(key + ".json").path))
    }

    @Test("S6: two values made for the same storage are one value: a write through either is seen by both")
    func oneReferencePerStorage() async {
        let memory = SharedMemory(name: "count")
        let first = ReactorTester(screen(.memory(memory)))
        let second = ReactorTester(screen(.memory(memory)))
        #expect(first.state.count == second.state.count, "copies of one value")
        await first.send(.set(4)) { $0.count.value = 4 }
        await second.receive { $0.count.value = 4 }  // told of the first one's write
        await second.send(.set(5)) { $0.count.value = 5 }
        await first.receive { $0.count.value = 5 }
        await clock.advance(by: .seconds(1))
        #expect(memory.data == Data("5".utf8))
    }

    @Test("S6: a storage opened for a value of another type while the first lives: its default, never read nor saved, and it says so")
    func storageOpenedAsAnotherType() async {
        let memory = SharedMemory(name: "count", data: Data("3".utf8))
        let first = screen(.memory(memory))
        nonisolated(unsafe) var warnings: [String] = []
        let other = DebugWarning.$sink.withValue({ warnings.append($0) }) {
            withDependencies(.test { $0.clock = clock }) { Shared<String>(.memory(memory), default: "none") }
        }
        #expect(other.value == "none")
        #expect(other.failure == .unreadable("count", keptAs: nil))
        #if DEBUG
        #expect(warnings == ["""
            ViewStateKit warning: count is open as a Shared<Int>; the Shared<String> made for it too starts from its \
            default and is never read nor saved, so the first one's data stays as it is.
            """])
        #endif
        #expect(memory.data == Data("3".utf8) && memory.keptAside == nil, "the first one's data is as it was")
        #expect(first.currentState.count.value == 3)
    }

    @Test("S6: many storages open at once: each is still one value when the table forgets the gone ones")
    func manyStoragesOpen() {
        let memories = (0..<150).map { SharedMemory(name: "count \($0)", data: Data("\($0)".utf8)) }
        let open = memories.map { memory in screen(.memory(memory)) }  // all alive
        for _ in 0..<150 { _ = screen(.memory(SharedMemory(name: "gone"))) }  // gone at once
        for (memory, first) in zip(memories, open) {
            #expect(screen(.memory(memory)).currentState.count == first.currentState.count, "the same value: \(memory.name)")
        }
    }

    @Test("S6: the table of open storages forgets the gone ones: opening 1,000 that go at once keeps it small")
    func goneStoragesForgotten() {
        let memories = (0..<1_000).map { SharedMemory(name: "gone \($0)") }  // kept: 1,000 storages, never the same
        for memory in memories { _ = screen(.memory(memory)) }  // each value gone at once
        // Pruned at twice its live entries, at least 64: below 128 while other tests hold fewer than 32.
        #expect(OpenStorages.count < 128)
    }

    @Test("S6: once every value made for a storage has gone, the next one made for it loads it afresh")
    func reopenedAfterGone() {
        let memory = SharedMemory(name: "count", data: Data("1".utf8))
        var first: SavedCount? = screen(.memory(memory))
        #expect(first?.currentState.count.value == 1)
        first = nil
        memory.data = Data("2".utf8)
        #expect(screen(.memory(memory)).currentState.count.value == 2)
    }

    @Test("S6: memory keeps what could not be read aside, as a file does")
    func memoryKeptAside() {
        let memory = SharedMemory(name: "settings", data: Data("oops".utf8))
        let count = screen(.memory(memory))
        #expect(count.currentState.count.failure == .unreadable("settings", keptAs: "settings (kept aside)"))
        #expect(memory.keptAside == Data("oops".utf8) && memory.data == nil)
    }
}
