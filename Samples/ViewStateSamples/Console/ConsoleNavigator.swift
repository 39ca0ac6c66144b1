import ViewStateKit

/// A navigator that prints each step as a line: `[nav] push home`.
@MainActor
public final class ConsoleNavigator: Navigator {
    /// Every line printed so far.
    public private(set) var lines: [String] = []
    private let write: (String) -> Void

    /// A navigator printing through `write`.
    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    /// Prints `[nav] push <screen>`.
    public func push(_ screen: String) { step("push \(screen)") }
    /// Prints `[nav] pop`.
    public func pop() { step("pop") }
    /// Prints `[nav] present <screen>`.
    public func present(_ screen: String) { step("present \(screen)") }
    /// Prints `[nav] dismiss`.
    public func dismiss() { step("dismiss") }
    /// Prints `[nav] set root <screen>`.
    public func setRoot(_ screen: String) { step("set root \(screen)") }

    private func step(_ text: String) {
        let line = "[nav] \(text)"
        lines.append(line)
        write(line)
    }
}
