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

@Test @MainActor func aDetailStarsItsContactAndClosesItself() async {
    let tester = ReactorTester(ContactsApp(contacts: [ana, bo]))
    await tester.send(.contactTapped(id: 1)) {
        $0.path.push(ContactDetail.State(contact: ana))
    }
    await tester.send(.path(.screen(id: 0, action: .favoriteTapped))) {
        $0.path[id: 0]?.isFavorite = true
        $0.favorites = [1]
    }
    await tester.send(.path(.screen(id: 0, action: .closeTapped))) {
        $0.path.removeAll()
    }
    await tester.send(.contactTapped(id: 1)) {
        $0.path.push(ContactDetail.State(contact: ana, isFavorite: true))
    }
}
