import ViewStateKit

/// The screen that runs a meeting: a timer ticking once a second on the clock of its
/// dependencies (a real one in the CLI, a `ManualClock` in tests), who is speaking, and a live transcript. Ending
/// early asks whether to save; when time is up the timer's work saves and dismisses the screen
/// itself (`send.dismiss()`, as SyncUps does). It holds the meeting as a ``Shared`` element of
/// the list: saving writes the notes into it (the list, the detail and the save file see them)
/// and dismisses the screen; discarding only dismisses it (``Effect/dismiss``), which stops its
/// timer (N6).
public struct RecordMeeting: Feature {
    /// The meeting under way.
    public struct State: Equatable, Sendable {
        /// The meeting being held: an element of the shared list.
        public var meeting: Shared<Meeting>
        /// How many seconds have passed.
        public var secondsElapsed = 0
        /// What was said, one line per second: `0:01 Ana`.
        public var transcript: [String] = []
        /// The end-early question, while it is shown.
        public var alert: AlertState<Action.Alert>?

        /// The recording of `meeting`, from its start.
        public init(meeting: Shared<Meeting>) {
            self.meeting = meeting
        }

        /// Who speaks now: attendees take a second each, in turn.
        public var speaker: String {
            let attendees = meeting.value.attendees
            return attendees.isEmpty ? "nobody" : attendees[secondsElapsed % attendees.count]
        }

        /// The notes the meeting keeps when saved: how long it ran, and its transcript.
        public var note: String {
            "held \(clockText(secondsElapsed)): " + (transcript.isEmpty ? "nothing said" : transcript.joined(separator: "; "))
        }
    }

    /// What the user does.
    public enum Action: Equatable, Sendable {
        /// The screen appeared: the timer starts.
        case start
        /// "End meeting": the timer stops and the screen asks what to do.
        case endTapped
        /// A tap in the question.
        case alert(PresentationAction<Alert>)

        /// What the question's buttons send.
        public enum Alert: Equatable, Sendable {
            /// Keep the notes and leave.
            case saveAndEnd
            /// Leave without notes.
            case discard
            /// Go on with the meeting.
            case resume
        }
    }

    /// How the screen's state changes.
    public enum Mutation: Equatable, Sendable {
        /// A second passed: the speaker's line is added.
        case tick
        /// The end-early question shown.
        case showEndAlert
        /// The notes written into the meeting.
        case keepNotes
    }

    /// The clock the timer sleeps on: the reactor's (a real one in the app, a `ManualClock` in tests).
    @Dependency(\.clock) var clock

    /// A record screen; its timer sleeps on the clock of the reactor running it.
    public init() {}

    /// The shared meeting and the question, declared once; the question is cleared after any
    /// of its buttons.
    public var children: [ChildPlace<State, Action, Mutation>] {
        [.shared(\.meeting), .alert(state: \.alert, action: Action.alert)]
    }

    /// Runs the timer; ending early stops it and asks; discarding dismisses the screen.
    public func mutate(action: Action, state: State) -> Effect<Mutation> {
        switch action {
        case .start, .alert(.presented(.resume)), .alert(.dismiss):
            timer(seconds: state.meeting.value.seconds - state.secondsElapsed)
        case .endTapped:
            .merge(.cancel(id: "timer"), .mutation(.showEndAlert))
        case .alert(.presented(.discard)):
            .dismiss
        case .alert(.presented(.saveAndEnd)):
            .merge(.mutation(.keepNotes), .dismiss)
        }
    }

    /// Counts the seconds and asks the questions.
    public func reduce(into state: inout State, mutation: Mutation) {
        switch mutation {
        case .tick:
            state.transcript.append("\(clockText(state.secondsElapsed + 1)) \(state.speaker)")
            state.secondsElapsed += 1
        case .showEndAlert:
            state.alert = AlertState(title: "End meeting early?",
                                     buttons: [AlertButton("Save and end", action: .saveAndEnd),
                                               .destructive("Discard", action: .discard),
                                               .cancel("Resume", action: .resume)])
        case .keepNotes:
            state.meeting.value.notes.append(state.note)
        }
    }

    /// A tick a second for what is left of the meeting, on a timer that does not drift; when
    /// time is up, the notes are kept and the screen dismisses itself.
    private func timer(seconds: Int) -> Effect<Mutation> {
        .run(id: "timer") { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)).prefix(max(0, seconds)) {
                await send(.tick)
            }
            await send(.keepNotes)
            await send.dismiss()
        }
    }
}

/// `m:ss`.
func clockText(_ seconds: Int) -> String {
    "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
}
