import ViewStateKit

/// Receiving a child's mutations: a child's mutation is carried to the child with its place,
/// not wrapped in a case of the parent's, so a test names it by that place — the key path its
/// `ChildPlace` was declared with, and for rows and screens the child's id.
extension ReactorTester {
    /// Waits for the next state an asynchronous effect publishes and checks both the mutation
    /// that produced it — `mutation`, made by a child at `place` or below it (a screen's own
    /// child, say) — and the state, as [`receive(_:)`](doc:receive(_:fileID:filePath:line:column:))
    /// does. Exhaustive: another mutation fails the test, showing both. Not exhaustive: states
    /// from other mutations are skipped.
    ///
    /// ```swift
    /// await tester.receive(Ticker.Mutation.tick, at: \.ticker) { $0.ticker?.ticks = 1 }
    /// ```
    /// - Parameters:
    ///   - mutation: the child's mutation, with its type: `Ticker.Mutation.tick`.
    ///   - place: where the child's place keeps its state: `\.ticker`.
    ///   - update: the change the mutation makes, applied to a copy of the previous state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func receive<ChildMutation: Equatable>(_ mutation: ChildMutation, at place: PartialKeyPath<State>,
                                                  _ update: ((inout State) -> Void)? = nil,
                                                  fileID: String = #fileID, filePath: StaticString = #filePath,
                                                  line: UInt = #line, column: UInt = #column) async {
        let expected = Self.childMatch(ValueDescription.describe(mutation), at: place, id: Int?.none) { heard in
            (heard as? ChildMutation).map { $0 == mutation } ?? false
        }
        await receive(expected, update, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// ``receive(_:at:_:fileID:filePath:line:column:)`` for a row or a screen: `mutation`, made
    /// by the child with `id` at `place` or below it.
    ///
    /// ```swift
    /// await tester.receive(Ticker.Mutation.tick, at: \.rows, id: 2) { $0.rows[1].ticks = 1 }
    /// ```
    /// - Parameters:
    ///   - mutation: the child's mutation, with its type: `Ticker.Mutation.tick`.
    ///   - place: where the rows or the stack live: `\.rows`, `\.path`.
    ///   - id: the row's id, or the screen's `StackID` (a number will do: `id: 1`).
    ///   - update: the change the mutation makes, applied to a copy of the previous state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func receive<ChildMutation: Equatable>(_ mutation: ChildMutation, at place: PartialKeyPath<State>,
                                                  id: some Hashable, _ update: ((inout State) -> Void)? = nil,
                                                  fileID: String = #fileID, filePath: StaticString = #filePath,
                                                  line: UInt = #line, column: UInt = #column) async {
        let expected = Self.childMatch(ValueDescription.describe(mutation), at: place, id: id) { heard in
            (heard as? ChildMutation).map { $0 == mutation } ?? false
        }
        await receive(expected, update, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next state an asynchronous effect publishes and checks that it came from
    /// the dismissal of a child at `place` or below it — its `Effect.dismiss`, from `mutate`
    /// or from its work — and the state, as [`receive(_:)`](doc:receive(_:fileID:filePath:line:column:)) does.
    ///
    /// ```swift
    /// await tester.receive(dismissalAt: \.sheet) { $0.sheet = nil }
    /// ```
    /// - Parameters:
    ///   - place: where the presented child lives: `\.sheet`.
    ///   - update: the change the dismissal makes, applied to a copy of the previous state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func receive(dismissalAt place: PartialKeyPath<State>, _ update: ((inout State) -> Void)? = nil,
                        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                        column: UInt = #column) async {
        let expected = Self.childMatch(nil, at: place, id: Int?.none) { $0 == nil }
        await receive(expected, update, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// ``receive(dismissalAt:_:fileID:filePath:line:column:)`` for a screen of a stack: the pop
    /// of the screen with `id` (and every screen above it), or a dismissal below it.
    ///
    /// ```swift
    /// await tester.receive(dismissalAt: \.path, id: 1) { $0.path.popLast() }
    /// ```
    /// - Parameters:
    ///   - place: where the stack lives: `\.path`.
    ///   - id: the screen's `StackID` (a number will do: `id: 1`).
    ///   - update: the change the dismissal makes, applied to a copy of the previous state.
    ///   - fileID: the file ID a failure is reported at; the caller's unless given.
    ///   - filePath: the file path a failure is reported at; the caller's unless given.
    ///   - line: the line a failure is reported at; the caller's unless given.
    ///   - column: the column a failure is reported at; the caller's unless given.
    public func receive(dismissalAt place: PartialKeyPath<State>, id: some Hashable, _ update: ((inout State) -> Void)? = nil,
                        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                        column: UInt = #column) async {
        let expected = Self.childMatch(nil, at: place, id: id) { $0 == nil }
        await receive(expected, update, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A match of a child's mutation (`describe`, or `nil` for a dismissal) at `place`, with
    /// `id` when one is given, whose mutation passes `matches`.
    private static func childMatch(_ describe: String?, at place: PartialKeyPath<State>, id: (some Hashable)?,
                                   matches: @escaping (Any?) -> Bool) -> MutationMatch<Mutation> {
        let where_ = ChildLocation.describe(place: place, id: id)
        return MutationMatch(describe: describe.map { where_ + " › " + $0 } ?? where_ + " dismissed") { heard in
            guard case .child(let child) = heard, let top = child.path.first,
                  (top.place.base as? AnyKeyPath) == place, id.map(top.isAddress) ?? true else { return false }
            return matches(child.mutation)
        }
    }
}
