// swift-tools-version: 6.1
//
// smcheck — model checking and property-based testing for state machines.
//
// Modules, from the bottom up (each folder under Sources/ is one):
//   SMSpec      the spec format: JSON with positions, model, validation, expressions, JSON Schema
//   SMSCXML     SCXML in and out (FoundationXML, so apps that only read JSON do not link libxml2); loading by extension
//   SMBuilder   the Swift DSL: `Spec("name") { ... }` builds the same Spec value the JSON format does
//   SMEngine    compiled machine, the SCXML step algorithm, the thread-safe runtime
//   CZ3         libz3 as a system library (only with the "Z3" trait)
//   SMSolver    guard encoding into Z3 and an enumeration back end that must agree with it
//   CPlatform   what Swift lacks: a cache prefetch hint, the process's resident memory (Linux, Apple), whether
//               standard output was written
//   SMSymbolic  symbolic verification: the engine's macrostep on symbolic values, BMC, k-induction, CHC (Z3)
//   SMAnalyzer  the explorer (every reachable configuration) and the SM0xx findings
//   SMFuzz      property-based harness: generation, coverage guidance, shrinking, replay, coverage, conformance,
//               linearizability of thread-safe implementations
//   CGraphviz   Graphviz's libgvc/libcgraph as a system library (only with the "Graphviz" trait)
//   SMReport    text, JSON, SARIF and JUnit renderers; state diagrams (DOT, Mermaid, SVG drawn by Graphviz); Markdown
//               and HTML reports
//   SMCodegen   typed Swift generated from a spec: straight-line code that steps as the engine does
//   SMTesting   assertions for users' tests (assertNoFindings, ...), recorded through XCTest or Swift Testing
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
        .library(name: "SMSCXML", targets: ["SMSCXML"]),
        .library(name: "SMBuilder", targets: ["SMBuilder"]),
        .library(name: "SMEngine", targets: ["SMEngine"]),
        .library(name: "SMSolver", targets: ["SMSolver"]),
        .library(name: "SMAnalyzer", targets: ["SMAnalyzer"]),
        .library(name: "SMFuzz", targets: ["SMFuzz"]),
        .library(name: "SMReport", targets: ["SMReport"]),
        .library(name: "SMTesting", targets: ["SMTesting"]),
        .library(name: "SMCodegen", targets: ["SMCodegen"]),
        .plugin(name: "SMCheckGenerate", targets: ["SMCheckGenerate"]),
        .plugin(name: "SMCheckCommand", targets: ["SMCheckCommand"]),
    ],
    traits: [
        .trait(name: "Z3", description: "Prove guard properties with libz3 (needs libz3-dev and pkg-config)."),
        .trait(
            name: "Graphviz", description: "Draw state diagrams as SVG with Graphviz in process (needs libgraphviz-dev and pkg-config)."),
        .default(enabledTraits: ["Z3", "Graphviz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0")
    ],
    targets: [
        .target(name: "SMSpec", swiftSettings: strictSwift),
        .target(name: "SMSCXML", dependencies: ["SMSpec"], swiftSettings: strictSwift),
        .target(name: "SMBuilder", dependencies: ["SMSpec"], swiftSettings: strictSwift),
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
            dependencies: ["SMEngine", "SMSolver", "SMSymbolic", "CPlatform"],
            swiftSettings: strictSwift
        ),
        .target(name: "CPlatform"),
        .target(name: "SMFuzz", dependencies: ["SMEngine", "SMAnalyzer"], swiftSettings: strictSwift),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(
            name: "SMReport",
            dependencies: ["SMAnalyzer", "SMFuzz", .target(name: "CGraphviz", condition: .when(traits: ["Graphviz"]))],
            swiftSettings: strictSwift
        ),
        .target(name: "SMTesting", dependencies: ["SMAnalyzer", "SMFuzz", "SMReport"], swiftSettings: strictSwift),
        .target(name: "SMCodegen", dependencies: ["SMEngine"], swiftSettings: strictSwift),
        .executableTarget(
            name: "smcheck",
            dependencies: [
                "SMSpec", "SMSCXML", "SMEngine", "SMSolver", "SMAnalyzer", "SMFuzz", "SMReport", "SMCodegen", "CPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),

        // Plugins (Plugins/): generate and check specs while building, and check or generate on demand.
        .plugin(name: "SMCheckGenerate", capability: .buildTool(), dependencies: ["smcheck"]),
        .plugin(
            name: "SMCheckCommand",
            // No declared permission, so that checking needs none: `generate` writes where
            // `--allow-writing-to-directory` allows (the sandbox of macOS; Linux has none).
            capability: .command(
                intent: .custom(
                    verb: "smcheck", description: "Check every smcheck spec of the package, or generate their Swift (`generate`).")
            ),
            dependencies: ["smcheck"]
        ),

        // Shared test helpers: fixture lookup, spec builders, expectation helpers.
        .target(
            name: "SMTestSupport", dependencies: ["SMSpec", "SMSCXML", "SMBuilder", "SMEngine", "SMAnalyzer", "SMFuzz"],
            path: "Tests/SMTestSupport", swiftSettings: strictSwift),
        .testTarget(name: "SMSpecTests", dependencies: ["SMSpec", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(
            name: "SMSCXMLTests", dependencies: ["SMSCXML", "SMEngine", "SMAnalyzer", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMBuilderTests", dependencies: ["SMBuilder", "SMEngine", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMEngineTests", dependencies: ["SMEngine", "SMBuilder", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(
            name: "SMSolverTests", dependencies: ["SMSolver", "SMEngine", "SMBuilder", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMSymbolicTests", dependencies: ["SMSymbolic", "SMAnalyzer", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(
            name: "SMAnalyzerTests", dependencies: ["SMAnalyzer", "SMBuilder", "SMReport", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMFuzzTests", dependencies: ["SMFuzz", "SMBuilder", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMReportTests", dependencies: ["SMReport", "SMBuilder", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMTestingTests", dependencies: ["SMTesting", "SMTestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "SMCheckTests", dependencies: ["smcheck", "SMReport", "SMTestSupport"], swiftSettings: strictSwift),
        // An app's file importing Foundation, Testing and every public module at once compiles: no name is ambiguous.
        .target(name: "AppleFrameworkNames", path: "Tests/AppleFrameworkNames", swiftSettings: strictSwift),
        .testTarget(
            name: "SMAppImportTests",
            dependencies: [
                "AppleFrameworkNames", "SMSpec", "SMSCXML", "SMBuilder", "SMEngine", "SMSolver", "SMAnalyzer",
                "SMFuzz", "SMReport", "SMTesting", "SMCodegen",
            ],
            swiftSettings: strictSwift
        ),
        // scripts/update-snippets: regenerates Tests/SMDocumentationTests/Snippets from the documents.
        .executableTarget(
            name: "update-snippets", dependencies: ["SMTestSupport", "SMCodegen"], path: "Tests/Tools/update-snippets",
            swiftSettings: strictSwift),
        // The Swift of README.md and Docs/, compiled and run (Tests/SMDocumentationTests/Snippets is generated from it).
        .testTarget(
            name: "SMDocumentationTests",
            dependencies: [
                "SMSpec", "SMBuilder", "SMEngine", "SMAnalyzer", "SMFuzz", "SMReport", "SMTesting", "SMTestSupport", "SMCodegen",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "SMCodegenTests", dependencies: ["SMCodegen", "SMSCXML", "SMEngine", "SMSpec", "SMTestSupport"],
            exclude: ["ConformanceRunner"],
            swiftSettings: strictSwift),
    ]
)
