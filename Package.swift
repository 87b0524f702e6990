// swift-tools-version: 6.1
//
// smcheck — model checking and property-based testing for state machines.
//
// Modules, from the bottom up (each folder under Sources/ is one):
//   SMSpec      the spec format: JSON with positions, model, validation, expressions, JSON Schema
//   SMEngine    compiled machine, the SCXML step algorithm, the thread-safe runtime, Swift DSL
//   CZ3         libz3 as a system library (only with the "Z3" trait)
//   SMSolver    guard encoding into Z3 and an enumeration back end that must agree with it
//   CPlatform   what Swift lacks: a cache prefetch hint, the process's resident memory (Linux, Apple)
//   SMSymbolic  symbolic verification: the engine's macrostep on symbolic values, BMC, k-induction, CHC (Z3)
//   SMAnalyzer  the explorer (every reachable configuration) and the SM0xx findings
//   SMFuzz      property-based harness: generation, coverage guidance, shrinking, replay, coverage, conformance,
//               linearizability of thread-safe implementations
//   SMReport    text, JSON, SARIF and JUnit renderers; Markdown and HTML reports with a Mermaid diagram
//   SMTesting   assertions for users' tests: XCTest (XCTAssertNoFindings, ...) and Swift Testing (expectNoFindings, ...)
//   smcheck     the command line tool
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "smcheck",
    // The runtime's lock-free owner check uses the Synchronization module, which these versions bring.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "smcheck", targets: ["smcheck"]),
        .library(name: "SMSpec", targets: ["SMSpec"]),
        .library(name: "SMEngine", targets: ["SMEngine"]),
        .library(name: "SMSolver", targets: ["SMSolver"]),
        .library(name: "SMAnalyzer", targets: ["SMAnalyzer"]),
        .library(name: "SMFuzz", targets: ["SMFuzz"]),
        .library(name: "SMReport", targets: ["SMReport"]),
        .library(name: "SMTesting", targets: ["SMTesting"]),
    ],
    traits: [
        .trait(name: "Z3", description: "Prove guard properties with libz3 (needs libz3-dev and pkg-config)."),
        .default(enabledTraits: ["Z3"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-atomics.git", from: "1.2.0"),
    ],
    targets: [
        .target(name: "SMSpec", swiftSettings: strictSwift),
        .target(name: "SMEngine", dependencies: ["SMSpec"], swiftSettings: strictSwift),
        .systemLibrary(
            name: "CZ3",
            pkgConfig: "z3",
            providers: [.apt(["libz3-dev"]), .brew(["z3"])]
        ),
        .target(
            name: "SMSolver",
            dependencies: ["SMSpec", .target(name: "CZ3", condition: .when(traits: ["Z3"]))],
            swiftSettings: strictSwift
        ),
        .target(
            name: "SMSymbolic",
            dependencies: ["SMEngine", "SMSolver", .target(name: "CZ3", condition: .when(traits: ["Z3"]))],
            swiftSettings: strictSwift
        ),
        .target(
            name: "SMAnalyzer",
            dependencies: ["SMEngine", "SMSolver", "SMSymbolic", "CPlatform", .product(name: "Atomics", package: "swift-atomics")],
            swiftSettings: strictSwift
        ),
        .target(name: "CPlatform"),
        .target(name: "SMFuzz", dependencies: ["SMEngine", "SMAnalyzer"], swiftSettings: strictSwift),
        .target(name: "SMReport", dependencies: ["SMAnalyzer", "SMFuzz"], swiftSettings: strictSwift),
        .target(name: "SMTesting", dependencies: ["SMAnalyzer", "SMFuzz", "SMReport"], swiftSettings: strictSwift),
        .executableTarget(
            name: "smcheck",
            dependencies: [
                "SMSpec", "SMEngine", "SMSolver", "SMAnalyzer", "SMFuzz", "SMReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),

        // Shared test helpers: fixture lookup, spec builders, expectation helpers.
        .target(name: "SMTestSupport", dependencies: ["SMSpec", "SMEngine", "SMAnalyzer", "SMFuzz"], path: "Tests/SMTestSupport", swiftSettings: strictSwift),
        .testTarget(name: "SMSpecTests", dependencies: ["SMSpec", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMEngineTests", dependencies: ["SMEngine", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMSolverTests", dependencies: ["SMSolver", "SMEngine", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMSymbolicTests", dependencies: ["SMSymbolic", "SMAnalyzer", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMAnalyzerTests", dependencies: ["SMAnalyzer", "SMReport", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMFuzzTests", dependencies: ["SMFuzz", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMReportTests", dependencies: ["SMReport", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMTestingTests", dependencies: ["SMTesting", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMCheckTests", dependencies: ["smcheck", "SMTestSupport"], swiftSettings: strictSwift),
        // scripts/update-snippets: regenerates Tests/SMDocumentationTests/Snippets from the documents.
        .executableTarget(name: "update-snippets", dependencies: ["SMTestSupport"], path: "Tests/Tools/update-snippets",
                          swiftSettings: strictSwift),
        // The Swift of README.md and Docs/, compiled and run (Tests/SMDocumentationTests/Snippets is generated from it).
        .testTarget(
            name: "SMDocumentationTests",
            dependencies: ["SMSpec", "SMEngine", "SMAnalyzer", "SMFuzz", "SMReport", "SMTesting", "SMTestSupport"],
            swiftSettings: strictSwift
        ),
    ]
)
