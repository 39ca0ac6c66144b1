// Code shown in the testing module's doc comments, compiled and run here. `scripts/check-listings`
// checks that every line of a doc comment's Swift example appears, in order, in a source file.
import Testing
import ViewStateKit
@testable import ViewStateKitTesting

@Suite("Doc comment examples: ViewStateKitTesting")
@MainActor
struct DocCommentExampleTests {
    @Test("ReactorTester: send, then receive each mutation an effect sends, with the state it leaves")
    func reactorTester() async {
        let replies = FakeReplies<[String]>()
        let tester = ReactorTester(PageLoader(replies: replies))
        await tester.send(.load) { $0.isLoading = true }
        replies.succeed(0, with: ["a", "b"])
        await tester.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
        await tester.receive(.setLoading(false)) { $0.isLoading = false }
    }

    @Test("ManualClock: time moves only when the test says")
    func manualClock() async {
        let clock = ManualClock()
        let tester = ReactorTester(DebouncedSearch(clock: clock))
        await tester.send(.type("cu")) { $0.query = "cu" }
        await clock.advance(by: .milliseconds(300))  // the debounce ends; the search runs to its end
        await tester.receive { $0.results = ["cu gangnam", "cu yeoksam"] }
    }

    @Test("ImmediateClock: every sleep has already ended")
    func immediateClock() async {
        let tester = ReactorTester(DebouncedSearch(clock: ImmediateClock()))
        await tester.send(.type("cu")) { $0.query = "cu" }  // the debounce has already ended
        await tester.receive { $0.results = ["cu gangnam", "cu yeoksam"] }
    }
}
