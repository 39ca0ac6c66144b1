/// A ``Feature`` run alone, as a screen's reactor: the same feature a parent embeds, tested on
/// its own with `ReactorTester<FeatureReactor<Counter>>` or bound to its own view.
public final class FeatureReactor<Logic: Feature>: Reactor<Logic.Action, Logic.Mutation, Logic.State> {
    /// The feature this reactor runs.
    public let feature: Logic

    /// A reactor running `feature`, starting in `initialState`.
    public init(_ feature: Logic, initialState: Logic.State) {
        self.feature = feature
        super.init(initialState: initialState)
    }

    /// The feature's ``Feature/mutate(action:state:)`` on the current state.
    override public func mutate(action: Logic.Action) -> Effect<Logic.Mutation> {
        feature.mutate(action: action, state: currentState)
    }

    /// The feature's children.
    override public var children: [ChildPlace<Logic.State, Logic.Action, Logic.Mutation>] {
        feature.children
    }

    /// The feature's ``Feature/reduce(into:mutation:)``.
    override public func reduce(into state: inout Logic.State, mutation: Logic.Mutation) {
        feature.reduce(into: &state, mutation: mutation)
    }
}
