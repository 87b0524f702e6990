import SMEngine
import SMSpec

/// A state diagram as a Graphviz graph, drawn the way statechart tools draw them: compound states as rounded
/// clusters, parallel regions as dashed clusters inside their parallel state, a dot with an arrow for each initial
/// state, diamonds for choices, circled `H`/`H*` for history, double circles for final states, and edges labelled
/// `event [guard] / actions`. States with findings are red.
///
/// Every state's element carries the id `state:<path>` and the classes `state` and its kind; every edge
/// `transition:<index>` and `transition`. Coverage adds classes only (`unentered`, `untaken`, `never-true`,
/// `never-false`), so a page's style decides whether to paint it.
///
/// Graphviz draws edges between nodes; an edge to or from a cluster is drawn to a node inside it (the initial dot
/// of a compound state, the first region of a parallel one) and clipped at the cluster's border (`lhead`/`ltail`),
/// except where the other end lies inside that cluster.
public struct GraphvizDiagram: Sendable {
    /// Nil when the spec is not drawn (see `reasonForNoDiagram`).
    public let graph: GraphvizGraph?
    public let reasonForNoDiagram: String?

    public init(_ diagram: StateDiagram) {
        reasonForNoDiagram = diagram.reasonForNoDiagram
        if reasonForNoDiagram == nil {
            var builder = Builder(diagram: diagram)
            graph = builder.build()
        } else {
            graph = nil
        }
    }

    /// The graph in the DOT language; nil when the spec is not drawn.
    public var dot: String? { graph?.dot }

    /// The diagram laid out and drawn as an SVG document by the Graphviz library linked in.
    ///
    /// `dot` routes an edge's label as part of the edge, and dense graphs of nested clusters can defeat its router
    /// (it loses edges). Those are drawn again with the labels placed beside the edges after routing (`xlabel`),
    /// which may overlap but loses nothing; a warning says so.
    public func svg() throws(DiagramError) -> GraphvizLayout.Drawing { try drawn().drawing }

    /// The DOT of the graph `svg()` draws, so that `dot -Tsvg` on it draws the same: the labels beside the edges
    /// where dot cannot route them on the edges (found by laying the graph out, when Graphviz is linked in), with
    /// the warnings the drawing gave. Nil when the spec is not drawn.
    public func drawnDot() -> (dot: String, warnings: [String])? {
        guard let graph else { return nil }
        guard GraphvizLayout.isAvailable else { return (graph.dot, []) }
        do {
            let (drawnGraph, drawing) = try drawn()
            return (drawnGraph.dot, drawing.warnings)
        } catch {
            return (graph.dot, ["\(error.message); the DOT is the graph as built, which Graphviz's dot will not draw either"])
        }
    }

    /// The graph Graphviz drew and its drawing.
    private func drawn() throws(DiagramError) -> (graph: GraphvizGraph, drawing: GraphvizLayout.Drawing) {
        guard let graph else { throw DiagramError(reasonForNoDiagram ?? "no diagram") }
        do {
            return (graph, try GraphvizLayout.render(graph, format: "svg"))
        } catch {
            var beside = graph
            for index in beside.edges.indices {
                beside.edges[index].attributes = beside.edges[index].attributes.map {
                    $0.name == "label" ? GraphvizGraph.Attribute("xlabel", $0.value) : $0
                }
            }
            let drawing = try GraphvizLayout.render(beside, format: "svg")
            return (
                beside,
                GraphvizLayout.Drawing(
                    text: drawing.text, warnings: ["\(error.message); drew the edge labels beside the edges instead"] + drawing.warnings)
            )
        }
    }

    private struct Builder {
        let diagram: StateDiagram
        var spec: ResolvedSpec { diagram.spec }
        var graph: GraphvizGraph
        /// The subgraph of each state drawn as a cluster.
        var clusters: [Int: Int] = [:]

        typealias Attribute = GraphvizGraph.Attribute

        /// The spec's name as the graph's: DOT cannot quote a backslash at the end of a string (it would escape the
        /// closing quote), and Graphviz refuses names past 16,384 bytes. A quote is kept (`quoted` escapes it); `&` is
        /// written `&amp;`, as the SVG's `<title>` keeps entities for the browser to decode.
        static func graphName(_ name: String) -> String {
            let plain = String(name.map { "\\\n\r".contains($0) ? " " : $0 })
            let short = plain.count <= 200 ? plain : String(plain.prefix(200)) + "…"
            return short.replacingOccurrences(of: "&", with: "&amp;")
        }

