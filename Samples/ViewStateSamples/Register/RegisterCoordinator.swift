import ViewStateKit

/// The register flow: pushes the register screen, and when its view model routes home, sets
/// home as the root and finishes.
@MainActor
public final class RegisterCoordinator: Coordinator {
    /// The screen's inputs, as its view would feed them.
    public let input = RegisterViewModel.Input(name: StateCell(""), registerTap: Events())
    /// The screen's outputs, once started.
    public private(set) var output: RegisterViewModel.Output?

    private let viewModel = RegisterViewModel()
    private let navigator: any Navigator<String>
    private var route: ObservationToken?

    /// The flow, navigating through `navigator`.
    public init(navigator: any Navigator<String>) {
        self.navigator = navigator
    }

    /// Shows the screen and follows its route.
    public override func start() {
        navigator.push("register")
        let output = viewModel.transform(input)
        self.output = output
        route = output.route.observe { [weak self] screen in self?.leave(to: screen) }
    }

    private func leave(to screen: String) {
        navigator.setRoot(screen)
        route = nil
        finish()
    }
}
