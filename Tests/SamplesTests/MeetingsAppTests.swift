import Foundation
import Testing
import ViewStateKitTesting
@testable import ViewStateKit
@testable import ViewStateSamples

/// The meetings app's tests, in the style of the reference's (TCA's SyncUps): each sends what
/// the user does and states the exact change, across the list, the pushed screens and the sheets;
/// time moves only when the test advances its `ManualClock`. The list is shared: a screen's write
/// is stated once per copy — the list's and each screen's — as each state holds its own copy.
/// Each test saves into memory of its own (`SharedMemory`), or a file in a folder of its own.
@Suite("Meetings: a list, a stack of screens, sheets, a timer and a shared, saved list")
@MainActor
struct MeetingsAppTests {
    let clock = ManualClock()
    let memory = SharedMemory(name: "meetings.json", data: try? JSONEncoder().encode(Meeting.samples))
    let design = Meeting.samples[0], standup = Meeting.samples[1]

    /// The app, made with the test's services: its storage and the clock; any other service it
    /// used would fail the test.
    private func makeApp(storage: SharedStorage<[Meeting]>? = nil) -> MeetingsApp {
        withDependencies(.test {
            $0.meetingsStorage = storage ?? .memory(memory)
            $0.clock = clock
        }) { MeetingsApp() }
    }

    /// What was saved, once the save's throttle has passed.
    private func saved() async -> [Meeting]? {
        await clock.advance(by: .seconds(1))
        return memory.data.flatMap { try? JSONDecoder().decode([Meeting].self, from: $0) }
    }

    /// A detail screen's state for the meeting with `id`, sharing the app's list.
    private func detail(_ tester: ReactorTester<MeetingsApp>, _ id: Int) -> MeetingDetail.State {
        MeetingDetail.State(meeting: tester.state.meetings.element(id: id)!, meetings: tester.state.meetings)
    }

    @Test("launch: the saved meetings are the list")
    func launch() {
        let app = makeApp()
        #expect(app.currentState.meetings.value == Meeting.samples)
        #expect(app.currentState.meetings.failure == nil)
    }

    @Test("add: the form opens in a sheet, the meeting joins the list, and the list is saved")
    func add() async {
        let tester = ReactorTester(makeApp())
        await tester.send(.addTapped) { $0.add = MeetingForm.State(draft: Meeting(id: 3, title: "", seconds: 3, attendees: [])) }
        await tester.send(.add(.presented(.setTitle("Retro")))) { $0.add?.draft.title = "Retro" }
        await tester.send(.add(.presented(.addAttendee("  "))))  // a blank name adds no one
        await tester.send(.add(.presented(.addAttendee("Ana")))) { $0.add?.draft.attendees = ["Ana"] }
        await tester.send(.add(.presented(.setSeconds(0)))) { $0.add?.draft.seconds = 1 }
        let retro = Meeting(id: 3, title: "Retro", seconds: 1, attendees: ["Ana"])
        await tester.send(.confirmAdd) {
            $0.add = nil
            $0.meetings.value.append(retro)
        }
        #expect(await saved() == Meeting.samples + [retro])
    }

    @Test("add, then cancel: the sheet goes, nothing is added or saved")
    func addThenCancel() async {
        let tester = ReactorTester(makeApp())
        await tester.send(.addTapped) { $0.add = MeetingForm.State(draft: Meeting(id: 3, title: "", seconds: 3, attendees: [])) }
        await tester.send(.add(.presented(.setTitle("Retro")))) { $0.add?.draft.title = "Retro" }
        await tester.send(.add(.dismiss)) { $0.add = nil }
        await tester.send(.confirmAdd)
        #expect(await saved() == Meeting.samples)
    }

    /// Pushes the design review's detail and opens its edit form.
    private func openEditForm(_ tester: ReactorTester<MeetingsApp>) async {
        await tester.send(.openMeeting(id: 1)) { $0.path.push(.detail(detail(tester, 1))) }
        await tester.send(.path(.screen(id: 0, action: .detail(.editTapped)))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.edit = MeetingForm.State(draft: design)
        }
    }

    @Test("edit: Done writes the meeting; the detail and the list show it in one state, and it is saved")
    func edit() async {
        let tester = ReactorTester(makeApp())
        await openEditForm(tester)
        await tester.send(.path(.screen(id: 0, action: .detail(.edit(.presented(.setTitle("Design critique"))))))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.edit?.draft.title = "Design critique"
        }
        var edited = design
        edited.title = "Design critique"
        await tester.send(.path(.screen(id: 0, action: .detail(.doneEditing)))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.edit = nil
            $0.meetings.value[0] = edited  // stated once: every copy of the meeting follows (S3)
        }
        #expect(await saved() == [edited, standup])
        await tester.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    }

