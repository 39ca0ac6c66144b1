/// Whether a test run may write transcripts, from the environment:
///
/// - unset: a missing transcript is recorded and its test fails once, saying where it wrote;
///   an existing one is only compared.
/// - `VIEWSTATE_TRANSCRIPTS=record`: every transcript this run differs from is re-recorded,
///   and its test fails once with the change; unchanged ones pass.
/// - `VIEWSTATE_TRANSCRIPTS=verify`, or the `CI` variable set (as CI services do) without
///   `VIEWSTATE_TRANSCRIPTS`: nothing is written; a missing transcript is a plain failure.
enum TranscriptMode: Equatable {
    case recordMissing
    case recordAll
    case verify
    /// `VIEWSTATE_TRANSCRIPTS` holds something else: every check fails, saying so.
    case unknown(String)

    /// The name of the variable that chooses the mode.
    static let variable = "VIEWSTATE_TRANSCRIPTS"

    init(environment: [String: String]) {
        switch environment[Self.variable] {
        case "record": self = .recordAll
        case "verify": self = .verify
        case let other? where !other.isEmpty: self = .unknown(other)
        default:
            let ci = environment["CI"]?.lowercased() ?? ""
            self = ["", "0", "false", "no"].contains(ci) ? .recordMissing : .verify
        }
    }
}
