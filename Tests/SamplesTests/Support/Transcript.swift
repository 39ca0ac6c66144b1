/// Collects the lines a flow prints — states and `[nav]` steps — in order.
@MainActor
final class Transcript {
    private(set) var lines: [String] = []

    func write(_ line: String) {
        lines.append(line)
    }
}
