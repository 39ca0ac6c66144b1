/// What a traced reactor writes: each action and how it ran, each mutation with the fields it
/// changed (as ``changes`` lists them), each effect's start, cancel and finish. Made by
/// ViewStateKitTracing's `Reactor.trace(_:to:)`, which brings the field diff; a reactor
/// that is not traced has none and pays one `nil` check per action and per mutation. The
/// testing module's `ReactorTester` uses the same path to hear each mutation
/// (``mutationObserver``), with or without lines written.
@MainActor
@usableFromInline
package final class ReactorTracer {
    /// Starts every line, in brackets.
    package var name: String
    /// Receives each line; `nil` while only a ``mutationObserver`` listens.
    package var sink: ((String) -> Void)?
    /// What changed between a mutation's state and the one before, one line each (ViewStateKitTracing
    /// gives the field diff's lines, or "(no change)").
    package var changes: (Any, Any) -> [String] = { _, _ in [] }
    /// Called with each mutation before the state it produced is published.
    var mutationObserver: ((Any) -> Void)?
    /// The action being processed, as written: what a queued action waits behind.
    private var running: String?
    /// The effect whose mutation is being reduced, as written.
    var effect: String?

    package init(name: String, sink: ((String) -> Void)?) {
        self.name = name
        self.sink = sink
    }

    /// Whether anything listens: a tracer with neither sink nor observer is dropped.
    package var isListening: Bool { sink != nil || mutationObserver != nil }

    private func write(_ text: @autoclosure () -> String) {
        guard let sink else { return }
        sink(TraceLine.make(name, text()))
    }

    @usableFromInline
    func run(_ action: Any, fromQueue: Bool) {
        guard sink != nil else { return }
        let text = ValueDescription.describe(action)
        running = text
        write("action \(text) (\(fromQueue ? "ran from the queue" : "ran at once"))")
    }

    @usableFromInline
    func queued(_ action: Any) {
        write("action \(ValueDescription.describe(action)) (queued behind \(running ?? "another action"))")
    }

    @usableFromInline
    func stubbed(_ action: Any) {
        write("action \(ValueDescription.describe(action)) (stubbed: recorded, not run)")
    }

    @usableFromInline
    func idle() {
        running = nil
    }

    @usableFromInline
    func mutation(_ mutation: Any, from old: Any, to new: Any) {
        mutationObserver?(mutation)
        guard sink != nil else { return }
        write("mutation \(ValueDescription.describe(mutation))" + (effect.map { " from effect \($0)" } ?? ""))
        changes(old, new).forEach { write("  " + $0) }
    }

    /// A child's mutation, reduced into the child: written with its place.
    func childMutation(_ mutation: ChildMutation, from old: Any, to new: Any) {
        mutationObserver?(mutation)
        guard sink != nil else { return }
        write("mutation \(mutation.description)" + (effect.map { " from effect \($0)" } ?? ""))
        changes(old, new).forEach { write("  " + $0) }
    }

    func effectStarted(_ effect: String) {
        write("effect \(effect) started")
    }

    func effectCancelled(_ effect: String, supersededBy newer: String?) {
        write("effect \(effect) cancelled" + (newer.map { " (superseded by \($0))" } ?? ""))
    }

    func effectFinished(_ effect: String) {
        write("effect \(effect) finished")
    }

    /// An effect as written: its id and run number, `"search" #2`, or `#3` without an id; a
    /// child's work is prefixed with the child's location, `first › "tick" #4`.
    static func describe(effect id: AnyHashable?, token: Int) -> String {
        switch id?.base {
        case let childWork as ChildWorkID:
            (childWork.path.map(\.description) + [describe(effect: childWork.id, token: token)])
                .joined(separator: " › ")
        case nil, is AnonymousWork:
            "#\(token)"
        case let id?:
            ValueDescription.describe(id) + " #\(token)"
        }
    }
}
