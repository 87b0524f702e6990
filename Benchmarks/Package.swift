// swift-tools-version: 6.1
// Speed and memory measurements of smcheck, kept apart from the main package so its build stays light.
// Run:  cd Benchmarks && swift package benchmark
import PackageDescription

let package = Package(
    name: "smcheck-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "smcheck", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "BenchmarkSpecs",
            dependencies: [
                .product(name: "SMEngine", package: "smcheck"), .product(name: "SMFuzz", package: "smcheck"),
                .product(name: "SMSpec", package: "smcheck"),
            ]
        ),
        .executableTarget(
            name: "ProfileDriver",
            dependencies: ["BenchmarkSpecs", .product(name: "SMAnalyzer", package: "smcheck")]
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "BenchmarkSpecs",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SMEngine", package: "smcheck"),
                .product(name: "SMSpec", package: "smcheck"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ExplorerBenchmarks",
            dependencies: [
                "BenchmarkSpecs",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SMAnalyzer", package: "smcheck"),
            ],
            path: "Benchmarks/ExplorerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "FuzzBenchmarks",
            dependencies: [
                "BenchmarkSpecs",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SMFuzz", package: "smcheck"),
            ],
            path: "Benchmarks/FuzzBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LoaderBenchmarks",
            dependencies: [
                "BenchmarkSpecs",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SMSpec", package: "smcheck"),
            ],
            path: "Benchmarks/LoaderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: [
                "BenchmarkSpecs",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SMSolver", package: "smcheck"),
            ],
            path: "Benchmarks/SolverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
