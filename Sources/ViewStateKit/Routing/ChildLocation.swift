/// Where a child lives in its parent: the place (a key path, or a case's name) and, for rows
/// and screens, the child's id. Written in traces and warnings as `\State.rows[3]`,
/// `\State.path[#0]`, `.detail`.
@usableFromInline
package struct ChildLocation: Hashable, CustomStringConvertible {
    /// The place: its key path in the parent's state, or its case's name.
    @usableFromInline package let place: AnyHashable
    /// The child's id among the place's children (a row's, a screen's), or `nil`.
    @usableFromInline package let address: AnyHashable?

    @inlinable
    init(place: AnyHashable, address: AnyHashable?) {
        self.place = place
        self.address = address
    }

    @usableFromInline package var description: String {
        (place.base as? String ?? "\(place.base)") + (address.map { "[\(ValueDescription.describe($0.base))]" } ?? "")
    }
}

extension ChildLocation {
    /// How a place and an id read in a test's failure, as a child's location does: `\State.rows[2]`.
    package static func describe(place: AnyKeyPath, id: (some Hashable)?) -> String {
        ChildLocation(place: AnyHashable(place), address: id.map { AnyHashable($0) }).description
    }

    /// Whether this location's address is `id`: a row's id, or a screen's `StackID`, which a test
    /// may write as a number (`id: 1`).
    package func isAddress(_ id: some Hashable) -> Bool {
        guard let address else { return false }
        if address == AnyHashable(id) { return true }
        if let screen = address.base as? StackID, let number = id as? Int { return screen == StackID(number) }
        return false
    }
}
