import SMEngine

/// What the text reports share: ANSI colors on a terminal, plurals, numbered traces.
struct TextStyle {
    var colors: Bool

    enum Color: String {
        case red = "31", green = "32", yellow = "33", blue = "34", bold = "1"
    }

    func paint(_ text: String, _ color: Color) -> String {
        colors ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// `trace:` and the steps numbered from 1, each with its choices, indented by `indent`.
    static func trace(_ trace: [TraceStep], machine: Machine, indent: String) -> [String] {
        guard !trace.isEmpty else { return [indent + "trace: (the initial configuration)"] }
        var lines = [indent + "trace:"]
        for (i, step) in trace.enumerated() {
            let choices = step.choices.isEmpty ? "" : " [\(step.choices.map(String.init).joined(separator: ", "))]"
            lines.append("\(indent)  \(i + 1). \(machine.describe(step.event))\(choices)")
        }
        return lines
    }
}
