import SMSpec

/// A state diagram written as Mermaid `stateDiagram-v2`: compound states as nested boxes, parallel regions separated
/// by `--`, choice pseudostates as diamonds, history as `H`/`H*`, final states leading to `[*]`, transitions
/// labelled `event [guard] / actions`. States with findings carry the codes in their label.
///
/// Each transition is written inside the innermost box that holds both ends, where Mermaid expects it; targetless
/// transitions are listed in their state's label. Diagrams of specs too big or too deep to draw have no source.
public struct MermaidDiagram: Sendable {
    public let source: String?
    public let reasonForNoDiagram: String?

    public init(_ diagram: StateDiagram) {
        reasonForNoDiagram = diagram.reasonForNoDiagram
        if reasonForNoDiagram == nil {
            var writer = Writer(diagram: diagram)
            source = writer.write()
        } else {
            source = nil
        }
    }

    private struct Writer {
        let diagram: StateDiagram
        var spec: ResolvedSpec { diagram.spec }
        var ids: [String]
        /// Transitions (with one target each) by the state whose box they are written in.
        var edgesByBox: [Int: [Edge]] = [:]

        /// One drawn arrow: the diagram's edge and the states it is drawn between (see `drawable`).
        struct Edge {
            let edge: StateDiagram.Edge
            let drawnSource: Int
            let drawnTarget: Int
        }
        var lines = ["stateDiagram-v2"]

        init(diagram: StateDiagram) {
            self.diagram = diagram
            ids = Self.identifiers(diagram.spec)
            for edge in diagram.edges {
                let box = box(holding: edge.source, edge.target)
                edgesByBox[box, default: []].append(
                    Edge(
                        edge: edge, drawnSource: drawable(edge.source, outside: box),
                        drawnTarget: drawable(edge.target, outside: box)))
            }
        }

        /// Mermaid ids: the state's name where it is unique and a plain word, else its path with `_` for every
        /// other character, made unique with a number.
        static func identifiers(_ spec: ResolvedSpec) -> [String] {
            // Mermaid's lexer ignores case (`%options case-insensitive`): `Note --> State` starts a note. Lowercased.
            let reserved: Set<String> = [
                "state", "note", "end", "direction", "class", "classdef", "style", "as", "click", "acctitle", "accdescr", "scale",
                "default", "hide", "statediagram",
            ]
            var nameCounts: [String: Int] = [:]
            for state in spec.states.dropFirst() { nameCounts[state.name, default: 0] += 1 }
            var used: Set<String> = []
            var ids = [""]
            for state in spec.states.dropFirst() {
                let plain = state.name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                var id =
                    nameCounts[state.name] == 1 && plain && !reserved.contains(state.name.lowercased())
                    ? state.name
                    : String(state.path.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
                if id.first?.isNumber ?? true { id = "s_" + id }
                var unique = id, n = 2
                while used.contains(unique) || reserved.contains(unique.lowercased()) {
                    unique = "\(id)_\(n)"
                    n += 1
                }
                used.insert(unique)
                ids.append(unique)
            }
            return ids
        }

        /// The state an arrow written in `box` can point at for `state`: the state itself, unless it lies in a
        /// parallel state's second or later region. Mermaid cannot reference those from outside their region
        /// (mermaid-js/mermaid#5096: a syntax error), so the arrow points at that parallel state instead (the
        /// outermost such one) and its label names the real end.
        func drawable(_ state: Int, outside box: Int) -> Int {
            var drawn = state
            var child = state
            var ancestor = spec.states[state].parent ?? 0
            while ancestor != box && ancestor != 0 {
                if spec.states[ancestor].kind == .parallel && spec.states[ancestor].children.first != child { drawn = ancestor }
                child = ancestor
                ancestor = spec.states[ancestor].parent ?? 0
            }
            return drawn
        }

        /// The innermost compound state (or the root) holding both states; a parallel state's box holds only its
        /// regions, so edges between regions go one level up.
        func box(holding a: Int, _ b: Int) -> Int {
            var box = spec.states[a].parent ?? 0
            while !spec.isDescendant(b, of: box) || (box != 0 && spec.states[box].kind == .parallel) {
                box = spec.states[box].parent ?? 0
            }
            return box
        }

        mutating func write() -> String {
            writeContents(of: 0, indent: "    ")
            return lines.joined(separator: "\n")
        }

        /// The children, the initial arrow and the edges of one box.
        mutating func writeContents(of state: Int, indent: String) {
            let resolved = spec.states[state]
            if resolved.kind == .parallel {
                for (i, region) in resolved.children.enumerated() {
                    if i > 0 { lines.append(indent + "--") }
                    writeState(region, indent: indent)
                }
            } else {
                if let initial = resolved.initial, let child = resolved.children.first(where: { spec.isDescendant(initial, of: $0) }) {
                    lines.append(indent + "[*] --> " + ids[child])
                }
                for child in resolved.children { writeState(child, indent: indent) }
            }
            for drawn in edgesByBox[state] ?? [] {
                let edge = drawn.edge
                var text = diagram.labels[edge.transition]
                if drawn.drawnSource != edge.source { text += " (from " + spec.states[edge.source].name + ")" }
                if drawn.drawnTarget != edge.target { text += " (to " + spec.states[edge.target].name + ")" }
                lines.append(indent + ids[drawn.drawnSource] + " --> " + ids[drawn.drawnTarget] + " : " + Self.text(text))
            }
        }

        mutating func writeState(_ state: Int, indent: String) {
            let resolved = spec.states[state]
            let id = ids[state]
            var caption = diagram.caption(state)
            // Targetless transitions react without leaving the state: listed in its label, as UML does.
            let reactions = diagram.reactions(state)
            if !reactions.isEmpty { caption += " (on " + reactions.joined(separator: ", ") + ")" }
            switch resolved.kind {
            case .compound, .parallel:
                lines.append(indent + "state " + id + " {")
                writeContents(of: state, indent: indent + "    ")
                lines.append(indent + "}")
                if caption != id { lines.append(indent + id + " : " + Self.text(caption)) }
            case .choice:
                lines.append(indent + "state " + id + " <<choice>>")
            case .history:
                lines.append(indent + id + " : " + (resolved.historyDepth == .deep ? "H*" : "H"))
            case .final:
                lines.append(indent + id + " : " + Self.text(caption))
                lines.append(indent + id + " --> [*]")
            case .atomic:
                lines.append(indent + (caption == id ? id : id + " : " + Self.text(caption)))
            }
        }

        /// Label text with the characters Mermaid reads as syntax written as its `#code;` entities.
        static func text(_ raw: String) -> String {
            var result = ""
            for character in raw {
                switch character {
                case ":": result += "#58;"
                case ";": result += "#59;"
                case "{": result += "#123;"
                case "}": result += "#125;"
                case "#": result += "#35;"
                // Mermaid draws labels as HTML: markup would be read, not shown.
                case "<": result += "#60;"
                case ">": result += "#62;"
                case "&": result += "#38;"
                case "\"": result += "#34;"
                case "\n", "\r": result += " "
                default: result.append(character)
                }
            }
            return result
        }
    }
}
