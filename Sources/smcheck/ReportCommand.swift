import ArgumentParser
import Foundation
import SMAnalyzer
import SMEngine
import SMFuzz
import SMReport
import SMSpec

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a Markdown or HTML report per spec: diagram, findings with traces, and fuzzing coverage.",
        discussion: """
            The report has the spec drawn as a Mermaid state diagram (GitHub draws it in Markdown; the HTML page \
            loads Mermaid when opened online), the verdict and statistics of `smcheck check`, every finding with \
            its place in the spec, shortest trace and witness, and the states, transitions and guard outcomes a \
            seeded fuzz campaign reached.

            With --output-directory each spec's report is written to NAME.md or NAME.html there; without it the \
            report of a single spec goes to standard output.
            Exit status: 0 when nothing is at error level, 1 for error-level findings or a fuzz failure, 2 when a \
            spec could not be used.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, html

        var fileExtension: String { self == .markdown ? "md" : "html" }
    }

    @Argument(help: "Spec files (JSON).", completion: .file(extensions: ["json"]))
    var files: [String]

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .markdown

    @Option(name: [.customShort("o"), .customLong("output-directory")], help: "Write one report per spec into this directory.",
            completion: .directory)
    var outputDirectory: String?

    @Option(parsing: .unconditional, help: "Fuzz runs that measure coverage (0 leaves coverage out).",
            transform: PositiveInteger.parse("--runs", minimum: 0))
    var runs = 100

    @Option(parsing: .unconditional, help: "Events per fuzz run.", transform: PositiveInteger.parse("--length"))
    var length = 100

    @Option(help: "The fuzzing seed; the same seed gives the same coverage.")
    var seed: UInt64 = 0

    @OptionGroup var exploration: ExplorationArguments

    func validate() throws {
        guard outputDirectory != nil || files.count == 1 else {
            throw ValidationError("\(files.count) specs need --output-directory: standard output takes the report of one spec")
        }
    }

    func run() throws {
        var status = ExitStatus.clean
        for file in files {
            let spec: Spec
            let analysis: AnalysisResult
            do {
                spec = try Spec.load(path: file)
                analysis = try Analyzer.analyze(spec, options: exploration.options(progress: file))
                FileHandleOutput.clearProgressLine()
            } catch {
                printError(error.description)
                status = ExitStatus.unusableInput
                continue
            }
            let fuzz = runs == 0 ? nil : Fuzzer(machine: analysis.machine,
                                                configuration: FuzzConfiguration(runs: runs, length: length, seed: seed)).run()
            let report = SpecReport(file: file, analysis: analysis, fuzz: fuzz)
            let text = format == .markdown ? report.markdown : report.html
            if let outputDirectory {
                let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + "." + format.fileExtension
                let url = URL(fileURLWithPath: outputDirectory).appendingPathComponent(name)
                do {
                    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
                    try text.write(to: url, atomically: true, encoding: .utf8)
                } catch {
                    printError("error: cannot write \(url.path): \(error.localizedDescription)")
                    throw ExitStatus.unusableInput
                }
                print("\(file) → \(url.path)")
            } else {
                print(text, terminator: "")
            }
            if status == ExitStatus.clean && (analysis.worstSeverity == .error || fuzz?.failure != nil) { status = ExitStatus.findings }
        }
        throw status
    }
}
