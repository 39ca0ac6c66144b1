import ViewStateKit
import ViewStateKitTesting

/// A renderer that records every state it is given, and lets a test await the n-th one.
@MainActor
final class RecordingRenderer<Content>: Renderer {
    private(set) var states: [ViewState<Content>] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func render(_ state: ViewState<Content>) {
        states.append(state)
        let ready = waiters.filter { $0.count <= states.count }
        waiters.removeAll { $0.count <= states.count }
        ready.forEach { $0.continuation.resume() }
    }

    /// Returns once `count` states have been rendered (event-driven: no clock involved), or
    /// fails the test when they have not arrived within the safety net's limit.
    func waitForStates(_ count: Int, fileID: String = #fileID, filePath: StaticString = #filePath,
                       line: UInt = #line, column: UInt = #column) async {
        if states.count >= count { return }
        await withSafetyNet(fileID: fileID, filePath: filePath, line: line, column: column) {
            await self.rendered(count)
        }
    }

    private func rendered(_ count: Int) async {
        if states.count >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
