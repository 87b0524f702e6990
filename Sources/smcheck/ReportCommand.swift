import ArgumentParser
import Foundation
import SMAnalyzer
import SMEngine
import SMFuzz
import SMReport
import SMSCXML
import SMSpec

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a Markdown or HTML report per spec: diagram, findings with traces, and fuzzing coverage.",
        discussion: """
            The report has the spec's state diagram, the verdict and statistics of `smcheck check`, every finding \
            with its place in the spec, shortest trace and witness, and the states, transitions and guard outcomes \
            a seeded fuzz campaign reached.

            The HTML page is self-contained and loads nothing: the diagram, drawn by Graphviz, is in the page, and \
            each trace plays on it step by step (buttons or arrow keys) with the active states lit and the \
            variables shown; the fuzzing coverage can be painted on it. Markdown has the diagram as Mermaid source \
            (GitHub draws it) and links the SVG drawing written beside it.

            With --output-directory each spec's report is written to NAME.md (and NAME.svg) or NAME.html there, \
            and with several specs an index (index.md or index.html) lists their verdicts; without it the report \
            of a single spec goes to standard output.
            Exit status as for `smcheck check`: 0 when nothing is at error level and every check was decided, 1 for \
            error-level findings or a fuzz failure, 2 when a spec could not be used, 3 when some checks were not \
            decided (the report says which; --allow-incomplete: 0).
            """)

    enum Format: String, CommandFormat {
        case markdown, html
    }

    @Argument(help: "Spec files (JSON or SCXML).", completion: .file(extensions: ["json", "scxml"]))
    var files: [String]

    @Option(help: "Output format: \(Format.names).")
    var format: Format = .markdown

    @Option(
        name: [.customShort("o"), .customLong("output-directory")], help: "Write one report per spec into this directory.",
        completion: .directory)
    var outputDirectory: String?

    @Option(
        parsing: .unconditional, help: "Fuzz runs that measure coverage (0 leaves coverage out).",
        transform: PositiveInteger.parse("--runs", minimum: 0))
    var runs = 100

    @Option(
        parsing: .unconditional, help: "Events per fuzz run.",
        transform: PositiveInteger.parse("--length", maximum: FuzzConfiguration.maximumLength))
    var length = 100

    @Option(
        parsing: .unconditional, help: "The fuzzing seed; the same seed gives the same coverage.", transform: SeedArgument.parse)
    var seed: UInt64 = 0

    @OptionGroup var verification: VerificationArguments

    @Flag(
        name: .customLong("allow-incomplete"),
        help: "Exit with 0, not 3, when some checks were not decided and nothing at error level was found.")
    var allowIncomplete = false

    func validate() throws {
        try verification.validate(sharded: false)
        guard outputDirectory != nil || files.count == 1 else {
            throw ValidationError("\(files.count) specs need --output-directory: standard output takes the report of one spec")
        }
        try checkReportNames()
    }

    func run() throws {
        // Ctrl-C as in check and fuzz: the first stops the analysis and the campaign, and the reports say what was
        // decided; a second quits at once. (Without it, Z3's own handler took the signal and cancelled one call.)
        Interruption.shared.install()
        var verdict = CheckVerdict.passed
        let filter = ReportFilter(minimumSeverity: .info, allowsIncomplete: allowIncomplete)
        let directory = outputDirectory.map { URL(fileURLWithPath: $0) }
        // Made here, so that a path that cannot be made stops the command before the analyses; removed at the end
        // when it was made for nothing (every spec unusable), as no other output is left behind then.
        let madeDirectory = directory.map { !FileManager.default.fileExists(atPath: $0.path) } ?? false
        if let directory {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                // As the path was given (relative stays relative).
                let path = outputDirectory ?? directory.path
                printError("error: cannot create \(path): \(WriteProblem.describe(error, creatingFolder: path))")
                throw ExitStatus.unusableInput
            }
        }
        var entries: [ReportIndex.Entry] = []
        for (file, name) in zip(files, reportNames) {
            let spec: Spec
            let analysis: AnalysisResult
            do {
                spec = try SpecFile.load(path: file)
                analysis = try Analyzer.analyze(spec, options: verification.options(progress: file))
                FileHandleOutput.clearProgressLine()
            } catch {
                printError(error.description)
                entries.append(ReportIndex.Entry(unusable: file, reason: error.description))
                verdict = max(verdict, .unusable)
                continue
            }
            var campaign = FuzzConfiguration(runs: runs, length: length, seed: seed)
            campaign.isCancelled = { Interruption.shared.requested }
            let fuzz = runs == 0 ? nil : Fuzzer(machine: analysis.machine, configuration: campaign).run()
            var report = SpecReport(file: file, analysis: analysis, fuzz: fuzz)
            // As `graph` prints them.
            for warning in report.diagramWarnings { printError("\(file): \(warning)") }
            if let directory {
                var written: [String] = []
                if format == .markdown, case .success(let svg) = report.svg {
                    report.svgFile = name + ".svg"
                    try write(svg, to: directory.appendingPathComponent(name + ".svg"))
                    written.append(name + ".svg")
                }
                let page = name + "." + format.fileExtension
                try write(format == .markdown ? report.markdown : report.html, to: directory.appendingPathComponent(page))
                written.insert(page, at: 0)
                print(
                    ("\(file) → " + written.map { directory.appendingPathComponent($0).path }.joined(separator: ", "))
                        .controlCharactersEscaped)
                entries.append(ReportIndex.Entry(report, link: page))
            } else {
                print(format == .markdown ? report.markdown : report.html, terminator: "")
            }
            verdict = max(verdict, filter.verdict(.analyzed(file: file, analysis)), fuzz?.failure != nil ? .failed : .passed)
        }
        if let directory, files.count > 1 {
            let index = ReportIndex(entries)
            let url = directory.appendingPathComponent(Self.indexName + "." + format.fileExtension)
            try write(format == .markdown ? index.markdown : index.html, to: url)
            print("index → \(url.path)")
        }
        if let directory, madeDirectory, (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: directory)
        }
        throw CheckCommand.exitStatus(verdict)
    }

    static let indexName = "index"

    /// Each spec's report name: its file name without the extension, with the folders that tell apart specs of one
    /// name in different folders (`orders-spec`, `payments-spec`), as fuzzing names its failures.
    private var reportNames: [String] { DistinctFileNames.of(files) }

    /// A spec given twice, or a spec named like the index, would overwrite another report, and a spec in the
    /// directory named like a report (`m.md`, `m.svg`) would be replaced by it: refused before anything is written.
    /// Names are compared ignoring case, as macOS's file systems do.
    private func checkReportNames() throws {
        guard let outputDirectory else { return }
        var seen: [String: String] = [:]
        if files.count > 1 { seen[Self.indexName] = "the index" }
        var written: [String] = files.count > 1 ? [Self.indexName + "." + format.fileExtension] : []
        for (file, name) in zip(files, reportNames) {
            if let other = seen[name.lowercased()] {
                throw ValidationError(
                    "both \(other) and \(file) would be written as \(name).\(format.fileExtension); report them into different directories")
            }
            seen[name.lowercased()] = file
            written.append(name + "." + format.fileExtension)
            if format == .markdown { written.append(name + ".svg") }
        }
        for page in written {
            let path = (outputDirectory as NSString).appendingPathComponent(page)
            if let spec = WriteProblem.input(replacedBy: path, among: files) {
                throw ValidationError(
                    "--output-directory: the report \(path) would replace the spec \(spec) it is made from; write the reports into another directory"
                )
            }
        }
    }

    private func write(_ text: String, to url: URL) throws {
        do {
            try OutputFile.write(text, to: url.path)
        } catch {
            printError("error: cannot write \(url.path): \(WriteProblem.describe(error, writing: url.path))")
            throw ExitStatus.unusableInput
        }
    }
}
