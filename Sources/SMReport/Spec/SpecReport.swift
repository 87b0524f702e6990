public import SMAnalyzer
import SMEngine
public import SMFuzz
import SMSpec

/// The report of one spec for people: what it is, its diagram, the verdict, every finding with its place, trace
/// and witness, and the coverage a seeded fuzz campaign reached. Written out as Markdown or HTML.
///
/// The diagram marks the states with findings and carries the campaign's coverage; it is drawn by Graphviz once,
/// when the report is made (`svg`), for the HTML page to inline and for a file beside the Markdown.
public struct SpecReport: Sendable {
    public let file: String
    public let analysis: AnalysisResult
    /// The campaign that measured coverage; nil to leave coverage out.
    public let fuzz: FuzzResult?
    /// How many unreached items to list per kind.
    public var listedMisses = 50
    /// The name of the SVG file written beside the Markdown report, which it links; nil when none is written.
    public var svgFile: String?
    public let diagram: StateDiagram
    /// The diagram drawn as an SVG document, or why it could not be.
    public let svg: Result<String, DiagramError>
    /// What Graphviz warned about while drawing it (labels moved beside the edges, say): on the page under the
    /// diagram, and for the command to print.
    public let diagramWarnings: [String]

    public init(file: String, analysis: AnalysisResult, fuzz: FuzzResult?) {
        self.file = file
        self.analysis = analysis
        self.fuzz = fuzz
        diagram = StateDiagram(analysis.spec, findings: Self.findingCodes(analysis), coverageOf: fuzz)
        let graph = GraphvizDiagram(diagram)
        let drawing = Result { () throws(DiagramError) in try graph.svg() }
        svg = drawing.map(\.text)
        diagramWarnings = (try? drawing.get())?.warnings ?? []
    }

    public var document: Document {
        let spec = analysis.spec
        var blocks: [Document.Block] = []
        if let description = spec.spec.description { blocks += Self.paragraphs(description).map { .paragraph([.text($0)]) } }
        let declared = spec.events.filter { !$0.isImplicit }.count
        blocks.append(
            .paragraph([
                "Spec ", .code(file),
                .text(
                    ": \(TextStyle.plural(spec.states.count - 1, "state")), "
                        + "\(TextStyle.plural(spec.transitions.count, "transition")), \(TextStyle.plural(declared, "event")), "
                        + "\(TextStyle.plural(spec.variables.count, "variable"))."),
            ]))
        blocks += verdict()
        blocks.append(.heading(level: 2, ["Diagram"]))
        if let source = MermaidDiagram(diagram).source {
            switch svg {
            case .success(let svg):
                blocks.append(.diagram(Document.Diagram(mermaid: source, svg: svg, svgFile: svgFile, hasCoverage: fuzz != nil)))
                blocks += diagramWarnings.map { .paragraph([.text("Graphviz: \($0).")]) }
            case .failure(let error):
                blocks.append(.diagram(Document.Diagram(mermaid: source, note: "No drawn diagram: \(error.message).")))
            }
        }
        if let reason = diagram.reasonForNoDiagram { blocks.append(.paragraph([.text(reason)])) }
        blocks += findings()
        if let fuzz { blocks += coverage(fuzz) }
        return Document(title: "\(spec.name) — smcheck report", blocks: blocks)
    }

    public var markdown: String { MarkdownRenderer().render(document) }
    public var html: String { HTMLRenderer().render(document) }

