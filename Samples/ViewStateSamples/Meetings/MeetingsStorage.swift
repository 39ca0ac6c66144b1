import Foundation
import ViewStateKit

/// Where the meetings app saves its meetings, as a service (``Dependencies/meetingsStorage``).
public enum MeetingsStorageKey: DependencyKey {
    /// `meetings.json` in the app's Application Support folder (the temporary folder where
    /// there is none).
    public static var liveValue: SharedStorage<[Meeting]> {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return .file(folder.appendingPathComponent("meetings.json"))
    }
}

extension Dependencies {
    /// Where the meetings app saves its meetings.
    public var meetingsStorage: SharedStorage<[Meeting]> {
        get { self[MeetingsStorageKey.self] }
        set { self[MeetingsStorageKey.self] = newValue }
    }
}
