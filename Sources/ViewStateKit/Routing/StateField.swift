/// A child's place in its parent's state, read and changed as compiled code does a stored
/// property: through its offset in the parent (`MemoryLayout.offset(of:)`, which Swift
/// documents as equivalent to the key path when it is not `nil`), so a child's state is reached
/// without the key path machinery a generic key path projection runs. A key path the offset
/// cannot stand for (a computed property, a subscript, a class's property) is applied as a
/// key path.
@usableFromInline
struct StateField<Root, Value> {
    @usableFromInline let keyPath: WritableKeyPath<Root, Value>
    @usableFromInline let offset: Int?

    @inlinable
    init(_ keyPath: WritableKeyPath<Root, Value>) {
        self.keyPath = keyPath
        offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The value at the field in `root`.
    @inlinable
    func read(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: keyPath] }
        return withUnsafePointer(to: root) { UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee }
    }

    /// Changes the value at the field in `root`, in place.
    @inlinable
    func modify(_ root: inout Root, _ change: (inout Value) -> Void) {
        guard let offset else { return change(&root[keyPath: keyPath]) }
        withUnsafeMutablePointer(to: &root) { pointer in
            change(&UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }
}
