import Testing
@testable import ViewStateKit

private struct Offline: Error, Equatable {
    var retries = 0
}

private struct Refused: Error, CustomStringConvertible {
    var code: Int
    var description: String { "refused \(code)" }
}

/// Describes itself as a `Refused` does.
private struct Rejected: Error, CustomStringConvertible {
    var description: String { "refused 3" }
}

/// Equal whatever the time it happened: its own `==` leaves `at` out.
private struct Timed: Error, Equatable {
    var message: String
    var at: Int
    static func == (lhs: Timed, rhs: Timed) -> Bool { lhs.message == rhs.message }
}

private enum Outcome: Equatable {
    case loaded(Result<[String], EquatableError>)
}

@Suite("EquatableError: any error, made Equatable, for results in mutations and state")
struct EquatableErrorTests {
    @Test("an Equatable error compares by its own ==; errors of two types never match")
    func equatableErrors() {
        #expect(EquatableError(Offline()) == EquatableError(Offline()))
        #expect(EquatableError(Offline(retries: 1)) != EquatableError(Offline()))
        #expect(EquatableError(Offline()) != EquatableError(Refused(code: 0)))
        #expect(Outcome.loaded(.failure(EquatableError(Offline()))) == .loaded(.failure(EquatableError(Offline()))))
        #expect(Outcome.loaded(.success(["a"])) != .loaded(.failure(EquatableError(Offline()))))
        #expect(EquatableError(Timed(message: "late", at: 1)) == EquatableError(Timed(message: "late", at: 2)),
                "its own == decides, though the two describe themselves differently")
    }

    @Test("an error that is not Equatable compares by its type and how it describes itself")
    func otherErrors() {
        #expect(EquatableError(Refused(code: 3)) == EquatableError(Refused(code: 3)))
        #expect(EquatableError(Refused(code: 3)) != EquatableError(Refused(code: 4)))
        #expect(EquatableError(Refused(code: 3)).description == "refused 3")
        #expect(EquatableError(Rejected()) != EquatableError(Refused(code: 3)), "alike in words, of two types")
    }

    @Test("wrapping twice keeps the error as it was thrown")
    func noDoubleWrap() {
        let once = EquatableError(Refused(code: 3))
        let twice = EquatableError(once)
        #expect(twice.error is Refused)
        #expect(twice == once)
    }
}
