import ViewStateKit

/// One meeting's screen: its details and past notes, an edit form in a sheet, a confirmation
/// before deleting. What it cannot do alone — start a recording, delete the meeting from the
/// list, tell the list of an edit — it leaves to the screen that pushed it, which sees each of
/// its actions after it ran (rule N1): `startTapped`, `doneEditing`, the alert's `confirmDelete`.
public struct MeetingDetail: Feature {
    /// The meeting, and what is presented over it.
    public struct State: Equatable, Sendable {
        /// The meeting shown.
        public var meeting: Meeting
        /// The edit form, while its sheet is up.
        public var edit: MeetingForm.State?
        /// The delete confirmation, while it is shown.
        public var alert: AlertState<Action.Alert>?

        /// The screen of `meeting`, with nothing presented.
        public init(meeting: Meeting, edit: MeetingForm.State? = nil, alert: AlertState<Action.Alert>? = nil) {
            self.meeting = meeting
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
            /// Delete the meeting: the parent removes it and pops this screen.
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
        /// The form's own change, or its dismissal.
        case edit(PresentationMutation<MeetingForm.Action>)
        /// The confirmation cleared.
        case alert(PresentationMutation<Never>)
    }

    /// A detail screen with nothing to configure.
    public init() {}

    /// The edit form in a sheet and the delete confirmation, each declared once.
    public var children: [ChildPlace<State, Action, Mutation>] {
        [.presented(MeetingForm(), state: \.edit, action: Action.edit, mutation: Mutation.edit),
         .alert(state: \.alert, action: Action.alert, mutation: Mutation.alert)]
    }

    /// Opens the form, saves it, asks before deleting; the rest is the parent's.
    public func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .editTapped: .mutation(.showEdit)
        case .doneEditing: state.edit == nil ? .none : .mutation(.saveEdit)
        case .deleteTapped: .mutation(.showDeleteAlert)
        case .startTapped, .edit, .alert: .none
        }
    }

    /// Applies the screen's own changes; the form's and the alert's are their places'.
    public func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .showEdit:
            state.edit = MeetingForm.State(draft: state.meeting)
        case .saveEdit:
            if let draft = state.edit?.draft { state.meeting = draft }
            state.edit = nil
        case .showDeleteAlert:
            state.alert = AlertState(title: "Delete \"\(state.meeting.title)\"?", message: "Its notes go with it.",
                                     buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Keep")])
        case .edit, .alert:
            break
        }
    }
}
