import ViewStateKit

/// The basket: a list of lines, each a ``BasketLine`` feature with its own stepper, and a
/// button that empties the basket after a confirmation dialog. It shows composition (a
/// list of child features by id, the parent reacting to a child's action) and an alert as state,
/// both declared once in ``children``.
@MainActor
public final class BasketReactor: Reactor<BasketReactor.Action, BasketReactor.Mutation, BasketReactor.State> {
    /// The lines, and the dialog while one is shown.
    public struct State: Equatable, Sendable {
        /// The basket's lines, in the order they were added.
        public var lines: [BasketLine.State]
        /// The confirmation shown before emptying the basket, or `nil`.
        public var alert: AlertState<Action.Alert>?

        /// How many items, all lines together.
        public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
        /// What the basket costs, in won.
        public var total: Int { lines.reduce(0) { $0 + $1.price * $1.quantity } }
    }

    /// What the user does.
    public enum Action: Equatable, Sendable {
        /// A line's control: the line's id and its action.
        case line(Int, BasketLine.Action)
        /// "Empty basket": asks first.
        case emptyTapped
        /// A tap in the confirmation: the button's action, or `.dismiss` for Cancel.
        case alert(PresentationAction<Alert>)

        /// What the confirmation's buttons send.
        public enum Alert: Equatable, Sendable {
            /// Empty the basket.
            case confirmEmpty
        }
    }

    /// How the state changes.
    public enum Mutation: Equatable, Sendable {
        /// A line taken out.
        case removeLine(Int)
        /// The confirmation shown.
        case showAlert(AlertState<Action.Alert>)
        /// Every line taken out.
        case empty
    }

    /// A basket holding `lines`.
    public init(lines: [BasketLine.State]) {
        super.init(initialState: State(lines: lines))
    }

    /// A basket with three products from the sample catalogue.
    public static func sample() -> BasketReactor {
        BasketReactor(lines: [
            BasketLine.State(id: 1001, name: "Banana Milk", price: 1_200, quantity: 2),
            BasketLine.State(id: 2003, name: "Choco Pie", price: 1_500, quantity: 1),
            BasketLine.State(id: 2011, name: "Gummy Bears", price: 1_100, quantity: 3),
        ])
    }

    /// The lines, each a ``BasketLine`` by id, and the confirmation, cleared after any button.
    override public var children: [ChildPlace<State, Action, Mutation>] {
        [.rows(BasketLine(), state: \.lines, action: Action.line),
         .alert(state: \.alert, action: Action.alert)]
    }

    /// Reacts to what the lines and the confirmation did (they ran first); asks before emptying.
    override public func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .line(let id, .remove):
            return .mutation(.removeLine(id))
        case .line:
            return .none
        case .emptyTapped:
            guard !currentState.lines.isEmpty else { return .none }
            let items = currentState.itemCount
            return .mutation(.showAlert(AlertState(.confirmationDialog, title: "Empty the basket?",
                                                  message: "\(items) \(items == 1 ? "item" : "items") will be removed.",
                                                  buttons: [.destructive("Empty", action: .confirmEmpty), .cancel("Cancel")])))
        case .alert(.presented(.confirmEmpty)):
            return .mutation(.empty)
        case .alert(.dismiss):
            return .none
        }
    }

    /// Applies the basket's own changes; a line's are its own (rule N2), and the alert is
    /// cleared by its place.
    override public func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .removeLine(let id): state.lines.removeAll { $0.id == id }
        case .showAlert(let alert): state.alert = alert
        case .empty: state.lines = []
        }
    }
}
