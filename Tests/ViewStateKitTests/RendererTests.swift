import Testing
import ViewStateKitTesting
@testable import ViewStateKit

@Suite("Renderer binding")
@MainActor
struct RendererTests {
    @Test("bind renders the current state, then every state sent")
    func bindRendersSequence() {
        let cell = StateCell<ViewState<[String]>>(.loading)
        let renderer = RecordingRenderer<[String]>()
        let token = cell.bind(to: renderer)
        cell.send(.presenting(["CU"]))
        cell.send(.failed(LoadFailure(.network, "offline")))
        expectSequence(renderer.states, equals: [.loading, .presenting(["CU"]), .failed(LoadFailure(.network, "offline"))])
        withExtendedLifetime(token) {}
    }

    @Test("bind holds the renderer weakly")
    func bindHoldsWeakly() {
        let cell = StateCell<ViewState<Int>>(.loading)
        weak var weakRenderer: RecordingRenderer<Int>?
        var token: ObservationToken?
        do {
            let renderer = RecordingRenderer<Int>()
            weakRenderer = renderer
            token = cell.bind(to: renderer)
        }
        #expect(weakRenderer == nil)
        withExtendedLifetime(token) {}
    }

    @Test("renderer gone: the next send ends the binding without a crash")
    func rendererGoneEndsBinding() {
        let cell = StateCell<ViewState<Int>>(.loading)
        var renderer: RecordingRenderer<Int>? = RecordingRenderer()
        let token = renderer.map { cell.bind(to: $0) }
        #expect(cell.observerCount == 1)
        renderer = nil
        cell.send(.presenting(1))
        #expect(cell.observerCount == 0)
        token?.cancel()  // cancelling an ended binding does nothing
        #expect(cell.observerCount == 0)
    }

    @Test("cancelling the binding stops rendering")
    func cancelBinding() {
        let cell = StateCell<ViewState<Int>>(.loading)
        let renderer = RecordingRenderer<Int>()
        let token = cell.bind(to: renderer)
        token.cancel()
        cell.send(.presenting(1))
        expectSequence(renderer.states, equals: [.loading])
    }
}
