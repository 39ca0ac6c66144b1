import ViewStateKit
import ViewStateKitTracing

/// Checks that `actual` is exactly `expected`, value by value, and fails the test otherwise.
///
/// The failure message gives the first index where the sequences part, the field-level
/// differences at that index (`presenting.stores[1].name: "A" → "B"`, expected → actual), and
/// both sequences in full. It is reported at the caller's file and line, through Swift Testing
/// inside a Swift Testing test and through XCTest otherwise.
///
/// - Parameters:
///   - actual: the values the code under test produced, in order.
///   - expected: the values it should have produced.
///   - fileID: the file ID a failure is reported at; the caller's unless given.
///   - filePath: the file path a failure is reported at; the caller's unless given.
///   - line: the line a failure is reported at; the caller's unless given.
///   - column: the column a failure is reported at; the caller's unless given.
/// - Returns: `true` when the sequences are equal.
@discardableResult
public func expectSequence<Value: Equatable>(
    _ actual: [Value], equals expected: [Value],
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    guard let message = sequenceMismatch(actual, expected) else { return true }
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column).fail(message)
    return false
}

/// Why `actual` is not `expected`, or `nil` when they are equal.
func sequenceMismatch<Value: Equatable>(_ actual: [Value], _ expected: [Value]) -> String? {
    guard actual != expected else { return nil }
    let index = (0..<min(actual.count, expected.count)).first { actual[$0] != expected[$0] } ?? min(actual.count, expected.count)
    var lines = ["Sequences differ at index \(index) (expected \(expected.count) values, got \(actual.count))."]
    switch (index < expected.count, index < actual.count) {
    case (true, true):
        lines.append("At index \(index) (expected → actual):")
        lines += ValueDiff.lines(expected[index], actual[index]).map { "  " + $0 }
    case (true, false):
        lines.append("The actual sequence ends before index \(index); missing: \(ValueDescription.describe(expected[index]))")
    default:
        lines.append("The actual sequence goes on at index \(index) with: \(ValueDescription.describe(actual[index]))")
    }
    lines.append("Expected:")
    lines += listing(expected, marking: index)
    lines.append("Actual:")
    lines += listing(actual, marking: index)
    return lines.joined(separator: "\n")
}

/// `  [0] .loading`, one line per value, with `▶` at the index where the sequences part.
private func listing<Value>(_ values: [Value], marking mark: Int) -> [String] {
    values.enumerated().map { index, value in
        let text = ValueDescription.describe(value)
        let shown = text.count > 160 ? text.prefix(159) + "…" : Substring(text)
        return "\(index == mark ? "▶" : " ") [\(index)] \(shown)"
    }
}

/// Checks that `actual` equals `expected`, and fails the test otherwise with the fields that
/// differ (expected → actual), at the caller's line — for one value, without the sequence
/// listing of `expectSequence`.
///
/// - Returns: `true` when the values are equal.
@discardableResult
public func expectNoDifference<Value: Equatable>(
    _ actual: Value, _ expected: Value,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    guard actual != expected else { return true }
    let diff = ValueDiff.lines(expected, actual).map { "  " + $0 }
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        .fail((["Values differ (expected → actual):"] + diff).joined(separator: "\n"))
    return false
}
