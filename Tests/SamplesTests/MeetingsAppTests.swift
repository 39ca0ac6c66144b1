import Foundation
import Testing
import ViewStateKitTesting
@testable import ViewStateKit
@testable import ViewStateSamples

/// The meetings app's tests, in the style of the reference's (TCA's SyncUps): each sends what
/// the user does and states the exact change, across the list, the pushed screens and the sheets;
/// time moves only when the test advances its `ManualClock`. Each test saves into a folder of
/// its own under the temporary directory.
@Suite("Meetings: a list, a stack of screens, sheets, a timer and a save file")
@MainActor
struct MeetingsAppTests {
    let folder: URL
    let file: MeetingsFile
    let clock = ManualClock()
    let design = Meeting.samples[0], standup = Meeting.samples[1]

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("meetings-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = MeetingsFile(url: folder.appendingPathComponent("meetings.json"))
    }

    /// The app, made with the test's services: its save file and the clock; any other service it
    /// used would fail the test.
    private func makeApp(saving file: MeetingsFile? = nil) -> MeetingsApp {
        withDependencies(.test {
            $0.meetingsFile = file ?? self.file
            $0.clock = clock
        }) { MeetingsApp() }
    }

    /// A launched app holding the two sample meetings.
    private func launched() async throws -> ReactorTester<MeetingsApp> {
        try file.save(Meeting.samples)
        let tester = ReactorTester(makeApp())
        await tester.send(.launch)
        await tester.receive(.loaded(Meeting.samples)) { $0.meetings = Meeting.samples }
        return tester
    }

    /// What the file holds now.
    private var saved: [Meeting]? { try? file.load() }

    @Test("add: the form opens in a sheet, the meeting joins the list and the file")
    func add() async throws {
        let tester = try await launched()
        await tester.send(.addTapped) { $0.add = MeetingForm.State(draft: Meeting(id: 3, title: "", seconds: 3, attendees: [])) }
        await tester.send(.add(.presented(.setTitle("Retro")))) { $0.add?.draft.title = "Retro" }
        await tester.send(.add(.presented(.addAttendee("  ")))) // a blank name adds no one
        await tester.send(.add(.presented(.addAttendee("Ana")))) { $0.add?.draft.attendees = ["Ana"] }
        await tester.send(.add(.presented(.setSeconds(0)))) { $0.add?.draft.seconds = 1 }
        let retro = Meeting(id: 3, title: "Retro", seconds: 1, attendees: ["Ana"])
        await tester.send(.confirmAdd) {
            $0.add = nil
            $0.meetings.append(retro)
        }
        #expect(saved == Meeting.samples + [retro])
    }

    @Test("add, then cancel: the sheet goes, nothing is added or saved")
    func addThenCancel() async throws {
        let tester = try await launched()
        await tester.send(.addTapped) { $0.add = MeetingForm.State(draft: Meeting(id: 3, title: "", seconds: 3, attendees: [])) }
        await tester.send(.add(.presented(.setTitle("Retro")))) { $0.add?.draft.title = "Retro" }
        await tester.send(.add(.dismiss)) { $0.add = nil }
        await tester.send(.confirmAdd)
        #expect(saved == Meeting.samples)
    }

    /// Pushes the design review's detail and opens its edit form.
    private func openEditForm(_ tester: ReactorTester<MeetingsApp>) async {
        await tester.send(.openMeeting(id: 1)) { $0.path.push(.detail(MeetingDetail.State(meeting: design))) }
        await tester.send(.path(.screen(id: 0, action: .detail(.editTapped)))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.edit = MeetingForm.State(draft: design)
        }
    }

    @Test("edit: the detail's sheet edits a copy; Done updates the detail, the list and the file")
    func edit() async throws {
        let tester = try await launched()
        await openEditForm(tester)
        await tester.send(.path(.screen(id: 0, action: .detail(.edit(.presented(.setTitle("Design critique"))))))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.edit?.draft.title = "Design critique"
        }
        var edited = design
        edited.title = "Design critique"
        await tester.send(.path(.screen(id: 0, action: .detail(.doneEditing)))) {
            $0.path[id: 0, case: MeetingsPath.State.detail] = MeetingDetail.State(meeting: edited)
            $0.meetings[0] = edited
        }
        #expect(saved == [edited, standup])
        await tester.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    }

    @Test("edit, then cancel: the draft is dropped; the detail, the list and the file are unchanged")
    func editThenCancel() async throws {
        let tester = try await launched()
        await openEditForm(tester)
        await tester.send(.path(.screen(id: 0, action: .detail(.edit(.presented(.removeAttendee("Ana"))))))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.edit?.draft.attendees = ["Ben"]
        }
        await tester.send(.path(.screen(id: 0, action: .detail(.edit(.dismiss))))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.edit = nil
        }
        await tester.send(.path(.screen(id: 0, action: .detail(.doneEditing))))  // no sheet: nothing to save
        #expect(saved == Meeting.samples)
    }

