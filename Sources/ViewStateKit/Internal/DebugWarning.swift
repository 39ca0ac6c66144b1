/// Where the library's debug-build warnings go (C10's runaway sends, an effect's uncaught
/// error): printed, unless a test reads them with `DebugWarning.$sink.withValue(…)`. A
/// task-local, so nothing stores a hook, tests running in parallel never see each other's
/// warnings, and an effect's task inherits the sink of the test that started it. Release
/// builds write nothing.
@usableFromInline
enum DebugWarning {
    @TaskLocal static var sink: (@Sendable (String) -> Void)?

    @usableFromInline
    static func write(_ message: @autoclosure () -> String) {
        #if DEBUG
        (sink ?? { print($0) })(message())
        #endif
    }
}
