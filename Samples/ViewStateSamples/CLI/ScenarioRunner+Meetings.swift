import Foundation
import ViewStateKit
import ViewStateKitTracing

extension ScenarioRunner {
    /// The meetings app, saving to a file in a new temporary folder: each step is what a user
    /// taps, written before it; each screen on top is one line, each navigation step a `[nav]`
    /// line (a navigator following the stack and the sheets), and each save a `[storage]` line.
    /// Every step waits until the app's work has ended, so the output is the same on every run.
    func runMeetings(_ scenario: Scenario) async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viewstate-samples-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("meetings.json")
        if scenario == .corruptStorage {
            try? Data("{\"meetings\": [".utf8).write(to: url)
            write("[storage] meetings.json holds a cut-off file")
        } else {
            try? JSONEncoder().encode(Meeting.samples).write(to: url)
            write("[storage] meetings.json holds \(Meeting.samples.map(\.title).joined(separator: ", "))")
        }
        let launch = { [clock] in
            withDependencies({
                $0.meetingsStorage = .file(url)
                $0.clock = clock
            }, operation: { MeetingsApp() })
        }
        await drive(launch(), scenario)
        // The app has gone: what it had not saved yet is saved now (S6 of `Shared`).
        let saved = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode([Meeting].self, from: $0) }
        write("[storage] meetings.json holds " + (saved.map { $0.isEmpty ? "no meetings" : $0.map(\.title).joined(separator: ", ") }
            ?? "nothing readable"))
        let beside = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0 != "meetings.json" }
        if !beside.isEmpty { write("[storage] beside it: \(beside.sorted().joined(separator: ", "))") }
        if scenario == .secondLaunch {
            write("[meetings] second launch")
            let again = launch()
            withExtendedLifetime(again.state.printLines(screen: "meetings", write: write) { $0.consoleLine }) {}
        }
    }

    /// Drives `app` through `scenario`: each step is what a user taps, written before it; each
    /// screen on top is one line, each navigation step a `[nav]` line (a navigator following the
    /// stack and the sheets). Every step waits until the app's work has ended, so the output is
    /// the same on every run.
    private func drive(_ app: MeetingsApp, _ scenario: Scenario) async {
        let tracing = trace ? app.trace("trace meetings", to: write) : nil
        let navigator = ConsoleNavigator(write: write)
        let following = [
            app.state.follow(\.path, with: navigator) { _, screen in screen.navigationName },
            app.state.follow(presented: \.add, with: navigator) { _ in "add form" },
            app.state.follow(presented: \.editSheet, with: navigator) { _ in "edit form" },
            app.state.printLines(screen: "meetings", write: write) { $0.consoleLine },
            alertLines(app),
        ]
        func step(_ action: MeetingsApp.Action) async {
            app.send(action)
            await app.waitUntilIdle()  // all work, whoever started it: the package's own wait, not public
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
            switch app.currentState.path.last {
            case .detail(let detail)?:
                if let alert = detail.alert { await screen(.detail(.alert(.button(alert.tap(title))))) }
            case .record(let record)?:
                if let alert = record.alert { await screen(.record(.alert(.button(alert.tap(title))))) }
            case nil:
                break
            }
        }

        switch scenario {
        case .corruptStorage, .secondLaunch:
            await addMeeting(titled: "Retro", with: step)
            await step(.openMeeting(id: app.currentState.meetings.value.last?.id ?? 0))
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
            await screen(.record(.start))  // time's up: the notes are saved and the screen leaves by itself
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
