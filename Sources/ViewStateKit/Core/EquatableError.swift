/// Any error, made `Equatable`, for a mutation or a state that carries a result:
/// `case loaded(Result<[Item], EquatableError>)`, so a reducer switches on it and a test
/// receives it with its payload: `await tester.receive(.loaded(.failure(EquatableError(Offline()))))`.
///
/// Two are equal when their errors are: by the error type's own `==` where it is `Equatable`;
/// otherwise when both are of the same type and describe themselves alike
/// (`String(reflecting:)`). An error worth showing on screen is better mapped to a
/// ``LoadFailure``, which says why in words a renderer can branch on.
public struct EquatableError: Error, Equatable, CustomStringConvertible {
    /// The error as it was thrown.
    public let error: any Error

    /// `error`, made `Equatable`. An `EquatableError` given here is kept as it is, not wrapped twice.
    public init(_ error: any Error) {
        self.error = (error as? EquatableError)?.error ?? error
    }

    /// The error's own description.
    public var description: String { String(describing: error) }

    /// Whether the two errors are the same: see ``EquatableError``.
    public static func == (lhs: EquatableError, rhs: EquatableError) -> Bool {
        guard type(of: lhs.error) == type(of: rhs.error) else { return false }
        if let equatable = (lhs.error as Any) as? any Equatable {
            return equatable.isEqual(to: rhs.error)
        }
        return String(reflecting: lhs.error) == String(reflecting: rhs.error)
    }
}

private extension Equatable {
    /// `==` with a value known only as `any Error`, of the same type as `self`.
    func isEqual(to other: any Error) -> Bool {
        (other as? Self) == self
    }
}
