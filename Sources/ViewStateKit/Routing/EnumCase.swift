/// One case of an enum, named by its constructor (`Action.counter`), that can both build a
/// value of the enum and find the case's payload in one: what lets a child's place be declared
/// with the parent's enum cases alone, with no hand-written `if case` per child.
///
/// A value's case is read from its tag (``EnumLayout``): the first time a value of a case is
/// met, its payload is read as its own type and, if it is a `Part`, rebuilt with `embed`; the
/// case is this one when the rebuilt value has the same tag. The answer is kept for the tag,
/// so each later value costs a tag read and, for this case, a copy of the payload. A custom
/// mirror changes nothing. Two cases with the same payload type (`case first(Counter.Action),
/// second(Counter.Action)`) are told apart by their tags. A case's payload is what its
/// constructor takes: one value, or a tuple of several (`case row(Int, Row.Action)` extracts an
/// `(Int, Row.Action)`); labels do not matter, and a single labelled value (`case
/// counter(action: Counter.Action)`) is that value.
///
/// Where this runtime's metadata does not read as ``EnumLayout`` expects, cases are found
/// through `Mirror` instead (a debug build says so once): the case name is the label of the
/// value's one child, and the payload that child's value.
@usableFromInline
package struct EnumCase<Whole, Part> {
    /// Builds the enum's value from the case's payload.
    @usableFromInline package let embed: (Part) -> Whole
    @usableFromInline let layout: EnumLayout?
    /// What is known of each tag, learnt on first sight; shared by the copies of one declaration.
    @usableFromInline let learnt = LearntTags()

    @inlinable
    package init(_ embed: @escaping (Part) -> Whole) {
        self.init(embed, layout: EnumLayout(Whole.self))
    }

    /// A case read through `layout`, or through `Mirror` when it is `nil`: for tests of both.
    @usableFromInline
    init(_ embed: @escaping (Part) -> Whole, layout: EnumLayout?) {
        self.embed = embed
        self.layout = layout
        if layout == nil { EnumCase<Whole, Part>.warnOfMirror() }
    }

    /// The payload of `whole` if it is this case, else `nil`.
    @inlinable
    package func extract(from whole: Whole) -> Part? {
        guard let layout else { return mirrorExtract(from: whole) }
        let tag = layout.tag(of: whole)
        if let mine = learnt.mine {
            return tag == mine ? layout.payload(of: whole, as: Part.self, indirect: learnt.indirect) : nil
        }
        guard !learnt.isOther(tag) else { return nil }
        // The first value of this case: is its payload a `Part` that `embed` builds this case from?
        guard let part = layout.anyPayload(of: whole).flatMap(Self.cast), layout.tag(of: embed(part)) == tag else {
            learnt.markOther(tag)
            return nil
        }
        learnt.mine = tag
        learnt.indirect = layout.payload(ofCase: tag)?.indirect ?? false
        learnt.name = layout.name(ofCase: tag)
        return part
    }

    /// The case's name, once a value of this case has been seen (`nil` before).
    @usableFromInline package var name: String? { learnt.name }

    /// Whether two values are the same case (for a type that is not an enum: always).
    static func sameCase(_ left: Whole, _ right: Whole) -> Bool {
        if let layout = EnumLayout(Whole.self) { return layout.tag(of: left) == layout.tag(of: right) }
        return caseOf(left)?.label == caseOf(right)?.label
    }

    /// A payload as a `Part`: itself, or the one value of a single labelled payload, which the
    /// runtime shows as a tuple of one.
    @usableFromInline
    static func cast(_ payload: Any) -> Part? {
        if let part = payload as? Part { return part }
        let mirror = Mirror(reflecting: payload)
        guard mirror.displayStyle == .tuple, mirror.children.count == 1 else { return nil }
        return mirror.children.first?.value as? Part
    }

    // Through Mirror, where the metadata cannot be read.

    @usableFromInline
    func mirrorExtract(from whole: Whole) -> Part? {
        guard let (label, value) = Self.caseOf(whole), let part = value as? Part else { return nil }
        if let name = learnt.name { return name == label ? part : nil }
        // The first payload of the right type: build the case from it to learn its name.
        guard let name = Self.caseOf(embed(part))?.label else { return nil }
        learnt.name = name
        return name == label ? part : nil
    }

    /// The case name and payload of an enum value, or `nil` for a case without a payload and
    /// for a value that is not an enum.
    private static func caseOf(_ value: Whole) -> (label: String, value: Any)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label else { return nil }
        let payload = Mirror(reflecting: child.value)
        if payload.displayStyle == .tuple, payload.children.count == 1, let only = payload.children.first {
            return (label, only.value)
        }
        return (label, child.value)
    }

    /// Says, in a debug build, as a case is declared, that its enum's cases are read through Mirror.
    private static func warnOfMirror() {
        #if DEBUG
        guard !EnumLayout.works else { return }
        DebugWarning.write("""
            ViewStateKit warning: this Swift runtime's type metadata does not read as ViewStateKit expects \
            (EnumLayout.swift), so the cases of \(Whole.self) are found through Mirror: slower, and a custom mirror \
            hides them.
            """)
        #endif
    }
}

/// What an ``EnumCase`` has learnt of the tags it met: shared by the copies of one declaration,
/// so each tag is learnt once, and read by the places holding the case to pass a value of
/// another case by without asking (``rejects(_:)``). Not `Sendable`: child places live on the
/// main actor.
@usableFromInline
final class LearntTags {
    /// This case's tag, once a value of it was met.
    @usableFromInline @exclusivity(unchecked) var mine: UInt32?
    /// Whether this case's payload is boxed (`indirect`).
    @usableFromInline @exclusivity(unchecked) var indirect = false
    /// Tags met that are another case's: below 64 as bits, the rest in a set.
    @usableFromInline @exclusivity(unchecked) var otherBits: UInt64 = 0
    @usableFromInline var others: Set<UInt32> = []
    /// This case's name, once a value of it was met.
    @usableFromInline var name: String?

    @inlinable init() {}

    /// Whether a value with `tag` is known not to be this case.
    @inlinable
    func rejects(_ tag: UInt32) -> Bool {
        if let mine { return tag != mine }
        return isOther(tag)
    }

    @inlinable
    func isOther(_ tag: UInt32) -> Bool {
        tag < 64 ? otherBits & (1 << tag) != 0 : others.contains(tag)
    }

    @inlinable
    func markOther(_ tag: UInt32) {
        if tag < 64 { otherBits |= 1 << tag } else { others.insert(tag) }
    }
}
