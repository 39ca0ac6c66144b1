import Foundation
import ViewStateKit

extension ScenarioRunner {
    /// The meetings app, saving to a file in a new temporary folder: each step is what a user
    /// taps, written before it; each screen on top is one line, each navigation step a `[nav]`
    /// line (a navigator following the stack and the sheets), and each save a `[storage]` line.
    /// Every step waits until the app's work has ended, so the output is the same on every run.
    func runMeetings(_ scenario: Scenario) async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viewstate-samples-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = MeetingsFile(url: folder.appendingPathComponent("meetings.json"))
        if scenario == .corruptStorage {
            try? Data("{\"meetings\": [".utf8).write(to: file.url)
            write("[storage] meetings.json holds a cut-off file")
        } else {
            try? file.save(Meeting.samples)
            write("[storage] meetings.json holds \(Meeting.samples.map(\.title).joined(separator: ", "))")
        }
        let app = withDependencies({
            $0.meetingsFile = file
            $0.clock = clock
        }, operation: { MeetingsApp() })
        let tracing = trace ? app.trace("trace meetings", to: write) : nil
        let navigator = ConsoleNavigator(write: write)
        let following = [
            app.state.follow(\.path, with: navigator) { _, screen in screen.navigationName },
            app.state.follow(presented: \.add, with: navigator) { _ in "add form" },
            app.state.follow(presented: \.editSheet, with: navigator) { _ in "edit form" },
            app.state.printLines(screen: "meetings", write: write) { $0.consoleLine },
            alertLines(app),
        ]
        var saved = try? Data(contentsOf: file.url)
        func settle() async {
            await app.waitUntilIdle()
            let now = try? Data(contentsOf: file.url)
            guard now != saved else { return }
            saved = now
            guard now != nil else {
                let beside = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
                return write("[storage] no meetings.json; beside it: \(beside.joined(separator: ", "))")
            }
            let titles = (try? file.load())?.map(\.title).joined(separator: ", ") ?? "(unreadable)"
            write("[storage] saved: \(titles.isEmpty ? "no meetings" : titles)")
        }
        func step(_ action: MeetingsApp.Action) async {
            app.send(action)
            await settle()
        }
        func screen(_ action: MeetingsPath.Action) async {
            guard let top = app.currentState.path.ids.last else { return }
            await step(.path(.screen(id: top, action: action)))
        }
        func back() async {
            guard let top = app.currentState.path.ids.last else { return }
            write("[meetings] back")
            await step(.path(.popFrom(id: top)))
        }
        func tap(_ title: String) async {
            write("[meetings] tap: \(title)")
            let state = app.currentState
            if let alert = state.alert {
                return await step(.alert(.button(alert.tap(title))))
            }
            switch state.path.last {
            case .detail(let detail)?:
                if let alert = detail.alert { await screen(.detail(.alert(.button(alert.tap(title))))) }
            case .record(let record)?:
                if let alert = record.alert { await screen(.record(.alert(.button(alert.tap(title))))) }
            case nil:
                break
            }
        }

        await step(.launch)
        switch scenario {
        case .corruptStorage:
            await tap("OK")
            await addMeeting(titled: "Retro", with: step)
            await step(.openMeeting(id: 1))
            await back()
        case .delete:
            await addMeeting(titled: "Retro", with: step)
            await step(.openMeeting(id: 3))
            await screen(.detail(.deleteTapped))
            await tap("Delete")
        case .edit, .editCancel:
            await step(.openMeeting(id: 1))
            await screen(.detail(.editTapped))
            await screen(.detail(.edit(.presented(.setTitle("Design critique")))))
            await screen(.detail(.edit(.presented(.addAttendee("Cho")))))
            if scenario == .edit {
                await screen(.detail(.doneEditing))
            } else {
                write("[meetings] cancel")
                await screen(.detail(.edit(.dismiss)))
            }
            await back()
        case .endEarly, .discard:
            await step(.openMeeting(id: 1))
            await screen(.detail(.startTapped))
            // The user taps End as the second second is shown: from inside that delivery, so no
            // later tick can come first, whatever the clock.
            let ender = app.state.observe { state in
                guard case .record(let record)? = state.path.last, record.secondsElapsed == 2, record.alert == nil,
                      let top = state.path.ids.last else { return }
                write("[meetings] end meeting")
                app.send(.path(.screen(id: top, action: .record(.endTapped))))
            }
            await screen(.record(.start))
            ender.cancel()
            await tap(scenario == .endEarly ? "Save and end" : "Discard")
            await back()
        default:
            await step(.openMeeting(id: 1))
            await screen(.detail(.startTapped))
            await screen(.record(.start))
            await tap("Save")
            await back()
        }
        tracing?.cancel()
        withExtendedLifetime(following) {}
    }

    /// Adds a meeting through the add form: "+", a title, one attendee, "Add".
    private func addMeeting(titled title: String, with step: (MeetingsApp.Action) async -> Void) async {
        await step(.addTapped)
        await step(.add(.presented(.setTitle(title))))
        await step(.add(.presented(.addAttendee("Ana"))))
        await step(.confirmAdd)
    }

    /// `[meetings] alert: …` each time an alert comes up.
    private func alertLines(_ app: MeetingsApp) -> ObservationToken {
        var shown: String?
        return app.state.observe { [write] state in
            let line = state.alertLine
            if let line, line != shown { write("[meetings] \(line)") }
            shown = line
        }
    }
}
