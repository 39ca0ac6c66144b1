import Foundation
import ViewStateKit

/// The "choose your favourite convenience store" screen, as a reactor.
///
/// Opened at first launch (`.onboarding`), selecting a brand saves it and goes home. Opened
/// from settings, selecting only moves the selection; "save" stores it and goes back. "Skip"
/// saves `.all` and goes home from either. The favourite is kept in a `KeyValueStore` under
/// `favoriteKey` as the brand's name; a missing or unknown stored name reads as no selection.
@MainActor
public final class SelectStoreReactor: Reactor<SelectStoreReactor.Action, SelectStoreReactor.Mutation, SelectStoreReactor.State> {
    /// Where the screen was opened from.
    public enum Entry: Sendable {
        /// First launch: choosing is the way in to the app.
        case onboarding
        /// The settings screen: choosing edits a saved favourite.
        case settings
    }

    /// What the user does.
    public enum Action: Sendable {
        /// Taps a brand.
        case select(Brand)
        /// Taps "skip".
        case skip
        /// Taps "save".
        case save
    }

    /// How the state changes.
    public enum Mutation: Sendable {
        /// The highlighted brand.
        case setSelected(Brand)
        /// Leave the screen.
        case route(Route)
    }

    /// Where to go when the screen is done.
    public enum Route: Sendable, Equatable {
        /// Replace everything with the home screen.
        case home
        /// Go back to the screen that opened this one.
        case back
    }

    /// What the screen shows.
    public struct State: Equatable, Sendable {
        /// Where the screen was opened from.
        public let entry: Entry
        /// The highlighted brand; `nil` before anything is chosen.
        public var selected: Brand?
        /// Where to go next, once per assignment (not delivered until assigned).
        public var route = Pulse(Route.home)
    }

    /// The key the favourite brand is stored under.
    public static let favoriteKey = "favoriteBrand"

    private let store: KeyValueStore

    /// The screen opened from `entry`, showing the favourite saved in `store`.
    public init(entry: Entry, store: KeyValueStore) {
        self.store = store
        let saved = store.data(forKey: Self.favoriteKey).flatMap { Brand(rawValue: String(decoding: $0, as: UTF8.self)) }
        super.init(initialState: State(entry: entry, selected: saved))
    }

    /// Saves as it goes: a choice that leaves the screen is stored before it navigates.
    public override func mutate(action: Action) -> Effect<Mutation> {
        switch (action, currentState.entry) {
        case (.select(let brand), .onboarding):
            save(brand)
            return .mutations(.setSelected(brand), .route(.home))
        case (.select(let brand), .settings):
            return .mutation(.setSelected(brand))
        case (.skip, _):
            save(.all)
            return .mutations(.setSelected(.all), .route(.home))
        case (.save, let entry):
            let brand = currentState.selected ?? .all
            save(brand)
            return .mutations(.setSelected(brand), .route(entry == .settings ? .back : .home))
        }
    }

    /// Applies `mutation` to `state`, in place.
    public override func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .setSelected(let brand): state.selected = brand
        case .route(let route): state.route.value = route
        }
    }

    private func save(_ brand: Brand) {
        store.set(Data(brand.rawValue.utf8), forKey: Self.favoriteKey)
    }
}
