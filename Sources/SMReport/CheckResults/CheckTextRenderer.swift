public import SMAnalyzer
public import SMEngine
import SMSpec

/// The human-readable report: findings grouped per spec, each with its place, its trace as numbered steps and its
/// witness values; colored when `colors` is set (on a terminal).
public struct CheckTextRenderer: ReportRenderer {
    public typealias Subject = [SpecOutcome]

    public var filter = ReportFilter()
    public var colors = false

    public init(filter: ReportFilter = ReportFilter(), colors: Bool = false) {
        self.filter = filter
        self.colors = colors
    }

    public func render(_ outcomes: [SpecOutcome]) -> String {
        outcomes.map(render).joined(separator: "\n")
    }

    public func render(_ outcome: SpecOutcome) -> String {
        switch outcome {
        case .unusable(_, let error):
            return error.diagnostics.map { paint($0.description.controlCharactersEscapedKeepingLines, .red) }.joined(separator: "\n") + "\n"
        case .analyzed(let file, let result):
            var lines = [paint("\(file.controlCharactersEscaped) — \(result.spec.name)", .bold)]
            let shown = result.findings.filter(filter.shows)
            for finding in shown { lines += render(finding, file: file, machine: result.machine) }
            let stats = result.stats
            let plural = TextStyle.plural
            var summary =
                "\(plural(stats.configurations, "configuration")), \(plural(stats.transitions, "transition")), depth \(stats.depth), \(stats.milliseconds) ms"
            if let symbolic = stats.symbolic {
                let prefix = stats.configurations == 0 ? "" : summary + "; "
                summary =
                    prefix
                    + "symbolic: \(plural(symbolic.controlStates, "control state")), \(plural(symbolic.paths, "path")), \(symbolic.depth >= 0 ? "checked to depth \(symbolic.depth)" : "no depth checked"), \(symbolic.milliseconds) ms"
            }
            let counts = TextStyle.severityCounts(shown)
            // Never "ok" about what was not checked: an incomplete result says so first.
            let verdict: String
            if !stats.complete {
                verdict =
                    paint("incomplete", .yellow) + ": "
                    + (counts.isEmpty ? "nothing found in the part that was checked" : counts.joined(separator: ", "))
            } else {
                verdict = counts.isEmpty ? paint("ok", .green) : counts.joined(separator: ", ")
            }
            lines.append("  \(verdict) (\(summary))")
            if !stats.complete {
                lines.append("  not checked:")
                lines += stats.undecided.map { "    \($0.description)" }
            }
            lines += stats.notes.map { "  note: \($0)" }
            // "ok" is about what is shown: say what the severity filter left out.
            let hidden = result.findings.filter { !filter.shows($0) }
            if !hidden.isEmpty {
                lines.append(
                    "  note: \(TextStyle.severityCounts(hidden).joined(separator: ", ")) below the \(filter.minimumSeverity.rawValue) severity \(hidden.count == 1 ? "is" : "are") not shown"
                )
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// One finding as indented lines: severity, code and message, its place, trace and witness.
    public func render(_ finding: Finding, file: String, machine: Machine) -> [String] {
        let color: TextStyle.Color =
            switch finding.severity {
            case .error: .red
            case .warning: .yellow
            case .info: .blue
            }
        var lines = ["  " + paint("\(finding.severity.rawValue) \(finding.code.rawValue)", color) + " " + finding.message]
        if let location = finding.location {
            lines.append("    " + TextStyle.at(location, in: file))
        }
        if let trace = finding.trace { lines += TextStyle.trace(trace, machine: machine, indent: "    ") }
        if !finding.witness.isEmpty {
            lines.append(
                "    \(finding.witnessMoment.label): " + finding.witness.map { "\($0.name) = \($0.value)" }.joined(separator: ", "))
        }
        return lines
    }

    func paint(_ text: String, _ color: TextStyle.Color) -> String { TextStyle(colors: colors).paint(text, color) }
}
