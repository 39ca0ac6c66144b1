import Foundation
import Testing
@testable import ViewStateKitTesting
import ViewStateKit
import ViewStateKitTracing

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

/// A linked node: two of them pointing at each other make a reference cycle.
final class Node: Equatable {
    var name: String
    var next: Node?

    init(_ name: String) {
        self.name = name
    }

    static func == (lhs: Node, rhs: Node) -> Bool { lhs === rhs }
}

/// Identified elements: aligned by `id`.
struct Row: Equatable, Identifiable {
    var id: Int
    var title: String
}

/// A type whose description hides its secret.
struct Token: Equatable, CustomStringConvertible {
    var secret: String
    var description: String { "Token(•••)" }
}

/// Never equal, with no field to tell why.
struct Stubborn: Equatable {
    var value = 1
    static func == (lhs: Stubborn, rhs: Stubborn) -> Bool { false }
}

@Suite("Field-level diffs, at the level of custom-dump")
struct ValueDiffDepthTests {
    @Test("a reference cycle is marked, never followed: no crash")
    func cycles() {
        let (a, b) = (Node("a"), Node("b"))
        a.next = b
        b.next = a
        let (c, d) = (Node("a"), Node("B"))
        c.next = d
        d.next = c
        #expect(ValueDiff.lines(a, c) == [#"next.name: "b" → "B""#, "next.next: (cycle)"])
        #expect(ValueDescription.describe(a) == #"Node(name: "a", next: Node(name: "b", next: (cycle)))"#)
    }

    @Test("an insertion in an array reads as one insertion, and the cap never hides a real edit")
    func arrayAlignment() {
        #expect(ValueDiff.lines(["a", "b", "c", "d"], ["a", "x", "b", "c", "d"]) == [#"[1]: (missing) → "x""#])
        #expect(ValueDiff.lines(["a", "b", "c"], ["a", "c"]) == [#"[1]: "b" → (missing)"#])
        let long = (0..<100).map { "item \($0)" }
        var edited = long
        edited.insert("new", at: 50)
        edited[91] = "changed"
        #expect(ValueDiff.lines(long, edited) == [#"[50]: (missing) → "new""#, #"[91]: "item 90" → "changed""#])
    }

    @Test("Identifiable elements are aligned by id: a row inserted first, every title changed")
    func identifiableAlignment() {
        let before = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
        let after = [Row(id: 3, title: "c"), Row(id: 1, title: "A"), Row(id: 2, title: "B")]  // no row equal to one before
        #expect(ValueDiff.lines(before, after) == [
            #"[0]: (missing) → Row(id: 3, title: "c")"#,
            #"[1].title: "a" → "A""#,
            #"[2].title: "b" → "B""#,
        ])
    }

    @Test("a value with its own description is one leaf: a date, a URL, a type that redacts a secret")
    func descriptionLeaves() throws {
        let early = Date(timeIntervalSince1970: 0)
        let late = Date(timeIntervalSince1970: 86_400)
        #expect(ValueDiff.lines(early, late) == ["value: \(early) → \(late)"])
        let home = try #require(URL(string: "https://stores.example/1"))
        let other = try #require(URL(string: "https://stores.example/2"))
        #expect(ValueDiff.lines(home, other) == ["value: https://stores.example/1 → https://stores.example/2"])
        let lines = ValueDiff.lines(Token(secret: "hunter2"), Token(secret: "swordfish"))
        #expect(lines == ["secret: changed (Token's description hides its value)"])
        #expect(!lines.joined().contains("hunter2") && !lines.joined().contains("swordfish"))
    }

    @Test("multi-line strings are compared line by line; substrings are quoted")
    func strings() {
        #expect(ValueDiff.lines("one\ntwo\nthree", "one\nTWO\nthree") == [#"value line 2: "two" → "TWO""#])
        #expect(ValueDiff.lines("one\nthree", "one\ntwo\nthree") == [#"value line 2: (missing) → "two""#])
        #expect(ValueDescription.describe(Substring("a\nb")) == #""a\nb""#)
    }

    @Test("the explanation is never empty: == false with no differing field, or equal text of two types")
    func neverEmpty() {
        #expect(ValueDiff.lines(Stubborn(), Stubborn()) == ["value: not equal by ==, but no field differs (Stubborn)"])
        #expect(ValueDiff.lines(Float(1), Double(1)) == ["value: 1.0 as Float → 1.0 as Double"])
    }

    @Test("expectNoDifference: one value, its fields, no sequence framing")
    func singleValue() {
        #expect(expectNoDifference(Row(id: 1, title: "a"), Row(id: 1, title: "a")))
        withKnownIssue {
            expectNoDifference(Row(id: 1, title: "a"), Row(id: 1, title: "b"))
        } matching: { message(of: $0) == "Values differ (expected → actual):\n  title: \"b\" → \"a\"" }
    }
}