    @Test("delete: a confirmation; Delete pops the detail and removes the meeting from the list and the file")
    func delete() async throws {
        let tester = try await launched()
        await tester.send(.openMeeting(id: 2)) { $0.path.push(.detail(MeetingDetail.State(meeting: standup))) }
        let confirm = AlertState<MeetingDetail.Action.Alert>(title: "Delete \"Standup\"?", message: "Its notes go with it.",
                                                               buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Keep")])
        await tester.send(.path(.screen(id: 0, action: .detail(.deleteTapped)))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.alert = confirm
        }
        await tester.send(.path(.screen(id: 0, action: .detail(.alert(.presented(.confirmDelete)))))) {
            $0.path.removeAll()
            $0.meetings = [design]
        }
        #expect(saved == [design])
    }

    @Test("delete, then keep: the alert is cleared by its button; nothing else changes")
    func deleteThenKeep() async throws {
        let tester = try await launched()
        await tester.send(.openMeeting(id: 2)) { $0.path.push(.detail(MeetingDetail.State(meeting: standup))) }
        await tester.send(.path(.screen(id: 0, action: .detail(.deleteTapped)))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.alert = deleteStandup
        }
        await tester.send(.path(.screen(id: 0, action: .detail(.alert(.dismiss))))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.alert = nil
        }
        #expect(saved == Meeting.samples)
    }

    /// The record screen's question when the user ends early.
    let endEarly = AlertState<RecordMeeting.Action.Alert>(
        title: "End meeting early?",
        buttons: [AlertButton("Save and end", action: .saveAndEnd), .destructive("Discard", action: .discard),
                  .cancel("Resume", action: .resume)])
    /// The record screen's offer when the meeting's time is up.
    let timeUp = AlertState<RecordMeeting.Action.Alert>(
        title: "Time's up", message: "Design review ran its 0:03.", buttons: [AlertButton("Save", action: .saveAndEnd)])
    /// The detail's confirmation before deleting the standup.
    let deleteStandup = AlertState<MeetingDetail.Action.Alert>(
        title: "Delete \"Standup\"?", message: "Its notes go with it.",
        buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Keep")])

    /// Pushes the detail of the design review and its record screen, and starts the timer.
    private func startRecording(_ tester: ReactorTester<MeetingsApp>) async {
        await tester.send(.openMeeting(id: 1)) { $0.path.push(.detail(MeetingDetail.State(meeting: design))) }
        await tester.send(.path(.screen(id: 0, action: .detail(.startTapped)))) {
            $0.path.push(.record(RecordMeeting.State(meeting: design)))
        }
        await tester.send(.path(.screen(id: 1, action: .record(.start))))
    }

    /// Receives the record screen's next tick.
    private func receiveTick(_ tester: ReactorTester<MeetingsApp>, _ second: Int, _ speaker: String) async {
        await tester.receive(.path(.screen(id: 1, mutation: .record(.tick)))) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.secondsElapsed = second
            $0.path[id: 1, case: MeetingsPath.State.record]?.transcript.append("0:0\(second) \(speaker)")
        }
    }

    @Test("record: the timer runs its three seconds, time's up offers to save; Save keeps the notes in the list, the detail and the file")
    func recordToTheEnd() async throws {
        let tester = try await launched()
        await startRecording(tester)
        await clock.advance(by: .seconds(3))
        await receiveTick(tester, 1, "Ana")
        await receiveTick(tester, 2, "Ben")
        await receiveTick(tester, 3, "Ana")
        await tester.receive(.path(.screen(id: 1, mutation: .record(.timeUp)))) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.alert = timeUp
        }
        let note = "held 0:03: 0:01 Ana; 0:02 Ben; 0:03 Ana"
        await tester.send(.path(.screen(id: 1, action: .record(.alert(.presented(.saveAndEnd)))))) {
            $0.path.popLast()
            $0.path[id: 0, case: MeetingsPath.State.detail]?.meeting.notes = [note]
            $0.meetings[0].notes = [note]
        }
        #expect(saved?.first?.notes == [note])
        await tester.finish()
    }

