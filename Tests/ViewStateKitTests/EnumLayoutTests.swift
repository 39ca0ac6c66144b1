@testable import ViewStateKit
import Testing

/// A class payload: a payload taken out of a value is retained once and released once.
private final class Counted: @unchecked Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}

private struct Large: Equatable {
    var a = 1, b = 2, c = 3, d = 4, e = "five"
}

private struct Empty: Equatable {}

private enum Shapes {
    case zero(Empty)  // declared first, laid out after the cases whose payload has a size
    case plain
    case one(Int)
    case pair(Int, String)
    case labelledPair(id: Int, name: String)
    case labelled(value: Int)
    case large(Large)
    case object(Counted)
    case error(any Error)
    case twin(Int)
    indirect case boxed(Shapes)
    indirect case boxedPair(String, Int8)
}

private enum Recursive {
    case leaf(Int)
    indirect case node(Recursive, Recursive)
}

private enum Generic<Value> {
    case value(Value)
    case pair(Value, Value)
    case none
}

private struct Boom: Error, Equatable {}

/// A struct whose values are never an enum's.
private struct NotAnEnum { var value = 1 }

/// An enum that hides its cases from `Mirror`.
private enum Hidden: CustomReflectable {
    case first(Int), second(Int), third(String)
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

@Suite("EnumLayout: an enum value's case and payload, read from its metadata, as Mirror reads them")
struct EnumLayoutTests {
    @Test("the start-up check passes on this runtime, so no case is read through Mirror")
    func startUpCheck() {
        #expect(EnumLayout.works)
        #expect(EnumLayout(Shapes.self) != nil)
    }

    @Test("each case's payload is found by its own case only, as Mirror finds it, whatever its shape")
    func everyShape() {
        let values: [Shapes] = [
            .zero(Empty()), .plain, .one(1), .pair(2, "two"), .labelledPair(id: 3, name: "three"), .labelled(value: 4),
            .large(Large()), .object(Counted(5)), .error(Boom()), .twin(1), .boxed(.one(6)), .boxedPair("seven", 7),
        ]
        func check<Part>(_ embed: @escaping (Part) -> Shapes, _ describe: @escaping (Part) -> String) {
            let fast = EnumCase(embed), mirror = EnumCase(embed, layout: nil)
            for _ in 0..<2 {  // learning, then learnt
                for value in values {
                    let found = fast.extract(from: value).map(describe)
                    #expect(found == mirror.extract(from: value).map(describe), "\(value)")
                }
            }
        }
        check(Shapes.zero) { "\($0)" }
        check(Shapes.one) { "\($0)" }
        check(Shapes.twin) { "\($0)" }
        check(Shapes.pair) { "\($0.0) \($0.1)" }
        check(Shapes.labelledPair) { "\($0.0) \($0.1)" }
        check(Shapes.labelled) { "\($0)" }
        check(Shapes.large) { "\($0)" }
        check(Shapes.object) { "\($0.value)" }
        check(Shapes.error) { "\($0)" }
        check(Shapes.boxed) { "\($0)" }
        check(Shapes.boxedPair) { "\($0.0) \($0.1)" }
        #expect(EnumCase(Shapes.one).extract(from: .one(9)) == 9)
        #expect(EnumCase(Shapes.twin).extract(from: .one(9)) == nil, "two cases of one payload type are told apart")
        #expect(EnumCase(Shapes.one).extract(from: .twin(9)) == nil)
        #expect(EnumCase(Shapes.labelledPair).extract(from: .labelledPair(id: 1, name: "a")).map { "\($0) \($1)" } == "1 a")
        let inner = EnumCase(Shapes.boxed).extract(from: .boxed(.boxed(.plain)))
        #expect(inner.map { if case .boxed(.plain) = $0 { true } else { false } } == true, "a box holding a box")
    }

    @Test("a case's name is learnt from the first value of it; two values are the same case by their tags")
    func namesAndSameCase() {
        let pair = EnumCase(Shapes.pair)
        #expect(pair.name == nil)
        _ = pair.extract(from: .one(1))
        #expect(pair.name == nil, "a value of another case teaches nothing of this one's name")
        _ = pair.extract(from: .pair(1, "a"))
        #expect(pair.name == "pair")
        #expect(EnumCase<Shapes, Int>.sameCase(.one(1), .one(2)))
        #expect(!EnumCase<Shapes, Int>.sameCase(.one(1), .twin(1)))
        #expect(EnumCase<Shapes, Int>.sameCase(.plain, .plain) && !EnumCase<Shapes, Int>.sameCase(.plain, .zero(Empty())))
        #expect(EnumCase<NotAnEnum, Int>.sameCase(NotAnEnum(), NotAnEnum(value: 2)), "a value that is not an enum: always")
    }

