/// One case of an enum, named by its constructor (`Action.counter`), that can both build a
/// value of the enum and find the case's payload in one: what lets a child's place be declared
/// with the parent's enum cases alone, with no hand-written `if case` per child.
///
/// Finding a payload reads the enum through `Mirror`, the standard library's public
/// reflection: a value's case name is the label of its one child, and the payload is that
/// child's value. This is the one file that relies on how `Mirror` shows an enum; it checks
/// that once, on first use (``mirrorShowsEnumCases``), and every child place declared while
/// the check fails writes a debug warning naming its child's type, rather than routing nothing
/// in silence.
///
/// A case matches when its name and its payload's type both match: two cases with the same
/// payload type (`case first(Counter.Action), second(Counter.Action)`) are told apart by name.
/// A case's payload is what its constructor takes: one value, or a tuple of several
/// (`case row(Int, Row.Action)` extracts an `(Int, Row.Action)`); labels do not matter, and a
/// single labelled value (`case counter(action: Counter.Action)`) is that value.
package struct EnumCase<Whole, Part> {
    /// Builds the enum's value from the case's payload.
    package let embed: (Part) -> Whole
    /// The case's name, learnt from the first value `embed` builds (see ``name``).
    private let learnt = LearntName()

    package init(_ embed: @escaping (Part) -> Whole) {
        self.embed = embed
    }

    /// The payload of `whole` if it is this case, else `nil`.
    package func extract(from whole: Whole) -> Part? {
        guard let (label, value) = Self.caseOf(whole), let part = value as? Part else { return nil }
        if let name = learnt.name { return name == label ? part : nil }
        // The first payload of the right type: build the case from it to learn its name.
        guard let name = Self.caseOf(embed(part))?.label else { return nil }
        learnt.name = name
        return name == label ? part : nil
    }

    /// The case's name, once a value of this case has been seen (`nil` before).
    package var name: String? { learnt.name }

    /// The case name and payload of an enum value, or `nil` for a case without a payload and
    /// for a value that is not an enum.
    static func caseOf(_ value: Whole) -> (label: String, value: Any)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label else { return nil }
        // A one-value payload with a label (`case counter(action: Counter.Action)`) is shown as a
        // tuple of one; Swift has no such type, so it is the value itself.
        let payload = Mirror(reflecting: child.value)
        if payload.displayStyle == .tuple, payload.children.count == 1, let only = payload.children.first {
            return (label, only.value)
        }
        return (label, child.value)
    }
}

/// Where an ``EnumCase`` keeps the name it learnt: shared by the copies of one declaration,
/// so the name is learnt once. Not `Sendable`: child places live on the main actor.
private final class LearntName {
    var name: String?
}

/// Whether `Mirror` still shows an enum the way ``EnumCase`` relies on: the case name as
/// the label of one child whose value is the payload (a tuple for several values). Computed once.
let mirrorShowsEnumCases: Bool = {
    enum Probe { case one(Int), two(Int, String), labelled(value: Int), none }
    let single = EnumCase<Probe, Int>(Probe.one)
    let pair = EnumCase<Probe, (Int, String)>(Probe.two)
    let labelled = EnumCase<Probe, Int>(Probe.labelled)
    return single.extract(from: .one(7)) == 7
        && single.extract(from: .two(7, "x")) == nil
        && pair.extract(from: .two(3, "y")).map { $0 == 3 && $1 == "y" } == true
        && labelled.extract(from: .labelled(value: 5)) == 5
        && single.extract(from: .labelled(value: 5)) == nil
        && single.extract(from: .none) == nil
}()
