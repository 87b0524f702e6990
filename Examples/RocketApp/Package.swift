// swift-tools-version: 6.1
// An app library that keeps its state machines as smcheck specs: the SMCheckGenerate plugin generates the typed Swift
// machines at build time and reports the specs' findings as compiler diagnostics.
//
//   swift build && swift test
//
// SMCHECK_PLANTED=1 adds the target `Planted`, whose specs have a planted warning (an unreachable state) and a planted
// error (a range violation): `swift build --target Planted` shows the first as a warning and fails on the second.
// SMCHECK_PLANTED=warning or =error keeps only that spec (a build that fails may stop before the other's diagnostics).
import Foundation
import PackageDescription

let package = Package(
    name: "RocketApp",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "smcheck", path: "../.."),
    ],
    targets: [
        .target(
            name: "RocketApp",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "SMCheckGenerate", package: "smcheck")]
        ),
        .testTarget(
            name: "RocketAppTests",
            dependencies: [
                "RocketApp",
                .product(name: "SMFuzz", package: "smcheck"), .product(name: "SMSpec", package: "smcheck"),
                .product(name: "SMTesting", package: "smcheck"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "SMCheckGenerate", package: "smcheck")]
        ),
    ]
)

if let planted = ProcessInfo.processInfo.environment["SMCHECK_PLANTED"] {
    let excluded: [String] =
        switch planted {
        case "warning": ["error.smcheck.json"]
        case "error": ["warning.smcheck.json"]
        default: []
        }
    package.targets.append(
        .target(name: "Planted", path: "Planted", exclude: excluded, plugins: [.plugin(name: "SMCheckGenerate", package: "smcheck")]))
}