/// Four behaviours of swift-custom-dump's own tests.
@Suite("Field-level diffs: what a description or mirror hides, substrings, namespaces, types")
struct ValueDiffCustomDumpTests {
    @Test("a field that a custom mirror hides is named when it changes, its value never shown")
    func customMirrorHidesAField() {
        let before = LoginState(email: "blob@example.com", password: "bl0bisawesome")
        let after = LoginState(email: "blob@example.com", password: "bl0bisawesome!")
        let lines = ValueDiff.lines(before, after)
        #expect(lines == ["password: changed (LoginState's custom mirror hides it)"])
        #expect(!lines.joined().contains("bl0b"))
        #expect(ValueDiff.lines(Screen(login: before), Screen(login: after))
                == ["login.password: changed (LoginState's custom mirror hides it)"])
    }

    @Test("a field that a description hides is named inside a larger value, its value never shown")
    func descriptionHidesANestedField() {
        let lines = ValueDiff.lines(Session(user: "blob", token: Token(secret: "a1")),
                                    Session(user: "blob", token: Token(secret: "b2")))
        #expect(lines == ["token.secret: changed (Token's description hides its value)"])
    }

    @Test("a multi-line substring is compared line by line, like a string")
    func multiLineSubstring() {
        let before = "intro\none\ntwo\nthree"
        let after = "intro\none\nTWO\nthree"
        #expect(ValueDiff.lines(before.dropFirst(6), after.dropFirst(6)) == [#"value line 2: "two" → "TWO""#])
    }

    @Test("a whole value of a nested type is named with its namespace, without its module")
    func nestedTypeNames() {
        #expect(ValueDescription.describe(Outer.Inner(x: 1)) == "Outer.Inner(x: 1)")
        #expect(ValueDiff.lines([Outer.Inner(x: 1)], []) == ["value: [Outer.Inner(x: 1)] → []"])
        #expect(ValueDescription.typeName(Outer.Inner.self) == "Outer.Inner")
        #expect(ValueDescription.typeName([Outer.Inner].self) == "Array<Outer.Inner>")
    }

    @Test("a type's name: a private or local type by its own name, underscores kept, tuple labels kept")
    func typeNames() {
        struct Local {}
        #expect(ValueDescription.typeName(PrivateThing.self) == "PrivateThing", "not (PrivateThing in _…)")
        #expect(ValueDescription.typeName((PrivateThing, Int).self) == "(PrivateThing, Int)", "inside a tuple too")
        #expect(ValueDescription.typeName(Local.self) == "ValueDiffCustomDumpTests.Local", "not (unknown context at …)")
        #expect(ValueDescription.typeName(Snake_Case.self) == "Snake_Case")
        #expect(ValueDescription.typeName(Outer._Hidden.self) == "Outer._Hidden")
        #expect(ValueDescription.typeName((id: Int, name: String).self) == "(id: Int, name: String)")
        #expect(ValueDescription.typeName([String: Outer.Inner].self) == "Dictionary<String, Outer.Inner>")
        #expect(ValueDescription.typeName(_Underscored.self) == "_Underscored", "a top-level name that starts with _")
    }

    @Test("a name as the runtime writes it: private discriminators and unknown contexts go, wherever they are")
    func readableNames() {
        #expect(ValueDescription.readable("App.(Inner in _4A3B)") == "Inner")
        #expect(ValueDescription.readable("(App.(First in _1A), App.(Second in _2B))") == "(First, Second)")
        #expect(ValueDescription.readable("App.Outer.(unknown context at $1f2e).Local") == "Outer.Local")
        #expect(ValueDescription.readable("Swift.Array<App.(Row in _9C)>") == "Array<Row>")
    }

    @Test("values that print alike but differ in type are told apart, also inside AnyHashable and dictionaries")
    func sameTextOtherType() {
        #expect(ValueDiff.lines(AnyHashable(Float(29.99)), AnyHashable(Double(29.99)))
                == ["value: 29.99 as Float → 29.99 as Double"])
        let left: [String: Any] = ["price": Float(29.99)]
        let right: [String: Any] = ["price": Double(29.99)]
        #expect(ValueDiff.lines(left, right) == [#"["price"]: 29.99 as Float → 29.99 as Double"#])
        #expect(ValueDiff.lines(AnyHashable(1), AnyHashable(2)) == ["value: 1 → 2"])
    }
}

