import Foundation
import ViewStateSamples

let status = await SamplesCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    trace: ProcessInfo.processInfo.environment["VIEWSTATE_TRACE"] == "1",
    output: { print($0) },
    errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
)
exit(status)
