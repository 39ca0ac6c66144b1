import ViewStateKit

/// One line of the basket, a feature of its own: a product and how many of it, with a
/// stepper. The basket embeds one per line (`ChildPlace.rows`); it could be embedded by any
/// other screen that lists products to buy.
public struct BasketLine: Feature {
    /// The line: which product, at what price, how many.
    public struct State: Equatable, Sendable, Identifiable {
        /// The product's id, which is the line's.
        public let id: Int
        /// The product's name.
        public let name: String
        /// Its price, in won.
        public let price: Int
        /// How many are in the basket: at least one.
        public var quantity: Int
    }

    /// What the line's controls do. `remove` is for the basket to act on: the line cannot
    /// remove itself from a list it does not own.
    public enum Action: Equatable, Sendable {
        /// One more.
        case increment
        /// One fewer, down to one.
        case decrement
        /// Take the line out of the basket.
        case remove
    }

    /// A line with nothing else to configure.
    public init() {}

    /// The stepper's actions are their own mutations; `remove` is the basket's to act on.
    public func mutate(action: Action, state: State) -> Effect<Action> {
        action == .remove ? .none : .mutation(action)
    }

    /// Changes the quantity; `remove` changes nothing here (the basket handles it).
    public func reduce(into state: inout State, mutation: Action) {
        switch mutation {
        case .increment: state.quantity += 1
        case .decrement: state.quantity = max(1, state.quantity - 1)
        case .remove: break
        }
    }
}
