/// A reactor's three types, named by one: code generic over reactors writes
/// `ReactorTester<SearchReactor>` instead of spelling `Action`, `Mutation` and `State`. Every
/// ``Reactor`` subclass conforms; there is nothing to implement.
@MainActor
public protocol ReactorTypes: AnyObject {
    /// The actions the reactor is sent.
    associatedtype Action
    /// The mutations its actions and effects produce.
    associatedtype Mutation
    /// The state it publishes.
    associatedtype State
    /// The reactor as its base class (a name no screen's own member is likely to take).
    var asReactor: Reactor<Action, Mutation, State> { get }
}

extension Reactor: ReactorTypes {
    /// The reactor itself, as its base class.
    public final var asReactor: Reactor<Action, Mutation, State> { self }
}
