/// Swift source text built line by line, with the indentation of the blocks it is in.
struct SwiftWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    mutating func lines(_ texts: [String]) { for text in texts { line(text) } }

    /// `header {`, the body one level deeper, then `}` (or `closing`).
    mutating func block(_ header: String, closing: String = "}", _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// `switch … {`, the cases at the switch's own depth (Swift's style), then `}`.
    mutating func switchBlock(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        body(&self)
        line("}")
    }

    /// `switch subject` over the indices `0..<count`, the last as `default` (a fixed set of fields read or written by
    /// index); with one index, just its line.
    mutating func indexSwitch(_ subject: String, count: Int, _ line: (Int) -> String) {
        guard count > 1 else {
            self.line(line(0))
            return
        }
        switchBlock("switch \(subject)") { w in
            for i in 0..<(count - 1) { w.line("case \(i): " + line(i)) }
            w.line("default: " + line(count - 1))
        }
    }

    /// Lines written by `body`, one level deeper.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// A `///` comment, one line per line of `text`.
    mutating func documentation(_ text: String) {
        // Every line break Swift reads as one (a "\r\n" is one Character, which a split at "\n" would not split).
        for part in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) { line("/// " + part) }
    }

    /// Another writer's lines, at this writer's depth.
    mutating func append(_ other: SwiftWriter) { for text in other.lines { line(text) } }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
