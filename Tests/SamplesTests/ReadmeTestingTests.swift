import Foundation
import Testing
import ViewStateKit
import ViewStateKitTesting
@testable import ViewStateSamples

// The README's "Testing" section: its example test, and the failure message it shows.

@Test @MainActor func bookmarksShowTheSavedStores() async throws {
    let api = StoreAPI(network: StubNetwork(deliveryQueue: nil))
    let controller = BookmarkStoresController(api: api)
    let states = StateRecorder(controller.state)
    await controller.load().waitForCompletion()
    states.expect([.loading, .presenting(BookmarkList(stores: try await api.bookmarks()))])
}

@Test("the README's failure message is the one a run prints") @MainActor
func readmeFailureMessage() async throws {
    let api = StoreAPI(network: StubNetwork(deliveryQueue: nil))
    let controller = BookmarkStoresController(api: api)
    let states = StateRecorder(controller.state)
    await controller.load().waitForCompletion()
    var stores = try await api.bookmarks()
    let yeoksam = stores[1]
    stores[1] = Store(id: yeoksam.id, name: "GS25 Seolleung", brand: yeoksam.brand, address: yeoksam.address,
                      imageURL: yeoksam.imageURL, bookmarkedAt: yeoksam.bookmarkedAt)
    let readme = try String(contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md"), encoding: .utf8)
    let shown = try #require(readme.components(separatedBy: "```text\n").first { $0.hasPrefix("Sequences differ") })
    let expected = try #require(shown.components(separatedBy: "\n```").first)
    withKnownIssue {
        states.expect([.loading, .presenting(BookmarkList(stores: stores))])
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined(separator: "\n")
        if text != expected { print("README failure message is out of date; a run prints:\n\(text)") }
        return text == expected
    }
}
