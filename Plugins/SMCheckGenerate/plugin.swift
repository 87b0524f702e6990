import Foundation
import PackagePlugin

/// SwiftPM build-tool plugin: for every spec of a target (`*.smcheck.json`), `smcheck generate` writes the typed Swift
/// machine at build time and checks the spec; its findings are compiler diagnostics at the spec's line and column
/// (an error-level finding fails the build). `smcheck-config.json` beside the specs sets severities, the solver and
/// limits; with `"conformance": true` the target also gets each machine's conformance to StateMachineImplementation,
/// for its own specs and for those of the targets it depends on (a test target).
@main
struct SMCheckGenerate {
    func commands(
        tool: PluginContext.Tool, workDirectory: URL, files: FileList, root: URL,
        dependencies: [(name: String, files: FileList, root: URL)]
    ) throws -> [Command] {
        let configuration = SpecFiles.configuration(in: files)
        let specs = SpecFiles.specs(in: files)
        let names = SpecFiles.outputNames(for: specs, relativeTo: root)
        var commands: [Command] = []
        for spec in specs {
            let output = workDirectory.appending(path: names[spec]!)
            var arguments = ["generate", spec.path(percentEncoded: false), "-o", output.path(percentEncoded: false), "--check"]
            var outputs = [output]
            // With a configuration, the conformance file is always planned and the tool writes it empty unless the
            // configuration asks for it: SwiftPM plans again when the package changes, not when a file's contents do,
            // so a plan made from what the configuration said would outlive an edit of it.
            if let configuration {
                let file = workDirectory.appending(path: names[spec]!.replacingOccurrences(of: ".swift", with: "+Conformance.swift"))
                arguments += [
                    "--config", configuration.path(percentEncoded: false), "--conformance", file.path(percentEncoded: false),
                    "--conformance-if", configuration.path(percentEncoded: false),
                ]
                outputs.append(file)
            }
            commands.append(
                .buildCommand(
                    displayName: "smcheck: checking \(spec.lastPathComponent) and generating \(names[spec]!)",
                    executable: tool.url, arguments: arguments, environment: [:],
                    inputFiles: [spec] + (configuration.map { [$0] } ?? []), outputFiles: outputs))
        }
        guard let configuration else { return commands }
        // A test target: the conformances of the machines its dependencies generate, importing their modules.
        for dependency in dependencies {
            let dependencySpecs = SpecFiles.specs(in: dependency.files)
            let dependencyNames = SpecFiles.outputNames(for: dependencySpecs, relativeTo: dependency.root)
            let dependencyConfiguration = SpecFiles.configuration(in: dependency.files)
            for spec in dependencySpecs {
                let file = workDirectory.appending(
                    path: dependency.name + "_" + dependencyNames[spec]!.replacingOccurrences(of: ".swift", with: "+Conformance.swift"))
                var arguments = [
                    "generate", spec.path(percentEncoded: false), "--conformance", file.path(percentEncoded: false),
                    "--conformance-import", dependency.name, "--conformance-if", configuration.path(percentEncoded: false),
                ]
                if let dependencyConfiguration { arguments += ["--config", dependencyConfiguration.path(percentEncoded: false)] }
                let inputs = [spec, configuration] + (dependencyConfiguration.map { [$0] } ?? [])
                commands.append(
                    .buildCommand(
                        displayName: "smcheck: generating the conformance of \(spec.lastPathComponent) in \(dependency.name)",
                        executable: tool.url, arguments: arguments, environment: [:], inputFiles: inputs, outputFiles: [file]))
            }
        }
        // A configuration that no command reads (a test target's whose dependencies have no specs) is checked on its
        // own: a mistake in it (`"conformance": "yes"`, a misspelled key) would otherwise change nothing and say nothing.
        if commands.isEmpty {
            let stamp = workDirectory.appending(path: "smcheck-config-checked.swift")
            commands.append(
                .buildCommand(
                    displayName: "smcheck: checking \(configuration.lastPathComponent)", executable: tool.url,
                    arguments: [
                        "generate", "--config", configuration.path(percentEncoded: false), "-o", stamp.path(percentEncoded: false),
                    ],
                    environment: [:], inputFiles: [configuration], outputFiles: [stamp]))
        }
        return commands
    }
}

extension SMCheckGenerate: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else {
            throw PluginFailure(description: "SMCheckGenerate applies to Swift targets; '\(target.name)' is not one")
        }
        let dependencies = target.dependencies.compactMap { dependency -> (name: String, files: FileList, root: URL)? in
            guard case .target(let other) = dependency, let swift = other as? SwiftSourceModuleTarget else { return nil }
            return (swift.moduleName, swift.sourceFiles, swift.directoryURL)
        }
        return try commands(
            tool: context.tool(named: "smcheck"), workDirectory: context.pluginWorkDirectoryURL,
            files: target.sourceFiles, root: target.directoryURL, dependencies: dependencies)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension SMCheckGenerate: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try commands(
                tool: context.tool(named: "smcheck"), workDirectory: context.pluginWorkDirectoryURL,
                files: target.inputFiles, root: context.xcodeProject.directoryURL, dependencies: [])
        }
    }
#endif
