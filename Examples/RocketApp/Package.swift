// swift-tools-version: 6.1
// An app library that keeps its state machines as smcheck specs: the SMCheckGenerate plugin generates the typed Swift
// machines at build time and reports the specs' findings as compiler diagnostics.
//
//   swift build && swift test
//
// SMCHECK_PLANTED=1 adds the target `Planted`, whose specs have a planted warning (an unreachable state) and a planted
// error (a range violation): `swift build --target Planted` shows the first as a warning and fails on the second.
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

if ProcessInfo.processInfo.environment["SMCHECK_PLANTED"] != nil {
    package.targets.append(.target(name: "Planted", path: "Planted", plugins: [.plugin(name: "SMCheckGenerate", package: "smcheck")]))
}
