import ArgumentParser
import Foundation
import SMAnalyzer
import SMCodegen
import SMEngine
import SMSCXML
import SMSpec

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a typed Swift state machine from a spec.",
        discussion: """
            The generated file has no run-time dependency on smcheck: an enum of events, the states per region, typed \
            variables, and a struct whose step is straight-line code compiled from the spec, behaving as the engine \
            runs it. `--conformance` also writes its conformance to SMFuzz's StateMachineImplementation (for tests).

            With `--check` the spec is also checked (as `smcheck check` does) and the findings are printed as compiler \
            diagnostics (file:line:column: warning|error: ...), which is how the SMCheckGenerate build plugin shows \
            them in Xcode and `swift build`; error-level findings make the command fail after writing the files.

            Without a spec, `generate --config FILE -o OUT.swift` checks the configuration alone and writes OUT.swift \
            with only a comment: what the build plugin runs for a target whose configuration no spec of its own reads \
            (a test target's), so that a mistake in it is still an error at its line and column.
            """)

    @Argument(help: "The spec file (none: check --config alone).", completion: .file(extensions: ["json"]))
    var file: String?

    @Option(name: .shortAndLong, help: "Where to write the Swift file (default: standard output, unless only --conformance is wanted).")
    var output: String?

    @Option(name: .customLong("type-name"), help: "The machine's type name (default: the spec's name in UpperCamelCase).")
    var typeName: String?

    @Option(help: "The access level of the generated declarations: public, package or internal.")
    var access: AccessArgument?

    @Option(help: "Also write the conformance to StateMachineImplementation (imports SMFuzz) to this file.")
    var conformance: String?

    @Option(
        name: .customLong("conformance-import"),
        help: "The module that holds the generated type, when the conformance is compiled in another module.")
    var conformanceImport: String?

    @Option(
        name: .customLong("conformance-if"),
        help: ArgumentHelp(
            "Write --conformance only when this configuration says \"conformance\": true, else with only a comment.",
            discussion: "For the build plugin, which plans its commands before it reads the configuration."))
    var conformanceIf: String?

    @Flag(help: "Check the spec and print the findings as compiler diagnostics; error-level findings fail the command.")
    var check = false

    @Option(help: "A configuration file (smcheck-config.json): severity, solver, limits, access. See Docs/CodeGeneration.md.")
    var config: String?

    func validate() throws {
        guard let file else {
            guard config != nil, output != nil, conformance == nil, conformanceImport == nil, conformanceIf == nil, typeName == nil,
                access == nil, !check
            else {
                throw ValidationError(
                    "a spec file is needed; without one, generate takes only --config and -o (it checks the configuration)")
            }
            if let output, let config, let problem = WriteProblem.overwritesInput(output, inputs: [config]) {
                throw ValidationError("-o: \(problem)")
            }
            return
        }
        for (flag, path) in [("-o", output), ("--conformance", conformance)] {
            if let path, let problem = WriteProblem.overwritesInput(path, inputs: [file]) { throw ValidationError("\(flag): \(problem)") }
        }
        // A wrong command line, found before the spec is read.
        if let output, let conformance,
            URL(fileURLWithPath: output).standardizedFileURL.path == URL(fileURLWithPath: conformance).standardizedFileURL.path
        {
            throw ValidationError("-o and --conformance both name \(conformance); give each its own file")
        }
        if let typeName, let problem = SwiftGenerator.problem(withTypeName: typeName) {
            throw ValidationError("--type-name: \(problem)")
        }
        if conformanceIf != nil && conformance == nil { throw ValidationError("--conformance-if needs --conformance, the file it decides") }
    }

    func run() throws {
        let configuration = try loadConfiguration()
        guard let file else {
            // `validate` saw to -o and --config: the configuration alone, checked.
            try write([("// \(configuration.file ?? "the configuration") is checked by smcheck; nothing is generated from it.\n", output!)])
            return
        }
        let spec: Spec
        let machine: Machine
        do {
            spec = try SpecFile.load(path: file)
            machine = try Machine(spec)
        } catch {
            printError(error.description)
            throw ExitStatus.unusableInput
        }
        let options = SwiftGenerator.Options(typeName: typeName, access: access?.value ?? configuration.access)
        let generator = SwiftGenerator(machine: machine, options: options)
        var files: [(text: String, path: String)] = []
        if output != nil || conformance == nil {
            if let output { files.append((generator.source(), output)) } else { print(generator.source(), terminator: "") }
        }
        if let conformance {
            if try wantsConformance(configuration) {
                files.append((generator.conformanceSource(importing: conformanceImport), conformance))
            } else {
                // The file the build expects, with only a comment: the configuration asks for no conformance.
                let name = ((conformanceIf ?? "") as NSString).lastPathComponent
                files.append(("// No conformance of \(generator.typeName): \(name) does not say \"conformance\": true.\n", conformance))
            }
        }
        try write(files)
        guard check else { return }
        let diagnostics = SpecDiagnostics(configuration: configuration)
        let (lines, failed) = diagnostics.findings(in: spec, machine: machine, file: file)
        for line in lines { print(line) }
        if failed { throw ExitStatus.findings }
    }

    /// Whether to write the conformance: yes, unless `--conformance-if` names a configuration that does not ask for it
    /// (`configuration` is `--config`'s, read already).
    private func wantsConformance(_ configuration: GenerationConfiguration) throws -> Bool {
        guard let conformanceIf else { return true }
        return try (conformanceIf == config ? configuration : GenerationConfiguration.loadForCommand(path: conformanceIf)).conformance
    }

    private func loadConfiguration() throws -> GenerationConfiguration {
        guard let config else { return GenerationConfiguration() }
        return try GenerationConfiguration.loadForCommand(path: config)
    }

    /// Writes every file or none: each path is checked first (not a folder; `validate` saw that none is given twice), each file goes to a
    /// temporary beside its path, and only when all are written do they replace what was there, keeping an existing
    /// file's permissions. So a path that cannot be written leaves the others as they were.
    private func write(_ files: [(text: String, path: String)]) throws {
        for file in files {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
                printError("smcheck: cannot write \(file.path): \(WriteProblem.directoryInTheWay)")
                throw ExitStatus.unusableInput
            }
        }
        var staged: [(temporary: String, path: String)] = []
        // The temporaries from here on were not renamed, and are removed whatever happens.
        var renamed = 0
        defer { for file in staged[renamed...] { try? FileManager.default.removeItem(atPath: file.temporary) } }
        for (index, file) in files.enumerated() {
            // Unchanged output keeps its modification date, so a build does not recompile what did not change.
            if let existing = try? String(contentsOfFile: file.path, encoding: .utf8), existing == file.text { continue }
            // A link's target is replaced, a device written through (`OutputFile`).
            let target = OutputFile.target(of: file.path)
            // A short name: the target's name, near the system's limit, plus a suffix would be too long.
            let temporary = PathText.joining(
                PathText.folder(of: target.path), ".smcheck-\(ProcessInfo.processInfo.processIdentifier)-\(index).tmp")
            do {
                if target.writesThrough {
                    try OutputFile.write(file.text, to: target.path)
                    continue
                }
                // Listed before it is written, so that a write that fails part-way is removed too.
                staged.append((temporary, target.path))
                try file.text.write(toFile: temporary, atomically: false, encoding: .utf8)
                if let permissions = try? FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] {
                    try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary)
                }
            } catch {
                printError("smcheck: cannot write \(file.path): \(WriteProblem.describe(error, writing: file.path))")
                throw ExitStatus.unusableInput
            }
        }
        for file in staged {
            guard rename(file.temporary, file.path) == 0 else {
                printError("smcheck: cannot write \(file.path): \(String(cString: strerror(errno)))")
                throw ExitStatus.unusableInput
            }
            renamed += 1
        }
    }
}

struct AccessArgument: ExpressibleByArgument {
    let value: SwiftGenerator.Access

    init?(argument: String) {
        guard let access = SwiftGenerator.Access(rawValue: argument) else { return nil }
        value = access
    }

    static var allValueStrings: [String] { SwiftGenerator.Access.allCases.map(\.rawValue) }
}
