import Foundation
import SMCodegen
import SMEngine
import SMSpec
import SMTestSupport

/// A SwiftPM package, written under `.build/codegen-conformance`, that holds the code `smcheck generate` writes for
/// many specs (one module, with `-warnings-as-errors` in Swift 6 mode) and the program that fuzzes each generated
/// machine against the engine (`ConformanceRunner/main.swift` beside this file). It depends on this repository by
/// path and keeps its build directory between runs, so a second run only recompiles what changed.
struct ConformancePackage {
    struct Subject {
        let specPath: String
        let typeName: String
    }

    let root: URL
    let buildDirectory: URL

    init() {
        let base = Fixtures.repositoryRoot.appendingPathComponent(".build/codegen-conformance")
        root = base.appendingPathComponent("package")
        buildDirectory = base.appendingPathComponent("build")
    }

    /// Writes the package: one machine and one conformance file per subject. Files whose text did not change are left
    /// alone, so the build stays incremental.
    func write(_ subjects: [(Subject, Machine)]) throws {
        let generated = root.appendingPathComponent("Sources/Generated")
        let runner = root.appendingPathComponent("Sources/ConformanceRunner")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: runner, withIntermediateDirectories: true)
        var wanted: Set<String> = []
        for (subject, machine) in subjects {
            let generator = SwiftGenerator(machine: machine, options: .init(typeName: subject.typeName))
            try update(generated.appendingPathComponent(subject.typeName + ".swift"), generator.source())
            try update(generated.appendingPathComponent(subject.typeName + "+Conformance.swift"), generator.conformanceSource())
            wanted.formUnion([subject.typeName + ".swift", subject.typeName + "+Conformance.swift"])
        }
        // Machines of specs that are gone would still be compiled: remove them.
        for name in try FileManager.default.contentsOfDirectory(atPath: generated.path) where !wanted.contains(name) {
            try FileManager.default.removeItem(at: generated.appendingPathComponent(name))
        }
        let list = subjects.map { "    (\(SwiftString.literal($0.0.specPath)), \($0.0.typeName).self)," }
        let conformances = subjects.map { "extension \($0.0.typeName): CallRecording {}" }
        try update(
            runner.appendingPathComponent("Subjects.swift"),
            """
            import Generated

            let subjects: [(String, any CallRecording.Type)] = [
            \(list.joined(separator: "\n"))
            ]

            \(conformances.joined(separator: "\n"))

            """)
        let main = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("ConformanceRunner/main.swift"), encoding: .utf8)
        try update(runner.appendingPathComponent("main.swift"), main)
        try update(root.appendingPathComponent("Package.swift"), manifest)
    }

    private var manifest: String {
        """
        // swift-tools-version: 6.1
        // Written by SMCodegenTests: the generated machines and the program that fuzzes them against the engine.
        import PackageDescription

        let package = Package(
            name: "codegen-conformance",
            platforms: [.macOS(.v15)],
            dependencies: [.package(name: "smcheck", path: \(SwiftString.literal(Fixtures.repositoryRoot.path)))],
            targets: [
                .target(
                    name: "Generated",
                    dependencies: [.product(name: "SMFuzz", package: "smcheck"), .product(name: "SMSpec", package: "smcheck")],
                    swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-warnings-as-errors"])]
                ),
                .executableTarget(
                    name: "ConformanceRunner",
                    dependencies: [
                        "Generated", .product(name: "SMFuzz", package: "smcheck"), .product(name: "SMEngine", package: "smcheck"),
                        .product(name: "SMSpec", package: "smcheck"), .product(name: "SMSCXML", package: "smcheck"),
                    ],
                    swiftSettings: [.swiftLanguageMode(.v6)]
                ),
            ]
        )

        """
    }

    private func update(_ url: URL, _ text: String) throws {
        if let existing = try? String(contentsOf: url, encoding: .utf8), existing == text { return }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// `swift build` of the runner; the output when it fails.
    func build() throws -> (succeeded: Bool, output: String) {
        // SwiftPM reuses its build plan without noticing files added to a path dependency (this repository): a new
        // source file of SMEngine would go missing. Dropping the plan makes it look again; nothing is recompiled.
        let triples = (try? FileManager.default.contentsOfDirectory(atPath: buildDirectory.path)) ?? []
        for triple in triples {
            try? FileManager.default.removeItem(at: buildDirectory.appendingPathComponent("\(triple)/debug/description.json"))
        }
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swift", "build", "--package-path", root.path, "--scratch-path", buildDirectory.path, "--product", "ConformanceRunner",
            ], mergingErrors: true)
        return (result.status == 0, result.standardOutput)
    }

    /// Runs the built runner and returns its JSON lines.
    func fuzz(seed: UInt64, runs: Int, length: Int, walks: Int) throws -> [[String: String]] {
        let result = try runProcess(
            buildDirectory.appendingPathComponent("debug/ConformanceRunner"),
            [String(seed), String(runs), String(length), String(walks)], mergingErrors: true)
        return result.standardOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: String]
        }
    }
}

enum SwiftString {
    /// A Swift string literal for a path (paths hold no quotes or backslashes worth escaping beyond these).
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