    @Test("edit, then cancel: the draft is dropped; nothing else changes")
    func editThenCancel() async {
        let tester = ReactorTester(makeApp())
        await openEditForm(tester)
        await tester.send(.path(.screen(id: 0, action: .detail(.edit(.presented(.removeAttendee("Ana"))))))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.edit?.draft.attendees = ["Ben"]
        }
        await tester.send(.path(.screen(id: 0, action: .detail(.edit(.dismiss))))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.edit = nil
        }
        await tester.send(.path(.screen(id: 0, action: .detail(.doneEditing))))  // no sheet: nothing to save
        #expect(await saved() == Meeting.samples)
    }

    /// The detail's confirmation before deleting the standup.
    let deleteStandup = AlertState<MeetingDetail.Action.Alert>(
        title: "Delete \"Standup\"?", message: "Its notes go with it.",
        buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Keep")])

    @Test("delete: the detail deletes its meeting from the list it came from, and dismisses itself")
    func delete() async {
        let tester = ReactorTester(makeApp())
        await tester.send(.openMeeting(id: 2)) { $0.path.push(.detail(detail(tester, 2))) }
        await tester.send(.path(.screen(id: 0, action: .detail(.deleteTapped)))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.alert = deleteStandup
        }
        await tester.send(.path(.screen(id: 0, action: .detail(.alert(.presented(.confirmDelete)))))) {
            $0.path.removeAll()
            $0.meetings.value = [design]
        }
        #expect(await saved() == [design])
    }

    @Test("delete, then keep: the alert is cleared by its button; nothing else changes")
    func deleteThenKeep() async {
        let tester = ReactorTester(makeApp())
        await tester.send(.openMeeting(id: 2)) { $0.path.push(.detail(detail(tester, 2))) }
        await tester.send(.path(.screen(id: 0, action: .detail(.deleteTapped)))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.alert = deleteStandup
        }
        await tester.send(.path(.screen(id: 0, action: .detail(.alert(.dismiss))))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.alert = nil
        }
        #expect(await saved() == Meeting.samples)
    }

    /// The record screen's question when the user ends early.
    let endEarly = AlertState<RecordMeeting.Action.Alert>(
        title: "End meeting early?",
        buttons: [AlertButton("Save and end", action: .saveAndEnd), .destructive("Discard", action: .discard),
                  .cancel("Resume", action: .resume)])

    /// Pushes the detail of the design review and its record screen, and starts the timer.
    private func startRecording(_ tester: ReactorTester<MeetingsApp>) async {
        await tester.send(.openMeeting(id: 1)) { $0.path.push(.detail(detail(tester, 1))) }
        await tester.send(.path(.screen(id: 0, action: .detail(.startTapped)))) {
            $0.path.push(.record(RecordMeeting.State(meeting: tester.state.meetings.element(id: 1)!)))
        }
        await tester.send(.path(.screen(id: 1, action: .record(.start))))
    }

    /// Receives the record screen's next tick.
    private func receiveTick(_ tester: ReactorTester<MeetingsApp>, _ second: Int, _ speaker: String) async {
        await tester.receive(RecordMeeting.Mutation.tick, at: \.path, id: 1) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.secondsElapsed = second
            $0.path[id: 1, case: MeetingsPath.State.record]?.transcript.append("0:0\(second) \(speaker)")
        }
    }

    /// The notes, written by the record screen, as every copy shows them.
    private func expectNotes(_ note: String, in state: inout MeetingsApp.State) {
        state.path.popLast()
        state.meetings.value[0].notes = [note]
    }

