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

    @Option(help: "The format to write: scxml or json (default: the other one).")
    var format: Format?

    @Option(name: [.customShort("o"), .customLong("output")], help: "Write to this file instead of standard output.", completion: .file())
    var output: String?

    func run() throws {
        let spec: Spec
        do {
            spec = try SpecFile.load(path: file)
        } catch {
            printError(error.description)
            throw ExitStatus.unusableInput
        }
        let target = format ?? (SpecFile.Format(path: file) == .json ? .scxml : .json)
        let text: String
        switch target {
        case .scxml:
            if let problem = Self.scxmlProblem(spec, file: file) {
                printError(problem.description)
                throw ExitStatus.unusableInput
            }
            text = spec.scxmlText
            if let note = Self.portabilityNote(spec) { printError("note: \(note)") }
        case .json:
            if let problem = Self.jsonProblem(spec, file: file) {
                printError(problem.description)
                throw ExitStatus.unusableInput
            }
            text = spec.jsonText
        }
        // Anything a format cannot carry (a control character in a description, say) shows when the text is read back.
        do {
            let again = target == .scxml ? try Spec.load(scxml: text) : try Spec.load(json: text)
            guard again == spec else {
                printError(
                    "\(file): error: the \(target.rawValue.uppercased()) form of this spec reads back as a different spec; it is not written"
                )
                throw ExitStatus.unusableInput
            }
        } catch let error as SpecError {
            printError(
                "\(file): error: the \(target.rawValue.uppercased()) form of this spec cannot be read back, so it is not written (the lines and columns below are those of the text it would have written):\n\(error.description)"
            )
            throw ExitStatus.unusableInput
        }
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

    /// A final state may be a region of a parallel state in JSON (a region that is done at once), but SCXML's
    /// `<parallel>` holds no `<final>`. The error points at the final state.
    static func scxmlProblem(_ spec: Spec, file: String) -> Diagnostic? {
        // In document order: the first in the file is reported.
        var pending = spec.states.reversed().map { ($0, $0.name) }
        while let (state, path) = pending.popLast() {
            pending += state.children.reversed().map { ($0, path + "/" + $0.name) }
            guard state.kind == .parallel, let final = state.children.first(where: { $0.kind == .final }) else { continue }
            return Diagnostic(
                "final state \"\(path)/\(final.name)\" is a region of the parallel state \"\(path)\", which SCXML cannot say: "
                    + "<parallel> holds <state>, <parallel> and <history>, not <final>. Put the final state inside a compound "
                    + "state that is the region",
                at: final.location ?? state.location ?? Spec.SourceLocation(file: file, pointer: .root))
        }
        return nil
    }

    /// JSON writes the transitions of one event under one key, so a state whose transitions on one trigger are
    /// separated by others (as SCXML allows) has no JSON form with the same priorities. The error points at the
    /// transition that comes after the others, where an SCXML file has its line, column and element.
    static func jsonProblem(_ spec: Spec, file: String) -> Diagnostic? {
        var pending = spec.states
        while let state = pending.popLast() {
            pending += state.children
            var first: [String: Spec.Transition] = [:]
            var previous: String?
            for transition in state.transitions {
                let key = transition.trigger.description
                if key != previous, let earlier = first[key] {
                    var earlierPlace = ""
                    if let line = earlier.location?.line {
                        earlierPlace = " (the first at line \(line)" + (earlier.location?.column.map { ", column \($0)" } ?? "") + ")"
                    }
                    return Diagnostic(
                        "state \"\(state.name)\" has transitions on \"\(key)\" separated by other transitions\(earlierPlace); the JSON "
                            + "format groups the transitions of one trigger under one key, so their priority cannot be kept. Put them "
                            + "next to each other",
                        at: transition.location ?? Spec.SourceLocation(file: file, pointer: .root))
                }
                if first[key] == nil { first[key] = transition }
                previous = key
            }
        }
        return nil
    }
}
