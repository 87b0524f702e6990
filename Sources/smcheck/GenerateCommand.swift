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
            """)

    @Argument(help: "The spec file.", completion: .file(extensions: ["json"]))
    var file: String

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

    @Flag(help: "Check the spec and print the findings as compiler diagnostics; error-level findings fail the command.")
    var check = false

    @Option(help: "A configuration file (smcheck-config.json): severity, solver, limits, access. See Docs/CodeGeneration.md.")
    var config: String?

    func validate() throws {
        if let typeName, let problem = SwiftGenerator.problem(withTypeName: typeName) {
            throw ValidationError("--type-name: \(problem)")
        }
    }

    func run() throws {
        let configuration = try loadConfiguration()
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
        if let conformance { files.append((generator.conformanceSource(importing: conformanceImport), conformance)) }
        try write(files)
        guard check else { return }
        let diagnostics = SpecDiagnostics(configuration: configuration)
        let (lines, failed) = diagnostics.findings(in: spec, machine: machine, file: file)
        for line in lines { print(line) }
        if failed { throw ExitStatus.findings }
    }

    private func loadConfiguration() throws -> GenerationConfiguration {
        guard let config else { return GenerationConfiguration() }
        return try GenerationConfiguration.loadForCommand(path: config)
    }

    /// Writes every file or none: each goes to a temporary file beside its path first, and only when all are
    /// written do they replace what was there, so a path that cannot be written leaves the others as they were.
    private func write(_ files: [(text: String, path: String)]) throws {
        var staged: [(temporary: String, path: String)] = []
        defer { for file in staged { try? FileManager.default.removeItem(atPath: file.temporary) } }
        for (text, path) in files {
            // Unchanged output keeps its modification date, so a build does not recompile what did not change.
            if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing == text { continue }
            let name = ".\(PathText.name(of: path)).\(ProcessInfo.processInfo.processIdentifier).smcheck"
            let temporary = PathText.joining(PathText.folder(of: path), name)
            do {
                try text.write(toFile: temporary, atomically: false, encoding: .utf8)
                staged.append((temporary, path))
            } catch {
                printError("smcheck: cannot write \(path): \(WriteProblem.describe(error, writing: path))")
                throw ExitStatus.unusableInput
            }
        }
        for file in staged {
            guard rename(file.temporary, file.path) == 0 else {
                let error = NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
                printError("smcheck: cannot write \(file.path): \(WriteProblem.describe(error, writing: file.path))")
                throw ExitStatus.unusableInput
            }
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
