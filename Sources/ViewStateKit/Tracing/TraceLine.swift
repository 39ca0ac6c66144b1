/// How a trace line is written: `[name] text`, cut at a readable length.
package enum TraceLine {
    /// Lines longer than this end in `…`.
    package static let maxLength = 160

    package static func make(_ name: String, _ text: String) -> String {
        let line = "[\(name)] \(text)"
        return line.count > maxLength ? line.prefix(maxLength - 1) + "…" : line
    }
}
