import Foundation
import ViewStateKitTesting

// One advance of a ManualClock that wakes N sleepers (#46: O(N log N)), side by side in one run
// with the same wakes on a hand-written clock (a sorted list of continuations, each woken in
// turn and given a yield, as swift-clocks' TestClock does). Prints, for N = 100, 1,000 and
// 10,000, the milliseconds of one advance (best of three), the ratio to the hand-written clock,
// and the growth from 1,000 to 10,000 (10× the sleepers: 10× is linear, ≤ 15× is the goal).
// Also a fixed workload for callgrind, with the argument `once N`. Run from Benchmarks/:
//   swift run -c release clock-profile
//   valgrind --tool=callgrind .build/release/clock-profile once 1000

/// The baseline: sleepers kept in a list, each woken in deadline order with a yield after it.
@MainActor final class HandWrittenClock {
    private var sleepers: [(deadline: Int, wake: CheckedContinuation<Void, Never>)] = []

    var count: Int { sleepers.count }

    func sleep(until deadline: Int) async {
        await withCheckedContinuation { sleepers.append((deadline, $0)) }
    }

    func advanceAll() async {
        sleepers.sort { $0.deadline < $1.deadline }
        let due = sleepers
        sleepers.removeAll()
        for sleeper in due {
            sleeper.wake.resume()
            await Task.yield()
        }
    }
}

/// Deadlines 1…n ms, in a shuffled but fixed order.
func deadlines(_ n: Int) -> [Int] {
    var order = Array(1...n)
    var seed: UInt64 = 42
    for index in order.indices.reversed() where index > 0 {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        order.swapAt(index, Int(seed >> 33) % (index + 1))
    }
    return order
}

@MainActor func manualClockAdvance(_ n: Int) async -> Duration {
    let clock = ManualClock(timeLimit: .seconds(60))
    let woken = Counter()
    for deadline in deadlines(n) {
        Task { @MainActor in
            try? await clock.sleep(until: clock.now.advanced(by: .milliseconds(deadline)))
            woken.value += 1
        }
    }
    await clock.waitForSleepers(n, timeLimit: .seconds(60))
    let elapsed = await ContinuousClock().measure { await clock.advance(by: .milliseconds(n)) }
    precondition(woken.value == n, "the advance woke \(woken.value) of \(n)")  // justified: a benchmark's own check
    return elapsed
}

@MainActor func handWrittenAdvance(_ n: Int) async -> Duration {
    let clock = HandWrittenClock()
    let woken = Counter()
    for deadline in deadlines(n) {
        Task { @MainActor in
            await clock.sleep(until: deadline)
            woken.value += 1
        }
    }
    while clock.count < n { await Task.yield() }
    let elapsed = await ContinuousClock().measure { await clock.advanceAll() }
    while woken.value < n { await Task.yield() }
    return elapsed
}

@MainActor final class Counter { var value = 0 }

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

@MainActor func main() async {
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "once", let n = Int(arguments[2]) {
        _ = await manualClockAdvance(n)
        return
    }
    print("sleepers  manual clock (ms)  hand-written (ms)  ratio")
    var engine: [Int: Double] = [:]
    for n in [100, 1_000, 10_000] {
        var best = (Double.infinity, Double.infinity)
        for _ in 0..<3 {
            best.0 = min(best.0, milliseconds(await manualClockAdvance(n)))
            best.1 = min(best.1, milliseconds(await handWrittenAdvance(n)))
        }
        engine[n] = best.0
        print(String(format: "%8d  %17.2f  %17.2f  %5.1f×", n, best.0, best.1, best.0 / best.1))
    }
    print(String(format: "growth 1,000 → 10,000 sleepers: %.1f× (linear: 10×; goal: ≤ 15×)", engine[10_000]! / engine[1_000]!))
}

await main()