    @Test("a payload taken out of a value is a copy: the value keeps its own, nothing leaks, nothing is freed twice")
    func ownership() {
        // Each object's own references are counted (tests run in parallel: no counter is shared).
        weak var gone: Counted?, goneNested: Counted?
        do {
            var first = Counted(1), second = Counted(2)
            (gone, goneNested) = (first, second)
            let object = EnumCase(Shapes.object), boxed = EnumCase(Shapes.boxed)
            do {
                let value = Shapes.object(first), nested = Shapes.boxed(.object(second))
                for _ in 0..<100 {
                    #expect(object.extract(from: value)?.value == 1)
                    if case .object(let inner)? = boxed.extract(from: nested) { #expect(inner.value == 2) } else { Issue.record("no payload") }
                }
                if case .object(let kept) = value { #expect(kept === first, "the value still holds its payload") }
            }
            #expect(isKnownUniquelyReferenced(&first) && isKnownUniquelyReferenced(&second),
                    "once the values are gone, each object is held here alone: every copy was released")
        }
        #expect(gone == nil && goneNested == nil, "nothing leaked")
    }

    @Test("a generic enum's cases, and an indirect enum's, are read with their payload types resolved")
    func genericAndRecursive() {
        let value = EnumCase(Generic<[String]>.value), pair = EnumCase(Generic<Large>.pair)
        #expect(value.extract(from: .value(["a", "b"])) == ["a", "b"])
        #expect(value.extract(from: .pair(["a"], ["b"])) == nil && value.extract(from: .none) == nil)
        #expect(pair.extract(from: .pair(Large(), Large(a: 9))).map { $0.1.a } == 9)
        let node = EnumCase(Recursive.node), leaf = EnumCase(Recursive.leaf)
        let tree = Recursive.node(.leaf(1), .node(.leaf(2), .leaf(3)))
        guard case (.leaf(1), .node(.leaf(2), .leaf(3)))? = node.extract(from: tree) else {
            Issue.record("the indirect case's payload was not read")
            return
        }
        #expect(leaf.extract(from: tree) == nil && leaf.extract(from: .leaf(4)) == 4)
    }

    @Test("a custom mirror hides nothing: cases are read from the metadata, where Mirror sees none")
    func customMirror() {
        let first = EnumCase(Hidden.first), second = EnumCase(Hidden.second)
        #expect(first.extract(from: .first(1)) == 1 && first.extract(from: .second(1)) == nil)
        #expect(second.extract(from: .second(2)) == 2 && second.extract(from: .third("x")) == nil)
        #expect(EnumCase(Hidden.first, layout: nil).extract(from: .first(1)) == nil, "Mirror, by contrast, sees no case")
    }

    @Test("a tag past the last case names no case and has no payload")
    func tagPastTheEnd() throws {
        let layout = try #require(EnumLayout(Shapes.self))
        #expect(layout.name(ofCase: 11) != nil && layout.name(ofCase: layout.tag(of: Shapes.plain)) == "plain", "twelve cases: tags 0 to 11")
        for tag: UInt32 in [12, 13, 1_000] {
            #expect(layout.name(ofCase: tag) == nil)
            #expect(layout.payload(ofCase: tag) == nil)
        }
    }

    @Test("a mangled name's length steps over its symbolic references: 4 bytes after 1…23, a pointer after 24…31")
    func mangledNameLength() {
        let word = MemoryLayout<UnsafeRawPointer>.size
        func length(_ bytes: [UInt8]) -> Int {
            bytes.withUnsafeBufferPointer { EnumLayout.length(ofMangledName: $0.baseAddress!) }
        }
        #expect(length(Array("Si".utf8) + [0]) == 2)
        #expect(length([0x01, 0, 0, 0, 0, 0x53, 0x69, 0]) == 7, "a relative reference's zero bytes are not the end")
        #expect(length([0x17, 1, 2, 3, 4, 0]) == 5)
        #expect(length([0x18] + Array(repeating: 0, count: word) + [0x79, 0]) == 2 + word, "an absolute one's too")
        #expect(length([0x1F] + Array(repeating: 7, count: word) + [0]) == 1 + word)
        #expect(length([0]) == 0)
    }

    @Test("what is not an enum has no layout and no case: a struct, an Optional, a tuple, a class")
    func notEnums() {
        #expect(EnumLayout(NotAnEnum.self) == nil)
        #expect(EnumLayout(Int?.self) == nil)
        #expect(EnumLayout((Int, Int).self) == nil)
        #expect(EnumLayout(Counted.self) == nil)
        #expect(EnumCase<Int?, Int>(Optional.some).extract(from: 3) == nil, "an Optional is no parent's enum")
    }

    #if DEBUG
    @Test("a case of a type that is not an enum says nothing: only a runtime whose metadata cannot be read warns")
    func noWarningForNonEnums() {
        nonisolated(unsafe) var warnings: [String] = []
        DebugWarning.$sink.withValue({ warnings.append($0) }) {
            _ = EnumCase<Int?, Int>(Optional.some)
            _ = EnumCase<NotAnEnum, Int>({ NotAnEnum(value: $0) })
            _ = EnumCase(Shapes.one)
        }
        #expect(warnings.isEmpty, "\(warnings)")
    }
    #endif
}
