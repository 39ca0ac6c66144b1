import ViewStateKit

/// The screens the meetings app pushes: one case per screen, each a feature, declared once
/// with ``ChildPlace/ifCase(_:state:action:)`` — no `switch` of its own (TCA's
/// `@Reducer enum Path`).
public struct MeetingsPath: Feature {
    /// A pushed screen's state.
    public enum State: Equatable, Sendable {
        /// A meeting's detail.
        case detail(MeetingDetail.State)
        /// A meeting under way.
        case record(RecordMeeting.State)
    }

    /// An action for a pushed screen.
    public enum Action: Equatable, Sendable {
        /// For the detail screen.
        case detail(MeetingDetail.Action)
        /// For the record screen.
        case record(RecordMeeting.Action)
    }

    /// The screens, with nothing to configure.
    public init() {}

    /// One place per screen.
    public var children: [ChildPlace<State, Action, Mutation>] {
        [.ifCase(MeetingDetail(), state: State.detail, action: Action.detail),
         .ifCase(RecordMeeting(), state: State.record, action: Action.record)]
    }
}
