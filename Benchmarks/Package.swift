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
                .product(name: "SMSpec", package: "smcheck"), .product(name: "SMBuilder", package: "smcheck"),
            ]
        ),
        // The flat ring and the player as typed Swift, generated at build time from their JSON specs.
        .target(name: "GeneratedMachines", plugins: [.plugin(name: "SMCheckGenerate", package: "smcheck")]),
        .executableTarget(
            name: "ProfileDriver",
            dependencies: ["BenchmarkSpecs", .product(name: "SMAnalyzer", package: "smcheck")]
        ),
        benchmarkTarget("EngineBenchmarks", uses: ["SMEngine", "SMSpec"], extra: ["GeneratedMachines"]),
        benchmarkTarget("ExplorerBenchmarks", uses: ["SMAnalyzer"]),
        benchmarkTarget("FuzzBenchmarks", uses: ["SMFuzz"]),
        benchmarkTarget("LoaderBenchmarks", uses: ["SMEngine", "SMSpec", "SMSCXML"]),
        benchmarkTarget("SolverBenchmarks", uses: ["SMSolver"]),
        benchmarkTarget("SymbolicBenchmarks", uses: ["SMAnalyzer", "SMSpec"]),
        benchmarkTarget("DiagramBenchmarks", uses: ["SMReport", "SMSpec"]),
    ]
)

/// A package-benchmark target in `Benchmarks/<name>`, with the shared specs and the smcheck products it measures.
func benchmarkTarget(_ name: String, uses products: [String], extra: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["BenchmarkSpecs", .product(name: "Benchmark", package: "benchmark")]
            + products.map { .product(name: $0, package: "smcheck") } + extra,
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
