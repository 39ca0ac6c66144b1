// swift-tools-version: 6.1
import PackageDescription

// ViewStateKit has no package dependencies: only the standard library, Foundation,
// Dispatch and the toolchain's test frameworks. Benchmarks/ is a separate package.
let package = Package(
    name: "ViewStateKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "ViewStateKit", targets: ["ViewStateKit"]),
        .executable(name: "viewstate-samples", targets: ["viewstate-samples"]),
    ],
    targets: [
        .target(name: "ViewStateKit"),
        .target(
            name: "ViewStateSamples",
            dependencies: ["ViewStateKit"],
            path: "Samples/ViewStateSamples",
            resources: [.process("Resources")]
        ),
        .executableTarget(
            name: "viewstate-samples",
            dependencies: ["ViewStateSamples"],
            path: "Samples/viewstate-samples"
        ),
        .testTarget(name: "ViewStateKitTests", dependencies: ["ViewStateKit"]),
        .testTarget(name: "SamplesTests", dependencies: ["ViewStateSamples", "ViewStateKit"]),
    ],
    swiftLanguageModes: [.v6]
)
