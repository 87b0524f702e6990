import SMAnalyzer
import SMEngine
import SMFuzz
import SMReport
import SMSpec
import SMTestSupport
import Testing

@Suite("Markdown and HTML reports")
struct SpecReportTests {
    private func report(_ name: String, fuzzRuns: Int = 20) throws -> SpecReport {
        let spec = try Fixtures.spec(name)
        let analysis = try Analyzer.analyze(spec)
        let fuzz =
            fuzzRuns == 0
            ? nil
            : Fuzzer(machine: analysis.machine, configuration: FuzzConfiguration(runs: fuzzRuns, length: 50, seed: 3)).run()
        return SpecReport(file: "Specs/\(name).json", analysis: analysis, fuzz: fuzz)
    }

    private func headings(_ document: Document, level: Int) -> [[Document.Span]] {
        document.blocks.compactMap { block in
            if case .heading(level, let spans) = block { spans } else { nil }
        }
    }

    @Test("sections: verdict, diagram, findings, coverage; coverage only with a fuzz campaign")
    func sections() throws {
        #expect(headings(try report("rocket").document, level: 2) == [["Verdict"], ["Diagram"], ["Findings"], ["Coverage"]])
        #expect(headings(try report("rocket", fuzzRuns: 0).document, level: 2) == [["Verdict"], ["Diagram"], ["Findings"]])
    }

