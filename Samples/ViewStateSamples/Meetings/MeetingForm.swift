import Foundation
import ViewStateKit

/// The form that edits a meeting, in a sheet: its title, its length and its attendees. Used
/// to add a meeting (from the list) and to edit one (from its detail); the screen that
/// presents it decides what Done does with the draft.
public struct MeetingForm: Feature {
    /// The meeting being edited.
    public struct State: Equatable, Sendable {
        /// The draft, changed by each field.
        public var draft: Meeting

        /// A form editing `draft`.
        public init(draft: Meeting) {
            self.draft = draft
        }
    }

    /// What the fields do.
    public enum Action: Equatable, Sendable {
        /// The title field changed.
        case setTitle(String)
        /// The length stepper changed, in seconds (at least one).
        case setSeconds(Int)
        /// An attendee was added at the end; a blank name adds no one.
        case addAttendee(String)
        /// An attendee was removed; an unknown name removes no one.
        case removeAttendee(String)
    }

    /// A form with nothing to configure.
    public init() {}

    /// Changes the draft.
    public func reduce(into state: inout State, mutation: Action) {
        switch mutation {
        case .setTitle(let title): state.draft.title = title
        case .setSeconds(let seconds): state.draft.seconds = max(1, seconds)
        case .addAttendee(let name):
            let name = name.trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { state.draft.attendees.append(name) }
        case .removeAttendee(let name): state.draft.attendees.removeAll { $0 == name }
        }
    }
}
