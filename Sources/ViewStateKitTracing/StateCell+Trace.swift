import ViewStateKit

extension StateCell {
    /// Writes every value this cell delivers to `sink`, as a developer reads it: the current
    /// value at once (`[name] value …`), then each later one as the fields that changed
    /// (`[name] sent` and one indented line per field, expected as before → after). Lines are
    /// cut at a readable length. Cancel or drop the token to stop; tracing is an observer like
    /// any other, so a cell that is not traced pays nothing.
    /// - Parameters:
    ///   - name: starts every line, in brackets: `[stores] …`.
    ///   - sink: receives each line; `print` unless given.
    /// - Returns: the token that keeps the trace going; cancel or drop it to stop.
    public func trace(_ name: String, to sink: @escaping (String) -> Void = { print($0) }) -> ObservationToken {
        var previous: Value?
        return observe { value in
            defer { previous = value }
            guard let previous else { return sink(TraceLine.make(name, "value \(ValueDescription.describe(value))")) }
            sink(TraceLine.make(name, "sent"))
            ValueDiff.traceLines(previous, value).forEach { sink(TraceLine.make(name, "  " + $0)) }
        }
    }
}