    @Test("a finding in Markdown: badge heading, message, place, method, witness and the numbered shortest trace")
    func findingInMarkdown() throws {
        let markdown = try report("defects/sm004-nondeterministic-guards").markdown
        #expect(
            markdown.contains(
                """
                ### 1. **warning SM004** nondeterministic guards

                two transitions on 'check' of 'idle' are enabled at once (level = 3): idle --check \\[level \\< 5\\]--> low and idle --check \\[level > 2\\]--> high; document order silently picks the first

                - At `Specs/defects/sm004-nondeterministic-guards.json:13:11` (`/states/idle/on/check/1`)
                - Found by exploration
                - Before the event: `level = 3`

                Shortest trace:

                1. `set {"to": 3}`
                2. `check`
                """))
        #expect(markdown.contains("**1 warning**"))
        #expect(markdown.contains("idle : idle ⚠ SM004 (on set / level = event.to)"))
    }

    @Test("coverage lists what the campaign did not reach, and leaves out what cannot happen")
    func coverage() throws {
        let markdown = try report("defects/sm004-nondeterministic-guards", fuzzRuns: 2).markdown
        #expect(markdown.contains("| guard outcomes seen | 1 | 3 | 33% |"))
        #expect(
            markdown.contains(
                "**Guard outcomes not seen**\n\n- `false: idle --check [level < 5]--> low`\n- `true: idle --check [level > 2]--> high`"))
        // After `level < 5` is false, `level > 2` always holds.
        #expect(
            markdown.contains(
                "**Not counted, as they cannot happen**\n\n- `false: idle --check [level > 2]--> high (impossible where the guard is evaluated, by \(BuildTraits.guardProver))`"
            ))
        #expect(try report("defects/sm004-nondeterministic-guards").markdown.contains("| guard outcomes seen | 3 | 3 | 100% |"))
    }

    @Test("a fuzz failure is in the coverage section with its shrunk trace")
    func fuzzFailure() throws {
        let markdown = try report("defects/sm002-infinite-loop").markdown
        #expect(
            markdown.contains("**fuzzing failed** no stable configuration after 100 microsteps in one macrostep (the maxMicrosteps limit)"))
        #expect(markdown.contains("**1 error**"))
    }

    @Test(
        "HTML: one escaped page with the diagram drawn inline, the traces as JSON for the player, and no web address",
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait"))
    func html() throws {
        let page = try report("defects/sm004-nondeterministic-guards").html
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.contains("<h3>1. <span class=\"badge warning\">warning SM004</span> nondeterministic guards</h3>"))
        #expect(page.contains("<figure class=\"diagram\" id=\"diagram\">\n<div class=\"canvas\">\n<svg width="))
        #expect(page.contains("<g id=\"state:idle\" class=\"node state atomic finding\">"))
        #expect(page.contains("<g id=\"transition:1\" class=\"edge transition\">"))
        #expect(!page.contains("http://") && !page.contains("https://"))
        #expect(
            page.contains(
                "<ol class=\"trace\" data-trace=\"0\">\n<li><code>set {&quot;to&quot;: 3}</code></li>\n<li><code>check</code></li>\n</ol>"))
        #expect(page.contains("<button type=\"button\" class=\"play\" data-trace=\"0\">Step through on the diagram</button>"))
        #expect(
            page.contains(
                #"<script type="application/json" id="smcheck-traces">[{"title":"1. SM004 nondeterministic guards","steps":["#
                    + #"{"label":"start","states":["state:idle"],"leaves":["idle"],"transitions":[],"variables":[["level","0"]],"problems":[]},"#
                    + #"{"label":"1. set {\"to\": 3}","states":["state:idle"],"leaves":["idle"],"transitions":[],"variables":[["level","3"]],"problems":[]},"#
                    + #"{"label":"2. check","states":["state:low"],"leaves":["low"],"transitions":["transition:1"],"variables":[["level","3"]],"problems":[]}]}"#
            ))
    }

    @Test(
        "HTML from a build without Graphviz says how to get the diagram drawn",
        .enabled(if: !GraphvizLayout.isAvailable, "smcheck is built with Graphviz"))
    func htmlWithoutGraphviz() throws {
        let page = try report("defects/sm004-nondeterministic-guards").html
        #expect(
            page.contains(
                "<p class=\"note\">No drawn diagram: this smcheck was built without Graphviz, so it cannot draw diagrams; install libgraphviz-dev"
            ))
        #expect(page.contains("<pre class=\"mermaid-source\"><code>stateDiagram-v2\n    [*] --&gt; idle\n"))
        #expect(!page.contains("<script") && !page.contains("http://") && !page.contains("https://"))
    }

    @Test("HTML without a drawn diagram: the reason, the Mermaid source to read, plain trace lists and no script")
    func htmlWithoutDrawing() {
        let playback = TracePlayback(title: "t", steps: [])
        let page = HTMLRenderer().render(
            Document(
                title: "T",
                blocks: [
                    .diagram(Document.Diagram(mermaid: "stateDiagram-v2\n    [*] --> a", note: "No drawn diagram: no Graphviz.")),
                    .trace([[.code("go")]], playback),
                ]))
        #expect(
            page.contains(
                """
                <p class="note">No drawn diagram: no Graphviz.</p>
                <p>The diagram's Mermaid source (paste it into any Mermaid viewer):</p>
                <pre class="mermaid-source"><code>stateDiagram-v2
                    [*] --&gt; a</code></pre>
                <ol>
                <li><code>go</code></li>
                </ol>
                """))
        #expect(!page.contains("<script"))
    }

    @Test("the traces' JSON in the page cannot end its script element")
    func scriptSafeJSON() {
        let page = HTMLRenderer().render(
            Document(
                title: "T",
                blocks: [
                    .diagram(Document.Diagram(mermaid: "", svg: "<svg></svg>")),
                    .trace([], TracePlayback(title: "</script><b>", steps: [])),
                ]))
        #expect(
            page.contains(#"<script type="application/json" id="smcheck-traces">[{"title":"\u003c/script>\u003cb>","steps":[]}]</script>"#))
    }

    @Test("links percent-encode the file's name (#, ?, %, space, pipes, brackets), and a table's code spans escape their pipes")
    func linkAddressesAndTableCells() throws {
        let analysis = try Analyzer.analyze(try Fixtures.spec("rocket"))
        let odd = SpecReport(file: "we|ird`dir/a|b`c.json", analysis: analysis, fuzz: nil)
        let index = ReportIndex([
            ReportIndex.Entry(odd, link: "a|b`c.md"),
            ReportIndex.Entry(odd, link: "v1#2?.md"),
            ReportIndex.Entry(odd, link: #"my spec (100%) <"x">.md"#),
        ])
        let rows = index.markdown.split(separator: "\n").filter { $0.hasPrefix("| [") }
        #expect(
            rows == [
                "| [Rocket](a%7Cb%60c.md) | `` we\\|ird`dir/a\\|b`c.json `` | **ok** | — | 3 |",
                "| [Rocket](v1%232%3F.md) | `` we\\|ird`dir/a\\|b`c.json `` | **ok** | — | 3 |",
                "| [Rocket](my%20spec%20%28100%25%29%20%3C%22x%22%3E.md) | `` we\\|ird`dir/a\\|b`c.json `` | **ok** | — | 3 |",
            ])
        let html = ReportIndex([ReportIndex.Entry(odd, link: "v1#2?.html")]).html
        #expect(html.contains(#"<a href="v1%232%3F.html">Rocket</a></td><td><code>we|ird`dir/a|b`c.json</code>"#))
    }

    @Test("an unusable spec's row gives its first error and how many more, not every error in one cell")
    func unusableRow() {
        let reason = (1...11).map { "bad.json:\($0):1: error: problem \($0)" }.joined(separator: "\n")
        let row = ReportIndex([ReportIndex.Entry(unusable: "bad.json", reason: reason)]).markdown
            .split(separator: "\n").first { $0.contains("bad.json:1:1") }
        #expect(row?.contains("could not be used: bad.json:1:1: error: problem 1 (and 10 more errors)") == true, "\(row ?? "")")
        #expect(row?.contains("problem 2") == false)
        let one = ReportIndex([ReportIndex.Entry(unusable: "bad.json", reason: "bad.json:1:1: error: problem 1\n")]).markdown
        #expect(one.contains("could not be used: bad.json:1:1: error: problem 1") && !one.contains("more error"))
    }

    @Test(
        "the link to the diagram's SVG file percent-encodes its name",
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait, so there is no SVG to link"))
    func svgLinkAddress() throws {
        var report = SpecReport(file: "v1#2?.json", analysis: try Analyzer.analyze(try Fixtures.spec("rocket")), fuzz: nil)
        report.svgFile = "v1#2?.svg"
        #expect(report.markdown.contains("[The diagram drawn by Graphviz (SVG)](v1%232%3F.svg)"))
    }

    @Test("the spec's description keeps its paragraphs and line breaks, its text escaped, in Markdown and HTML")
    func descriptionLines() throws {
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "D", "description": "line1\n\nline2\n| a | b |\n- not a list\r\n2) nor this\n \n<b>x</b>",
                 "events": {"go": {}}, "states": {"a": {"on": {"go": "a"}}}}
                """#)
        let report = SpecReport(file: "d.json", analysis: try Analyzer.analyze(spec), fuzz: nil)
        #expect(
            report.markdown.hasPrefix(
                #"""
                # D — smcheck report

                line1

                line2\
                \| a \| b \|\
                \- not a list\
                2\) nor this

                \<b>x\</b>

                Spec `d.json`
                """#))
        #expect(
            report.html.contains(
                """
                <h1>D — smcheck report</h1>
                <p>line1</p>
                <p>line2<br>
                | a | b |<br>
                - not a list<br>
                2) nor this</p>
                <p>&lt;b&gt;x&lt;/b&gt;</p>
                """))
    }

    @Test("Markdown escapes what would change meaning, and code spans survive backticks")
    func markdownEscaping() {
        let document = Document(
            title: "T",
            blocks: [
                .paragraph([.text("# not a heading, *not emphasis*, <not html> a_b")]),
                .paragraph([.code("a `tick` b")]),
                .table(header: ["k"], rows: [[[.text("a | b")]]]),
            ])
        #expect(
            MarkdownRenderer().render(document) == """
                # T

                \\# not a heading, \\*not emphasis\\*, \\<not html> a\\_b

                `` a `tick` b ``

                | k |
                |---|
                | a \\| b |

                """)
    }
}
