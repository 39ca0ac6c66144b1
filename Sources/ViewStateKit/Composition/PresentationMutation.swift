/// A change to a presented child, as a parent's mutation carries it: the child's own mutation,
/// or its dismissal. A parent declares one case for it
/// (`case destination(PresentationMutation<Destination.Mutation>)`; an alert, which has no
/// mutations of its own, uses `PresentationMutation<Never>`). The child's ``ChildPlace`` reduces
/// it, so the parent's `reduce` never sees it.
public enum PresentationMutation<ChildMutation> {
    /// A mutation of the presented child; dropped when the child has been dismissed.
    case presented(ChildMutation)
    /// Sets the child to `nil`, cancelling its work: what a `.dismiss` action, an alert's
    /// button and ``Effect/dismiss`` from inside the child all produce.
    case dismiss
}

extension PresentationMutation: Equatable where ChildMutation: Equatable {}
extension PresentationMutation: Sendable where ChildMutation: Sendable {}
