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
        let fuzz = fuzzRuns == 0 ? nil
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
        #expect(markdown.contains("""
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
        #expect(markdown.contains("idle : idle ⚠ SM004 (on set)"))
    }

    @Test("coverage lists what the campaign did not reach, and leaves out what cannot happen")
    func coverage() throws {
        let markdown = try report("defects/sm004-nondeterministic-guards", fuzzRuns: 2).markdown
        #expect(markdown.contains("| guard outcomes seen | 1 | 3 | 33% |"))
        #expect(markdown.contains("**Guard outcomes not seen**\n\n- `false: idle --check [level < 5]--> low`\n- `true: idle --check [level > 2]--> high`"))
        // After `level < 5` is false, `level > 2` always holds.
        #expect(markdown.contains("**Not counted, as they cannot happen**\n\n- `false: idle --check [level > 2]--> high (impossible where the guard is evaluated, by z3)`"))
        #expect(try report("defects/sm004-nondeterministic-guards").markdown.contains("| guard outcomes seen | 3 | 3 | 100% |"))
    }

    @Test("a fuzz failure is in the coverage section with its shrunk trace")
    func fuzzFailure() throws {
        let markdown = try report("defects/sm002-infinite-loop").markdown
        #expect(markdown.contains("**fuzzing failed** infinite transition loop: more than 100 microsteps in one macrostep"))
        #expect(markdown.contains("**1 error**"))
    }

    @Test("HTML: one escaped, self-contained page whose diagram source Mermaid reads back unchanged")
    func html() throws {
        let page = try report("defects/sm004-nondeterministic-guards").html
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.contains("<h3>1. <span class=\"badge warning\">warning SM004</span> nondeterministic guards</h3>"))
        #expect(page.contains("<pre class=\"mermaid\">\nstateDiagram-v2\n    [*] --&gt; idle\n"))
        #expect(page.contains("    idle --&gt; low : check [level &lt; 5]\n"))
        #expect(page.contains("<li><code>set {&quot;to&quot;: 3}</code></li>"))
        #expect(!page.contains("<script") || page.contains("mermaid.initialize"))
    }

    @Test("Markdown escapes what would change meaning, and code spans survive backticks")
    func markdownEscaping() {
        let document = Document(title: "T", blocks: [
            .paragraph([.text("# not a heading, *not emphasis*, <not html> a_b")]),
            .paragraph([.code("a `tick` b")]),
            .table(header: ["k"], rows: [[[.text("a | b")]]]),
        ])
        #expect(MarkdownRenderer().render(document) == """
            # T

            \\# not a heading, \\*not emphasis\\*, \\<not html> a\\_b

            `` a `tick` b ``

            | k |
            |---|
            | a \\| b |

            """)
    }
}