/// A login form whose custom mirror leaves the password out, as custom-dump's test does.
struct LoginState: Equatable, CustomReflectable {
    var email: String
    var password: String

    var customMirror: Mirror { Mirror(self, children: ["email": email]) }
}

/// A screen holding a login form.
struct Screen: Equatable {
    var login: LoginState
}

/// A session whose token redacts itself.
struct Session: Equatable {
    var user: String
    var token: Token
}

/// A namespace with a nested type.
enum Outer {
    struct Inner: Equatable {
        var x: Int
    }
    struct _Hidden {}
}

/// A value nested as deep as asked, for the depth limit.
indirect enum Nest: Equatable {
    case leaf(Int)
    case node(Nest)

    static func nested(_ depth: Int, _ leaf: Int) -> Nest {
        depth == 0 ? .leaf(leaf) : .node(nested(depth - 1, leaf))
    }
}

/// Names equal whatever their case: its `==` is looser than its fields.
struct StoreName: Equatable {
    var text: String
    static func == (lhs: StoreName, rhs: StoreName) -> Bool { lhs.text.lowercased() == rhs.text.lowercased() }
}

/// Not `Equatable`, and described the same whatever the instance.
final class Badge: CustomStringConvertible {
    var description: String { "badge" }
}

enum Move: Equatable {
    case moved(from: Int, to: Int)
}

extension ValueDiffTests {
    @Test("a difference deeper than the depth limit is shown whole at the limit")
    func depthLimit() {
        let lines = ValueDiff.changes(Nest.nested(20, 1), Nest.nested(20, 2))
        #expect(lines.count == 1)
        let path = lines.first?.split(separator: ":").first ?? ""
        #expect(path.split(separator: ".").count == ValueDiff.depthLimit)
    }

    @Test("values equal by their own == have no differences, whatever their fields")
    func equatableIsTrusted() {
        #expect(ValueDiff.changes(StoreName(text: "CU"), StoreName(text: "cu")).isEmpty)
    }

    @Test("tuples and case payloads are described with their labels, in parentheses")
    func tupleDescriptions() {
        #expect(ValueDescription.describe((x: 1, y: "a")) == #"(x: 1, y: "a")"#)
        #expect(ValueDescription.describe((1, 2)) == "(1, 2)")
        #expect(ValueDescription.describe(Move.moved(from: 1, to: 2)) == ".moved(from: 1, to: 2)")
    }

