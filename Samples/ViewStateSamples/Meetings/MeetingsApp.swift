import ViewStateKit

/// The meetings app: a list of meetings at the root, a stack of screens pushed over it (a
/// meeting's detail, a meeting under way), a form in a sheet to add a meeting, and the list
/// saved to a JSON file after every change. TCA's SyncUps, on ViewStateKit.
///
/// Each child is declared once in ``children``; this reactor reacts to what its children did
/// (rule N1) — an edit saved, a delete confirmed, a recording saved — and keeps the list.
@MainActor
public final class MeetingsApp: Reactor<MeetingsApp.Action, MeetingsApp.Mutation, MeetingsApp.State> {
    /// The list, the screens over it, and what is presented.
    public struct State: Equatable, Sendable {
        /// The meetings, in the order they were added.
        public var meetings: [Meeting] = []
        /// The screens pushed over the list, bottom first.
        public var path = ScreenStack<MeetingsPath.State>()
        /// The add form, while its sheet is up.
        public var add: MeetingForm.State?
        /// A problem with the saved file (unreadable, not saved), while it is shown.
        public var alert: AlertState<Never>?

        /// An app with no meetings and nothing pushed.
        public init(meetings: [Meeting] = []) {
            self.meetings = meetings
        }
    }

    /// What the user does.
    public enum Action: Equatable, Sendable {
        /// The app starts: the saved meetings are loaded.
        case launch
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
        /// "OK" on a problem with the saved file.
        case alert(PresentationAction<Never>)
    }

    /// How the app's state changes.
    public enum Mutation: Equatable, Sendable {
        /// The saved meetings arrived.
        case loaded([Meeting])
        /// The saved file could not be read; it was kept aside under this name.
        case loadFailed(keptAs: String)
        /// Saving failed, for this reason.
        case saveFailed(String)
        /// The add form opened on a new meeting.
        case showAdd
        /// A meeting joined the list; the add form closed.
        case insert(Meeting)
        /// A meeting in the list took new details.
        case update(Meeting)
        /// A meeting left the list.
        case delete(id: Int)
        /// A meeting was held: its notes are kept, in the list and on every screen showing it.
        case addNote(meetingID: Int, note: String)
        /// A screen was pushed.
        case push(MeetingsPath.State)
        /// A pushed screen's own change, or a pop.
        case path(StackMutation<MeetingsPath.Mutation>)
        /// The add form's own change, or its dismissal.
        case add(PresentationMutation<MeetingForm.Action>)
        /// The problem alert cleared.
        case alert(PresentationMutation<Never>)
    }

    /// Where the meetings are saved: the file of the dependencies the app was made with.
    public var file: MeetingsFile { dependencies.meetingsFile }

    /// The app, with the services in effect where it is made (its save file, the clock its
    /// record screen's timer sleeps on): `withDependencies { $0.meetingsFile = file } operation: { MeetingsApp() }`.
    public init() {
        super.init(initialState: State())
    }

    /// The stack of screens, the add sheet and the problem alert, each declared once.
    override public var children: [ChildPlace<State, Action, Mutation>] {
        [.stack(MeetingsPath(), state: \.path, action: Action.path, mutation: Mutation.path),
         .presented(MeetingForm(), state: \.add, action: Action.add, mutation: Mutation.add),
         .alert(state: \.alert, action: Action.alert, mutation: Mutation.alert)]
    }

    /// Loads, adds, pushes, and reacts to what the pushed screens did; saves after each change.
    override public func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .launch:
            return .run(id: "load") { [file] send in
                do throws(MeetingsFile.Problem) {
                    await send(.loaded(try file.load()))
                } catch {
                    switch error {
                    case .unreadable(let name): await send(.loadFailed(keptAs: name))
                    case .notSaved(let reason): await send(.saveFailed(reason))
                    }
                }
            }
        case .addTapped:
            return .mutation(.showAdd)
        case .confirmAdd:
            guard let draft = currentState.add?.draft else { return .none }
            return .merge(.mutation(.insert(draft)), save())
        case .openMeeting(let id):
            guard let meeting = currentState.meetings.first(where: { $0.id == id }) else { return .none }
            return .mutation(.push(.detail(MeetingDetail.State(meeting: meeting))))
        case .path(.screen(let id, .detail(.startTapped))):
            guard let detail = currentState.path[id: id, case: MeetingsPath.State.detail] else { return .none }
            return .mutation(.push(.record(RecordMeeting.State(meeting: detail.meeting))))
        case .path(.screen(let id, .detail(.doneEditing))):
            guard let detail = currentState.path[id: id, case: MeetingsPath.State.detail] else { return .none }
            return .merge(.mutation(.update(detail.meeting)), save())
        case .path(.screen(let id, .detail(.alert(.presented(.confirmDelete))))):
            guard let detail = currentState.path[id: id, case: MeetingsPath.State.detail] else { return .none }
            return .merge(.mutations(.delete(id: detail.meeting.id), .path(.popFrom(id: id))), save())
        case .path(.screen(let id, .record(.alert(.presented(.saveAndEnd))))):
            guard let record = currentState.path[id: id, case: MeetingsPath.State.record] else { return .none }
            return .merge(.mutations(.addNote(meetingID: record.meeting.id, note: record.note), .path(.popFrom(id: id))), save())
        case .path, .add, .alert:
            return .none
        }
    }

    /// Applies the app's own changes; the screens', the form's and the alert's are their places'.
    override public func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .loaded(let meetings):
            state.meetings = meetings
        case .loadFailed(let name):
            state.meetings = []
            state.alert = AlertState(title: "Your meetings could not be read",
                                     message: "The file was kept aside as \(name); starting with no meetings.")
        case .saveFailed(let reason):
            state.alert = AlertState(title: "Not saved", message: reason)
        case .showAdd:
            let id = (state.meetings.map(\.id).max() ?? 0) + 1
            state.add = MeetingForm.State(draft: Meeting(id: id, title: "", seconds: 3, attendees: []))
        case .insert(let meeting):
            state.meetings.append(meeting)
            state.add = nil
        case .update(let meeting):
            guard let index = state.meetings.firstIndex(where: { $0.id == meeting.id }) else { return }
            state.meetings[index] = meeting
        case .delete(let id):
            state.meetings.removeAll { $0.id == id }
        case .addNote(let meetingID, let note):
            guard let index = state.meetings.firstIndex(where: { $0.id == meetingID }) else { return }
            state.meetings[index].notes.append(note)
            for id in state.path.ids where state.path[id: id, case: MeetingsPath.State.detail]?.meeting.id == meetingID {
                state.path[id: id, case: MeetingsPath.State.detail]?.meeting.notes.append(note)
            }
        case .push(let screen):
            state.path.push(screen)
        case .path, .add, .alert:
            break
        }
    }

    /// Saves the list as it is once the current action has run; a newer save supersedes one
    /// not yet written. A failure is shown as an alert, never lost.
    private func save() -> Effect<Mutation> {
        .run(id: "save") { [weak self, file] _ in
            try Task.checkCancellation()
            guard let meetings = self?.currentState.meetings else { return }
            try file.save(meetings)
        } catch: { error, send in
            await send(.saveFailed((error as? MeetingsFile.Problem)?.message ?? "\(error)"))
        }
    }
}
