/// Writes a `Document` as GitHub-flavored Markdown; the diagram is a fenced `mermaid` block, which GitHub and most
/// Markdown viewers draw, with a link to the SVG drawn by Graphviz when one is written beside the document.
public struct MarkdownRenderer: ReportRenderer, Sendable {
    public init() {}

    public func render(_ document: Document) -> String {
        var lines = ["# " + escape(document.title), ""]
        for block in document.blocks {
            switch block {
            case .heading(let level, let spans):
                lines.append(String(repeating: "#", count: min(max(level, 1), 6)) + " " + inline(spans))
            case .paragraph(let spans):
                lines.append(inline(spans, lineBreaks: true))
            case .table(let header, let rows):
                lines.append("| " + header.map(cell).joined(separator: " | ") + " |")
                lines.append("|" + header.map { _ in "---" }.joined(separator: "|") + "|")
                for row in rows { lines.append("| " + row.map { cell(inline($0, inTable: true)) }.joined(separator: " | ") + " |") }
            case .list(let items):
                lines += items.map { "- " + inline($0) }
            case .numberedList(let items), .trace(let items, _):
                lines += items.enumerated().map { "\($0.offset + 1). " + inline($0.element) }
            case .code(let text):
                lines += ["```", text, "```"]
            case .diagram(let diagram):
                lines += ["```mermaid", diagram.mermaid, "```"]
                if let file = diagram.svgFile { lines += ["", inline([.link("The diagram drawn by Graphviz (SVG)", href: file)])] }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The spans as Markdown; `inTable` for a table cell, where GFM splits the row at every pipe not written `\|`,
    /// even in a code span (the cell's `\|` become `|` before the span is read).
    /// With `lineBreaks` (a paragraph), a line break in text is kept as a hard one; elsewhere it is a space.
    func inline(_ spans: [Document.Span], inTable: Bool = false, lineBreaks: Bool = false) -> String {
        spans.map { span in
            switch span {
            case .text(let text): escape(text, lineBreaks: lineBreaks)
            case .code(let text): inTable ? code(text).replacingOccurrences(of: "|", with: "\\|") : code(text)
            case .strong(let text): "**" + escape(text) + "**"
            case .badge(let text, _): "**" + escape(text) + "**"
            case .link(let text, let href): "[" + escape(text) + "](" + Markup.linkAddress(href) + ")"
            }
        }.joined()
    }

    /// A code span that survives backticks inside it (CommonMark: a longer fence, padded with spaces).
    private func code(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        // A line break would end the list item or table row the span is in.
        let text = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        return longest == 0 ? fence + text + fence : fence + " " + text + " " + fence
    }

    /// Markdown's punctuation that would change the meaning of plain text (`#` only where it would start a heading).
    /// With `lineBreaks`, each line break is kept as a hard one (a backslash ending the line), and whatever would
    /// start a block at the start of the next line (a list item, a quote, a fence, a heading) is escaped too.
    private func escape(_ text: String, lineBreaks: Bool = false) -> String {
        guard lineBreaks else { return escapeLine(String(text.map { $0.isNewline ? " " : $0 }), blockStarts: "#") }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { escapeLine(String($0), blockStarts: "#-+=>~", numbers: true) }.joined(separator: "\\\n")
    }

    /// One line of text with `\*_[]<|`&` escaped, and at its start (after spaces) a character of `blockStarts` and,
    /// with `numbers`, the `.` or `)` after a number, which would start a list item.
    private func escapeLine(_ line: String, blockStarts: String, numbers: Bool = false) -> String {
        let lead = line.prefix(while: \.isWhitespace).count
        let digits = line.dropFirst(lead).prefix(while: { $0.isASCII && $0.isNumber }).count
        var result = ""
        for (offset, character) in line.enumerated() {
            if "\\*_[]<|`&".contains(character) || (offset == lead && blockStarts.contains(character))
                || (numbers && digits > 0 && offset == lead + digits && (character == "." || character == ")"))
            {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }

    private func cell(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ") }
}
