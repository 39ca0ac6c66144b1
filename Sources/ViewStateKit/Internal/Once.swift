/// A value made on first use, then kept: shared by the copies of the declaration holding it.
@MainActor @usableFromInline
final class Once<Value> {
    @usableFromInline @exclusivity(unchecked) var made: Value?
    @usableFromInline let make: () -> Value

    @inlinable
    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    @inlinable
    var value: Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
