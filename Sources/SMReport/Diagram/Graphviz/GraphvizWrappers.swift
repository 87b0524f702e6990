#if Graphviz
    internal import CGraphviz

    /// A Graphviz context: the plugins it loaded (the `dot` layout, the SVG renderer). Graphviz keeps global state
    /// (its error handler, plugin tables) and is not thread-safe, so a context is only used under
    /// `GraphvizLayout`'s lock.
    final class GraphvizContext {
        let raw: OpaquePointer

        init() throws(DiagramError) {
            guard let context = gvContext() else { throw DiagramError("Graphviz could not create a context") }
            raw = context
        }

        deinit { gvFreeContext(raw) }

        /// Graphviz's version, e.g. "2.43.0".
        var version: String { gvcVersion(raw).map { String(cString: $0) } ?? "unknown" }

        /// Lays the graph out with `engine`; false when Graphviz gave up.
        func layout(_ graph: CGraph, engine: String) -> Bool {
            gvLayout(raw, graph.raw, engine) == 0
        }

        /// Renders a laid-out graph as `format`.
        func render(_ graph: CGraph, format: String) throws(DiagramError) -> String {
            var data: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            guard gvRenderData(raw, graph.raw, format, &data, &length) == 0, let data else {
                throw DiagramError("Graphviz could not render the graph as \(format)")
            }
            defer { gvFreeRenderData(data) }
            return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
            }
        }
    }

    /// A cgraph graph with the subgraphs, nodes, edges and attributes of a `GraphvizGraph`, created in the order its
    /// DOT text declares them (the layout depends on it); closed, with everything in it, when released.
    final class CGraph {
        let raw: UnsafeMutablePointer<Agraph_t>

        init(_ graph: GraphvizGraph) throws(DiagramError) {
            guard
                let root = Self.withCString(
                    graph.subgraphs[0].name, { agopen($0, smcheck_directed_graph(), smcheck_creation_order_discipline()) })
            else {
                throw DiagramError("Graphviz could not create a graph")
            }
            raw = root
            // As the DOT parser does: the graph's own attributes and the node and edge defaults are declarations with
            // defaults; attributes of subgraphs, nodes and edges are set on them, declared with an empty default.
            for attribute in graph.subgraphs[0].attributes { declare(AGRAPH, attribute) }
            for attribute in graph.nodeDefaults { declare(AGNODE, attribute) }
            for attribute in graph.edgeDefaults { declare(AGEDGE, attribute) }

            var subgraphs: [UnsafeMutablePointer<Agraph_t>?] = Array(repeating: nil, count: graph.subgraphs.count)
            subgraphs[0] = root
            var nodes: [String: UnsafeMutablePointer<Agnode_t>] = [:]
            for statement in graph.statements {
                switch statement {
                case .openSubgraph(let index):
                    let subgraph = graph.subgraphs[index]
                    guard let parent = subgraphs[subgraph.parent ?? 0],
                        let created = Self.withCString(subgraph.name, { agsubg(parent, $0, 1) })
                    else {
                        throw DiagramError("Graphviz could not create the subgraph \(subgraph.name)")
                    }
                    subgraphs[index] = created
                    for attribute in subgraph.attributes { set(UnsafeMutableRawPointer(created), attribute) }
                case .node(let index):
                    let node = graph.nodes[index]
                    guard let holder = subgraphs[node.subgraph],
                        let created = Self.withCString(node.name, { agnode(holder, $0, 1) })
                    else {
                        throw DiagramError("Graphviz could not create the node \(node.name)")
                    }
                    nodes[node.name] = created
                    for attribute in node.attributes { set(UnsafeMutableRawPointer(created), attribute) }
                case .edge(let index):
                    let edge = graph.edges[index]
                    guard let tail = nodes[edge.tail], let head = nodes[edge.head] else {
                        throw DiagramError("the edge \(edge.tail) -> \(edge.head) names a node the graph does not have")
                    }
                    guard let created = agedge(root, tail, head, nil, 1) else {
                        throw DiagramError("Graphviz could not create the edge \(edge.tail) -> \(edge.head)")
                    }
                    for attribute in edge.attributes { set(UnsafeMutableRawPointer(created), attribute) }
                case .closeSubgraph:
                    break
                }
            }
        }

        deinit { agclose(raw) }

        private func declare(_ kind: Int32, _ attribute: GraphvizGraph.Attribute) {
            Self.withCString(attribute.name) { name in
                Self.withCString(attribute.value) { value in _ = agattr(raw, kind, name, value) }
            }
        }

        private func set(_ object: UnsafeMutableRawPointer, _ attribute: GraphvizGraph.Attribute) {
            Self.withCString(attribute.name) { name in
                Self.withCString(attribute.value) { value in
                    Self.withCString("") { empty in _ = agsafeset(object, name, value, empty) }
                }
            }
        }

        /// cgraph takes `char *` but copies what it keeps, so a temporary mutable copy of the string will do.
        private static func withCString<Result>(_ text: String, _ body: (UnsafeMutablePointer<CChar>) -> Result) -> Result {
            var bytes = Array(text.utf8CString)
            return bytes.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        }
    }
#endif
