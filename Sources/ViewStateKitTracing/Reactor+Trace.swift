import ViewStateKit

extension Reactor {
    /// Writes what this reactor does to `sink`, one line each, under `name`: every action and
    /// whether it ran at once, was queued behind another (R3) or was recorded by a stubbed
    /// reactor (R7); every mutation, and where it came from, followed by only the fields it
    /// changed (before → after); every effect's start, cancel and finish, with its id. A pulse
    /// reads as its value. Lines are cut at a readable length. Tracing never changes what the
    /// reactor does; a reactor that is not traced pays one `nil` check per action and mutation.
    ///
    /// The trace lasts as long as its token, as a cell's does (``StateCell/trace(_:to:)``):
    /// cancel or drop the token to stop. Tracing again replaces the name and sink; the earlier
    /// token then stops nothing.
    ///
    /// A test collects the lines (and may check them against a golden transcript); an app
    /// prints them, the default:
    ///
    /// ```swift
    /// let trace = StateRecorder<String>()
    /// let token = reactor.trace("search", to: trace.record)
    /// ```
    /// - Parameters:
    ///   - name: starts every line, in brackets: `[search] …`.
    ///   - sink: receives each line; `print` unless given.
    /// - Returns: the token that keeps the trace going; cancel or drop it to stop.
    public final func trace(_ name: String, to sink: @escaping (String) -> Void = { print($0) }) -> ObservationToken {
        traceCount += 1
        if let tracer {
            tracer.name = name
            tracer.sink = sink
        } else {
            tracer = ReactorTracer(name: name, sink: sink)
        }
        tracer?.changes = { ValueDiff.traceLines($0, $1) }
        return ObservationToken(source: self, id: traceCount)
    }
}
