/// The id a ``ScreenStack`` gives each screen pushed on it: stable while the screen is on the
/// stack and never given again by that stack, so an action or a late mutation for a screen
/// that was popped can never reach a newer screen. Written `#3`; a test names one with a
/// literal (`.screen(id: 0, action: …)`).
public struct StackID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The number behind the id: the stack counts up from 0.
    public let rawValue: Int

    /// The id with this number.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The id with this number, from a literal: `0` for the first screen a new stack pushes.
    public init(integerLiteral rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Whether `lhs` was given before `rhs`: lower on the stack, when both are on it.
    public static func < (lhs: StackID, rhs: StackID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `#` and the number.
    public var description: String { "#\(rawValue)" }
}
