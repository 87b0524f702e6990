import ArgumentParser
import Foundation
import SMReport
import SMSCXML
import SMSpec

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a spec's state diagram as SVG, DOT or Mermaid.",
        discussion: """
            Compound states are boxes holding their children, parallel regions dashed boxes inside their parallel \
            state; a dot marks each initial state, a diamond a choice, H or H* a history state, a double circle a \
            final state; arrows are labelled event [guard] / actions. In the SVG every state's element has the id \
            state:<path> and every arrow transition:<index>.

            SVG is drawn in process by Graphviz (built in with the default traits); DOT is Graphviz's input for \
            dot -Tsvg or -Tpng; Mermaid is a stateDiagram-v2 for Markdown (GitHub draws it). Without --format the \
            extension of --output picks it (.svg, .dot or .gv, .mmd; another extension is refused), else SVG. \
            --output never replaces the spec it reads.

            Exit status: 0 when the diagram was written, 2 when the spec could not be used or not drawn.
            """)

    enum Format: String, CommandFormat {
        case svg, dot, mermaid
    }

    @Argument(help: "The spec file.", completion: .file(extensions: ["json"]))
    var file: String

    @Option(help: "Output format: \(Format.names) (default: from --output's extension, else svg).")
    var format: Format?

    @Option(
        name: [.customShort("o"), .customLong("output")], help: "Write the diagram to this file instead of standard output.",
        completion: .file())
    var output: String?

    /// The format asked for, or the one the output file's extension names, or SVG.
    var chosenFormat: Format {
        if let format { return format }
        if let output, let format = Format(fileExtension: URL(fileURLWithPath: output).pathExtension) { return format }
        return .svg
    }

    func validate() throws {
        if let output, let problem = WriteProblem.overwritesInput(output, inputs: [file]) { throw ValidationError("-o: \(problem)") }
        // An extension that names no diagram format (.png, .json) would get SVG under a name that says otherwise.
        if format == nil, let output, case let fileExtension = URL(fileURLWithPath: output).pathExtension, !fileExtension.isEmpty,
            Format(fileExtension: fileExtension) == nil
        {
            throw ValidationError(
                "-o: smcheck cannot tell a diagram format from '.\(fileExtension)'; name the file .svg, .dot, .gv or .mmd, or give --format"
            )
        }
        if chosenFormat == .svg && !GraphvizLayout.isAvailable {
            throw ValidationError("--format svg needs Graphviz: \(GraphvizLayout.unavailableMessage)")
        }
    }

    func run() throws {
        let spec: ResolvedSpec
        do {
            spec = try SpecFile.load(path: file).resolve()
        } catch {
            printError(error.description)
            throw ExitStatus.unusableInput
        }
        let diagram = StateDiagram(spec)
        if let reason = diagram.reasonForNoDiagram {
            printError("error: \(file): \(reason)")
            throw ExitStatus.unusableInput
        }
        let text: String
        switch chosenFormat {
        case .mermaid:
            text = (MermaidDiagram(diagram).source ?? "") + "\n"
        case .dot:
            // The graph the SVG is drawn from, with the SVG's warnings, so `dot -Tsvg` on it draws the same.
            let drawn = GraphvizDiagram(diagram).drawnDot()
            for warning in drawn?.warnings ?? [] { printError("\(file): \(warning)") }
            text = drawn?.dot ?? ""
        case .svg:
            do {
                let drawing = try GraphvizDiagram(diagram).svg()
                for warning in drawing.warnings { printError("\(file): \(warning)") }
                text = drawing.text
            } catch {
                printError("error: \(file): \(error.message)")
                throw ExitStatus.unusableInput
            }
        }
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            try OutputFile.write(text, to: output)
        } catch {
            printError("error: cannot write \(output): \(WriteProblem.describe(error, writing: output))")
            throw ExitStatus.unusableInput
        }
    }
}
