import ViewStateKit

/// One meeting's screen: its details and past notes, an edit form in a sheet, a confirmation
/// before deleting. It holds the meeting as an element of the shared list, and the list itself:
/// an edit it saves, or the deletion it confirms, is in the list at once (``Shared``), and it
/// dismisses itself after a deletion. Starting a recording it leaves to the screen that pushed
/// it, which sees `startTapped` after it ran (rule N1).
public struct MeetingDetail: Feature {
    /// The meeting, and what is presented over it.
    public struct State: Equatable, Sendable {
        /// The meeting shown: an element of ``meetings``.
        public var meeting: Shared<Meeting>
        /// Every meeting: where a deletion is made.
        public var meetings: Shared<[Meeting]>
        /// The edit form, while its sheet is up.
        public var edit: MeetingForm.State?
        /// The delete confirmation, while it is shown.
        public var alert: AlertState<Action.Alert>?

        /// The screen of `meeting`, one of `meetings`, with nothing presented.
        public init(meeting: Shared<Meeting>, meetings: Shared<[Meeting]>, edit: MeetingForm.State? = nil,
                    alert: AlertState<Action.Alert>? = nil) {
            self.meeting = meeting
            self.meetings = meetings
            self.edit = edit
            self.alert = alert
        }
    }

    /// What the user does.
    public enum Action: Equatable, Sendable {
        /// "Edit": the form opens in a sheet, on a copy of the meeting.
        case editTapped
        /// "Done" in the form: the meeting takes the draft, the sheet closes.
        case doneEditing
        /// "Delete": asks first.
        case deleteTapped
        /// "Start meeting": the parent pushes the record screen.
        case startTapped
        /// The form's fields, or its sheet dismissed ("Cancel", pulled down): the draft is dropped.
        case edit(PresentationAction<MeetingForm.Action>)
        /// A tap in the delete confirmation.
        case alert(PresentationAction<Alert>)

        /// What the delete confirmation's buttons send.
        public enum Alert: Equatable, Sendable {
                /// Delete the meeting from the list, and leave this screen.
            case confirmDelete
        }
    }

    /// How the screen's state changes.
    public enum Mutation: Equatable, Sendable {
        /// The form opened on the meeting.
        case showEdit
        /// The draft saved into the meeting, the form closed.
        case saveEdit
        /// The delete confirmation shown.
        case showDeleteAlert
        /// The meeting taken out of the list.
        case delete
    }

    /// A detail screen with nothing to configure.
    public init() {}

    /// The shared meeting and list, the edit form in a sheet and the delete confirmation, each
    /// declared once.
    public var children: [ChildPlace<State, Action, Mutation>] {
        [.shared(\.meeting), .shared(\.meetings),
         .presented(MeetingForm(), state: \.edit, action: Action.edit),
         .alert(state: \.alert, action: Action.alert)]
    }

    /// Opens the form, saves it, asks before deleting, deletes and leaves; starting a recording
    /// is the parent's.
    public func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .editTapped: .mutation(.showEdit)
        case .doneEditing: state.edit == nil ? .none : .mutation(.saveEdit)
        case .deleteTapped: .mutation(.showDeleteAlert)
        case .alert(.presented(.confirmDelete)): .merge(.mutation(.delete), .dismiss)
        case .startTapped, .edit, .alert: .none
        }
    }

    /// Applies the screen's own changes; the form's and the alert's are their places'.
    public func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .showEdit:
            state.edit = MeetingForm.State(draft: state.meeting.value)
        case .saveEdit:
            if let draft = state.edit?.draft { state.meeting.value = draft }
            state.edit = nil
        case .showDeleteAlert:
            state.alert = AlertState(title: "Delete \"\(state.meeting.value.title)\"?", message: "Its notes go with it.",
                                     buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Keep")])
        case .delete:
            let id = state.meeting.value.id
            state.meetings.value.removeAll { $0.id == id }
        }
    }
}
