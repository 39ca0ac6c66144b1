import ViewStateKit

extension MeetingsApp.State {
    /// The screen on top, on one line: the list, a meeting's detail, its edit form, the add
    /// form, or a meeting under way.
    var consoleLine: String {
        if let add { return "add: " + add.consoleLine }
        switch path.last {
        case .detail(let detail)?:
            if let edit = detail.edit { return "edit: " + edit.consoleLine }
            let meeting = detail.meeting.value
            let notes = meeting.notes.isEmpty ? "no notes" : meeting.notes.map { "\"\($0)\"" }.joined(separator: ", ")
            return "detail: \(meeting.consoleLine); \(notes)"
        case .record(let record)?:
            let meeting = record.meeting.value
            return "record: \(meeting.title) \(clockText(record.secondsElapsed)) of \(clockText(meeting.seconds))"
                + (record.secondsElapsed < meeting.seconds ? ", \(record.speaker) speaking" : "")
        case nil:
            let list = meetings.value.isEmpty ? "no meetings" : meetings.value.map(\.consoleLine).joined(separator: " | ")
            return "list: " + list + (meetings.failure.map { " — \($0.message)" } ?? "")
        }
    }

    /// The alert on top, drawn as the console draws alerts, or `nil`.
    var alertLine: String? {
        switch path.last {
        case .detail(let detail)?: return detail.alert?.consoleLine
        case .record(let record)?: return record.alert?.consoleLine
        case nil: return nil
        }
    }

    /// The top detail screen's edit form: what the `[nav]` lines present and dismiss.
    var editSheet: MeetingForm.State? {
        guard case .detail(let detail)? = path.last else { return nil }
        return detail.edit
    }
}

extension Meeting {
    /// `Design review (0:03, Ana, Ben)`.
    var consoleLine: String {
        "\(title.isEmpty ? "(untitled)" : title) (\(clockText(seconds)), " + (attendees.isEmpty ? "no one" : attendees.joined(separator: ", ")) + ")"
    }
}

extension MeetingForm.State {
    /// `"Design review", 0:03, Ana, Ben`.
    var consoleLine: String {
        "\"\(draft.title)\", \(clockText(draft.seconds)), " + (draft.attendees.isEmpty ? "no one" : draft.attendees.joined(separator: ", "))
    }
}

extension MeetingsPath.State {
    /// What the `[nav]` lines call a pushed screen: `detail "Design review"`.
    var navigationName: String {
        switch self {
        case .detail(let detail): "detail \"\(detail.meeting.value.title)\""
        case .record(let record): "record \"\(record.meeting.value.title)\""
        }
    }
}
