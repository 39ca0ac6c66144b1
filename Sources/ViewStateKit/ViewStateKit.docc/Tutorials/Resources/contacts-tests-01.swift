import Testing
import ViewStateKit
import ViewStateKitTesting
@testable import TutorialApp

let ana = Contact(id: 1, name: "Ana"), bo = Contact(id: 2, name: "Bo")

@Test @MainActor func tappingAContactPushesItsDetail() async {
    let tester = ReactorTester(ContactsApp(contacts: [ana, bo]))
    await tester.send(.contactTapped(id: 2)) {
        $0.path.push(ContactDetail.State(contact: bo))
    }
    await tester.send(.path(.popFrom(id: 0))) {
        $0.path.removeAll()
    }
}
