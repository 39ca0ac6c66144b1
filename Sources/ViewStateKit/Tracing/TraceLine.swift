/// How a trace line is written: `[name] text`, cut at a readable length.
enum TraceLine {
    /// Lines longer than this end in `…`.
    static let maxLength = 160

    static func make(_ name: String, _ text: String) -> String {
        let line = "[\(name)] \(text)"
        return line.count > maxLength ? line.prefix(maxLength - 1) + "…" : line
    }
}
