import Testing
import ViewStateKitTesting
@testable import ViewStateKit

/// TCA's "alerts and dialogs": a confirmation before deleting, whose buttons name the actions
/// they send, dismissed by whichever way out the user takes.
@MainActor
final class DeleteAllScreen: Reactor<DeleteAllScreen.Action, DeleteAllScreen.Mutation, DeleteAllScreen.State> {
    struct State: Equatable {
        var items = ["a", "b"]
        var alert: AlertState<Action.Alert>?
    }
    enum Action: Equatable, Sendable {
        case deleteTapped, alert(Alert?)
        enum Alert: Equatable, Sendable { case confirmDelete, archiveInstead }
    }
    enum Mutation: Equatable, Sendable { case showAlert(AlertState<Action.Alert>), dismissAlert, deleteAll, archive }

    init() { super.init(initialState: State()) }

    static let confirm = AlertState<Action.Alert>(.confirmationDialog, title: "Delete all?", message: "This cannot be undone.",
                                                  buttons: [.destructive("Delete", action: .confirmDelete),
                                                            AlertButton("Archive", action: .archiveInstead),
                                                            .cancel("Cancel")])

    override func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .deleteTapped: .mutation(.showAlert(Self.confirm))
        case .alert(.confirmDelete?): .mutations(.dismissAlert, .deleteAll)
        case .alert(.archiveInstead?): .mutations(.dismissAlert, .archive)
        case .alert(nil): .mutation(.dismissAlert)
        }
    }

    override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .showAlert(let alert): state.alert = alert
        case .dismissAlert: state.alert = nil
        case .deleteAll: state.items = []
        case .archive: state.items = state.items.map { "archived " + $0 }
        }
    }
}

@MainActor
@Suite("Alerts and dialogs as state")
struct AlertStateTests {
    @Test("A tap sends the button's action, which dismisses the alert and does what it says")
    func tapConfirms() async {
        let tester = ReactorTester(DeleteAllScreen())
        await tester.send(.deleteTapped) { $0.alert = DeleteAllScreen.confirm }
        await tester.send(.alert(.confirmDelete)) {
            $0.alert = nil
            $0.items = []
        }
    }

    @Test("Cancel, and a dismissal without a tap, send nil: the alert goes away and nothing else changes")
    func cancelDismisses() async {
        let tester = ReactorTester(DeleteAllScreen())
        await tester.send(.deleteTapped) { $0.alert = DeleteAllScreen.confirm }
        let cancel = DeleteAllScreen.confirm.buttons[2]
        #expect(cancel.role == .cancel && cancel.action == nil)
        await tester.send(.alert(cancel.action)) { $0.alert = nil }
    }

    @Test("Buttons keep their order, titles, roles and actions; equal alerts are equal")
    func parts() {
        let alert = DeleteAllScreen.confirm
        #expect(alert.style == .confirmationDialog)
        #expect(alert.buttons.map(\.title) == ["Delete", "Archive", "Cancel"])
        #expect(alert.buttons.map(\.role) == [.destructive, nil, .cancel])
        #expect(alert.buttons.map(\.action) == [.confirmDelete, .archiveInstead, nil])
        var other = alert
        #expect(other == alert)
        other.message = nil
        #expect(other != alert)
        #expect(AlertState<Int>(title: "Saved").style == .alert)
        #expect(AlertState<Int>(title: "Saved").buttons.isEmpty)
    }

    @Test("a cancel button keeps the action it was given; without one it only dismisses")
    func cancelButtonKeepsItsAction() {
        #expect(AlertButton<Int>.cancel("Keep", action: 3).action == 3)
        #expect(AlertButton<Int>.cancel("Keep", action: 3).role == .cancel)
        #expect(AlertButton<Int>.cancel("Keep").action == nil)
        #expect(PresentationAction<Int>.button(3) == .presented(3))
        #expect(PresentationAction<Int>.button(nil) == .dismiss)
    }
}
