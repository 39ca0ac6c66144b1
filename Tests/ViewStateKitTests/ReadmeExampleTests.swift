// The README's example, compiled and run: the lines from `import Testing` to the end of the
// first test are the README's block, verbatim and in order (`scripts/check-listings` checks
// it here; `scripts/check-consumer` builds it alone in a fresh package). Tests below it are
// this repository's own.
import Testing
import ViewStateKit
import ViewStateKitTesting

protocol StoresService: Sendable {
    func stores() async throws -> [String]
}

@MainActor
final class StoresController {
    let state = StateCell<ViewState<[String]>>(.loading)
    private let loader: Loader<[String]>
    private let service: any StoresService

    init(service: any StoresService) {
        self.service = service
        loader = Loader(into: state)
    }

    @discardableResult
    func load() -> Task<Void, Never> {
        let service = self.service
        return loader.load { try await service.stores() }
    }
}

final class StoresView: Renderer {
    private(set) var text = ""

    func render(_ state: ViewState<[String]>) {
        switch state {
        case .loading: text = "Loading…"
        case .presenting(let stores): text = stores.joined(separator: ", ")
        case .failed(let failure): text = failure.message
        }
    }
}

struct FixedStores: StoresService {
    func stores() async throws -> [String] { ["CU", "GS25"] }
}

@Test @MainActor func storesScreenGoesFromLoadingToPresenting() async {
    let controller = StoresController(service: FixedStores())
    let view = StoresView()
    let states = StateRecorder(controller.state)
    let token = controller.state.bind(to: view)
    await controller.load().waitForCompletion()
    states.expect([.loading, .presenting(["CU", "GS25"])])
    #expect(view.text == "CU, GS25")
    withExtendedLifetime(token) {}
}

@Test("a controller freed mid-load is freed with its cell, and its load is cancelled")
@MainActor func controllerFreedMidLoad() async {
    let reply = PendingReply<[String]>()
    struct HeldStores: StoresService {
        let reply: PendingReply<[String]>
        func stores() async throws -> [String] { try await reply.value() }
    }
    var controller: StoresController? = StoresController(service: HeldStores(reply: reply))
    let view = StoresView()
    weak let weakController = controller
    weak let weakCell = controller?.state
    let token = controller?.state.bind(to: view)
    let load = controller?.load()
    controller = nil
    #expect(weakController == nil)
    #expect(weakCell == nil)
    reply.send(.success(["late"]))
    await load?.waitForCompletion()
    #expect(load?.isCancelled == true)
    #expect(view.text == "Loading…", "nothing rendered after the controller went away")
    token?.cancel()
}
