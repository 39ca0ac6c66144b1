import Foundation
import Testing
import ViewStateKitTesting

/// The loops that repeat a case many times to show it comes out the same on every run. Each
/// stops at its first failure (one report is enough), and once its budget of real time has gone
/// by: a broken engine that makes every round wait out a time limit then fails the test in a
/// minute, rather than running it for hours (no round comes near it: a thousand rounds take a
/// few seconds, ten times that on a busy machine).
enum Repetitions {
    /// The real time a loop of rounds may take in all: twelve safety nets, a minute by default
    /// and two under a sanitizer (`.ci/run` sets the net to ten seconds there): each round hands
    /// its jobs to the engine's lane and back, which a sanitizer makes several times slower.
    static let budget = SafetyNet.defaultLimit * 12

    /// Runs `round` up to `count` times, while it returns `true`. Returns how many rounds ran;
    /// records an issue when the budget ran out first.
    @discardableResult
    static func run(_ count: Int, isolation: isolated (any Actor)? = #isolation,
                    sourceLocation: SourceLocation = #_sourceLocation, _ round: () async -> Bool) async -> Int {
        let clock = ContinuousClock()
        let start = clock.now
        for done in 0..<count {
            guard await round() else { return done + 1 }
            if start.duration(to: clock.now) > budget {
                Issue.record("\(done + 1) of \(count) rounds took more than \(budget) of real time", sourceLocation: sourceLocation)
                return done + 1
            }
        }
        return count
    }
}
