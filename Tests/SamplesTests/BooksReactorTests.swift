import Foundation
import Testing
import ViewStateKitTesting
@testable import ViewStateKit
import ViewStateKitTracing
@testable import ViewStateSamples

@Suite("Books: reactor with saved summary toggles")
@MainActor
struct BooksReactorTests {
    let network = StubNetwork(deliveryQueue: nil)
    let store = MemoryKeyValueStore()
    let series: [BookSeries]

    init() async throws {
        series = try await Fixtures.books()
    }

    private func makeReactor() -> BooksReactor {
        BooksReactor(api: StoreAPI(network: network), store: store)
    }

    /// The reactor's states as the screen draws them: "loading", "failed: …", or
    /// "series N: ▸Book ▾Book" with ▾ for an expanded summary.
    private func drawn(_ state: BooksReactor.State) -> String {
        switch state.shelf {
        case .loading:
            return "loading"
        case .failed(let failure):
            return "failed: \(failure)"
        case .presenting(let shelf):
            guard let series = shelf.series else { return "no series" }
            return "series \(series.number): " + series.books.map { (shelf.isExpanded($0) ? "▾" : "▸") + $0.title }.joined(separator: " ")
        }
    }

    private var saved: String? {
        store.data(forKey: BooksReactor.expandedKey).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("the same flow as a golden transcript: each action, each mutation with the fields it changed, each effect")
    func flowTranscript() async {
        let reactor = makeReactor()
        let trace = StateRecorder<String>()
        let token = reactor.trace("books", to: trace.record)
        await withSafetyNet { await reactor.sendAndWait(.load) }
        reactor.send(.toggleSummary(bookId: 12))
        reactor.send(.selectSeries(2))
        withExtendedLifetime(token) {}
        trace.expectTranscript()
    }

    @Test("load, expand a summary, pick another series: every state in order, toggles saved")
    func flow() async {
        let reactor = makeReactor()
        let recorder = StateRecorder(reactor.state)
        reactor.send(.load)
        await withSafetyNet { await reactor.waitUntilIdle() }
        reactor.send(.toggleSummary(bookId: 12))
        reactor.send(.selectSeries(2))
        reactor.send(.toggleSummary(bookId: 21))
        reactor.send(.toggleSummary(bookId: 12))
        #expect(recorder.values.map(drawn) == [
            "loading",
            "loading",
            "series 1: ▸Night Shift ▸Expired Coupons ▸Last Bus Home",
            "series 1: ▸Night Shift ▾Expired Coupons ▸Last Bus Home",
            "series 2: ▸Three Minutes ▸Extra Spicy",
            "series 2: ▾Three Minutes ▸Extra Spicy",
            "series 2: ▾Three Minutes ▸Extra Spicy",
        ])
        #expect(reactor.currentState.expandedBookIDs == [21])
        #expect(saved == "[21]")
    }

    @Test("a reopened screen shows the saved toggles")
    func togglesPersist() async {
        do {
            let first = makeReactor()
            first.send(.load)
            await withSafetyNet { await first.waitUntilIdle() }
            first.send(.toggleSummary(bookId: 13))
            first.send(.toggleSummary(bookId: 11))
        }
        let reopened = makeReactor()
        reopened.send(.load)
        await withSafetyNet { await reopened.waitUntilIdle() }
        #expect(drawn(reopened.currentState) == "series 1: ▾Night Shift ▸Expired Coupons ▾Last Bus Home")
        #expect(saved == "[11,13]")
    }

    @Test("nothing stored, or a corrupt stored value: all collapsed, and the next toggle overwrites it",
          arguments: [nil, "{not json", "[\"11\"]", "42", ""])
    func corruptStoredValue(stored: String?) async {
        if let stored { store.set(Data(stored.utf8), forKey: BooksReactor.expandedKey) }
        let reactor = makeReactor()
        reactor.send(.load)
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(drawn(reactor.currentState) == "series 1: ▸Night Shift ▸Expired Coupons ▸Last Bus Home")
        reactor.send(.toggleSummary(bookId: 11))
        #expect(saved == "[11]")
    }

    @Test("a list that does not decode fails with a message naming the field")
    func decodingFailure() async {
        network.plan(.wrongTypes)
        let reactor = makeReactor()
        let recorder = StateRecorder(reactor.state)
        reactor.send(.load)
        await withSafetyNet { await reactor.waitUntilIdle() }
        // What the library controls: the states, the reason and the field path. The sentence
        // after the path is Foundation's, and differs across platforms and OS versions.
        #expect(recorder.values.map(drawn).prefix(2) == ["loading", "loading"])
        let failure = recorder.values.last?.series.failure
        #expect(recorder.values.count == 3)
        #expect(failure?.reason == .badData)
        #expect(failure?.message.hasPrefix("books: wrong type at [0].books[0].id: ") == true)
    }

    @Test("an unknown series number or book id changes nothing; so do actions before the list loads")
    func unknownIDs() async throws {
        let tester = ReactorTester(makeReactor())
        await tester.send(.selectSeries(1))
        await tester.send(.toggleSummary(bookId: 11))
        await tester.send(.load)
        await tester.receive {
            $0.series = .presenting(self.series)
            $0.selectedSeries = 1
        }
        await tester.send(.selectSeries(9))
        await tester.send(.toggleSummary(bookId: 999))
        #expect(saved == nil)
    }

    @Test("a slow reply: loading until the network's clock reaches its delay")
    func slowReply() async throws {
        let clock = ManualClock()
        let network = StubNetwork(deliveryQueue: nil, clock: clock)
        network.plan(.delayed(.seconds(3)))
        let tester = ReactorTester(BooksReactor(api: StoreAPI(network: network), store: store))
        await tester.send(.load)
        await clock.advance(by: .milliseconds(2_999))
        #expect(tester.reactor.currentState.series == .loading)
        await clock.advance(by: .milliseconds(1))
        await tester.receive {
            $0.series = .presenting(self.series)
            $0.selectedSeries = 1
        }
    }

    @Test("a reply slower than the request timeout fails with timeout when the clock reaches it")
    func timeout() async {
        let clock = ManualClock()
        let network = StubNetwork(deliveryQueue: nil, clock: clock)
        network.requestTimeout = .seconds(10)
        network.plan(.delayed(.seconds(60)))
        let tester = ReactorTester(BooksReactor(api: StoreAPI(network: network), store: store))
        await tester.send(.load)
        await clock.advance(by: .seconds(10))
        await tester.receive { $0.series = .failed(LoadFailure(.timeout, "books took too long to answer")) }
        #expect(clock.now.offset == .seconds(10))
    }

    @Test("a reload keeps the selected series, or selects the first when it is gone")
    func reloadKeepsSelection() async {
        let reactor = makeReactor()
        reactor.send(.load)
        await withSafetyNet { await reactor.waitUntilIdle() }
        reactor.send(.selectSeries(3))
        reactor.send(.load)
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(reactor.currentState.selectedSeries == 3)
        network.plan(.emptyList)
        reactor.send(.load)
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(reactor.currentState.selectedSeries == 3, "an empty list has nothing to select instead")
        #expect(drawn(reactor.currentState) == "no series")
        reactor.send(.load)
        await withSafetyNet { await reactor.waitUntilIdle() }
        #expect(reactor.currentState.selectedSeries == 3)
    }

    @Test("a reactor freed mid-request cancels its load; nothing is delivered afterwards")
    func freedMidRequest() async {
        network.holdsReplies = true
        var reactor: BooksReactor? = makeReactor()
        weak let weakReactor = reactor
        var states: [String] = []
        let cell = reactor?.state
        let token = cell?.observe { states.append(drawn($0)) }
        reactor?.send(.load)
        await withSafetyNet { await network.waitForRequests(1) }
        reactor = nil
        #expect(weakReactor == nil)
        network.release(0)
        await withSafetyNet { await network.flush() }
        #expect(states == ["loading", "loading"])
        token?.cancel()
    }
}