    @Test("end early, save: the timer stops at once; the notes so far are kept")
    func endEarlyAndSave() async throws {
        let tester = try await launched()
        await startRecording(tester)
        await clock.advance(by: .seconds(1))
        await receiveTick(tester, 1, "Ana")
        await tester.send(.path(.screen(id: 1, action: .record(.endTapped)))) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.alert = endEarly
        }
        #expect(clock.sleeperCount == 0, "the timer stopped while the question is asked")
        await tester.send(.path(.screen(id: 1, action: .record(.alert(.presented(.saveAndEnd)))))) {
            $0.path.popLast()
            $0.path[id: 0, case: MeetingsPath.State.detail]?.meeting.notes = ["held 0:01: 0:01 Ana"]
            $0.meetings[0].notes = ["held 0:01: 0:01 Ana"]
        }
        await tester.finish()
    }

    @Test("end early, discard: the record screen dismisses itself (Effect.dismiss); nothing is kept")
    func endEarlyAndDiscard() async throws {
        let tester = try await launched()
        await startRecording(tester)
        await tester.send(.path(.screen(id: 1, action: .record(.endTapped)))) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.alert = endEarly
        }
        await tester.send(.path(.screen(id: 1, action: .record(.alert(.presented(.discard)))))) { $0.path.popLast() }
        #expect(!tester.reactor.hasRunningWork)
        #expect(saved == Meeting.samples)
    }

    @Test("end early, resume: the timer goes on from where it stopped")
    func endEarlyAndResume() async throws {
        let tester = try await launched()
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
        await tester.receive(.path(.screen(id: 1, mutation: .record(.timeUp)))) {
            $0.path[id: 1, case: MeetingsPath.State.record]?.alert = timeUp
        }
        await tester.finish()
    }

    @Test("going back from the record screen mid-meeting pops it and stops its timer")
    func backFromRecord() async throws {
        let tester = try await launched()
        await startRecording(tester)
        await tester.send(.path(.popFrom(id: 1))) { $0.path.popLast() }
        #expect(!tester.reactor.hasRunningWork)
        #expect(clock.sleeperCount == 0)
        await tester.finish()
    }

    @Test("bad input: an action for a popped screen, a pop of an unknown id, an unknown meeting change nothing")
    func badInput() async throws {
        let tester = try await launched()
        await tester.send(.openMeeting(id: 99))
        await tester.send(.openMeeting(id: 1)) { $0.path.push(.detail(MeetingDetail.State(meeting: design))) }
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
        #expect(saved == Meeting.samples)
    }

    @Test("a corrupt save file is kept aside, never overwritten; the app starts empty and says so")
    func corruptFile() async throws {
        try Data("{\"meetings\": [".utf8).write(to: file.url)
        let tester = ReactorTester(makeApp())
        await tester.send(.launch)
        await tester.receive(.loadFailed(keptAs: "meetings.json.corrupt")) {
            $0.alert = AlertState(title: "Your meetings could not be read",
                                  message: "The file was kept aside as meetings.json.corrupt; starting with no meetings.")
        }
        let aside = folder.appendingPathComponent("meetings.json.corrupt")
        #expect(try Data(contentsOf: aside) == Data("{\"meetings\": [".utf8))
        #expect(!FileManager.default.fileExists(atPath: file.url.path))
        await tester.send(.alert(.dismiss)) { $0.alert = nil }
    }

    @Test("a second corrupt file is kept aside beside the first, under a new name")
    func secondCorruptFile() throws {
        try Data("one".utf8).write(to: file.url)
        #expect(throws: MeetingsFile.Problem.unreadable(keptAs: "meetings.json.corrupt")) { try file.load() }
        try Data("two".utf8).write(to: file.url)
        #expect(throws: MeetingsFile.Problem.unreadable(keptAs: "meetings.json.corrupt-2")) { try file.load() }
        #expect(try file.load() == [], "no file: a first launch")
    }

    @Test("a save that fails is shown as an alert; the meetings on screen are kept")
    func saveFailure() async throws {
        let unwritable = MeetingsFile(url: folder.appendingPathComponent("missing-folder/meetings.json"))
        let tester = ReactorTester(makeApp(saving: unwritable))
        await tester.send(.launch)
        await tester.receive(.loaded([])) { _ in }
        await tester.send(.addTapped) { $0.add = MeetingForm.State(draft: Meeting(id: 1, title: "", seconds: 3, attendees: [])) }
        await tester.send(.confirmAdd) {
            $0.add = nil
            $0.meetings = [Meeting(id: 1, title: "", seconds: 3, attendees: [])]
        }
        await tester.receive(.saveFailed("meetings.json could not be written")) {
            $0.alert = AlertState(title: "Not saved", message: "meetings.json could not be written")
        }
    }

    @Test("a second launch reads what the first saved")
    func secondLaunch() async throws {
        let first = try await launched()
        await first.send(.openMeeting(id: 2)) { $0.path.push(.detail(MeetingDetail.State(meeting: standup))) }
        await first.send(.path(.screen(id: 0, action: .detail(.deleteTapped)))) {
            $0.path[id: 0, case: MeetingsPath.State.detail]?.alert = deleteStandup
        }
        await first.send(.path(.screen(id: 0, action: .detail(.alert(.presented(.confirmDelete)))))) {
            $0.path.removeAll()
            $0.meetings = [design]
        }
        let second = ReactorTester(makeApp())
        await second.send(.launch)
        await second.receive(.loaded([design])) { $0.meetings = [design] }
    }
}
