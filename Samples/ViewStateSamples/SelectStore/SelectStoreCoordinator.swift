import ViewStateKit

/// The select-store flow: shows the screen (as the root at first launch, pushed from
/// settings) and follows its route pulse home or back, then finishes.
@MainActor
public final class SelectStoreCoordinator: Coordinator {
    /// The screen's reactor; the view sends it actions and renders its state.
    public let reactor: SelectStoreReactor
    private let navigator: any Navigator<String>
    private var route: ObservationToken?

    /// The flow opened from `entry`, saving to `store` and navigating through `navigator`.
    public init(entry: SelectStoreReactor.Entry, store: KeyValueStore, navigator: any Navigator<String>) {
        reactor = SelectStoreReactor(entry: entry, store: store)
        self.navigator = navigator
    }

    /// Shows the screen and starts following its route.
    public override func start() {
        switch reactor.currentState.entry {
        case .onboarding: navigator.setRoot("select-store")
        case .settings: navigator.push("select-store")
        }
        route = reactor.observePulse(\.route) { [weak self] route in self?.leave(to: route) }
    }

    /// Navigates once: after it the flow is finished and later routes are ignored.
    private func leave(to route: SelectStoreReactor.Route) {
        switch route {
        case .home: navigator.setRoot("home")
        case .back: navigator.pop()
        }
        self.route = nil
        finish()
    }
}
