/// A recurring meeting: who comes, how long it lasts, and the notes of each time it was held.
/// The meetings sample's model, saved as JSON by ``MeetingsFile``.
public struct Meeting: Equatable, Sendable, Identifiable, Codable {
    /// The meeting's id, unique in the list.
    public var id: Int
    /// Its title.
    public var title: String
    /// How long it lasts, in seconds (short, so the CLI's real clock finishes quickly).
    public var seconds: Int
    /// Who comes, in speaking order.
    public var attendees: [String]
    /// The transcript of each time it was held, oldest first.
    public var notes: [String]

    /// A meeting with these parts.
    public init(id: Int, title: String, seconds: Int, attendees: [String], notes: [String] = []) {
        self.id = id
        self.title = title
        self.seconds = seconds
        self.attendees = attendees
        self.notes = notes
    }

    /// The two meetings a first launch starts with.
    public static let samples = [
        Meeting(id: 1, title: "Design review", seconds: 3, attendees: ["Ana", "Ben"]),
        Meeting(id: 2, title: "Standup", seconds: 2, attendees: ["Cho", "Dev", "Eli"]),
    ]
}
