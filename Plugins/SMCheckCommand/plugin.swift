import Foundation
import PackagePlugin

/// `swift package smcheck`: checks every spec of the package (`*.smcheck.json` in its targets) with `smcheck check`,
/// as text or SARIF (`--format sarif`); `swift package --allow-writing-to-directory Sources smcheck generate` writes
/// each target's generated Swift into `<target>/Generated/`, for packages that commit generated code instead of using
/// the SMCheckGenerate build plugin. `--target NAME` (repeatable) limits either to some targets.
@main
struct SMCheckCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let format = extractor.extractOption(named: "format").last ?? "text"
        let remaining = extractor.remainingArguments
        let targets = try (targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames))
            .compactMap { $0 as? SwiftSourceModuleTarget }
        let tool = try context.tool(named: "smcheck").url
        switch remaining.first {
        case "generate"?:
            try generate(targets: targets, tool: tool)
        case nil, "check"?:
            let specs = targets.flatMap { SpecFiles.specs(in: $0.sourceFiles) }
            guard !specs.isEmpty else {
                throw PluginFailure(
                    description: "no spec (\(SpecFiles.suffixes.joined(separator: ", "))) in \(targets.map(\.name).joined(separator: ", "))"
                )
            }
            let status = try run(tool, ["check", "--format", format] + specs.map { $0.path(percentEncoded: false) })
            if status != 0 { throw PluginFailure(description: "smcheck check exited with status \(status)") }
        case let other?:
            throw PluginFailure(
                description:
                    "unknown argument '\(other)': use `swift package smcheck [--format text|sarif] [--target NAME]` or `swift package smcheck generate [--target NAME]`"
            )
        }
    }

    private func generate(targets: [SwiftSourceModuleTarget], tool: URL) throws {
        var generated = 0
        for target in targets {
            let specs = SpecFiles.specs(in: target.sourceFiles)
            guard !specs.isEmpty else { continue }
            let names = SpecFiles.outputNames(for: specs, relativeTo: target.directoryURL)
            let directory = target.directoryURL.appending(path: "Generated")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let configuration = SpecFiles.configuration(in: target.sourceFiles)
            for spec in specs {
                let output = directory.appending(path: names[spec]!)
                var arguments = ["generate", spec.path(percentEncoded: false), "-o", output.path(percentEncoded: false)]
                if let configuration { arguments += ["--config", configuration.path(percentEncoded: false)] }
                let status = try run(tool, arguments)
                if status != 0 {
                    throw PluginFailure(
                        description: """
                            smcheck generate failed for \(spec.lastPathComponent) (status \(status)); when it could not write, allow it: \
                            swift package --allow-writing-to-directory \(directory.path(percentEncoded: false)) smcheck generate
                            """)
                }
                print("wrote \(output.path(percentEncoded: false))")
                generated += 1
            }
        }
        if generated == 0 { throw PluginFailure(description: "no spec (\(SpecFiles.suffixes.joined(separator: ", "))) in the targets") }
    }

    /// Runs the tool with the plugin's standard output and error, and returns its exit status.
    private func run(_ tool: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
