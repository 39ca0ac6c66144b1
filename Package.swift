// swift-tools-version: 6.1
import PackageDescription

// ViewStateKit is MIT-licensed (see LICENSE). It has no package dependencies: only the standard library, Foundation,
// Dispatch and the toolchain's test frameworks (XCTest and Swift Testing, used only by
// ViewStateKitTesting). Benchmarks/ is a separate package.
let package = Package(
    name: "ViewStateKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "ViewStateKit", targets: ["ViewStateKit"]),
        .library(name: "ViewStateKitTracing", targets: ["ViewStateKitTracing"]),
        .library(name: "ViewStateKitTesting", targets: ["ViewStateKitTesting"]),
        .executable(name: "viewstate-samples", targets: ["viewstate-samples"]),
    ],
    targets: [
        .target(name: "ViewStateKit"),
        // Tracing and the field diff it shares with the testing module's failure messages: an
        // app links it only to trace (the runtime carries no diff engine and no reflection SPI).
        .target(name: "ViewStateKitTracing", dependencies: ["ViewStateKit"]),
        // Test helpers for users' tests: links XCTest and Swift Testing, never the app.
        .target(name: "ViewStateKitTesting", dependencies: ["ViewStateKit", "ViewStateKitTracing", "ViewStateKitSupport"]),
        // What the testing module and the samples share, and an app never links: held replies,
        // the one lock type, gates with a time limit. Not a product.
        .target(name: "ViewStateKitSupport"),
        .target(
            name: "ViewStateSamples",
            dependencies: ["ViewStateKit", "ViewStateKitTracing", "ViewStateKitSupport"],
            path: "Samples/ViewStateSamples",
            resources: [.process("Resources")]
        ),
        .executableTarget(
            name: "viewstate-samples",
            dependencies: ["ViewStateSamples"],
            path: "Samples/viewstate-samples"
        ),
        .testTarget(name: "ViewStateKitTests", dependencies: ["ViewStateKit", "ViewStateKitTracing", "ViewStateKitTesting"]),
        // The DocC tutorials' code as an app would hold it: the app's files link ViewStateKit
        // only, its tests ViewStateKitTesting too (scripts/check-listings checks each step
        // against these files; scripts/check-consumer builds them in a fresh package).
        .target(name: "TutorialApp", dependencies: ["ViewStateKit"], path: "Tests/Tutorials/TutorialApp"),
        .testTarget(name: "TutorialAppTests", dependencies: ["TutorialApp", "ViewStateKit", "ViewStateKitTesting"],
                    path: "Tests/Tutorials/TutorialAppTests"),
        // Golden transcripts (`expectTranscript`) live in `__Transcripts__` beside the tests.
        .testTarget(name: "ViewStateKitTestingTests", dependencies: ["ViewStateKitTesting", "ViewStateKit", "ViewStateKitTracing",
                                                                   "ViewStateKitSupport"],
                    exclude: ["__Transcripts__"]),
        .testTarget(name: "SamplesTests", dependencies: ["ViewStateSamples", "ViewStateKit", "ViewStateKitTracing", "ViewStateKitTesting"],
                    exclude: ["__Transcripts__"]),
    ],
    swiftLanguageModes: [.v6]
)
