import Testing
import XCTest

/// Where a helper was called from, so a failure points at the caller's line.
struct CallSite {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// Reports `message` as a failure at this call site: through Swift Testing inside a Swift
    /// Testing test, through XCTest otherwise.
    func fail(_ message: String) {
        if Test.current != nil {
            let location = SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
