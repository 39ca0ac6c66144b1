import Foundation
import ViewStateKit
import ViewStateKitTracing
internal import ViewStateKitSupport

/// Compares a run's lines with a stored transcript, records or re-records it as the mode
/// allows, and says why the test fails — or `nil` when it passes. `expectTranscript` reports
/// the message at the caller's line.
struct TranscriptCheck {
    let file: TranscriptFile
    let mode: TranscriptMode
    /// The transcripts checked so far in this process: a second check of one file with other
    /// lines (two transcripts of one test, or the cases of a parameterized test, under one
    /// name) fails, saying so, instead of each overwriting the other.
    var checked: CheckedTranscripts = .shared

    /// Checks `lines`, reporting a failure at `callSite`; returns whether they matched.
    func expect(_ lines: [String], at callSite: CallSite) -> Bool {
        guard let failure = failure(for: lines) else { return true }
        callSite.fail(failure)
        return false
    }

    /// Why the test fails, or `nil` when `lines` match the transcript.
    func failure(for lines: [String]) -> String? {
        let lines = lines.map(TranscriptFile.escaped)
        let path = file.url.path
        if case .unknown(let value) = mode {
            return "\(TranscriptMode.variable) is '\(value)': use 'record' (re-record every transcript that differs) "
                + "or 'verify' (never record; a missing transcript fails), or unset it."
        }
        if let earlier = checked.register(lines, at: path), earlier != lines {
            return "\(path) was already checked in this run with other lines. A test that keeps more than one "
                + "transcript, or a parameterized test, gives each its own name: expectTranscript(lines, named: \"…\")."
        }
        let stored: [String]?
        do {
            stored = try file.read()
        } catch {
            return "Could not read the transcript at \(path): \(error.localizedDescription)"
        }
        switch (stored, mode) {
        case (let stored?, _) where stored == lines:
            return nil
        case (nil, .verify):
            return "No transcript at \(path), and this run may not record one (\(TranscriptMode.variable)=verify, "
                + "or CI is set). Run the test locally without them to record it, review the file and commit it."
        case (nil, _):
            return record(lines, path: path) ?? "No transcript at \(path): recorded this run's \(lines.count) lines "
                + "there. Review the file and commit it; the test passes from the next run."
        case (let stored?, .recordAll):
            return record(lines, path: path) ?? "Re-recorded \(path) (- before, + now):\n"
                + Self.diff(from: stored, to: lines) + "\nReview the change and commit it; the test passes from the next run."
        case (let stored?, _):
            return "This run differs from the transcript \(path) (- the file, + this run):\n"
                + Self.diff(from: stored, to: lines)
                + "\nIf the change is intended, re-record: \(TranscriptMode.variable)=record swift test, then review the diff."
        }
    }

    private func record(_ lines: [String], path: String) -> String? {
        do {
            try file.write(lines)
            return nil
        } catch {
            return "Could not record the transcript at \(path): \(error.localizedDescription)"
        }
    }

    /// Unchanged lines kept around each change.
    static let context = 2
    /// At most this many lines of diff; a last line says how many changed lines were left out.
    static let diffLimit = 60

    /// A line diff of `old` and `new`: `- ` a line only the old has, `+ ` one only the new
    /// has, `  ` an unchanged one, with at most ``context`` unchanged lines around each change;
    /// each run of changes starts with `@@ line N @@`, its line in `old`.
    static func diff(from old: [String], to new: [String]) -> String {
        let changes = LineDiff.changes(old, new)
        var near = Array(repeating: false, count: changes.count)
        for (index, change) in changes.enumerated() {
            if case .kept = change { continue }
            for shown in max(0, index - context)...min(changes.count - 1, index + context) { near[shown] = true }
        }
        var shown: [String] = []
        var (oldLine, lastShown, omitted) = (1, -2, 0)
        for (index, change) in changes.enumerated() {
            let text: String
            switch change {
            case .kept(let line): text = "  " + line
            case .removed(let line): text = "- " + line
            case .inserted(let line): text = "+ " + line
            }
            if near[index] {
                if shown.count >= diffLimit {
                    if case .kept = change {} else { omitted += 1 }
                } else {
                    if lastShown != index - 1 { shown.append("@@ line \(oldLine) @@") }
                    shown.append(text)
                    lastShown = index
                }
            }
            if case .inserted = change {} else { oldLine += 1 }
        }
        if omitted > 0 { shown.append("… and \(omitted) more changed lines") }
        return shown.joined(separator: "\n")
    }
}

/// The transcripts checked in this process and the lines each was checked with.
final class CheckedTranscripts: Sendable {
    static let shared = CheckedTranscripts()
    private let lines = Locked<[String: [String]]>([:])

    /// Remembers `lines` for `path` and returns the lines it was checked with before, if any.
    func register(_ lines: [String], at path: String) -> [String]? {
        self.lines.withLock { checked in
            defer { if checked[path] == nil { checked[path] = lines } }
            return checked[path]
        }
    }
}
