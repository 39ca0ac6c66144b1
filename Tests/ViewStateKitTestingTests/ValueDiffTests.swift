import Testing
@testable import ViewStateKitTesting
import ViewStateKit

struct Shop: Equatable {
    var id: Int
    var name: String
}

struct ShopList: Equatable {
    var stores: [Shop]
    var notice: String?
}

@Suite("Field-level diffs")
struct ValueDiffTests {
    @Test("a field inside an enum payload, an array and a struct")
    func nested() {
        let expected = ViewState.presenting(ShopList(stores: [Shop(id: 1, name: "CU"), Shop(id: 2, name: "A")]))
        let actual = ViewState.presenting(ShopList(stores: [Shop(id: 1, name: "CU"), Shop(id: 2, name: "B")]))
        #expect(ValueDiff.lines(expected, actual) == [#"presenting.stores[1].name: "A" → "B""#])
    }

    @Test("different enum cases show both values")
    func differentCases() {
        let lines = ValueDiff.lines(ViewState<ShopList>.loading, ViewState<ShopList>.failed(LoadFailure(.server, "HTTP 500")))
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("value: .loading → .failed(") == true)
    }

    @Test("arrays of different lengths list the missing and extra elements")
    func lengths() {
        #expect(ValueDiff.lines([1, 2, 3], [1, 5]) == ["[1]: 2 → 5", "[2]: 3 → (missing)"])
        #expect(ValueDiff.lines([1], [1, 2]) == ["[1]: (missing) → 2"])
    }

    @Test("optionals, sets and dictionaries")
    func containers() {
        #expect(ValueDiff.lines(ShopList(stores: [], notice: nil), ShopList(stores: [], notice: "gone")) == [#"notice: nil → "gone""#])
        #expect(ValueDiff.lines(Set([1, 2]), Set([2, 3])) == ["value: 1 removed", "value: 3 added"])
        #expect(ValueDiff.lines(["a": 1, "b": 2], ["a": 1, "b": 3, "c": 4]) == [#"["b"]: 2 → 3"#, #"["c"]: (missing) → 4"#])
    }

    @Test("equal parts are never listed; a long diff is cut")
    func equalPartsAndLimit() {
        #expect(ValueDiff.lines(Shop(id: 1, name: "CU"), Shop(id: 1, name: "CU")).isEmpty)
        let lines = ValueDiff.lines(Array(0..<30), Array(100..<130))
        #expect(lines.count == ValueDiff.lineLimit + 1)
        #expect(lines.last == "… and 10 more")
    }
}
