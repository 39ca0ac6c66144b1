import Foundation
import ViewStateKit

/// The register screen as an Input → Output view model: a name field and a register button
/// that is enabled only for a valid name; tapping it with a valid name asks to go home.
///
/// A valid name has 2–10 characters and no leading or trailing spaces ("Kim Lee" is valid,
/// " Kim" and "K" are not). A tap while the name is invalid does nothing.
@MainActor
public final class RegisterViewModel: ViewModel {
    /// What the view feeds in.
    public struct Input {
        /// The name field's text.
        public let name: StateCell<String>
        /// Taps on the register button.
        public let registerTap: Events<Void>

        /// The inputs of one register screen.
        public init(name: StateCell<String>, registerTap: Events<Void>) {
            self.name = name
            self.registerTap = registerTap
        }
    }

    /// What the view binds and reacts to.
    public struct Output {
        /// Whether the register button is enabled.
        public let isRegisterEnabled: StateCell<Bool>
        /// The screen to go to: `"home"` after a successful register.
        public let route: Events<String>
    }

    private var tokens = Set<ObservationToken>()

    /// A view model with no wiring yet.
    public init() {}

    /// `true` for 2–10 characters with no leading or trailing spaces.
    public static func isValid(_ name: String) -> Bool {
        (2...10).contains(name.count) && name == name.trimmingCharacters(in: .whitespaces)
    }

    /// Wires `input` to the outputs; the wiring lives as long as the view model.
    public func transform(_ input: Input) -> Output {
        let output = Output(isRegisterEnabled: StateCell(false), route: Events())
        input.name.observe { output.isRegisterEnabled.send(Self.isValid($0)) }.store(in: &tokens)
        input.registerTap.observe {
            if Self.isValid(input.name.value) { output.route.send("home") }
        }.store(in: &tokens)
        return output
    }
}
