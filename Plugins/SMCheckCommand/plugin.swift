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
            try check(targets: targets, format: format, tool: tool)
        case let other?:
            throw PluginFailure(
                description:
                    "unknown argument '\(other)': use `swift package smcheck [--format text|sarif] [--target NAME]` or `swift package smcheck generate [--target NAME]`"
            )
        }
    }

    /// Checks the specs of the targets, each with its target's `smcheck-config.json` as the build plugin does: one
    /// `smcheck check` per configuration, their SARIF joined into one log (a run each).
    private func check(targets: [SwiftSourceModuleTarget], format: String, tool: URL) throws {
        var groups: [(configuration: URL?, specs: [URL])] = []
        for target in targets {
            let specs = SpecFiles.specs(in: target.sourceFiles)
            guard !specs.isEmpty else { continue }
            let configuration = SpecFiles.configuration(in: target.sourceFiles)
            if let group = groups.firstIndex(where: { $0.configuration == configuration }) {
                groups[group].specs += specs
            } else {
                groups.append((configuration, specs))
            }
        }
        guard !groups.isEmpty else {
            throw PluginFailure(
                description: "no spec (\(SpecFiles.suffixes.joined(separator: ", "))) in \(targets.map(\.name).joined(separator: ", "))")
        }
        // One document per configuration: SARIF logs join into one (a run each); other documents do not.
        if groups.count > 1 && format != "text" && format != "sarif" {
            throw PluginFailure(
                description:
                    "the targets have \(groups.count) different configurations, and \(format) documents cannot be joined: use --format text or sarif, or --target to check one target"
            )
        }
        let joinsSARIF = format == "sarif" && groups.count > 1
        var statuses: [Int32] = []
        var sarifRuns: [Any] = []
        for group in groups {
            var arguments = ["check", "--format", format]
            // As the build does with a configuration: a check stopped by a limit is reported (a warning there), not
            // a failure.
            if let configuration = group.configuration {
                arguments += ["--config", configuration.path(percentEncoded: false), "--allow-incomplete"]
            }
            arguments += group.specs.map { $0.path(percentEncoded: false) }
            if joinsSARIF {
                let (status, output) = try run(tool, arguments, capturingOutput: true)
                statuses.append(status)
                guard let log = try? JSONSerialization.jsonObject(with: output) as? [String: Any], let runs = log["runs"] as? [Any]
                else {
                    throw PluginFailure(
                        description: "smcheck check (status \(status)) wrote no SARIF log for \(arguments.joined(separator: " "))")
                }
                sarifRuns += runs
            } else {
                statuses.append(try run(tool, arguments).status)
            }
        }
        if joinsSARIF {
            let log: [String: Any] = [
                "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": sarifRuns,
            ]
            let data = try JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        }
        // The worst status, as one run over all the specs would give: unusable (2), findings (1), incomplete (3).
        let worst = statuses.max { Self.rank($0) < Self.rank($1) } ?? 0
        if worst != 0 { throw PluginFailure(description: "smcheck check exited with status \(worst)") }
    }

    private static func rank(_ status: Int32) -> Int {
        switch status {
        case 0: 0
        case 3: 1
        case 1: 2
        default: 3
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
                let status = try run(tool, arguments).status
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

    /// Runs the tool with the plugin's standard error, and its standard output unless `capturingOutput`; returns its
    /// exit status and what it wrote when captured.
    private func run(_ tool: URL, _ arguments: [String], capturingOutput: Bool = false) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let pipe = Pipe()
        if capturingOutput { process.standardOutput = pipe }
        try process.run()
        // Read before waiting: a log bigger than the pipe's buffer would otherwise block the tool.
        let output = capturingOutput ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
