import SMSpec

/// Writes a `Document` as one self-contained HTML page: the diagram's SVG inline, all style and script in the page,
/// nothing loaded from anywhere, so it reads the same offline or from a CI artifact. The style and script are inline,
/// which a Content-Security-Policy without 'unsafe-inline' blocks; the page then still reads, unstyled and without
/// the controls the script would show.
///
/// With a drawn diagram the page is interactive: each trace has a button that plays it on the diagram, stepping
/// with buttons or the arrow keys while the active states and the transitions taken light up and the variables
/// show; a checkbox paints the fuzzing coverage. The configurations were computed by the engine when the report was
/// written and are in the page as JSON. Without a drawn diagram the page says why and shows the Mermaid source.
public struct HTMLRenderer: ReportRenderer, Sendable {
    public init() {}

    public func render(_ document: Document) -> String {
        var body: [String] = ["<h1>\(Markup.escape(document.title))</h1>"]
        // Traces play only where there is a drawn diagram to play them on.
        let playable = document.blocks.contains { if case .diagram(let diagram) = $0 { diagram.svg != nil } else { false } }
        var playbacks: [TracePlayback] = []
        for block in document.blocks {
            switch block {
            case .heading(let level, let spans):
                let level = min(max(level, 1), 6)
                body.append("<h\(level)>\(inline(spans))</h\(level)>")
            case .paragraph(let spans):
                body.append("<p>\(inline(spans).replacingOccurrences(of: "\n", with: "<br>\n"))</p>")
            case .table(let header, let rows):
                var table = [
                    "<table>", "<thead><tr>" + header.map { "<th>\(Markup.escape($0))</th>" }.joined() + "</tr></thead>", "<tbody>",
                ]
                for row in rows { table.append("<tr>" + row.map { "<td>\(inline($0))</td>" }.joined() + "</tr>") }
                table.append("</tbody></table>")
                body.append(table.joined(separator: "\n"))
            case .list(let items):
                body.append("<ul>\n" + items.map { "<li>\(inline($0))</li>" }.joined(separator: "\n") + "\n</ul>")
            case .numberedList(let items):
                body.append("<ol>\n" + items.map { "<li>\(inline($0))</li>" }.joined(separator: "\n") + "\n</ol>")
            case .code(let text):
                body.append("<pre><code>\(Markup.escape(text))</code></pre>")
            case .diagram(let diagram):
                body.append(
                    figure(diagram, hasTraces: playable && document.blocks.contains { if case .trace = $0 { true } else { false } }))
            case .trace(let items, let playback):
                guard playable else {
                    body.append("<ol>\n" + items.map { "<li>\(inline($0))</li>" }.joined(separator: "\n") + "\n</ol>")
                    continue
                }
                let number = playbacks.count
                playbacks.append(playback)
                body.append(
                    "<ol class=\"trace\" data-trace=\"\(number)\">\n"
                        + items.map { "<li>\(inline($0))</li>" }.joined(separator: "\n") + "\n</ol>")
                body.append(
                    "<p class=\"scripted\" hidden><button type=\"button\" class=\"play\" data-trace=\"\(number)\">Step through on the diagram</button></p>"
                )
            }
        }
        var page = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(Markup.escape(document.title))</title>",
            "<style>\(HTMLStyle.css)</style>",
            "</head>",
            "<body>",
        ]
        page += body
        if playable {
            page.append("<script type=\"application/json\" id=\"smcheck-traces\">\(Self.json(playbacks))</script>")
            page.append("<script>\(HTMLScript.player)</script>")
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
            case .link(let text, let href): "<a href=\"\(Markup.escape(Markup.linkAddress(href)))\">\(Markup.escape(text))</a>"
            }
        }.joined()
    }

    /// The drawn diagram with its legend, coverage switch and trace player; or, without a drawing, why there is
    /// none and the Mermaid source to read.
    private func figure(_ diagram: Document.Diagram, hasTraces: Bool) -> String {
        guard let svg = diagram.svg else {
            return "<p class=\"note\">\(Markup.escape(diagram.note ?? "No drawn diagram."))</p>\n"
                + "<p>The diagram's Mermaid source (paste it into any Mermaid viewer):</p>\n"
                + "<pre class=\"mermaid-source\"><code>\(Markup.escape(diagram.mermaid))</code></pre>"
        }
        // Fitted to the page, a drawing more than twice as wide as it (long names, many states side by side) would be
        // too small to read: it starts at its actual size, in a box that scrolls.
        let wide = (InlineSVG.width(svg) ?? 0) > 2 * Self.pageWidth
        var parts = [
            "<figure class=\"diagram\(wide ? " actual-size" : "")\" id=\"diagram\">", "<div class=\"canvas\">", InlineSVG.prepare(svg),
            "</div>",
        ]
        var legend = "<figcaption>Red: states with findings."
        // What works only with the script is hidden until the script shows it: a policy that blocks inline scripts
        // leaves no dead controls.
        if hasTraces {
            legend +=
                "<span class=\"scripted\" hidden> Choose a trace below (“Step through on the diagram”) to play it here; ← and → step.</span>"
        }
        if diagram.hasCoverage {
            legend +=
                "<span class=\"scripted\" hidden> <label><input type=\"checkbox\" id=\"paint-coverage\"> Paint fuzzing coverage</label>"
                + "<span class=\"coverage-legend\"> (grey dashed: states never entered and transitions never taken;"
                + " orange label: a guard outcome never seen)</span></span>"
        }
        legend +=
            "<span class=\"scripted\" hidden> <label><input type=\"checkbox\" id=\"actual-size\"\(wide ? " checked" : "")> Actual size</label></span>"
        parts.append(legend + "</figcaption>")
        if hasTraces {
            parts += [
                "<div class=\"player\" id=\"player\" hidden>",
                "<div class=\"controls\"><select id=\"trace-choice\" aria-label=\"trace\"></select>",
                "<button type=\"button\" id=\"step-back\" aria-label=\"back\">◀ Back</button>",
                "<button type=\"button\" id=\"step-forward\" aria-label=\"forward\">Forward ▶</button>",
                "<button type=\"button\" id=\"player-close\" aria-label=\"close\">✕</button></div>",
                "<p id=\"step-label\"></p>",
                "<p id=\"step-states\"></p>",
                "<table id=\"step-variables\"></table>",
                "<ul id=\"step-problems\"></ul>",
                "</div>",
            ]
        }
        parts.append("</figure>")
        return parts.joined(separator: "\n")
    }

    /// About the width, in points, the style sheet gives the diagram's box (64rem less its padding).
    static let pageWidth = 750.0

    /// The traces as JSON the script reads; `<` is written as `\u003c` so no string can end the script element.
    static func json(_ playbacks: [TracePlayback]) -> String {
        let node = JSONNode.array(
            playbacks.map { playback in
                .object([
                    ("title", .string(playback.title)),
                    (
                        "steps",
                        .array(
                            playback.steps.map { step in
                                .object([
                                    ("label", .string(step.label)),
                                    ("states", .array(step.activeStates.map(JSONNode.string))),
                                    ("leaves", .array(step.leaves.map(JSONNode.string))),
                                    ("transitions", .array(step.transitions.map(JSONNode.string))),
                                    ("variables", .array(step.variables.map { .array([.string($0.name), .string($0.value)]) })),
                                    ("problems", .array(step.problems.map(JSONNode.string))),
                                ])
                            })
                    ),
                ])
            })
        var text = ""
        for character in JSONWriter.string(node, style: .compact) {
            if character == "<" { text += "\\u003c" } else { text.append(character) }
        }
        return text
    }
}
