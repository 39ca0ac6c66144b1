import Foundation
import ViewStateKit

/// Where the meetings are saved: one JSON file, written atomically. A missing file is an empty
/// list (a first launch); a file that cannot be read as meetings is moved aside, never
/// overwritten, and reported as ``Problem/unreadable(keptAs:)``.
public struct MeetingsFile: Sendable {
    /// The file's location.
    public let url: URL

    /// Why the meetings could not be loaded or saved.
    public enum Problem: Error, Equatable, Sendable {
        /// The file was not meetings (corrupt, cut off, another format); it was kept aside
        /// under this file name, and the app starts with no meetings.
        case unreadable(keptAs: String)
        /// The file could not be written; the meetings on screen are unchanged.
        case notSaved(String)

        /// One sentence for the user.
        public var message: String {
            switch self {
            case .unreadable(let name): "the saved meetings could not be read; the file was kept aside as \(name)"
            case .notSaved(let reason): reason
            }
        }
    }

    /// A file at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The saved meetings: none when nothing was saved yet.
    /// - Throws: ``Problem/unreadable(keptAs:)`` when the file is not meetings; it has been
    ///   moved aside by then.
    public func load() throws(Problem) -> [Meeting] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        do {
            return try JSONDecoder().decode([Meeting].self, from: data)
        } catch {
            throw .unreadable(keptAs: keepAside())
        }
    }

    /// Saves `meetings`, replacing the file at once or not at all.
    /// - Throws: ``Problem/notSaved(_:)`` when the file cannot be written.
    public func save(_ meetings: [Meeting]) throws(Problem) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(meetings).write(to: url, options: .atomic)
        } catch {
            throw .notSaved("\(url.lastPathComponent) could not be written")
        }
    }

    /// Moves the unreadable file to the first free `<name>.corrupt`, `<name>.corrupt-2`, …
    /// beside it, and returns the name it was given (the original name if it could not move).
    private func keepAside() -> String {
        let manager = FileManager.default
        for attempt in 1...100 {
            let name = url.lastPathComponent + (attempt == 1 ? ".corrupt" : ".corrupt-\(attempt)")
            let aside = url.deletingLastPathComponent().appendingPathComponent(name)
            guard !manager.fileExists(atPath: aside.path) else { continue }
            if (try? manager.moveItem(at: url, to: aside)) != nil { return name }
            break
        }
        return url.lastPathComponent
    }
}

/// The meetings app's save file, as a service (``Dependencies/meetingsFile``).
public enum MeetingsFileKey: DependencyKey {
    /// `meetings.json` in the app's Application Support folder (the temporary folder where
    /// there is none).
    public static var liveValue: MeetingsFile {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return MeetingsFile(url: folder.appendingPathComponent("meetings.json"))
    }
}

extension Dependencies {
    /// Where the meetings app saves its meetings.
    public var meetingsFile: MeetingsFile {
        get { self[MeetingsFileKey.self] }
        set { self[MeetingsFileKey.self] = newValue }
    }
}
