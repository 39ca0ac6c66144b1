import Foundation

/// An ordered list of elements with unique ids, found by id in constant time: the rows of a list
/// screen (``ChildPlace/rows(_:state:action:)-(_,WritableKeyPath<State,IdentifiedArray<Child.State>>,_)``)
/// or any state keyed by id. TCA's `IdentifiedArrayOf`.
///
/// ```swift
/// var tags: IdentifiedArray<Tag> = [Tag(id: 1, name: "Milk")]
/// tags.append(Tag(id: 2, name: "Bread"))
/// tags[id: 1]?.name = "Oat milk"
/// tags.move(fromOffsets: IndexSet(integer: 0), toOffset: 2)  // SwiftUI's onMove
/// tags.remove(atOffsets: IndexSet(integer: 0))               // SwiftUI's onDelete
/// tags.remove(id: 1)
/// ```
///
/// An id is in it at most once. What would break that never traps: appending or inserting an
/// element whose id is already there replaces that element where it is; a literal or an array
/// with a repeated id keeps the first; decoding a list with a repeated id fails with
/// `DecodingError.dataCorrupted`. Reading by id, replacing by id and appending cost a constant;
/// removing, inserting and moving cost what they cost in an array (the positions after the
/// change are renumbered).
public struct IdentifiedArray<Element: Identifiable> {
    /// The elements, in order.
    public private(set) var elements: [Element]
    /// Each id's position in `elements`.
    private var positions: [Element.ID: Int]

    /// An empty list.
    public init() {
        elements = []
        positions = [:]
    }

    /// The elements of `elements` in order, the first of each id kept.
    /// - Parameter elements: the elements; a later one with an id already seen is left out.
    public init(_ elements: some Sequence<Element>) {
        self.init()
        for element in elements where positions[element.id] == nil {
            positions[element.id] = self.elements.count
            self.elements.append(element)
        }
    }

    /// The ids, in order.
    public var ids: [Element.ID] { elements.map(\.id) }

    /// The position of the element with `id`, or `nil`.
    /// - Parameter id: the element's id.
    public func index(id: Element.ID) -> Int? {
        positions[id]
    }

    /// The element with `id`, or `nil`. Setting an element puts it there (appended when the id
    /// is new); setting `nil` removes it. An element set under another id than its own is put
    /// under its own.
    public subscript(id id: Element.ID) -> Element? {
        get { positions[id].map { elements[$0] } }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            if newValue.id != id { remove(id: id) }
            append(newValue)
        }
    }

    /// Appends `element`, or replaces the element with its id where it is.
    /// - Parameter element: the element.
    public mutating func append(_ element: Element) {
        if let position = positions[element.id] {
            elements[position] = element
        } else {
            positions[element.id] = elements.count
            elements.append(element)
        }
    }

    /// Inserts `element` at `position` (clamped to the list), or replaces the element with its
    /// id where it is.
    /// - Parameters:
    ///   - element: the element.
    ///   - position: where it goes: 0 for first, `count` for last.
    public mutating func insert(_ element: Element, at position: Int) {
        if let existing = positions[element.id] {
            elements[existing] = element
            return
        }
        let position = Swift.min(Swift.max(position, 0), elements.count)
        elements.insert(element, at: position)
        renumber(from: position)
    }

    /// Removes the element with `id` and returns it; `nil` when there is none.
    /// - Parameter id: the element's id.
    /// - Returns: the element removed.
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        guard let position = positions.removeValue(forKey: id) else { return nil }
        let element = elements.remove(at: position)
        renumber(from: position)
        return element
    }

    /// Removes the elements at `offsets` (SwiftUI's `onDelete`); offsets past the end are left out.
    /// - Parameter offsets: the positions of the elements to remove.
    public mutating func remove(atOffsets offsets: IndexSet) {
        let offsets = offsets.filteredIndexSet { $0 < elements.count }
        guard let first = offsets.first else { return }
        for offset in offsets { positions[elements[offset].id] = nil }
        elements = elements.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
        renumber(from: first)
    }

    /// Moves the elements at `offsets` to before the element now at `destination`, keeping their
    /// order (SwiftUI's `onMove`); offsets past the end are left out.
    /// - Parameters:
    ///   - offsets: the positions of the elements to move.
    ///   - destination: where they go, as a position in the list before the move (`count` for last).
    public mutating func move(fromOffsets offsets: IndexSet, toOffset destination: Int) {
        let offsets = offsets.filteredIndexSet { $0 < elements.count }
        guard let first = offsets.first else { return }
        let destination = Swift.min(Swift.max(destination, 0), elements.count)
        let moving = offsets.map { elements[$0] }
        let before = elements[..<destination].enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
        let after = elements[destination...].enumerated().filter { !offsets.contains($0.offset + destination) }.map(\.element)
        elements = before + moving + after
        renumber(from: Swift.min(first, before.count))
    }

    /// Removes every element.
    public mutating func removeAll() {
        elements.removeAll()
        positions.removeAll()
    }

    /// Changes the element with `id` in place, when it is there: what a row's reduce writes.
    /// Should the change give it another id, it is found under that one (and replaces an element
    /// that had it).
    @usableFromInline
    mutating func modify(id: Element.ID, _ change: (inout Element) -> Void) {
        guard let position = positions[id] else { return }
        change(&elements[position])
        let newID = elements[position].id
        guard newID != id else { return }
        positions[id] = nil
        if let other = positions[newID] {
            elements.remove(at: other)
            renumber(from: Swift.min(other, position))
        } else {
            positions[newID] = position
        }
    }

    /// Changes every element in place, in order; should a change give one another id, the ids
    /// are found again, the first element of each id kept.
    @usableFromInline
    mutating func modifyEach(_ change: (inout Element) -> Void) {
        var idsChanged = false
        for position in elements.indices {
            let id = elements[position].id
            change(&elements[position])
            if elements[position].id != id { idsChanged = true }
        }
        if idsChanged { self = IdentifiedArray(elements) }
    }

    /// Gives every element from `position` on its position again.
    private mutating func renumber(from position: Int) {
        for index in position..<elements.count {
            positions[elements[index].id] = index
        }
    }

    /// Whether `other` still holds this list's element storage: written since, it does not.
    @usableFromInline
    func hasSameStorage(as other: IdentifiedArray) -> Bool {
        elements.hasSameStorage(as: other.elements)
    }
}

extension IdentifiedArray: RandomAccessCollection {
    /// The first position: 0.
    public var startIndex: Int { elements.startIndex }
    /// The position after the last.
    public var endIndex: Int { elements.endIndex }
    /// The element at `position`.
    public subscript(position: Int) -> Element { elements[position] }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// The elements written, the first of each id kept.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Equal when the elements are, in the same order.
    public static func == (lhs: IdentifiedArray, rhs: IdentifiedArray) -> Bool {
        lhs.elements == rhs.elements
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Hashes the elements, in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
    }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an array.
    public func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes an array of elements; an id found twice fails with `DecodingError.dataCorrupted`,
    /// so a damaged file is never read as a shorter list.
    public init(from decoder: any Decoder) throws {
        let elements = try [Element](from: decoder)
        self.init(elements)
        guard self.elements.count == elements.count else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "An id is found more than once in the list."))
        }
    }
}

extension IdentifiedArray: CustomReflectable {
    /// The elements, as an array shows them: how test failures and traces show the list.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
    }
}

extension IdentifiedArray: CustomStringConvertible {
    /// The elements, as an array prints them.
    public var description: String { elements.description }
}
