import Foundation
import Testing
import ViewStateKit
import ViewStateKitTesting
@testable import ViewStateSamples

// The testing documentation's first example, and the failure message the "Testing screens"
// article shows: the start of what a run prints, word for word.

@Test @MainActor func bookmarksShowTheSavedStores() async throws {
    let api = StoreAPI(network: StubNetwork(deliveryQueue: nil))
    let controller = BookmarkStoresController(api: api)
    let states = StateRecorder(controller.state)
    await controller.load().waitForCompletion()
    states.expect([.loading, .presenting(BookmarkList(stores: try await api.bookmarks()))])
}

@Test("the failure message in the Testing screens article is the one a run prints") @MainActor
func documentedFailureMessage() async throws {
    let api = StoreAPI(network: StubNetwork(deliveryQueue: nil))
    let controller = BookmarkStoresController(api: api)
    let states = StateRecorder(controller.state)
    await controller.load().waitForCompletion()
    var stores = try await api.bookmarks()
    let yeoksam = stores[1]
    stores[1] = Store(id: yeoksam.id, name: "GS25 Seolleung", brand: yeoksam.brand, address: yeoksam.address,
                      imageURL: yeoksam.imageURL, bookmarkedAt: yeoksam.bookmarkedAt)
    let article = try String(contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ViewStateKitTesting/ViewStateKitTesting.docc/TestingScreens.md"), encoding: .utf8)
    let shown = try #require(article.components(separatedBy: "```text\n").first { $0.hasPrefix("Sequences differ") })
    let expected = try #require(shown.components(separatedBy: "\n```").first)
    withKnownIssue {
        states.expect([.loading, .presenting(BookmarkList(stores: stores))])
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined(separator: "\n")
        if !text.hasPrefix(expected) { print("the article's failure message is out of date; a run prints:\n\(text)") }
        return text.hasPrefix(expected + "\n")
    }
}
