#if canImport(SwiftUI)
import SwiftUI
import ViewStateKit

// The meetings app in SwiftUI, over the same `MeetingsApp` the console drives. Compiled only on
// Apple platforms: the Linux CI neither builds nor runs this file. What it uses besides SwiftUI
// is tested on Linux: `ObservedReactor.stackPath(_:send:)` and `isPresented(_:send:)`
// (`Tests/ViewStateKitTests/StackNavigationTests.swift`), and the app itself (`MeetingsAppTests`).

/// The meetings list at the root of a `NavigationStack` whose path is the app's `ScreenStack`:
/// each pushed screen is drawn by its stack id, a back swipe comes back as `.popFrom(id:)`, and
/// the add form is a sheet whose pull-down sends `.dismiss`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct MeetingsView: View {
    @State private var app: ObservedReactor<MeetingsApp.Action, MeetingsApp.Mutation, MeetingsApp.State>

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
            .navigationDestination(for: StackID.self) { id in screen(id) }
        }
        .sheet(isPresented: Binding(app.isPresented(\.add, send: MeetingsApp.Action.add))) {
            Form {
                TextField("Title", text: Binding(get: { app.add?.draft.title ?? "" },
                                                 set: { app.send(.add(.presented(.setTitle($0)))) }))
                Button("Add") { app.send(.confirmAdd) }
            }
        }
    }

    /// The pushed screen with `id`: a meeting's detail, or a meeting under way.
    @ViewBuilder
    private func screen(_ id: StackID) -> some View {
        switch app.path[id: id] {
        case .detail(let detail)?:
            List {
                Text(detail.meeting.value.title).font(.headline)
                ForEach(detail.meeting.value.notes, id: \.self) { Text($0) }
                Button("Start meeting") { app.send(.path(.screen(id: id, action: .detail(.startTapped)))) }
                Button("Edit") { app.send(.path(.screen(id: id, action: .detail(.editTapped)))) }
                Button("Delete", role: .destructive) { app.send(.path(.screen(id: id, action: .detail(.deleteTapped)))) }
            }
            .alertState(detail.alert) { app.send(.path(.screen(id: id, action: .detail(.alert(.button($0)))))) }
        case .record(let record)?:
            VStack {
                Text("\(record.secondsElapsed) of \(record.meeting.value.seconds) seconds")
                Text("\(record.speaker) speaking")
                Button("End meeting") { app.send(.path(.screen(id: id, action: .record(.endTapped)))) }
            }
            .alertState(record.alert) { app.send(.path(.screen(id: id, action: .record(.alert(.button($0)))))) }
            .task { app.send(.path(.screen(id: id, action: .record(.start)))) }
        case nil:
            EmptyView()
        }
    }
}
#endif
