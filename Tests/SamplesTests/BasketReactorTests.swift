import Testing
import ViewStateKit
import ViewStateKitTesting
@testable import ViewStateSamples

@Suite("Basket: lines as child features, a confirmation before emptying")
@MainActor
struct BasketReactorTests {
    @Test("each line's stepper changes only its line; a line never goes below one")
    func steppers() async {
        let tester = ReactorTester(BasketReactor.sample())
        await tester.send(.line(1001, .increment)) { $0.lines[0].quantity = 3 }
        await tester.send(.line(2003, .decrement))  // already at one: unchanged, still published
        await tester.send(.line(2011, .decrement)) { $0.lines[2].quantity = 2 }
        #expect(tester.state.itemCount == 6)
        #expect(tester.state.total == 3 * 1_200 + 1_500 + 2 * 1_100)
    }

    @Test("a line asks to be removed and the basket removes it; an unknown line changes nothing and fails the send (N5)")
    func removal() async {
        let tester = ReactorTester(BasketReactor.sample())
        await tester.send(.line(2003, .remove)) { $0.lines.remove(at: 1) }
        await withKnownIssue {
            await tester.send(.line(999, .increment))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix(".line(999, .increment) was sent to \\State.lines[999]")
        }
        await withKnownIssue {
            await tester.send(.line(999, .remove))
        }
    }

    @Test("empty asks first; Empty empties and dismisses, Cancel only dismisses; an empty basket does not ask")
    func confirmation() async {
        let tester = ReactorTester(BasketReactor.sample())
        let confirm = AlertState<BasketReactor.Action.Alert>(.confirmationDialog, title: "Empty the basket?",
                                                             message: "6 items will be removed.",
                                                             buttons: [.destructive("Empty", action: .confirmEmpty), .cancel("Cancel")])
        await tester.send(.emptyTapped) { $0.alert = confirm }
        await tester.send(.alert(.dismiss)) { $0.alert = nil }
        await tester.send(.emptyTapped) { $0.alert = confirm }
        await tester.send(.alert(.presented(.confirmEmpty))) {
            $0.alert = nil
            $0.lines = []
        }
        await tester.send(.emptyTapped)
        #expect(tester.state.alert == nil)
    }

    @Test("the console draws the dialog's buttons numbered, with their roles; a tap sends the button's action")
    func consoleAlert() {
        let alert = AlertState<Int>(title: "Saved")
        #expect(alert.consoleLine == "alert: Saved | [1] OK")
        #expect(alert.tap("OK") == nil)
        let dialog = AlertState(.confirmationDialog, title: "Delete?", buttons: [.destructive("Delete", action: 1), .cancel("Keep")])
        #expect(dialog.consoleLine == "dialog: Delete? | [1] Delete (destructive) [2] Keep (cancel)")
        #expect(dialog.tap("Delete") == 1)
        #expect(dialog.tap("Keep") == nil)
        #expect(dialog.tap("Nope") == nil)
    }
}
