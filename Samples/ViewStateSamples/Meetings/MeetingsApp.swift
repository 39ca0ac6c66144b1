import ViewStateKit

/// The meetings app: a list of meetings at the root, a stack of screens pushed over it (a
/// meeting's detail, a meeting under way) and a form in a sheet to add a meeting. TCA's SyncUps,
/// on ViewStateKit.
///
/// The list is a ``Shared`` value saved in the app's storage (a JSON file): the detail and the
/// record screen hold the meeting they show as an element of it, so an edit, a deletion or a
/// meeting's notes, written by the screen that makes them, are in the list and on every screen
/// at once, and saved — this reactor copies nothing. Its services (the storage, the clock the
/// record screen's timer sleeps on) come from the dependencies in effect where it is made.
@MainActor
public final class MeetingsApp: Reactor<MeetingsApp.Action, MeetingsApp.Mutation, MeetingsApp.State> {
    /// The list, the screens over it, and the add sheet.
    public struct State: Equatable, Sendable {
        /// The meetings, in the order they were added, saved in the app's storage.
        public var meetings: Shared<[Meeting]>
        /// The screens pushed over the list, bottom first.
        public var path = ScreenStack<MeetingsPath.State>()
        /// The add form, while its sheet is up.
        public var add: MeetingForm.State?

        /// An app showing `meetings`, with nothing pushed.
        public init(meetings: Shared<[Meeting]>) {
            self.meetings = meetings
        }
    }

    /// What the user does.
    public enum Action: Equatable, Sendable {
        /// "+": the add form opens in a sheet.
        case addTapped
        /// "Add" in the form: the meeting joins the list.
        case confirmAdd
        /// A meeting in the list was tapped: its detail is pushed. An unknown id does nothing.
        case openMeeting(id: Int)
        /// An action of a pushed screen, or the user going back.
        case path(StackAction<MeetingsPath.Action>)
        /// The add form's fields, or its sheet dismissed ("Cancel").
        case add(PresentationAction<MeetingForm.Action>)
    }

    /// How the app's state changes.
    public enum Mutation: Equatable, Sendable {
        /// The add form opened on a new meeting.
        case showAdd
        /// A meeting joined the list; the add form closed.
        case insert(Meeting)
        /// A screen was pushed.
        case push(MeetingsPath.State)
    }

    /// The app, with the meetings of the storage in effect where it is made (loaded now; a file
    /// that cannot be read is kept aside, and the list says so) and its other services:
    /// `withDependencies { $0.meetingsStorage = .file(url) } operation: { MeetingsApp() }`.
    public init() {
        super.init(initialState: State(meetings: Shared(Dependencies.current.meetingsStorage, default: [])))
    }

    /// The list, the stack of screens and the add sheet, each declared once.
    override public var children: [ChildPlace<State, Action, Mutation>] {
        [.shared(\.meetings),
         .stack(MeetingsPath(), state: \.path, action: Action.path),
         .presented(MeetingForm(), state: \.add, action: Action.add)]
    }

    /// Adds, opens, and pushes the record screen when a detail asks for it (rule N1).
    override public func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .addTapped:
            return .mutation(.showAdd)
        case .confirmAdd:
            guard let draft = currentState.add?.draft else { return .none }
            return .mutation(.insert(draft))
        case .openMeeting(let id):
            guard let meeting = currentState.meetings.element(id: id) else { return .none }
            return .mutation(.push(.detail(MeetingDetail.State(meeting: meeting, meetings: currentState.meetings))))
        case .path(.screen(let id, .detail(.startTapped))):
            guard let detail = currentState.path[id: id, case: MeetingsPath.State.detail] else { return .none }
            return .mutation(.push(.record(RecordMeeting.State(meeting: detail.meeting))))
        case .path, .add:
            return .none
        }
    }

    /// Applies the app's own changes; the screens' and the form's are their places'.
    override public func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .showAdd:
            let id = (state.meetings.value.map(\.id).max() ?? 0) + 1
            state.add = MeetingForm.State(draft: Meeting(id: id, title: "", seconds: 3, attendees: []))
        case .insert(let meeting):
            state.meetings.value.append(meeting)
            state.add = nil
        case .push(let screen):
            state.path.push(screen)
        }
    }
}
