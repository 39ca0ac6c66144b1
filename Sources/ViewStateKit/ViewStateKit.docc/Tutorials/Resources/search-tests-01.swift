import Foundation
import Testing
import ViewStateKit
import ViewStateKitTesting
@testable import TutorialApp

struct NearbyPlaces: PlacesService {
    func places(matching query: String) async throws -> [String] {
        ["CU Gangnam", "CU Yeoksam", "GS25 Gangnam"].filter { $0.lowercased().hasPrefix(query.lowercased()) }
    }
}

@Test @MainActor func typingSearchesOnceTheTypingPauses() async {
    let clock = ManualClock()
    let tester = ReactorTester(PlaceSearch(service: NearbyPlaces(), clock: clock))
    await tester.send(.type("c")) { $0.query = "c" }
    await clock.advance(by: .milliseconds(200))
    await tester.send(.type("cu")) { $0.query = "cu" }
    await clock.advance(by: .milliseconds(300))
    await tester.receive(.setResults(["CU Gangnam", "CU Yeoksam"])) {
        $0.results = ["CU Gangnam", "CU Yeoksam"]
    }
}