        init(diagram: StateDiagram) {
            self.diagram = diagram
            // nslimit and nslimit1 bound dot's network simplex passes to 5 iterations per node: a 300-state spec with
            // edges between groups took minutes to position without them. The specs in Specs/ converge well within
            // the bound, so their drawings are what they would be without it.
            // Arrows that cross tens of thousands of layers in all (`StateDiagram.layerSpan`) are drawn straight, with
            // less search for fewer crossings: routing them took minutes, and crashed Graphviz 2.43 on a 290-state
            // chain with an arrow from every state back to the first; this way both take seconds.
            let cheap = diagram.layerSpan > StateDiagram.cheapLayoutLayers
            let effort =
                cheap
                ? [Attribute("nslimit", "0.2"), Attribute("nslimit1", "0.2"), Attribute("mclimit", "0.2"), Attribute("splines", "line")]
                : [Attribute("nslimit", "5"), Attribute("nslimit1", "5")]
            graph = GraphvizGraph(
                name: Self.graphName(diagram.spec.name),
                attributes: [Attribute("compound", "true"), Attribute("rankdir", "LR")] + effort + [
                    Attribute("fontname", Self.font), Attribute("fontsize", "12"), Attribute("nodesep", "0.3"),
                    Attribute("ranksep", "0.4"),
                ])
            graph.nodeDefaults = [
                Attribute("fontname", Self.font), Attribute("fontsize", "12"), Attribute("color", Self.ink),
                Attribute("fontcolor", Self.ink),
            ]
            graph.edgeDefaults = [
                Attribute("fontname", Self.font), Attribute("fontsize", "10"), Attribute("color", Self.edgeInk),
                Attribute("fontcolor", Self.edgeInk), Attribute("arrowsize", "0.7"),
            ]
        }

        /// What a label or a tooltip shows of a longer text: Graphviz's `dot` refuses a quoted string past 16,384 bytes
        /// (a guard of thousands of terms, a generated name), and nobody reads that much on a diagram. Escaped, 2,000
        /// characters of up to four bytes stay within it.
        static let shownCharacters = 2_000

        /// A label's or a tooltip's value: what it shows of `text`, escaped for DOT.
        static func shownString(_ text: String) -> String {
            GraphvizGraph.escString(text.count <= shownCharacters ? text : String(text.prefix(shownCharacters - 1)) + "…")
        }

        static let font = "Helvetica,Arial,sans-serif"
        static let ink = "#24292f"
        static let edgeInk = "#57606a"
        static let findingInk = "#cf222e"

        func isCluster(_ state: Int) -> Bool {
            let resolved = spec.states[state]
            return state != 0 && !resolved.children.isEmpty && (resolved.kind == .compound || resolved.kind == .parallel)
        }

        /// Node names are plain identifiers, never the states' names (DOT cannot quote every string exactly); the
        /// names people read are in labels, ids and tooltips.
        static func nodeName(_ state: Int) -> String { "s\(state)" }
        static func initialNodeName(_ state: Int) -> String { "i\(state)" }

        mutating func build() -> GraphvizGraph {
            // States in document order: a parent is always placed before its children.
            for resolved in spec.states {
                let state = resolved.index
                let subgraph = state == 0 ? 0 : (clusters[resolved.parent ?? 0] ?? 0)
                if state != 0 && isCluster(state) {
                    clusters[state] = graph.addSubgraph("cluster_\(state)", in: subgraph, attributes: clusterAttributes(state))
                } else if state != 0 {
                    graph.nodes.append(
                        GraphvizGraph.Node(name: Self.nodeName(state), subgraph: subgraph, attributes: nodeAttributes(state)))
                }
                if state == 0 || (isCluster(state) && resolved.kind == .compound), let initial = resolved.initial {
                    addInitial(of: state, target: initial)
                }
            }
            for edge in diagram.edges { addEdge(edge) }
            return graph
        }

        /// The dot and arrow into a compound state's (or the machine's) initial state.
        mutating func addInitial(of state: Int, target: Int) {
            let name = Self.initialNodeName(state)
            graph.nodes.append(
                GraphvizGraph.Node(
                    name: name, subgraph: clusters[state] ?? 0,
                    attributes: [
                        Attribute("shape", "point"), Attribute("width", "0.12"), Attribute("class", "initial"),
                        Attribute("id", GraphvizGraph.escString("initial:" + spec.states[state].path)),
                    ]))
            var attributes = [Attribute("class", "initial")]
            if isCluster(target) { attributes.append(Attribute("lhead", "cluster_\(target)")) }
            graph.edges.append(GraphvizGraph.Edge(tail: name, head: anchor(target).name, attributes: attributes))
        }

