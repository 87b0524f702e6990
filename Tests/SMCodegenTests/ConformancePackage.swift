import Foundation
import SMCodegen
import SMEngine
import SMSpec
import SMTestSupport

/// The conformance part of the `DependentPackage`: the code `smcheck generate` writes for many specs (one module,
/// with `-warnings-as-errors` in Swift 6 mode) and the program that fuzzes each generated machine against the engine
/// (`ConformanceRunner/main.swift` beside this file). Use it inside `DependentPackage.exclusively`.
struct ConformancePackage {
    struct Subject {
        let specPath: String
        let typeName: String
    }

    /// Writes the part: one machine and one conformance file per subject, the runner, and the manifest. Files whose
    /// text did not change are left alone, so the build stays incremental.
    func write(_ subjects: [(Subject, Machine)]) throws {
        let generated = DependentPackage.root.appendingPathComponent("Sources/Generated")
        var wanted: Set<String> = []
        for (subject, machine) in subjects {
            let generator = SwiftGenerator(machine: machine, options: .init(typeName: subject.typeName))
            try DependentPackage.write("Sources/Generated/\(subject.typeName).swift", generator.source())
            try DependentPackage.write("Sources/Generated/\(subject.typeName)+Conformance.swift", generator.conformanceSource())
            wanted.formUnion([subject.typeName + ".swift", subject.typeName + "+Conformance.swift"])
        }
        // Machines of specs that are gone would still be compiled: remove them.
        for name in try FileManager.default.contentsOfDirectory(atPath: generated.path) where !wanted.contains(name) {
            try FileManager.default.removeItem(at: generated.appendingPathComponent(name))
        }
        let list = subjects.map { "    (\(SwiftString.literal($0.0.specPath)), \($0.0.typeName).self)," }
        let conformances = subjects.map { "extension \($0.0.typeName): CallRecording {}" }
        try DependentPackage.write(
            "Sources/ConformanceRunner/Subjects.swift",
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
        try DependentPackage.write("Sources/ConformanceRunner/main.swift", main)
        try DependentPackage.writeManifest()
    }

    /// `swift build` of the runner; the output when it fails.
    func build() throws -> (succeeded: Bool, output: String) {
        let result = try DependentPackage.build(product: "ConformanceRunner")
        return (result.status == 0, result.standardOutput)
    }

    /// Runs the built runner and returns its JSON lines.
    func fuzz(seed: UInt64, runs: Int, length: Int, walks: Int) throws -> [[String: String]] {
        let result = try runProcess(
            DependentPackage.buildDirectory.appendingPathComponent("debug/ConformanceRunner"),
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