    @Test("two values that read the same are not listed as a change")
    func equalLookingLeaves() {
        #expect(ValueDiff.changes(Badge(), Badge()).isEmpty)
    }
}

/// A value with a tuple field, which is not `Equatable`.
struct Pair {
    var pair: (Int, String)
}

extension ValueDiffTests {
    @Test("a key missing on either side of a dictionary is listed; an empty one reads [:]")
    func dictionaryKeys() {
        #expect(ValueDescription.describe([String: Int]()) == "[:]")
        #expect(ValueDiff.lines(["a": 1, "b": 2], ["a": 1]) == [#"["b"]: 2 → (missing)"#])
        #expect(ValueDiff.lines(["a": 1], ["a": 1, "c": 3]) == [#"["c"]: (missing) → 3"#])
    }

    @Test("a tuple element's path is its position after a dot")
    func tuplePaths() {
        #expect(ValueDiff.lines(Pair(pair: (1, "a")), Pair(pair: (1, "b"))) == [#"pair.1: "a" → "b""#])
    }

    @Test("a pulse of a value that is not Equatable, equal and not assigned again, is no change")
    func pulseOfNonEquatable() {
        #expect(ValueDiff.changes(Pulse(Badge()), Pulse(Badge())).isEmpty)
    }

    @Test("Identifiable elements are paired by id, not by position: a row inserted before a changed one")
    func identifiablePairedById() {
        #expect(ValueDiff.lines([Row(id: 1, title: "a")], [Row(id: 2, title: "new"), Row(id: 1, title: "a changed")]) == [
            #"[0]: (missing) → Row(id: 2, title: "new")"#,
            #"[1].title: "a" → "a changed""#,
        ])
    }
}

/// A row that is both `Hashable` and `Identifiable`: matched by its id, not by `==`.
private struct HashableRow: Hashable, Identifiable {
    var id: Int
    var title: String
}

extension ValueDiffTests {
    @Test("rows both Hashable and Identifiable are matched by id: a changed row is a change, not a removal and an insertion")
    func hashableIdentifiableMatchedById() {
        #expect(ValueDiff.lines([HashableRow(id: 2, title: "b")], [HashableRow(id: 1, title: "new"), HashableRow(id: 2, title: "b2")]) == [
            #"[0]: (missing) → HashableRow(id: 1, title: "new")"#,
            #"[1].title: "b" → "b2""#,
        ])
    }
}

/// A field whose description hides what changed, and that is not `Equatable`.
private struct Masked: CustomStringConvertible {
    var secret: Int
    var description: String { "masked" }
}

private struct HoldsMasked {
    var masked: Masked
}

/// Equal by `==` whatever its cache holds; its description hides the cache too.
private struct Cached: Equatable, CustomStringConvertible {
    var value: Int
    var cache: Int
    static func == (lhs: Cached, rhs: Cached) -> Bool { lhs.value == rhs.value }
    var description: String { "\(value)" }
}

private struct HoldsCached {
    var cached: Cached
}

/// An element that is not `Equatable`.
private struct Loose {
    var value: Int
}

extension ValueDiffTests {
    @Test("a field hidden by its description is named, even when it is not Equatable")
    func hiddenFieldNamed() {
        #expect(ValueDiff.lines(HoldsMasked(masked: Masked(secret: 1)), HoldsMasked(masked: Masked(secret: 2)))
                == ["masked.secret: changed (Masked's description hides its value)"])
    }

    @Test("a field equal by == is no change, whatever fields its == leaves out")
    func equalByEqualsIsNoChange() {
        #expect(ValueDiff.changes(HoldsCached(cached: Cached(value: 1, cache: 1)), HoldsCached(cached: Cached(value: 1, cache: 2))).isEmpty)
    }

    @Test("arrays of elements that are not Equatable keep their differences")
    func looseArraysKeepDifferences() {
        let lines = ValueDiff.lines([Loose(value: 1), Loose(value: 2)], [Loose(value: 1), Loose(value: 3)])
        #expect(lines == ["[1].value: 2 → 3"], "\(lines)")
    }
}

