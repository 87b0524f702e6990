public import SMAnalyzer
import SMEngine
public import SMFuzz
import SMSpec

/// The report of one spec for people: what it is, its diagram, the verdict, every finding with its place, trace
/// and witness, and the coverage a seeded fuzz campaign reached. Written out as Markdown or HTML.
public struct SpecReport: Sendable {
    public let file: String
    public let analysis: AnalysisResult
    /// The campaign that measured coverage; nil to leave coverage out.
    public let fuzz: FuzzResult?
    /// How many unreached items to list per kind.
    public var listedMisses = 50

    public init(file: String, analysis: AnalysisResult, fuzz: FuzzResult?) {
        self.file = file
        self.analysis = analysis
        self.fuzz = fuzz
    }

    public var document: Document {
        let spec = analysis.spec
        var blocks: [Document.Block] = []
        if let description = spec.spec.description { blocks.append(.paragraph([.text(description)])) }
        let declared = spec.events.filter { !$0.isImplicit }.count
        blocks.append(.paragraph([
            "Spec ", .code(file), .text(": \(TextStyle.plural(spec.states.count - 1, "state")), "
                + "\(TextStyle.plural(spec.transitions.count, "transition")), \(TextStyle.plural(declared, "event")), "
                + "\(TextStyle.plural(spec.variables.count, "variable")).")
        ]))
        blocks += verdict()
        blocks.append(.heading(level: 2, ["Diagram"]))
        let diagram = MermaidDiagram(spec, marks: marks())
        if let source = diagram.source { blocks.append(.diagram(source)) }
        if let reason = diagram.reasonForNoDiagram { blocks.append(.paragraph([.text(reason)])) }
        blocks += findings()
        if let fuzz { blocks += coverage(fuzz) }
        return Document(title: "\(spec.name) — smcheck report", blocks: blocks)
    }

    public var markdown: String { MarkdownRenderer().render(document) }
    public var html: String { HTMLRenderer().render(document) }

    private func verdict() -> [Document.Block] {
        let counts = TextStyle.severityCounts(analysis.findings)
        let stats = analysis.stats
        let badge: Document.Span
        if !stats.complete {
            badge = .badge("incomplete" + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")), .warning)
        } else {
            badge = .badge(counts.isEmpty ? "ok" : counts.joined(separator: ", "), analysis.worstSeverity.map(tone) ?? .ok)
        }
        var blocks: [Document.Block] = [
            .heading(level: 2, ["Verdict"]),
            .paragraph([badge]),
            .table(header: ["configurations", "transitions", "depth", "checks"], rows: [[
                [.text("\(stats.configurations)")], [.text("\(stats.transitions)")], [.text("\(stats.depth)")],
                [.text(stats.complete ? "all decided" : "some not decided")],
            ]]),
        ]
        if !stats.complete {
            blocks.append(.paragraph(["Not checked:"]))
            blocks.append(.list(stats.undecided.map { [.text($0.description)] }))
        }
        for note in stats.notes { blocks.append(.paragraph(["Note: ", .text(note)])) }
        return blocks
    }

    /// The codes of each state's findings, for the diagram.
    private func marks() -> [Int: String] {
        var codes: [Int: Set<String>] = [:]
        for finding in analysis.findings {
            for path in finding.states {
                if let state = analysis.spec.state(atPath: path) { codes[state.index, default: []].insert(finding.code.rawValue) }
            }
        }
        return codes.mapValues { $0.sorted().joined(separator: " ") }
    }

    private func findings() -> [Document.Block] {
        var blocks: [Document.Block] = [.heading(level: 2, ["Findings"])]
        guard !analysis.findings.isEmpty else { return blocks + [.paragraph(["None."])] }
        for (i, finding) in analysis.findings.enumerated() {
            blocks.append(.heading(level: 3, [
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
                facts.append([.text(label.prefix(1).uppercased() + label.dropFirst() + ": ")] + finding.witness.enumerated().flatMap { i, value -> [Document.Span] in
                    (i > 0 ? [", "] : []) + [.code("\(value.name) = \(value.value)")]
                })
            }
            blocks.append(.list(facts))
            switch finding.trace {
            case nil: break
            case .some(let trace) where trace.isEmpty:
                blocks.append(.paragraph(["The initial configuration shows it."]))
            case .some(let trace):
                blocks.append(.paragraph(["Shortest trace:"]))
                blocks.append(.numberedList(TextStyle.steps(trace, machine: analysis.machine).map { [.code($0)] }))
            }
        }
        return blocks
    }

    private func coverage(_ fuzz: FuzzResult) -> [Document.Block] {
        let configuration = fuzz.configuration
        var blocks: [Document.Block] = [
            .heading(level: 2, ["Coverage"]),
            .paragraph([.text("Reached by \(TextStyle.plural(fuzz.runs, "fuzz run")) of up to \(TextStyle.plural(configuration.length, "event")) "
                + "(\(TextStyle.plural(fuzz.events, "event")) in all) from seed \(configuration.seed); "),
                .code("smcheck fuzz --seed \(configuration.seed) --runs \(configuration.runs) --length \(configuration.length) \(file)"),
                .text(" repeats it.")]),
        ]
        if let failure = fuzz.failure {
            blocks.append(.paragraph([.badge("fuzzing failed", .error), .text(" " + failure.failure.message)]))
            blocks.append(.numberedList(TextStyle.steps(failure.trace, machine: fuzz.machine).map { [.code($0)] }))
        }
        let summary = fuzz.coverageSummary
        func row(_ kind: String, _ covered: Int, _ total: Int) -> [[Document.Span]] {
            let percent = total == 0 ? 100 : covered * 100 / total
            return [[.text(kind)], [.text("\(covered)")], [.text("\(total)")], [.text("\(percent)%")]]
        }
        blocks.append(.table(header: ["", "covered", "total", "share"], rows: [
            row("states entered", summary.coveredStates, summary.totalStates),
            row("transitions taken", summary.coveredTransitions, summary.totalTransitions),
            row("guard outcomes seen", summary.coveredGuardOutcomes, summary.totalGuardOutcomes),
        ]))
        for (title, names) in [("States not entered", summary.missedStates),
                               ("Transitions not taken", summary.missedTransitions),
                               ("Guard outcomes not seen", summary.missedGuardOutcomes),
                               ("Not counted, as they cannot happen", summary.excluded)] where !names.isEmpty {
            blocks.append(.paragraph([.strong(title)]))
            var items = names.prefix(listedMisses).map { [Document.Span.code($0)] }
            if names.count > listedMisses { items.append([.text("… and \(names.count - listedMisses) more")]) }
            blocks.append(.list(items))
        }
        return blocks
    }

    private func tone(_ severity: Severity) -> Document.Tone {
        switch severity {
        case .error: .error
        case .warning: .warning
        case .info: .info
        }
    }
}
