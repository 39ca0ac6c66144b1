// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for ViewStateKit, kept out of the root package so the product stays
// dependency-free. Run `./compare` from this folder.
let package = Package(
    name: "ViewStateKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "ViewStateKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "CellBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ViewStateKit", package: "ViewStateKit"),
                .product(name: "ViewStateKitTracing", package: "ViewStateKit"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Benchmarks/CellBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A fixed workload for callgrind's instruction counts (see its main.swift).
        // One advance of a ManualClock waking 100 to 10,000 sleepers, against a hand-written clock.
        .executableTarget(
            name: "clock-profile",
            dependencies: [.product(name: "ViewStateKitTesting", package: "ViewStateKit")],
            path: "Benchmarks/ClockProfile"
        ),
        .executableTarget(
            name: "reactor-profile",
            dependencies: [.product(name: "ViewStateKit", package: "ViewStateKit"),
                           .product(name: "ViewStateKitTracing", package: "ViewStateKit")],
            path: "Benchmarks/ReactorProfile"
        ),
    ],
    swiftLanguageModes: [.v6]
)