        mutating func addEdge(_ edge: StateDiagram.Edge) {
            let tail = anchor(edge.source), head = anchor(edge.target)
            var attributes = [
                Attribute("label", Self.shownString(diagram.labels[edge.transition])),
                Attribute("id", GraphvizGraph.escString(StateDiagram.elementID(ofTransition: edge.transition, branch: edge.branch))),
                Attribute("class", edgeClasses(edge.transition)),
                Attribute("tooltip", Self.shownString(spec.describe(spec.transitions[edge.transition]))),
            ]
            // Clip at a cluster's border only when the other end is outside it (Graphviz ignores it otherwise, with
            // a warning).
            if isCluster(edge.source) && !spec.isDescendant(head.state, of: edge.source) {
                attributes.append(Attribute("ltail", "cluster_\(edge.source)"))
            }
            if isCluster(edge.target) && !spec.isDescendant(tail.state, of: edge.target) {
                attributes.append(Attribute("lhead", "cluster_\(edge.target)"))
            }
            graph.edges.append(GraphvizGraph.Edge(tail: tail.name, head: head.name, attributes: attributes))
        }

        /// The node an edge to or from `state` is drawn to, and the state it stands in: the state's own node, a
        /// compound state's initial dot (which lies inside it), or, for a parallel state, its first region's anchor.
        func anchor(_ state: Int) -> (name: String, state: Int) {
            var current = state
            while isCluster(current) {
                let resolved = spec.states[current]
                if resolved.kind == .compound && resolved.initial != nil { return (Self.initialNodeName(current), current) }
                current = resolved.children[0]
            }
            return (Self.nodeName(current), current)
        }

        func nodeAttributes(_ state: Int) -> [Attribute] {
            let resolved = spec.states[state]
            var attributes: [Attribute]
            switch resolved.kind {
            case .history:
                attributes = [
                    Attribute("shape", "circle"), Attribute("label", resolved.historyDepth == .deep ? "H*" : "H"),
                    Attribute("width", "0.3"), Attribute("fixedsize", "true"),
                ]
            case .choice:
                attributes = [
                    Attribute("shape", "diamond"), Attribute("label", Self.shownString(stateLabel(state))),
                    Attribute("fontsize", "10"),
                ]
            case .final:
                attributes = [
                    Attribute("shape", "doublecircle"), Attribute("label", Self.shownString(stateLabel(state))),
                    Attribute("margin", "0.02"),
                ]
            default:
                attributes = [
                    Attribute("shape", "box"), Attribute("style", "rounded"),
                    Attribute("label", Self.shownString(stateLabel(state))),
                ]
            }
            return attributes + commonAttributes(state)
        }

        func clusterAttributes(_ state: Int) -> [Attribute] {
            let isRegion = spec.states[spec.states[state].parent ?? 0].kind == .parallel
            // `\l` ends a left-aligned line: the name and the reactions line up at the box's left edge.
            let label = stateLabelLines(state).map { Self.shownString($0) + "\\l" }.joined()
            var attributes = [
                Attribute("label", label), Attribute("labeljust", "l"),
                Attribute("style", isRegion ? "rounded,dashed" : "rounded"), Attribute("margin", "10"),
            ]
            // Clusters take no node defaults.
            if diagram.findings[state] == nil { attributes += [Attribute("color", Self.ink), Attribute("fontcolor", Self.ink)] }
            return attributes + commonAttributes(state)
        }

        /// Id, classes, tooltip and the colors of a state with findings, shared by nodes and clusters.
        func commonAttributes(_ state: Int) -> [Attribute] {
            let resolved = spec.states[state]
            var classes = ["state", resolved.kind.rawValue]
            if spec.states[resolved.parent ?? 0].kind == .parallel { classes.append("region") }
            if diagram.findings[state] != nil { classes.append("finding") }
            if diagram.wasEntered(state) == false { classes.append("unentered") }
            var tooltip = resolved.path
            if let description = resolved.description { tooltip += "\n" + description }
            var attributes = [
                Attribute("id", GraphvizGraph.escString(StateDiagram.elementID(ofState: resolved.path))),
                Attribute("class", classes.joined(separator: " ")),
                Attribute("tooltip", Self.shownString(tooltip)),
            ]
            if diagram.findings[state] != nil {
                attributes += [Attribute("color", Self.findingInk), Attribute("fontcolor", Self.findingInk), Attribute("penwidth", "2")]
            }
            return attributes
        }

        /// The caption, then each reaction (targetless transition) on a line of its own.
        func stateLabel(_ state: Int) -> String { stateLabelLines(state).joined(separator: "\n") }

        func stateLabelLines(_ state: Int) -> [String] { [diagram.caption(state)] + diagram.reactions(state) }

        func edgeClasses(_ transition: Int) -> String {
            var classes = ["transition"]
            if diagram.wasTaken(transition) == false { classes.append("untaken") }
            for outcome in diagram.missedGuardOutcomes(transition) { classes.append(outcome ? "never-true" : "never-false") }
            return classes.joined(separator: " ")
        }
    }
}
