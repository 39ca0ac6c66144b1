import Testing
import ViewStateKit
import ViewStateKitTesting
@testable import ViewStateSamples

/// Stands in for `BookmarksViewController` where there is no UIKit: a `Renderer` that keeps
/// what the view controller would draw for each state it is given.
@MainActor
final class BookmarksScreenDouble: Renderer {
    let displays = StateRecorder<BookmarksDisplay>()

    func render(_ state: ViewState<BookmarkList>) {
        displays.record(BookmarksDisplay(state))
    }
}

@Suite("The UIKit bookmarks screen's display, without UIKit")
@MainActor
struct BookmarksDisplayTests {
    let network = StubNetwork(deliveryQueue: nil)
    let controller: BookmarkStoresController
    let screen = BookmarksScreenDouble()
    let rows = ["CU Gangnam Station — 396 Gangnam-daero, Seoul", "GS25 Yeoksam — 14 Teheran-ro, Seoul",
                "7-Eleven Seocho — 1320 Seocho-dong, Seoul", "emart24 Sinsa — 522 Apgujeong-ro, Seoul"]

    init() {
        controller = BookmarkStoresController(api: StoreAPI(network: network))
    }

    @Test("viewDidLoad binds and loads: the spinner, then the rows")
    func loads() async {
        let token = controller.state.bind(to: screen)
        await controller.load().waitForCompletion()
        screen.displays.expect([BookmarksDisplay(showsSpinner: true), BookmarksDisplay(rows: rows)])
        withExtendedLifetime(token) {}
    }

    @Test("a failed load: the message and Try again; Try again loads")
    func failsThenRetries() async {
        network.plan(.status(500))
        let token = controller.state.bind(to: screen)
        await controller.load().waitForCompletion()
        await controller.load().waitForCompletion()
        screen.displays.expect([
            BookmarksDisplay(showsSpinner: true),
            BookmarksDisplay(message: "server error — HTTP 500 for bookmarks", offersRetry: true),
            BookmarksDisplay(showsSpinner: true),
            BookmarksDisplay(rows: rows),
        ])
        withExtendedLifetime(token) {}
    }

    @Test("pull-to-refresh keeps the rows while it turns; a failed refresh keeps them and says why")
    func refreshes() async {
        let token = controller.state.bind(to: screen)
        await controller.load().waitForCompletion()
        network.plan(.transportError)
        await controller.refresh().waitForCompletion()
        screen.displays.expect([
            BookmarksDisplay(showsSpinner: true),
            BookmarksDisplay(rows: rows),
            BookmarksDisplay(isRefreshing: true, rows: rows),
            BookmarksDisplay(rows: rows, message: "network — no connection while loading bookmarks"),
        ])
        withExtendedLifetime(token) {}
    }

    @Test("a screen that has gone away is not kept alive by its binding, and nothing is drawn for it")
    func screenGoesAway() async {
        var screen: BookmarksScreenDouble? = BookmarksScreenDouble()
        weak let gone = screen
        let token = screen.map { controller.state.bind(to: $0) }
        screen = nil
        #expect(gone == nil)
        await controller.load().waitForCompletion()
        #expect(controller.state.value.content?.stores.count == 4)
        withExtendedLifetime(token) {}
    }
}
