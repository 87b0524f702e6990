import Foundation
import SMBuilder
import SMEngine
import SMReport
import SMSpec
import SMTestSupport
import Testing

@Suite("Graphviz state diagrams")
struct GraphvizDiagramTests {
    private func graph(_ spec: Spec, findings: [Int: [String]] = [:], coverage: CoverageRecorder? = nil) throws -> GraphvizGraph {
        try #require(GraphvizDiagram(StateDiagram(try spec.resolve(), findings: findings, coverage: coverage)).graph)
    }

    /// The node or cluster whose `id` attribute is `id`.
    private func attributes(_ graph: GraphvizGraph, id: String) -> [String: String]? {
        let lists = graph.nodes.map(\.attributes) + graph.subgraphs.map(\.attributes)
        return lists.first { $0.contains(GraphvizGraph.Attribute("id", id)) }
            .map { Dictionary($0.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }) }
    }

    private func specPaths() throws -> [String] {
        let paths = try Fixtures.allSpecPaths
        try #require(paths.count >= 10, "Specs/ and Specs/defects/ should hold the seed and defect specs; found \(paths.count)")
        return paths
    }

    /// A chain of `count` states, each with an arrow to the next and one back to the first.
    private func resetChain(_ count: Int) throws -> Spec {
        let states = (0..<count).map { #""s\#($0)": {"on": {"next": "s\#(($0 + 1) % count)", "reset": "s0"}}"# }
        return try Spec.load(
            json: #"{"format": "smcheck/1", "name": "reset", "events": {"next": {}, "reset": {}}, "states": {"#
                + states.joined(separator: ", ") + "}}")
    }

    @Test("the layers arrows cross are counted as dot first ranks them: a cycle's closing arrow turned around")
    func layerSpan() {
        // 0 → 1 → 2 → 0: layers 0, 1, 2; the closing arrow, turned around, crosses two.
        #expect(LayerSpan.estimate(nodeCount: 3, arrows: [(0, 1), (1, 2), (2, 0)]) == 4)
        // A self-loop crosses none; a chain of 10,000 is searched without recursion.
        #expect(LayerSpan.estimate(nodeCount: 2, arrows: [(0, 0), (0, 1)]) == 1)
        let chain = (0..<9_999).map { ($0, $0 + 1) }
        #expect(LayerSpan.estimate(nodeCount: 10_000, arrows: chain) == 9_999)
    }

    @Test(
        "arrows that cross tens of thousands of layers are drawn straight with less search: a 290-state reset chain in seconds",
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait"))
    func longArrows() throws {
        let long = StateDiagram(try resetChain(290).resolve())
        #expect(long.layerSpan > StateDiagram.cheapLayoutLayers)
        let attributes = try #require(GraphvizDiagram(long).graph).subgraphs[0].attributes
        #expect(attributes.contains(GraphvizGraph.Attribute("splines", "line")))
        // Routed, this one crashed Graphviz 2.43's dot after half a minute.
        #expect(try GraphvizDiagram(long).svg().text.contains("state:s289"))
        let short = try #require(GraphvizDiagram(StateDiagram(try resetChain(20).resolve())).graph).subgraphs[0].attributes
        #expect(!short.contains { $0.name == "splines" })
    }

    @Test("a spec's name cannot end the DOT string of the graph's name: a quote, a backslash at the end, a newline")
    func hostileGraphName() throws {
        let spec = Spec(#"x\" { n [label=<pwn> URL=<javascript:alert(1)>] } digraph y { z [label=\"#) {
            Events("go")
            StateNode("a") { On("go", to: "a") }
        }
        let dot = try graph(spec).dot
        #expect(dot.hasPrefix(#"digraph "x \" { n [label=<pwn> URL=<javascript:alert(1)>] } digraph y { z [label= " {"#), "\(dot)")
        #expect(dot.components(separatedBy: "digraph ").count == 3, "one graph, whose name holds the text 'digraph'")
    }

    @Test("the rocket as DOT: a node per state, the initial dot, one labelled edge per transition, the targetless tick in its state")
    func rocketDOT() throws {
        let dot = try graph(try Fixtures.spec("rocket")).dot
        #expect(dot.hasPrefix("digraph \"Rocket\" {\n    compound=\"true\";\n    rankdir=\"LR\";\n"))
        #expect(
            dot.contains(
                """
                    "i0" [shape="point", width="0.12", class="initial", id="initial:"];
                    "s1" [shape="box", style="rounded", label="standby", id="state:standby", class="state atomic", tooltip="standby"];
                    "s2" [shape="box", style="rounded", label="countdown\\ntick / countDown = countDown - 1", id="state:countdown", class="state atomic", tooltip="countdown"];
                    "s3" [shape="box", style="rounded", label="launch", id="state:launch", class="state atomic", tooltip="launch"];
                    "i0" -> "s1" [class="initial"];
                    "s1" -> "s2" [label="fire", id="transition:0", class="transition", tooltip="standby --fire--> countdown"];
                    "s2" -> "s1" [label="abort", id="transition:2", class="transition", tooltip="countdown --abort--> standby"];
                    "s2" -> "s3" [label="[countDown == 0]", id="transition:3", class="transition", tooltip="countdown --always [countDown == 0]--> launch"];
                    "s3" -> "s1" [label="landing", id="transition:4", class="transition", tooltip="launch --landing--> standby"];
                }

                """))
    }

    @Test("compound states are clusters, parallel regions dashed clusters; history, choice and final states have their shapes")
    func structure() throws {
        let drawn = try graph(DiagramSpecs.structure, findings: [7: ["SM001"]])
        let clusters = drawn.subgraphs.dropFirst().map { sub in (sub.name, sub.attributes.first { $0.name == "style" }?.value ?? "") }
        #expect(clusters.map(\.0) == ["cluster_2", "cluster_3", "cluster_6"])
        #expect(clusters.map(\.1) == ["rounded", "rounded,dashed", "rounded,dashed"])
        #expect(attributes(drawn, id: "state:work/right/past")?["shape"] == "circle")
        #expect(attributes(drawn, id: "state:work/right/past")?["label"] == "H*")
        #expect(attributes(drawn, id: "state:work/left/l2")?["shape"] == "doublecircle")
        #expect(attributes(drawn, id: "state:work/left")?["class"] == "state compound region")
        #expect(attributes(drawn, id: "state:work/right/r1")?["class"] == "state atomic finding")
        #expect(attributes(drawn, id: "state:work/right/r1")?["label"] == "r1 ⚠ SM001")
        #expect(attributes(drawn, id: "state:work/right/r1")?["color"] == "#cf222e")
        // The regions' initial dots, and the parallel state reached through its first region's.
        #expect(drawn.edges.contains { $0.tail == "i3" && $0.head == "s4" })
        #expect(drawn.edges.contains { $0.tail == "i6" && $0.head == "s7" })
        let intoWork = try #require(drawn.edges.first { $0.attributes.contains(GraphvizGraph.Attribute("id", "transition:0")) })
        #expect((intoWork.tail, intoWork.head) == ("s1", "i3"))
        #expect(intoWork.attributes.contains(GraphvizGraph.Attribute("lhead", "cluster_2")))
        #expect(intoWork.attributes.contains(GraphvizGraph.Attribute("label", "go")))
        let choice = try graph(try Fixtures.spec("defects/sm008-incomplete-choice"))
        #expect(attributes(choice, id: "state:route")?["shape"] == "diamond")
    }

    @Test("an edge is clipped at a cluster's border only when its other end lies outside that cluster")
    func clipping() throws {
        let spec = Spec("Clip") {
            Events("enter", "up", "out")
            StateNode("outer") {
                StateNode("inner") { On("up", to: "outer") }
                On("enter", to: "inner")
                On("out", to: "away")
            }
            StateNode("away")
        }
        let edges = try graph(spec).edges
        func clips(_ id: String) throws -> [String] {
            let edge = try #require(edges.first { $0.attributes.contains(GraphvizGraph.Attribute("id", id)) })
            return edge.attributes.filter { $0.name == "lhead" || $0.name == "ltail" }.map { "\($0.name)=\($0.value)" }
        }
        #expect(try clips("transition:0") == [])  // outer --enter--> inner: the head is inside outer
        #expect(try clips("transition:1") == ["ltail=cluster_1"])  // outer --out--> away
        #expect(try clips("transition:2") == [])  // inner --up--> outer: the tail is inside outer
    }

    @Test("a spec with more arrows than a diagram can show legibly gets a reason instead, in every format")
    func tooManyArrows() throws {
        let spec = Spec("Arrows") {
            for i in 0..<1_001 { Events("e\(i)") }
            StateNode("a") { for i in 0..<1_001 { On("e\(i)", to: "b") } }
            StateNode("b")
        }
        let diagram = StateDiagram(try spec.resolve())
        let reason =
            "The spec has 1001 arrows to draw (one per transition target); diagrams stop being legible above 1000, so none is drawn."
        #expect(diagram.reasonForNoDiagram == reason)
        #expect(GraphvizDiagram(diagram).graph == nil)
        #expect(MermaidDiagram(diagram).source == nil)
        #expect(throws: DiagramError(reason)) { try GraphvizDiagram(diagram).svg() }
    }

    @Test("labels: trigger, guard, then the actions as written: assignments, raise, send with arguments, if, calls")
    func labels() throws {
        let spec = Spec("Labels") {
            Variable("n", .int(min: 0, max: 3), initial: .int(0))
            Events("go"); EventDeclaration("tick", ("by", .int(min: 0, max: 1)))
            StateNode("a") {
                On("go", to: "b", guard: "n < 3") {
                    Assign(["n": "n + 1"])
                    If("n == 2", then: { Raise("go") }, else: { Send("tick", ["by": "1"]) })
                    Call("log")
                }
                On("*", to: "b")
            }
            StateNode("b") { Always(to: "a") }
        }
        let diagram = StateDiagram(try spec.resolve())
        #expect(
            diagram.labels == [
                "go [n < 3] / n = n + 1; if n == 2 { raise go } else { send tick(by: 1) }; log()",
                "*",
                "always",
            ])
    }

    @Test("coverage: states never entered, transitions never taken and guard outcomes never seen get classes")
    func coverageClasses() throws {
        let spec = try Fixtures.spec("defects/sm004-nondeterministic-guards")
        let machine = try Machine(spec)
        var coverage = CoverageRecorder(machine: machine)
        coverage.enteredStates.insert(try #require(machine.state(named: "idle")))
        coverage.takenTransitions[1] = true
        coverage.guardOutcomes[1] = 1  // level < 5 seen true only
        let drawn = try graph(spec, coverage: coverage)
        #expect(attributes(drawn, id: "state:idle")?["class"] == "state atomic")
        #expect(attributes(drawn, id: "state:low")?["class"] == "state atomic unentered")
        let classes = drawn.edges.compactMap { edge in edge.attributes.first { $0.name == "class" }?.value }
        #expect(
            classes == [
                "initial", "transition never-false", "transition untaken never-true never-false",
                "transition untaken", "transition untaken",
            ])
    }

    @Test(
        "every spec in Specs/: the SVG is well-formed XML with one element per state, found by its path, drawn without warnings",
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait"))
    func everySpecAsSVG() throws {
        for path in try specPaths() {
            let spec = try Spec.load(path: path).resolve()
            let drawing = try GraphvizDiagram(StateDiagram(spec)).svg()
            #expect(drawing.warnings == [], "\(Fixtures.relative(path))")
            let svg = try XMLElements(parsing: drawing.text)
            let states = svg.withClass("state")
            let expected = spec.states.dropFirst().map { StateDiagram.elementID(ofState: $0.path) }
            #expect(states.count == expected.count, "\(Fixtures.relative(path))")
            #expect(Set(states.compactMap { $0.attributes["id"] }) == Set(expected), "\(Fixtures.relative(path))")
            #expect(svg.withClass("transition").count == spec.transitions.reduce(0) { $0 + $1.targets.count })
        }
    }

    /// The SVG's lines in sorted order. `dot` orders sibling clusters by where their names lie in memory, the
    /// in-process drawing by creation order (see CGraphviz's shim.h); they usually agree, but only the order may
    /// differ: every shape, coordinate and label must be the same.
    private func sortedLines(_ svg: String) -> [Substring] { svg.split(separator: "\n").sorted() }

    @Test(
        "every spec in Specs/: Graphviz's dot accepts the DOT and draws the same SVG as the drawing in process",
        .enabled(if: InstalledProgram.find("dot") != nil, "Graphviz's dot is not on PATH (apt-get install graphviz)"),
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait"))
    func dotAgrees() throws {
        let dot = URL(fileURLWithPath: try #require(InstalledProgram.find("dot")))
        for path in try specPaths() {
            let diagram = GraphvizDiagram(StateDiagram(try Spec.load(path: path).resolve()))
            let output = try runProcess(dot, ["-Tsvg"], input: try #require(diagram.dot))
            #expect(output.status == 0, "\(Fixtures.relative(path)): \(output.standardError)")
            #expect(output.standardError == "", "\(Fixtures.relative(path))")
            #expect(sortedLines(output.standardOutput) == sortedLines(try diagram.svg().text), "\(Fixtures.relative(path))")
        }
    }

    @Test(
        "a graph dot cannot route with labels on its edges is drawn with the labels beside them; Graphviz stays usable",
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait"))
    func labelsBeside() throws {
        let spec = try Fixtures.fixture("diagrams/dense-clusters").resolve()
        let drawing = try GraphvizDiagram(StateDiagram(spec)).svg()
        let warning = try #require(drawing.warnings.first)
        #expect(warning.hasPrefix("Graphviz could not lay the diagram out: Error: "))
        #expect(warning.hasSuffix("; drew the edge labels beside the edges instead"))
        let svg = try XMLElements(parsing: drawing.text)
        #expect(svg.withClass("state").count == spec.states.count - 1)
        #expect(svg.withClass("transition").count == spec.transitions.reduce(0) { $0 + $1.targets.count })
        #expect(try GraphvizDiagram(StateDiagram(try Fixtures.spec("rocket").resolve())).svg().warnings == [])
        // The DOT is the graph drawn, with the same warning: Graphviz's dot draws it as smcheck did.
        let drawn = try #require(GraphvizDiagram(StateDiagram(spec)).drawnDot())
        #expect(drawn.warnings == drawing.warnings)
        #expect(drawn.dot.contains("xlabel="))
        if let dot = InstalledProgram.find("dot") {
            let output = try runProcess(URL(fileURLWithPath: dot), ["-Tsvg"], input: drawn.dot)
            #expect(output.status == 0, "\(output.standardError)")
            #expect(sortedLines(output.standardOutput) == sortedLines(drawing.text))
        }
    }

    @Test(
        "a layout Graphviz 2.43 frees part of twice is drawn, as often as asked, without ending the process",
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait"))
    func layoutFreedTwiceByGraphviz() throws {
        let spec = try Fixtures.fixture("diagrams/parallel-entered-twice").resolve()
        for _ in 0..<3 {
            let svg = try XMLElements(parsing: try GraphvizDiagram(StateDiagram(spec)).svg().text)
            #expect(svg.withClass("state").count == spec.states.count - 1)
            #expect(svg.withClass("transition").count == 3)
            #expect(try #require(GraphvizDiagram(StateDiagram(spec)).drawnDot()).warnings == [])
        }
    }

    @Test(
        "a label or a tooltip past what dot reads in a string shows its start: Graphviz's dot draws the DOT",
        .enabled(if: InstalledProgram.find("dot") != nil, "Graphviz's dot is not on PATH (apt-get install graphviz)"))
    func longLabelsAreShortened() throws {
        let guardText = Array(repeating: "x", count: 5_000).joined(separator: " && ")
        let spec = Spec("long guard") {
            Variable("x", .bool)
            Events("go")
            StateNode("a") { On("go", to: "b", guard: guardText) }
            StateNode("b")
        }
        let graph = try graph(spec)
        let label = try #require(graph.edges.first { $0.head == "s2" }?.attributes.first { $0.name == "label" }?.value)
        // 2,000 characters of the label, escaped (each & as &amp;): 5,000 terms took 24,996.
        #expect(label.count < 6_000 && label.hasPrefix("go [x &amp;&amp; x") && label.hasSuffix("…"), "\(label.count)")
        let dot = URL(fileURLWithPath: try #require(InstalledProgram.find("dot")))
        let output = try runProcess(dot, ["-Tsvg"], input: graph.dot)
        #expect(output.status == 0, "\(output.standardError)")
    }

    @Test(
        "names with backslashes, quotes and line breaks reach ids and labels unchanged, through DOT and through cgraph",
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait"))
    func awkwardNames() throws {
        let name = #"a\b "c" \N"#
        let spec = Spec("Awkward \\ \"names\"") {
            Events("go")
            StateNode(name) { On("go", to: "x\ny") }
            StateNode("x\ny")
        }
        let diagram = GraphvizDiagram(StateDiagram(try spec.resolve()))
        let svg = try XMLElements(parsing: try diagram.svg().text)
        #expect(svg.withClass("state").compactMap { $0.attributes["id"] } == ["state:" + name, "state:x y"])
        // The tooltip keeps the line break.
        #expect(svg.elements.contains { $0.name == "a" && $0.attributes["xlink:title"] == "x\ny" })
        if let dot = InstalledProgram.find("dot") {
            let output = try runProcess(URL(fileURLWithPath: dot), ["-Tsvg"], input: try #require(diagram.dot))
            #expect(sortedLines(output.standardOutput) == sortedLines(try diagram.svg().text))
        }
    }

    @Test(
        "names with `&...;` in them are drawn, identified and titled as written (Graphviz reads entities), and the spec's quotes stay",
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait"))
    func entityNames() throws {
        let hostile = "idle<script>alert&#40;4&#41;<~script>"
        let spec = Spec(#"x&amp;y "quoted""#) {
            Events("go")
            StateNode(hostile) { On("go", to: "x&amp;y") }
            StateNode("x&amp;y") { On("go", to: "a && b") }
            StateNode("a && b")
        }
        let diagram = GraphvizDiagram(StateDiagram(try spec.resolve()))
        let drawing = try diagram.svg()
        let svg = try XMLElements(parsing: drawing.text)
        let names = [hostile, "x&amp;y", "a && b"]
        #expect(svg.withClass("state").compactMap { $0.attributes["id"] } == names.map { "state:" + $0 })
        let texts = svg.elements.filter { $0.name == "text" }.map(\.text)
        for name in names { #expect(texts.contains(name), "\(texts)") }
        #expect(svg.elements.first { $0.name == "title" }?.text == #"x&amp;y "quoted""#)
        #expect(svg.elements.contains { $0.name == "a" && $0.attributes["xlink:title"] == "x&amp;y" })
        if let dot = InstalledProgram.find("dot") {
            let output = try runProcess(URL(fileURLWithPath: dot), ["-Tsvg"], input: try #require(diagram.dot))
            #expect(output.standardError == "")
            #expect(sortedLines(output.standardOutput) == sortedLines(drawing.text))
        }
    }

    @Test(
        "without Graphviz built in, drawing says how to get diagrams",
        .enabled(if: !GraphvizLayout.isAvailable, "smcheck is built with Graphviz"))
    func withoutGraphviz() throws {
        let diagram = GraphvizDiagram(StateDiagram(try Fixtures.spec("rocket").resolve()))
        #expect(throws: DiagramError(GraphvizLayout.unavailableMessage)) { try diagram.svg() }
        #expect(diagram.dot != nil)
    }
}
