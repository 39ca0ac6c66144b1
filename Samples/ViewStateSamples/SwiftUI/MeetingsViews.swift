#if canImport(SwiftUI)
import SwiftUI
import ViewStateKit

// The meetings app in SwiftUI, over the same `MeetingsApp` the console drives. Compiled only on
// Apple platforms, and type-checked on Linux against the SwiftUI stand-ins. What it uses besides
// SwiftUI is tested on Linux: the scopes (`Tests/ViewStateKitTests/ScopedReactorTests.swift`),
// `ObservedReactor.stackPath(_:send:)` (`StackNavigationTests.swift`), and the app itself
// (`MeetingsAppTests`). Each screen's view is written against its own feature's scope, so it
// would work under another parent, or alone.

/// The meetings list at the root of a `NavigationStack` whose path is the app's `ScreenStack`:
/// each pushed screen is drawn from its own scope, a back swipe comes back as `.popFrom(id:)`,
/// and the add form is a sheet whose pull-down sends `.dismiss`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct MeetingsView: View {
    @State private var app: ObservedReactor<MeetingsApp>

    /// The app's screens over `app` (which read the saved meetings when it was made).
    public init(app: MeetingsApp) {
        _app = State(initialValue: app.observed())
    }

    /// The list, the stack of screens over it and the add sheet.
    public var body: some View {
        NavigationStack(path: Binding(app.stackPath(\.path, send: MeetingsApp.Action.path))) {
            List(app.meetings.value) { meeting in
                Button(meeting.title) { app.send(.openMeeting(id: meeting.id)) }
            }
            .toolbar { Button("Add") { app.send(.addTapped) } }
            .navigationDestination(for: StackID.self) { id in
                if let screen = app.scope(stack: \.path, id: id, action: MeetingsApp.Action.path) {
                    MeetingsScreenView(screen: screen)
                }
            }
        }
        .sheet(app.scope(presented: \.add, action: MeetingsApp.Action.add)) { form in
            MeetingFormView(form: form) { app.send(.confirmAdd) }
        }
    }
}

/// A pushed screen: the view of whichever screen it is.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
struct MeetingsScreenView: View {
    let screen: ScopedReactor<MeetingsPath.Action, MeetingsPath.State>

    var body: some View {
        if let detail = screen.scope(ifCase: MeetingsPath.State.detail, action: MeetingsPath.Action.detail) {
            MeetingDetailView(detail: detail)
        } else if let record = screen.scope(ifCase: MeetingsPath.State.record, action: MeetingsPath.Action.record) {
            RecordMeetingView(record: record)
        }
    }
}

/// A meeting's detail, written against its own feature: it sends `MeetingDetail.Action`s.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
struct MeetingDetailView: View {
    let detail: ScopedReactor<MeetingDetail.Action, MeetingDetail.State>

    var body: some View {
        List {
            Text(detail.meeting.value.title).font(.headline)
            ForEach(detail.meeting.value.notes, id: \.self) { Text($0) }
            Button("Start meeting") { detail.send(.startTapped) }
            Button("Edit") { detail.send(.editTapped) }
            Button("Delete", role: .destructive) { detail.send(.deleteTapped) }
        }
        .sheet(detail.scope(presented: \.edit, action: MeetingDetail.Action.edit)) { form in
            MeetingFormView(form: form) { detail.send(.doneEditing) }
        }
        .alert(detail.alert) { detail.send(.alert($0)) }
    }
}

/// A meeting under way.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
struct RecordMeetingView: View {
    let record: ScopedReactor<RecordMeeting.Action, RecordMeeting.State>

    var body: some View {
        VStack {
            Text("\(record.secondsElapsed) of \(record.meeting.value.seconds) seconds")
            Text("\(record.speaker) speaking")
            Button("End meeting") { record.send(.endTapped) }
        }
        .alert(record.alert) { record.send(.alert($0)) }
        .task { record.send(.start) }
    }
}

/// The form that adds or edits a meeting; `done` is what its presenter does with the draft.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
struct MeetingFormView: View {
    let form: ScopedReactor<MeetingForm.Action, MeetingForm.State>
    let done: @MainActor () -> Void

    var body: some View {
        Form {
            TextField("Title", text: Binding(form.binding(\.draft.title, send: MeetingForm.Action.setTitle)))
            Button("Done") { done() }
        }
    }
}
#endif
