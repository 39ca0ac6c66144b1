import Foundation
import ViewStateSamples

let status = await SamplesCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    output: { print($0) },
    errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
)
exit(status)