    /// The paragraphs of a text written with line breaks: blank lines separate them, and each keeps its line breaks.
    static func paragraphs(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var lines: [Substring] = []
        // `\r\n` is one Character, which isNewline covers with `\n` and `\r`.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                if !lines.isEmpty { paragraphs.append(lines.joined(separator: "\n")) }
                lines = []
            } else {
                lines.append(line)
            }
        }
        if !lines.isEmpty { paragraphs.append(lines.joined(separator: "\n")) }
        return paragraphs
    }

    /// `ok`, or the findings counted by severity, colored by the worst; `incomplete` when a check was not decided.
    var verdictBadge: Document.Span {
        let counts = TextStyle.severityCounts(analysis.findings)
        if !analysis.stats.complete {
            return .badge("incomplete" + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")), .warning)
        }
        return .badge(counts.isEmpty ? "ok" : counts.joined(separator: ", "), analysis.worstSeverity.map(tone) ?? .ok)
    }

    private func verdict() -> [Document.Block] {
        let stats = analysis.stats
        var blocks: [Document.Block] = [
            .heading(level: 2, ["Verdict"]),
            .paragraph([verdictBadge]),
            .table(
                header: ["configurations", "transitions", "depth", "checks"],
                rows: [
                    [
                        [.text("\(stats.configurations)")], [.text("\(stats.transitions)")], [.text("\(stats.depth)")],
                        [.text(stats.complete ? "all decided" : "some not decided")],
                    ]
                ]),
        ]
        if !stats.complete {
            blocks.append(.paragraph(["Not checked:"]))
            blocks.append(.list(stats.undecided.map { [.text($0.description)] }))
        }
        for note in stats.notes { blocks.append(.paragraph(["Note: ", .text(note)])) }
        return blocks
    }

    /// The codes of each state's findings, for the diagram.
    private static func findingCodes(_ analysis: AnalysisResult) -> [Int: [String]] {
        var codes: [Int: [String]] = [:]
        for finding in analysis.findings {
            for path in finding.states {
                if let state = analysis.spec.state(atPath: path) { codes[state.index, default: []].append(finding.code.rawValue) }
            }
        }
        return codes
    }

    private func findings() -> [Document.Block] {
        var blocks: [Document.Block] = [.heading(level: 2, ["Findings"])]
        guard !analysis.findings.isEmpty else { return blocks + [.paragraph(["None."])] }
        for (i, finding) in analysis.findings.enumerated() {
            blocks.append(
                .heading(
                    level: 3,
                    [
                        .text("\(i + 1). "), .badge("\(finding.severity.rawValue) \(finding.code.rawValue)", tone(finding.severity)),
                        .text(" " + finding.code.title),
                    ]))
            blocks.append(.paragraph([.text(finding.message)]))
            var facts: [[Document.Span]] = []
            if let location = finding.location {
                facts.append(["At ", .code(TextStyle.place(location, in: file)), " (", .code(location.pointerText), ")"])
            }
            facts.append(["Found by ", .text(finding.method.rawValue)])
            if !finding.witness.isEmpty {
                let label = finding.witnessMoment.label
                // Built step by step: as one expression of literals it took the type checker two seconds.
                var witness: [Document.Span] = [.text(label.prefix(1).uppercased() + label.dropFirst() + ": ")]
                for (i, value) in finding.witness.enumerated() {
                    if i > 0 { witness.append(.text(", ")) }
                    witness.append(.code("\(value.name) = \(value.value)"))
                }
                facts.append(witness)
            }
            blocks.append(.list(facts))
            switch finding.trace {
            case nil: break
            case .some(let trace) where trace.isEmpty:
                blocks.append(.paragraph(["The initial configuration shows it."]))
            case .some(let trace):
                blocks.append(.paragraph(["Shortest trace:"]))
                blocks.append(
                    traceBlock(trace, title: "\(i + 1). \(finding.code.rawValue) \(finding.code.title)", machine: analysis.machine))
            }
        }
        return blocks
    }

    private func coverage(_ fuzz: FuzzResult) -> [Document.Block] {
        let configuration = fuzz.configuration
        let reached =
            "Reached by \(TextStyle.plural(fuzz.runs, "fuzz run")) of up to \(TextStyle.plural(configuration.length, "event")) "
            + "(\(TextStyle.plural(fuzz.events, "event")) in all) from seed \(configuration.seed)"
            + (fuzz.interrupted ? ", when the campaign was interrupted" : "")
        // A campaign interrupted before its first run has nothing to repeat (and `--runs 0` is refused).
        let repeating: [Document.Span] =
            fuzz.runs == 0
            ? [.text(reached + ".")]
            : [
                .text(reached + "; "),
                .code(
                    "smcheck fuzz --seed \(configuration.seed) --runs \(fuzz.runs) --length \(configuration.length) \(ShellWord.quoted(file))"
                ),
                .text(" repeats it."),
            ]
        var blocks: [Document.Block] = [.heading(level: 2, ["Coverage"]), .paragraph(repeating)]
        if let failure = fuzz.failure {
            blocks.append(.paragraph([.badge("fuzzing failed", .error), .text(" " + failure.failure.message)]))
            blocks.append(traceBlock(failure.trace, title: "fuzzing failure", machine: fuzz.machine))
        }
        let summary = fuzz.coverageSummary
        func row(_ kind: String, _ covered: Int, _ total: Int) -> [[Document.Span]] {
            let percent = total == 0 ? 100 : covered * 100 / total
            return [[.text(kind)], [.text("\(covered)")], [.text("\(total)")], [.text("\(percent)%")]]
        }
        blocks.append(
            .table(
                header: ["", "covered", "total", "share"],
                rows: [
                    row("states entered", summary.coveredStates, summary.totalStates),
                    row("transitions taken", summary.coveredTransitions, summary.totalTransitions),
                    row("guard outcomes seen", summary.coveredGuardOutcomes, summary.totalGuardOutcomes),
                ]))
        for (title, names) in [
            ("States not entered", summary.missedStates),
            ("Transitions not taken", summary.missedTransitions),
            ("Guard outcomes not seen", summary.missedGuardOutcomes),
            ("Not counted, as they cannot happen", summary.excluded),
        ] where !names.isEmpty {
            blocks.append(.paragraph([.strong(title)]))
            var items = names.prefix(listedMisses).map { [Document.Span.code($0)] }
            if names.count > listedMisses { items.append([.text("… and \(names.count - listedMisses) more")]) }
            blocks.append(.list(items))
        }
        return blocks
    }

    /// The numbered steps, with the configuration after each for the page to play on the diagram.
    private func traceBlock(_ trace: [TraceStep], title: String, machine: Machine) -> Document.Block {
        .trace(TextStyle.steps(trace, machine: machine).map { [.code($0)] }, TracePlayback(title: title, trace: trace, machine: machine))
    }

    private func tone(_ severity: Severity) -> Document.Tone {
        switch severity {
        case .error: .error
        case .warning: .warning
        case .info: .info
        }
    }
}
