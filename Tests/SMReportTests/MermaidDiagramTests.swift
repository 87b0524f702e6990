import SMBuilder
import SMEngine
import SMReport
import SMSpec
import SMTestSupport
import Testing

@Suite("Mermaid state diagrams")
struct MermaidDiagramTests {
    private func diagram(_ spec: Spec, findings: [Int: [String]] = [:]) throws -> MermaidDiagram {
        MermaidDiagram(StateDiagram(try spec.resolve(), findings: findings))
    }

    @Test("markup in names is shown, not read: <, >, & and quotes are Mermaid's entities")
    func markupInNames() throws {
        let spec = Spec("markup") {
            Events("go")
            StateNode("<b>bold&amp;") { On("go", to: "<b>bold&amp;", guard: #"?<u>x</u>"q""#) }
        }
        let source = try #require(try diagram(spec).source)
        #expect(source.contains("#60;b#62;bold#38;amp#59;"), "\(source)")
        #expect(source.contains("#60;u#62;x#60;/u#62;#34;q#34;"), "\(source)")
        #expect(!source.contains("<b>") && !source.contains("<u>"))
    }

    @Test("the rocket: initial arrow, one edge per transition, the targetless tick and its action listed in its state")
    func rocket() throws {
        let source = try #require(try diagram(try Fixtures.spec("rocket")).source)
        #expect(
            source == """
                stateDiagram-v2
                    [*] --> standby
                    standby
                    countdown : countdown (on tick / countDown = countDown - 1)
                    launch
                    standby --> countdown : fire
                    countdown --> standby : abort
                    countdown --> launch : [countDown == 0]
                    launch --> standby : landing
                """)
    }

    @Test("hierarchy, parallel regions, choice, final states and history, each edge in the box holding both ends")
    func structure() throws {
        let source = try #require(try diagram(DiagramSpecs.structure, findings: [7: ["SM001"]]).source)
        #expect(
            source == """
                stateDiagram-v2
                    [*] --> idle
                    idle
                    state work {
                        state left {
                            [*] --> l1
                            l1
                            l2 : l2
                            l2 --> [*]
                            l1 --> l2 : go
                        }
                        --
                        state right {
                            [*] --> r1
                            r1 : r1 ⚠ SM001
                            past : H*
                        }
                    }
                    idle --> work : go
                    work --> idle : back
                """)
    }

    @Test("arrows into or out of a second region point at its parallel state and name the real end (mermaid#5096)")
    func laterRegions() throws {
        let spec = Spec("Regions") {
            Events("go", "back")
            StateNode("o") { On("go", to: "l1", "r2") }
            Parallel("p") {
                StateNode("left") { StateNode("l1") }
                StateNode("right") {
                    StateNode("r1")
                    StateNode("r2") { On("back", to: "o") }
                }
            }
        }
        let source = try #require(try diagram(spec).source)
        #expect(
            source.hasSuffix(
                """
                    o --> l1 : go
                    o --> p : go (to r2)
                    p --> o : back (from r2)
                """))
        #expect(source.contains("        --\n        state right {\n            [*] --> r1\n            r1\n            r2\n        }"))
    }

    @Test("duplicate names and names that are not plain words get unique ids from their paths")
    func identifiers() throws {
        let spec = Spec("Ids") {
            Events("go")
            StateNode("a") { StateNode("x") { On("go", to: "b/x") } }
            StateNode("b") { StateNode("x") }
            StateNode("on: off; {now}")
            StateNode("state")
        }
        let source = try #require(try diagram(spec).source)
        #expect(source.contains("state a {\n        [*] --> a_x\n        a_x : x\n    }"))
        #expect(source.contains("state b {\n        [*] --> b_x\n        b_x : x\n    }"))
        #expect(source.contains("    on__off___now_ : on#58; off#59; #123;now#125;"))
        #expect(source.contains("    state_2 : state"))
        #expect(source.contains("    a_x --> b_x : go"))
    }

    @Test("names that are Mermaid's keywords in any case get other ids: its lexer ignores case")
    func keywordsInAnyCase() throws {
        let spec = Spec("Keywords") {
            Events("go")
            StateNode("Note") { On("go", to: "State") }
            StateNode("State") { On("go", to: "END") }
            StateNode("END") { On("go", to: "scale") }
            StateNode("scale") { On("go", to: "Default") }
            StateNode("Default") { On("go", to: "Notes") }
            StateNode("Notes")
        }
        let source = try #require(try diagram(spec).source)
        for name in ["Note", "State", "END", "scale", "Default"] {
            #expect(source.contains("    \(name)_2 : \(name)\n"), "\(name): \(source)")
        }
        #expect(source.contains("    Default_2 --> Notes : go"), "a name that only starts with a keyword stays: \(source)")
    }

    @Test("a spec too big to draw legibly gets a reason instead of a diagram")
    func tooBig() throws {
        let spec = Spec("Big") {
            for i in 0..<301 { StateNode("s\(i)") }
        }
        let result = try diagram(spec)
        #expect(result.source == nil)
        #expect(result.reasonForNoDiagram == "The spec has 301 states; diagrams stop being legible above 300, so none is drawn.")
    }
}
