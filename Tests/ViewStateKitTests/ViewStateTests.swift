import Foundation
import Testing
import ViewStateKit

@Suite("ViewState and LoadFailure")
struct ViewStateTests {
    @Test("accessors tell the case apart")
    func accessors() {
        let failure = LoadFailure(.notFound, "category 999")
        #expect(ViewState<Int>.loading.isLoading)
        #expect(ViewState<Int>.loading.content == nil)
        #expect(ViewState.presenting(3).content == 3)
        #expect(!ViewState.presenting(3).isLoading)
        #expect(ViewState<Int>.failed(failure).failure == failure)
        #expect(ViewState.presenting(3).failure == nil)
    }

    @Test("map transforms content and passes loading and failed through")
    func map() {
        let failure = LoadFailure(.network, "offline")
        #expect(ViewState.presenting([1, 2]).map(\.count) == .presenting(2))
        #expect(ViewState<[Int]>.loading.map(\.count) == .loading)
        #expect(ViewState<[Int]>.failed(failure).map(\.count) == .failed(failure))
    }

    @Test("a failure reads as reason — message")
    func description() {
        #expect(LoadFailure(.notFound, "category 999").description == "not found — category 999")
        #expect(LoadFailure.cancelled.description == "cancelled — the load was cancelled")
    }

    @Test("errors are classified: not found, network, bad data, timeout, cancelled, other")
    func classification() {
        let malformed = #"{"id": 1, "name": "#.data(using: .utf8) ?? Data()
        let wrongType = #"{"id": "one", "name": "Milk"}"#.data(using: .utf8) ?? Data()
        let missing = #"{"id": 1}"#.data(using: .utf8) ?? Data()
        #expect(failure(decoding: malformed).reason == .badData)
        #expect(failure(decoding: wrongType).reason == .badData)
        #expect(failure(decoding: wrongType).message.contains("wrong type at id"))
        #expect(failure(decoding: missing).message == #"missing field "name" at the top level"#)
        #expect(LoadFailure(LoadFailure(.notFound, "store 9")) == LoadFailure(.notFound, "store 9"))
        #expect(LoadFailure(CancellationError()) == .cancelled)
        #expect(LoadFailure(URLError(.timedOut)).reason == .timeout)
        #expect(LoadFailure(URLError(.notConnectedToInternet)).reason == .network)
        #expect(LoadFailure(URLError(.cancelled)) == .cancelled)
        struct Odd: Error {}
        #expect(LoadFailure(Odd()).reason == .other)
    }

    @Test("a LocalizedError keeps its words: its errorDescription is the message")
    func localizedError() {
        struct APIError: LocalizedError {
            var errorDescription: String? { "Your session has expired." }
        }
        struct Silent: LocalizedError {}
        #expect(LoadFailure(APIError()) == LoadFailure(.other, "Your session has expired."))
        #expect(LoadFailure(Silent()) == LoadFailure(.other, "Silent()"), "no description: the error's own text")
    }

    @Test("an app's error type chooses its own reason and message")
    func appErrorChoosesReason() {
        #expect(LoadFailure(APIError.unauthorized) == LoadFailure(.server, "please sign in again"))
        #expect(LoadFailure(APIError.gone(id: 7)) == LoadFailure(.notFound, "item 7 was removed"))
    }
}

/// The doc comment's example of `LoadFailureConvertible`, plus a case with a payload.
enum APIError: Error, LoadFailureConvertible {
    case unauthorized
    case gone(id: Int)
    var loadFailure: LoadFailure {
        switch self {
        case .unauthorized: LoadFailure(.server, "please sign in again")
        case .gone(let id): LoadFailure(.notFound, "item \(id) was removed")
        }
    }
}

private struct Product: Decodable {
    let id: Int
    let name: String
}

private func failure(decoding data: Data) -> LoadFailure {
    do {
        _ = try JSONDecoder().decode(Product.self, from: data)
        return LoadFailure(.other, "decoded")
    } catch {
        return LoadFailure(error)
    }
}
