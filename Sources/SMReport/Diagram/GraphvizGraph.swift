/// A directed graph as Graphviz holds it: attributes, clusters nested in one another, nodes and edges. Written out
/// as DOT text (`dot`), or built through cgraph and laid out in process (`GraphvizLayout`); both get exactly these
/// names and attribute values, so `smcheck graph --format dot | dot -Tsvg` draws what `--format svg` draws.
///
/// Flat, with parent indices, so that writing it needs no recursion however deep clusters nest.
public struct GraphvizGraph: Sendable, Equatable {
    public struct Attribute: Sendable, Equatable {
        public var name: String
        /// The value as Graphviz stores it: for escString attributes (`label`, `id`, `tooltip`, ...) escaped with
        /// `GraphvizGraph.escString`.
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The graph itself (index 0) or a subgraph; a subgraph whose name starts with `cluster` is drawn as a box.
    public struct Subgraph: Sendable, Equatable {
        public var name: String
        /// The enclosing subgraph; nil for the graph itself.
        public var parent: Int?
        public var attributes: [Attribute]
    }

    public struct Node: Sendable, Equatable {
        public var name: String
        /// The subgraph that holds it.
        public var subgraph: Int
        public var attributes: [Attribute]
    }

    public struct Edge: Sendable, Equatable {
        public var tail: String
        public var head: String
        public var attributes: [Attribute]
    }

    /// The graph itself first, then subgraphs, each after its parent.
    public var subgraphs: [Subgraph]
    public var nodeDefaults: [Attribute] = []
    public var edgeDefaults: [Attribute] = []
    public var nodes: [Node] = []
    public var edges: [Edge] = []

    public init(name: String, attributes: [Attribute] = []) {
        subgraphs = [Subgraph(name: name, parent: nil, attributes: attributes)]
    }

    /// Adds a subgraph inside `parent` and returns its index.
    public mutating func addSubgraph(_ name: String, in parent: Int, attributes: [Attribute]) -> Int {
        precondition(parent < subgraphs.count, "a subgraph's parent comes before it")
        subgraphs.append(Subgraph(name: name, parent: parent, attributes: attributes))
        return subgraphs.count - 1
    }

    /// Text for an escString attribute: Graphviz reads `\` as the start of an escape (`\n`, `\N`, ...), so a
    /// literal one is doubled; line breaks become `\n` (centered lines). It also reads `&name;` and `&#40;` as
    /// character entities (in labels, and the SVG keeps them in ids and tooltips, where the browser decodes them),
    /// so `&` is written `&amp;` for a name like `x&amp;y` to be drawn and identified as written.
    public static func escString(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "&": result += "&amp;"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// One step of writing the graph out: what the DOT text says in order, and the order the in-process build
    /// creates things in, so that both give Graphviz the same graph (the layout depends on creation order).
    public enum Statement: Sendable, Equatable {
        case openSubgraph(Int)
        case node(Int)
        case closeSubgraph(Int)
        case edge(Int)
    }

    /// The graph's nodes, then its subgraphs depth first (each with its nodes), then the edges. Walked with an
    /// explicit stack, so deep nesting cannot overflow.
    public var statements: [Statement] {
        var childrenOf = Array(repeating: [Int](), count: subgraphs.count)
        for (index, subgraph) in subgraphs.enumerated() {
            if let parent = subgraph.parent { childrenOf[parent].append(index) }
        }
        var nodesOf = Array(repeating: [Int](), count: subgraphs.count)
        for (index, node) in nodes.enumerated() { nodesOf[node.subgraph].append(index) }

        var result: [Statement] = nodesOf[0].map { .node($0) }
        var stack: [Statement] = childrenOf[0].reversed().map { .openSubgraph($0) }
        while let step = stack.popLast() {
            result.append(step)
            if case .openSubgraph(let index) = step {
                result += nodesOf[index].map { .node($0) }
                stack.append(.closeSubgraph(index))
                stack += childrenOf[index].reversed().map { .openSubgraph($0) }
            }
        }
        return result + edges.indices.map { .edge($0) }
    }

    /// The graph in the DOT language.
    public var dot: String {
        var lines = ["digraph " + Self.quoted(subgraphs[0].name) + " {"]
        lines += subgraphs[0].attributes.map { "    " + Self.statement($0) + ";" }
        if !nodeDefaults.isEmpty { lines.append("    node " + Self.list(nodeDefaults) + ";") }
        if !edgeDefaults.isEmpty { lines.append("    edge " + Self.list(edgeDefaults) + ";") }
        var indent = "    "
        for statement in statements {
            switch statement {
            case .openSubgraph(let index):
                lines.append(indent + "subgraph " + Self.quoted(subgraphs[index].name) + " {")
                indent += "    "
                lines += subgraphs[index].attributes.map { indent + Self.statement($0) + ";" }
            case .node(let index):
                let node = nodes[index]
                lines.append(indent + Self.quoted(node.name) + (node.attributes.isEmpty ? "" : " " + Self.list(node.attributes)) + ";")
            case .closeSubgraph:
                indent.removeLast(4)
                lines.append(indent + "}")
            case .edge(let index):
                let edge = edges[index]
                lines.append(
                    indent + Self.quoted(edge.tail) + " -> " + Self.quoted(edge.head)
                        + (edge.attributes.isEmpty ? "" : " " + Self.list(edge.attributes)) + ";")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func statement(_ attribute: Attribute) -> String { attribute.name + "=" + quoted(attribute.value) }

    private static func list(_ attributes: [Attribute]) -> String {
        "[" + attributes.map(statement).joined(separator: ", ") + "]"
    }

    /// A DOT quoted string. Inside one only `\"` is an escape; other backslashes stay as written, which is what the
    /// attribute values (already escString-escaped) need. Names are plain identifiers chosen by the writer, so they
    /// never end in a backslash (which DOT cannot quote).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" { result += "\\" }
            result.append(character)
        }
        return result + "\""
    }
}
