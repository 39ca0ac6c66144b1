import Dispatch

/// The `viewstate-samples` command: parses its arguments and runs the chosen screens.
///
/// Exit codes: 0 when the scenarios ran (a rendered `failed` state is a normal outcome),
/// 2 for a usage error (one line on the error output saying what is wrong, then ``helpHint``).
@MainActor
public enum SamplesCLI {
    /// What the arguments asked for.
    public struct Invocation: Equatable, Sendable {
        /// The screens to run, in order.
        public var screens: [Screen]
        /// The scenario to run on each.
        public var scenario: Scenario
        /// The category to show, when one was given.
        public var category: Int?
        /// `true` when help was asked for.
        public var help = false
    }

    /// Runs the command with `arguments` (without the program name) and returns its exit code.
    /// `network` defaults to one calling back on a background queue, like URLSession. With
    /// `trace` (`VIEWSTATE_TRACE=1`), each screen's reactor or cells also write their trace
    /// lines to `output`, beside the rendered ones. `clock` is what the meetings' timer sleeps on:
    /// the real one unless given (a test passes one it controls).
    public static func run(_ arguments: [String], network: StubNetwork = StubNetwork(), trace: Bool = false,
                           clock: any Clock<Duration> = ContinuousClock(),
                           output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) async -> Int32 {
        let invocation: Invocation
        switch parse(arguments) {
        case .success(let parsed): invocation = parsed
        case .failure(let error):
            errorOutput("viewstate-samples: \(error.message)")
            errorOutput(helpHint)
            return 2
        }
        if invocation.help {
            output(usage)
            return 0
        }
        let runner = ScenarioRunner(network: network, write: output, trace: trace, clock: clock)
        for screen in invocation.screens {
            await runner.run(screen, invocation.scenario, category: invocation.category)
        }
        return 0
    }

    /// Why the arguments could not be understood.
    public struct UsageError: Error, Equatable {
        /// One line saying what is wrong.
        public let message: String
    }

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) -> Result<Invocation, UsageError> {
        var screen: Screen?
        var scenario: Scenario?
        var category: Int?
        var remaining = arguments[...]
        func fail(_ message: String) -> Result<Invocation, UsageError> { .failure(UsageError(message: message)) }

        while let argument = remaining.popFirst() {
            var flag = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            switch flag {
            case "-h", "--help":
                return .success(Invocation(screens: [], scenario: .success, help: true))
            case "--scenario", "--category":
                guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty, !value.hasPrefix("--") else {
                    return fail("\(flag) needs a value")
                }
                if flag == "--scenario" {
                    guard scenario == nil else { return fail("--scenario given twice") }
                    guard let named = Scenario(rawValue: value) else {
                        return fail("unknown scenario '\(value)'" + suggestion(for: value, among: Scenario.allCases.map(\.rawValue)))
                    }
                    scenario = named
                } else {
                    guard category == nil else { return fail("--category given twice") }
                    guard let id = Int(value) else { return fail("--category needs a whole number, got '\(value)'") }
                    category = id
                }
            default:
                if argument.hasPrefix("-") { return fail("unknown option '\(argument)'") }
                guard screen == nil else { return fail("unexpected argument '\(argument)'") }
                guard let named = Screen(rawValue: argument) else {
                    return fail("unknown command '\(argument)'" + suggestion(for: argument, among: Screen.allCases.map(\.rawValue)))
                }
                screen = named
            }
        }

        guard let screen else {
            if scenario != nil || category != nil { return fail("--scenario and --category need a screen") }
            return .success(Invocation(screens: Screen.allCases, scenario: .success))
        }
        let chosen = scenario ?? .success
        guard chosen.screens.contains(screen) else {
            return fail("scenario '\(chosen.rawValue)' is not available for \(screen.rawValue)")
        }
        if category != nil, screen != .categories { return fail("--category applies to categories only") }
        return .success(Invocation(screens: [screen], scenario: chosen, category: category))
    }

    /// `; did you mean 'meetings'?` for the name closest to `typed` (at most two edits away, or
    /// one that starts with it), or nothing.
    static func suggestion(for typed: String, among names: [String]) -> String {
        let typed = typed.lowercased()
        let scored = names.map { name in (name, name.hasPrefix(typed) && !typed.isEmpty ? 0 : editDistance(typed, name)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return "" }
        return "; did you mean '\(best.0)'?"
    }

    /// The fewest insertions, deletions and replacements of a character that turn `from` into `to`.
    static func editDistance(_ from: String, _ to: String) -> Int {
        let from = Array(from), to = Array(to)
        var previous = Array(0...to.count)
        for (i, a) in from.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: to.count)
            for (j, b) in to.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
            }
            previous = current
        }
        return previous[to.count]
    }

    /// What a usage error ends with: where the full usage is, instead of the usage itself.
    public static let helpHint = "Run 'viewstate-samples --help' to list the screens, scenarios and options."

    /// The help text.
    public static var usage: String {
        let screens = Screen.allCases.map { "  \($0.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)) \($0.summary)" }
        let scenarios = Scenario.allCases.map { scenario in
            let applies = scenario.screens == Screen.allCases ? "" : " (\(scenario.screens.map(\.rawValue).joined(separator: ", ")))"
            return "  \(scenario.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)) \(scenario.summary)\(applies)"
        }
        return ([
            "usage: viewstate-samples [SCREEN] [--scenario NAME] [--category ID]",
            "",
            "Runs the sample screens against a stubbed network and prints every state they render",
            "and every navigation step ([nav]). With no screen, runs every screen's success scenario.",
            "",
            "screens:",
        ] + screens + ["", "scenarios (default: success):"] + scenarios + [
            "",
            "options:",
            "  --scenario NAME   the scenario to run (default: success)",
            "  --category ID     the category to show (categories only; default 1, 999 for not-found)",
            "  -h, --help        show this help",
        ]).joined(separator: "\n")
    }
}
