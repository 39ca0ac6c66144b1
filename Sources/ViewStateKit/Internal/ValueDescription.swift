/// A value as a test author would write it (``describe(_:)``) and a type as one names it
/// (``typeName(_:)``): what the library's warnings and traces print, and what the testing
/// module's failure messages print too. Read through `Mirror` alone.
@usableFromInline
package enum ValueDescription {
    /// A value as a test author would write it: strings and substrings quoted, enum cases with
    /// a leading dot, structs as `Store(id: 1, name: "CU")` without module names; a type with
    /// its own `description` (a date, a URL, a ``LoadFailure``) prints that. Sets and
    /// dictionaries are sorted (by element, by key), so the text is the same on every run. A
    /// reference cycle prints `(cycle)`.
    @usableFromInline
    package static func describe(_ value: Any) -> String {
        var visiting: Set<ObjectIdentifier> = []
        return describe(value, visiting: &visiting)
    }

    private static func describe(_ value: Any, visiting: inout Set<ObjectIdentifier>) -> String {
        if let text = value as? String { return String(reflecting: text) }
        if let text = value as? Substring { return String(reflecting: String(text)) }
        if let pulse = value as? any PulseValue { return describe(pulse.pulseValue, visiting: &visiting) }
        let mirror = Mirror(reflecting: value)
        if let object = identity(value) {
            guard visiting.insert(object).inserted else { return "(cycle)" }
        }
        defer { if let object = identity(value) { visiting.remove(object) } }
        func parts(_ children: Mirror.Children, labelled: Bool) -> String {
            children.map { child in
                let label = child.label.map { labelled && !$0.hasPrefix(".") ? "\($0): " : "" } ?? ""
                return label + describe(child.value, visiting: &visiting)
            }.joined(separator: ", ")
        }
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { describe($0.value, visiting: &visiting) } ?? "nil"
        case .enum:
            if let described = value as? any CustomStringConvertible { return described.description }
            guard let payload = mirror.children.first else { return ".\(value)" }
            let inner = describe(payload.value, visiting: &visiting)
            return ".\(payload.label ?? "")" + (Mirror(reflecting: payload.value).displayStyle == .tuple ? inner : "(\(inner))")
        case .collection:
            return "[\(parts(mirror.children, labelled: false))]"
        case .set:
            // Sorted: a set's order changes from run to run (hashing is seeded per process).
            let elements = mirror.children.map { describe($0.value, visiting: &visiting) }.sorted()
            return "[\(elements.joined(separator: ", "))]"
        case .dictionary:
            // Sorted by key, for the same reason.
            let entries = mirror.children.map { pair in
                Mirror(reflecting: pair.value).children.map { describe($0.value, visiting: &visiting) }
            }.sorted { $0.first ?? "" < $1.first ?? "" }.map { $0.joined(separator: ": ") }
            return entries.isEmpty ? "[:]" : "[" + entries.joined(separator: ", ") + "]"
        case .tuple:
            return "(\(parts(mirror.children, labelled: true)))"
        case .struct, .class:
            if let described = value as? any CustomStringConvertible { return described.description }
            return "\(typeName(type(of: value)))(\(parts(mirror.children, labelled: true)))"
        default:
            return String(describing: value)
        }
    }

    /// The identity of a class instance, for cycle detection.
    package static func identity(_ value: Any) -> ObjectIdentifier? {
        Mirror(reflecting: value).displayStyle == .class ? ObjectIdentifier(value as AnyObject) : nil
    }

    /// A type as a test author writes it: with the types it is nested in, without its module,
    /// `Outer.Inner`; a private type reads as its own name, one declared inside a function as
    /// the types around the function and its own name.
    package static func typeName(_ type: Any.Type) -> String {
        readable(String(reflecting: type))
    }

    /// A type's name as the runtime writes it (`String(reflecting:)`), as ``typeName(_:)`` shows it.
    package static func readable(_ reflected: String) -> String {
        var name = reflected
        // `(unknown context at $1f2e).Inner` → `Inner`; `(Inner in _4A3B)` → `Inner`.
        // Counted rounds, each shortening the name: they end whatever the name holds.
        for _ in 0..<name.count {
            guard let open = name.range(of: "(unknown context at "),
                  let close = name[open.upperBound...].range(of: ").") else { break }
            name.removeSubrange(open.lowerBound..<close.upperBound)
        }
        for _ in 0..<name.count {
            // The group is the parenthesis nearest before ` in _`: a tuple's own opens further out.
            guard let separator = name.range(of: " in _"), let open = name[..<separator.lowerBound].lastIndex(of: "("),
                  let close = name[separator.upperBound...].firstIndex(of: ")") else { break }
            name.replaceSubrange(open...close, with: name[name.index(after: open)..<separator.lowerBound])
        }
        // Every qualified name starts with its module: `Module.Outer.Inner` → `Outer.Inner`,
        // in generic arguments too (`Swift.Array<Module.Row>` → `Array<Row>`).
        var result = ""
        var run: [Substring] = []
        func endRun() {
            result += (run.count > 1 ? run.dropFirst() : run[...]).joined(separator: ".")
            run = []
        }
        var rest = name[...]
        for _ in 0..<name.count {  // each round takes at least one character
            guard let first = rest.first else { break }
            if first.isLetter || first == "_" || first.isNumber {
                let identifier = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                run.append(identifier)
                rest = rest[identifier.endIndex...]
                if rest.first == ".", let next = rest.dropFirst().first, next.isLetter || next == "_" {
                    rest = rest.dropFirst()
                    continue
                }
                endRun()
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result  // the last identifier's run ended in the loop: nothing follows a name but its end
    }
}

extension String {
    fileprivate func range(of target: String) -> Range<Index>? {
        self[...].range(of: target)
    }
}

extension Substring {
    fileprivate func range(of target: String) -> Range<Index>? {
        indices.first { self[$0...].hasPrefix(target) }.map { $0..<index($0, offsetBy: target.count) }
    }
}

/// A value that reads as another in diffs and traces: a ``Pulse`` reads as its value, and its
/// assignment counter never shows.
package protocol PulseValue {
    /// The value shown.
    var pulseValue: Any { get }
    /// How many times it was assigned, to tell an equal value assigned again.
    var pulseAssignments: Int { get }
}
