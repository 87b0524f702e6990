import SMAnalyzer
import SMEngine
import SMSpec

/// What the text reports share: ANSI colors on a terminal, plurals, numbered traces.
struct TextStyle {
    var colors: Bool

    enum Color: String {
        case red = "31", green = "32", yellow = "33", blue = "34", bold = "1"
    }

    func paint(_ text: String, _ color: Color) -> String {
        colors ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    static func plural(_ n: Int, _ word: String) -> String { Plural.count(n, word) }

    /// `file:line:column` of a finding in the spec the report calls `file` (as given on the command line, its control
    /// characters escaped).
    static func place(_ location: Spec.SourceLocation, in file: String) -> String {
        let file = file.controlCharactersEscaped
        return location.line.map { "\(file):\($0):\(location.column ?? 1)" } ?? file
    }

    /// `at file:line:column (pointer or element path)`: where a finding or failure is written, as the text reports
    /// say it.
    static func at(_ location: Spec.SourceLocation, in file: String) -> String {
        "at \(place(location, in: file)) (\(location.pointerText))"
    }

    /// `2 errors`, `1 warning`, ... worst first, leaving out severities with no finding.
    static func severityCounts(_ findings: [Finding]) -> [String] {
        Severity.allCases.reversed().compactMap { severity in
            let n = findings.count { $0.severity == severity }
            return n == 0 ? nil : plural(n, severity.rawValue)
        }
    }

    /// `trace:` and the steps numbered from 1, each with its choices, indented by `indent`.
    static func trace(_ trace: [TraceStep], machine: Machine, indent: String) -> [String] {
        guard !trace.isEmpty else { return [indent + "trace: (the initial configuration)"] }
        return [indent + "trace:"] + steps(trace, machine: machine).enumerated().map { "\(indent)  \($0.offset + 1). \($0.element)" }
    }

    /// Each step as its event with arguments, then its choices (opaque guard outcomes, `oneOf` picks) in brackets.
    static func steps(_ trace: [TraceStep], machine: Machine) -> [String] {
        trace.map { $0.text(machine: machine) }
    }
}

extension TraceStep {
    /// The step as the text reports show it: `pay {"amount": 5} [1, 0]`, its choices in brackets.
    package func text(machine: Machine) -> String {
        machine.describe(event) + (choices.isEmpty ? "" : " [\(choices.map(String.init).joined(separator: ", "))]")
    }
}