    /// The timer's work when time is up: the notes written into the shared meeting, which every
    /// copy shows, then the record screen dismissing itself.
    private func receiveTimeUp(_ tester: ReactorTester<MeetingsApp>, _ note: String) async {
        await tester.receive(RecordMeeting.Mutation.keepNotes, at: \.path, id: 1) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.meeting.value.notes = [note]  // and every copy follows
        }
        await tester.receive(dismissalAt: \.path, id: 1) { $0.path.popLast() }
    }

    @Test("record: the timer runs its three seconds; when time is up its work saves the notes and dismisses the screen")
    func recordToTheEnd() async {
        let tester = ReactorTester(makeApp())
        await startRecording(tester)
        await clock.advance(by: .seconds(3))
        await receiveTick(tester, 1, "Ana")
        await receiveTick(tester, 2, "Ben")
        await receiveTick(tester, 3, "Ana")
        let note = "held 0:03: 0:01 Ana; 0:02 Ben; 0:03 Ana"
        await receiveTimeUp(tester, note)
        #expect(await saved()?.first?.notes == [note])
        #expect(!tester.reactor.hasRunningWork)
        await tester.finish()
    }

    @Test("end early, save: the timer stops at once; the notes so far are kept")
    func endEarlyAndSave() async {
        let tester = ReactorTester(makeApp())
        await startRecording(tester)
        await clock.advance(by: .seconds(1))
        await receiveTick(tester, 1, "Ana")
        await tester.send(.path(.screen(id: 1, action: .record(.endTapped)))) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.alert = endEarly
        }
        #expect(clock.sleeperCount == 0, "the timer stopped while the question is asked")
        await tester.send(.path(.screen(id: 1, action: .record(.alert(.presented(.saveAndEnd)))))) {
            expectNotes("held 0:01: 0:01 Ana", in: &$0)
        }
        await tester.finish()
    }

    @Test("end early, discard: the record screen dismisses itself (Effect.dismiss); nothing is kept")
    func endEarlyAndDiscard() async {
        let tester = ReactorTester(makeApp())
        await startRecording(tester)
        await tester.send(.path(.screen(id: 1, action: .record(.endTapped)))) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.alert = endEarly
        }
        await tester.send(.path(.screen(id: 1, action: .record(.alert(.presented(.discard)))))) { $0.path.popLast() }
        #expect(!tester.reactor.hasRunningWork)
        #expect(await saved() == Meeting.samples)
    }

    @Test("end early, resume: the timer goes on from where it stopped")
    func endEarlyAndResume() async {
        let tester = ReactorTester(makeApp())
        await startRecording(tester)
        await clock.advance(by: .seconds(1))
        await receiveTick(tester, 1, "Ana")
        await tester.send(.path(.screen(id: 1, action: .record(.endTapped)))) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.alert = endEarly
        }
        await tester.send(.path(.screen(id: 1, action: .record(.alert(.presented(.resume)))))) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.alert = nil
        }
        await clock.advance(by: .seconds(2))
        await receiveTick(tester, 2, "Ben")
        await receiveTick(tester, 3, "Ana")
        await receiveTimeUp(tester, "held 0:03: 0:01 Ana; 0:02 Ben; 0:03 Ana")
        await tester.finish()
    }

    @Test("going back from the record screen mid-meeting pops it and stops its timer")
    func backFromRecord() async {
        let tester = ReactorTester(makeApp())
        await startRecording(tester)
        await tester.send(.path(.popFrom(id: 1))) { $0.path.popLast() }
        #expect(!tester.reactor.hasRunningWork)
        #expect(clock.sleeperCount == 0)
        await tester.finish()
    }

    @Test("bad input: an action for a popped screen, a pop of an unknown id, an unknown meeting change nothing")
    func badInput() async {
        let tester = ReactorTester(makeApp())
        await tester.send(.openMeeting(id: 99))
        await tester.send(.openMeeting(id: 1)) { $0.path.push(.detail(detail(tester, 1))) }
        await tester.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
        await withKnownIssue {
            await tester.send(.path(.screen(id: 0, action: .detail(.deleteTapped))))
        }
        await withKnownIssue {
            await tester.send(.path(.popFrom(id: 7)))
        }
        await withKnownIssue {
            await tester.send(.add(.presented(.setTitle("late"))))  // the sheet is not up
        }
        #expect(await saved() == Meeting.samples)
    }

    @Test("a corrupt save file is kept aside, never overwritten; the list starts empty and says so")
    func corruptFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meetings-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("meetings.json")
        try Data("{\"meetings\": [".utf8).write(to: url)
        let tester = ReactorTester(makeApp(storage: .file(url)))
        #expect(tester.state.meetings.value == [])
        #expect(tester.state.meetings.failure == .unreadable("meetings.json", keptAs: "meetings.json.corrupt"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("meetings.json.corrupt")) == Data("{\"meetings\": [".utf8))
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("a second launch reads what the first saved")
    func secondLaunch() async {
        let first = ReactorTester(makeApp())
        let untitled = Meeting(id: 3, title: "", seconds: 3, attendees: [])
        await first.send(.addTapped) { $0.add = MeetingForm.State(draft: untitled) }
        await first.send(.confirmAdd) {
            $0.add = nil
            $0.meetings.value.append(untitled)
        }
        _ = await saved()
        #expect(makeApp().currentState.meetings.value == Meeting.samples + [untitled])
    }
}
