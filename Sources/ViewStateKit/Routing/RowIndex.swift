/// Finds a row by its id in constant time while the list keeps its order: the position
/// found last time for each id, checked against the list on each use and rebuilt from the
/// list when the check fails (a row moved, or was inserted or removed before it). A lookup
/// costs one dictionary read while the list only changes in place; a change of order costs
/// one pass over the list, once.
@MainActor @usableFromInline
final class RowIndex<Row: Identifiable> {
    @usableFromInline var positions: [Row.ID: Int] = [:]

    @inlinable init() {}

    @inlinable
    func position(of id: Row.ID, in rows: [Row]) -> Int? {
        if let position = positions[id], position < rows.count, rows[position].id == id { return position }
        guard rows.count > 8 else {  // short lists: a scan
            for position in rows.indices where rows[position].id == id { return position }
            return nil
        }
        positions = [:]
        for position in rows.indices where positions[rows[position].id] == nil { positions[rows[position].id] = position }
        if let position = positions[id], rows[position].id == id { return position }
        return nil
    }
}
