package import SMEngine
public import SMFuzz
public import SMSpec

/// A spec's state diagram, independent of how it is drawn: the state tree, one edge per transition target, UML
/// labels (`event [guard] / actions`), the finding codes of each state and, optionally, what a fuzz campaign
/// covered. Mermaid (`MermaidDiagram`), DOT and SVG (`GraphvizDiagram`) are all written from it, so they cannot
/// disagree on what the machine is.
///
/// Specs too big (states or arrows) or too deep to draw legibly get no diagram: `reasonForNoDiagram` says why, and
/// the renderers refuse them (which also bounds the work and the nesting the layout sees).
public struct StateDiagram: Sendable {
    public static let maximumStates = 300
    public static let maximumDepth = 40
    public static let maximumEdges = 1_000

    public let spec: ResolvedSpec
    /// Each transition's label, by transition index.
    public let labels: [String]
    /// The codes of each state's findings (sorted), by state index.
    public let findings: [Int: [String]]
    /// What a fuzz campaign reached; nil leaves coverage out.
    package let coverage: CoverageRecorder?
    /// One arrow per target of every transition that has targets, in transition order; targetless transitions are
    /// `reactions` of their state instead.
    public let edges: [Edge]
    /// Why the spec is not drawn, or nil when it is.
    public let reasonForNoDiagram: String?
    /// About how many layers the arrows cross in all when drawn left to right (`LayerSpan`; 0 when not drawn): past
    /// `cheapLayoutLayers`, the layout routes them as straight lines and spends less on crossings.
    package let layerSpan: Int
    package static let cheapLayoutLayers = 20_000

    /// One arrow: a transition and one of its targets.
    public struct Edge: Sendable, Equatable {
        public let transition: Int
        public let source: Int
        public let target: Int
        /// Which of the transition's targets (forks and `oneOf` have several), from 0.
        public let branch: Int
    }

    /// The diagram of `spec`, with what `campaign` covered when one is given.
    public init(_ spec: ResolvedSpec, findings: [Int: [String]] = [:], coverageOf campaign: FuzzResult? = nil) {
        self.init(spec, findings: findings, coverage: campaign?.coverage)
    }

    package init(_ spec: ResolvedSpec, findings: [Int: [String]], coverage: CoverageRecorder?) {
        self.spec = spec
        self.findings = findings.mapValues { Array(Set($0)).sorted() }
        self.coverage = coverage
        labels = TransitionLabels.labels(spec)
        edges = spec.transitions.flatMap { transition in
            transition.targets.enumerated().map {
                Edge(transition: transition.index, source: transition.source, target: $0.element, branch: $0.offset)
            }
        }
        let drawn = spec.states.count - 1
        let depth = spec.states.map(\.depth).max() ?? 0
        if drawn > Self.maximumStates {
            reasonForNoDiagram = "The spec has \(drawn) states; diagrams stop being legible above \(Self.maximumStates), so none is drawn."
        } else if depth > Self.maximumDepth {
            reasonForNoDiagram = "The spec nests states \(depth) deep; diagrams are drawn up to \(Self.maximumDepth) levels."
        } else if edges.count > Self.maximumEdges {
            reasonForNoDiagram =
                "The spec has \(edges.count) arrows to draw (one per transition target); diagrams stop being legible above \(Self.maximumEdges), so none is drawn."
        } else {
            reasonForNoDiagram = nil
        }
        // Only for a diagram that is drawn: nothing else reads it.
        layerSpan =
            reasonForNoDiagram == nil ? LayerSpan.estimate(nodeCount: spec.states.count, arrows: edges.map { ($0.source, $0.target) }) : 0
    }

    /// The state's name, with its finding codes when it has any: `idle ⚠ SM004`.
    public func caption(_ state: Int) -> String {
        let name = spec.states[state].name
        guard let codes = findings[state], !codes.isEmpty else { return name }
        return name + " ⚠ " + codes.joined(separator: " ")
    }

    /// The labels of the state's targetless transitions: it reacts to them without being left (UML lists them in
    /// the state).
    public func reactions(_ state: Int) -> [String] {
        spec.states[state].transitions.filter { spec.transitions[$0].targets.isEmpty }.map { labels[$0] }
    }

    /// True when the campaign entered the state; nil without coverage and for history states (never active).
    public func wasEntered(_ state: Int) -> Bool? {
        guard let coverage, spec.states[state].kind != .history else { return nil }
        return coverage.enteredStates.contains(state)
    }

    /// True when the campaign took the transition; nil without coverage.
    public func wasTaken(_ transition: Int) -> Bool? {
        coverage.map { $0.takenTransitions[transition] }
    }

    /// The outcomes of the transition's guard the campaign never saw (`true`, `false` or both); empty without
    /// coverage, for unguarded transitions and for `else` (which is never evaluated itself).
    public func missedGuardOutcomes(_ transition: Int) -> [Bool] {
        guard let coverage, let guardCondition = spec.transitions[transition].guardCondition, guardCondition != .otherwise else {
            return []
        }
        let seen = coverage.guardOutcomes[transition]
        return (seen & 1 == 0 ? [true] : []) + (seen & 2 == 0 ? [false] : [])
    }

    /// The id of a state's element in the SVG: `state:` and its path, line breaks written as spaces (Graphviz
    /// cannot put one in an id). The page's script and the browser tests find states by it.
    public static func elementID(ofState path: String) -> String {
        "state:" + String(path.map { $0.isNewline ? " " : $0 })
    }

    /// The id of an edge's element in the SVG: `transition:3`, and `transition:3.1` for a later target of a fork or
    /// `oneOf`.
    public static func elementID(ofTransition transition: Int, branch: Int = 0) -> String {
        "transition:\(transition)" + (branch == 0 ? "" : ".\(branch)")
    }
}
