import ArgumentParser
import Foundation
import SMSCXML
import SMSpec

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a spec in another format: a JSON spec as SCXML, or an SCXML file as a JSON spec.",
        discussion: """
            The SCXML keeps what SCXML has no words for (variable domains, event parameters, invariants, opaque \
            guards, else, oneOf, call, choice states, options) in smcheck's namespace, so reading it back gives the \
            same spec; other interpreters ignore those attributes. See Docs/SCXML.md.

            Exit status: 0 when the spec was written, 2 when it could not be read or cannot be written in the format.
            """)

    @Argument(help: "The spec file (JSON or SCXML).", completion: .file(extensions: ["json", "scxml"]))
    var file: String

    enum Format: String, CommandFormat {
        case scxml, json
    }

    @Option(help: "The format to write: scxml or json (default: --output's extension, else the other one).")
    var format: Format?

    @Option(name: [.customShort("o"), .customLong("output")], help: "Write to this file instead of standard output.", completion: .file())
    var output: String?

    func validate() throws {
        if let output, let problem = WriteProblem.overwritesInput(output, inputs: [file]) { throw ValidationError("-o: \(problem)") }
    }

    func run() throws {
        let spec: Spec
        do {
            spec = try SpecFile.load(path: file)
        } catch {
            printError(error.description)
            throw ExitStatus.unusableInput
        }
        // An output named .json or .scxml says which it wants; else the format the spec is not in.
        let named = output.flatMap { Format(rawValue: URL(fileURLWithPath: $0).pathExtension.lowercased()) }
        let target = format ?? named ?? (SpecFile.Format(path: file) == .json ? .scxml : .json)
        let text: String
        do {
            text = target == .scxml ? try spec.scxmlText : try spec.jsonText
        } catch {
            printError(error.description)
            throw ExitStatus.unusableInput
        }
        if target == .scxml, let note = Self.portabilityNote(spec) { printError("note: \(note)") }
        if let output {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                printError("error: cannot write \(output): \(WriteProblem.describe(error, writing: output))")
                throw ExitStatus.unusableInput
            }
        } else {
            print(text, terminator: "")
        }
    }

    /// Other interpreters read ids, not smcheck's paths, and need every id once.
    static func portabilityNote(_ spec: Spec) -> String? {
        var names: [String] = []
        var pending = spec.states
        while let state = pending.popLast() {
            names.append(state.name)
            pending += state.children
        }
        let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        guard !repeated.isEmpty else { return nil }
        return "state names occur more than once (\(repeated.joined(separator: ", "))); smcheck reads the document back, but other SCXML "
            + "interpreters need every id once (and targets by id, not smcheck's paths)"
    }
}