/// One object held twice: shared, not a cycle.
private struct SharedTwice {
    var first: Node
    var second: Node
}

extension ValueDiffTests {
    @Test("an object held twice is shared, not a cycle: both places are compared and described")
    func sharedObjects() {
        let (old, new) = (Node("a"), Node("b"))
        #expect(ValueDiff.lines(SharedTwice(first: old, second: old), SharedTwice(first: new, second: new)) == [
            #"first.name: "a" → "b""#,
            #"second.name: "a" → "b""#,
        ])
        #expect(ValueDescription.describe(SharedTwice(first: old, second: old))
            == #"SharedTwice(first: Node(name: "a", next: nil), second: Node(name: "a", next: nil))"#)
    }

    @Test("a long array against a short one is still aligned: one insertion run, not every index changed")
    func longAgainstShort() {
        let long = Array(repeating: "y", count: 2_001) + ["x"]
        let lines = ValueDiff.lines(["x"], long)
        #expect(lines.first == #"[0]: (missing) → "y""#)
        #expect(lines.last == "… and 1981 more")
    }

    @Test("a multi-line string against a one-line one is compared line by line, numbered from 1")
    func multiLineAgainstOneLine() {
        #expect(ValueDiff.lines("one\ntwo", "one") == [#"value line 2: "two" → (missing)"#])
        // An empty line is a line: it keeps its number on both sides.
        #expect(ValueDiff.lines("one\n\nthree", "one\n\nTHREE") == [#"value line 3: "three" → "THREE""#])
        #expect(ValueDiff.lines("one", "one\ntwo") == [#"value line 2: (missing) → "two""#])
    }
}

/// Equal by `==` when the values round alike, though its description shows the whole value.
private struct Rounded: Equatable, CustomStringConvertible {
    var value: Double
    static func == (lhs: Rounded, rhs: Rounded) -> Bool { lhs.value.rounded() == rhs.value.rounded() }
    var description: String { "\(value)" }
}

/// Hides its fields behind its description: one not `Equatable`, one equal by `==` whatever its
/// description shows.
private struct Sealed: CustomStringConvertible {
    var loose: Loose
    var rounded: Rounded
    var description: String { "sealed" }
}

private struct HoldsSealed {
    var sealed: Sealed
}

extension ValueDiffTests {
    @Test("behind a description: a field that is not Equatable is named when its own description changed, and a field equal by == is not")
    func hiddenFieldsByEqualityThenDescription() {
        let before = HoldsSealed(sealed: Sealed(loose: Loose(value: 1), rounded: Rounded(value: 1.0)))
        let after = HoldsSealed(sealed: Sealed(loose: Loose(value: 2), rounded: Rounded(value: 1.1)))
        #expect(ValueDiff.lines(before, after) == ["sealed.loose: changed (Sealed's description hides its value)"])
    }
}

extension ValueDiffTests {
    @Test("a dictionary reads sorted by key, whatever its values")
    func dictionarySortedByKey() {
        let lines = ValueDiff.lines([String: String]?.none as Any, ["b": "a", "c": "b", "a": "c"])
        #expect(lines == [#"value: nil → ["a": "c", "b": "a", "c": "b"]"#], "\(lines)")
    }

    @Test("an element matched at the start is never matched again at the end: [1, 1] against [1] lost one 1")
    func trimsNoElementTwice() {
        #expect(ValueDiff.lines([1, 1], [1]) == ["[1]: 1 → (missing)"])
        #expect(ValueDiff.lines([1], [1, 1]) == ["[1]: (missing) → 1"])
    }
}

private struct PrivateThing {}

struct Snake_Case {}

struct _Underscored {}
