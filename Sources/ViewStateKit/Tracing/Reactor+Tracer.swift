extension Reactor {
    /// Calls `observer` with each mutation — the reactor's own, or a child's at its place — just
    /// before the state it produced is published: how `ReactorTester` pairs each published
    /// state with its mutation. One observer at a time; `nil` stops it. Takes the traced path,
    /// so tracing lines are written only when ``trace(_:to:)`` asked for them.
    package final func observeMutations(_ observer: ((HeardMutation<Mutation>) -> Void)?) {
        if tracer == nil, observer != nil { tracer = ReactorTracer(name: "", sink: nil) }
        tracer?.mutationObserver = observer.map { observer in
            { heard in
                if let child = heard as? ChildMutation {
                    observer(.child(child))
                } else if let own = heard as? Mutation {
                    observer(.own(own))
                }
            }
        }
        if tracer?.isListening == false { tracer = nil }
    }
}

/// A trace's token stops that trace, and only it: a later ``Reactor/trace(_:to:)`` has taken
/// over the sink once the count has moved on. The mutation observer of `ReactorTester` stays.
extension Reactor: ObserverRemoving {
    nonisolated package func removeObserver(id: Int) {
        MainActor.assumeIsolated {
            guard id == traceCount else { return }
            tracer?.sink = nil
            if tracer?.isListening == false { tracer = nil }
        }
    }
}
