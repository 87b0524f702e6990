/// Writes a `Document` as one self-contained HTML page (inline style, no local assets). The diagram's Mermaid source
/// is in the page; the Mermaid script, loaded from a CDN when the page is opened online, draws it, and offline the
/// source stays readable.
public struct HTMLRenderer: Sendable {
    public init() {}

    public func render(_ document: Document) -> String {
        var body: [String] = ["<h1>\(Markup.escape(document.title))</h1>"]
        var hasDiagram = false
        for block in document.blocks {
            switch block {
            case .heading(let level, let spans):
                let level = min(max(level, 1), 6)
                body.append("<h\(level)>\(inline(spans))</h\(level)>")
            case .paragraph(let spans):
                body.append("<p>\(inline(spans))</p>")
            case .table(let header, let rows):
                var table = ["<table>", "<thead><tr>" + header.map { "<th>\(Markup.escape($0))</th>" }.joined() + "</tr></thead>", "<tbody>"]
                for row in rows { table.append("<tr>" + row.map { "<td>\(inline($0))</td>" }.joined() + "</tr>") }
                table.append("</tbody></table>")
                body.append(table.joined(separator: "\n"))
            case .list(let items):
                body.append("<ul>\n" + items.map { "<li>\(inline($0))</li>" }.joined(separator: "\n") + "\n</ul>")
            case .numberedList(let items):
                body.append("<ol>\n" + items.map { "<li>\(inline($0))</li>" }.joined(separator: "\n") + "\n</ol>")
            case .code(let text):
                body.append("<pre><code>\(Markup.escape(text))</code></pre>")
            case .diagram(let source):
                hasDiagram = true
                body.append("<pre class=\"mermaid\">\n\(Markup.escape(source))\n</pre>")
            }
        }
        var page = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(Markup.escape(document.title))</title>",
            "<style>\(Self.style)</style>",
            "</head>",
            "<body>",
        ]
        page += body
        if hasDiagram {
            page.append("<script type=\"module\">import mermaid from \"https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs\"; mermaid.initialize({ startOnLoad: true });</script>")
        }
        page += ["</body>", "</html>", ""]
        return page.joined(separator: "\n")
    }

    func inline(_ spans: [Document.Span]) -> String {
        spans.map { span in
            switch span {
            case .text(let text): Markup.escape(text)
            case .code(let text): "<code>\(Markup.escape(text))</code>"
            case .strong(let text): "<strong>\(Markup.escape(text))</strong>"
            case .badge(let text, let tone): "<span class=\"badge \(tone.rawValue)\">\(Markup.escape(text))</span>"
            }
        }.joined()
    }

    static let style = """
        body{font:15px/1.5 -apple-system,system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}\
        h1,h2,h3{line-height:1.25}h2{border-bottom:1px solid #d0d7de;padding-bottom:.3rem}\
        code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}\
        pre{background:#f6f8fa;padding:.8rem;overflow:auto;border-radius:6px}\
        table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left;vertical-align:top}\
        .badge{font-weight:600;padding:0 .4rem;border-radius:4px;color:#fff}\
        .badge.error{background:#cf222e}.badge.warning{background:#9a6700}.badge.info{background:#0969da}.badge.ok{background:#1a7f37}\
        pre.mermaid{background:none}
        """
}
