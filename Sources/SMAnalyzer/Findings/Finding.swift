public import SMEngine
public import SMSpec

/// Something wrong with a spec: what, where in the spec, and the shortest run that shows it.
public struct Finding: Hashable, Sendable {
    public var code: FindingCode
    public var severity: Severity
    public var message: String
    /// Full paths of the states it is about.
    public var states: [String]
    /// The spec element it is about.
    public var location: Spec.SourceLocation?
    /// The shortest event trace from the initial configuration that shows it; nil when no run can show it
    /// (a state nothing reaches), [] when the initial configuration already does.
    public var trace: [TraceStep]?
    /// Values that trigger it.
    public var witness: [WitnessValue]
    /// When the witness values hold.
    public var witnessMoment: WitnessMoment
    public var method: Method
    /// The transitions it is about, by index, for merging findings of different methods.
    public var transitions: [Int]

    public init(
        _ code: FindingCode, _ message: String, states: [String] = [], location: Spec.SourceLocation? = nil,
        trace: [TraceStep]? = nil, witness: [WitnessValue] = [], witnessMoment: WitnessMoment? = nil, method: Method,
        transitions: [Int] = []
    ) {
        self.code = code
        self.severity = code.severity
        self.message = message
        self.states = states
        self.location = location
        self.trace = trace
        self.witness = witness
        self.witnessMoment = witnessMoment ?? code.witnessMoment
        self.method = method
        self.transitions = transitions
    }
}

extension Finding {
    /// How a finding was established.
    public enum Method: String, Hashable, Sendable {
        /// From the spec's text alone.
        case structure
        /// By exploring every reachable configuration.
        case exploration
        /// Proved by Z3 over the declared domains.
        case z3
        /// By trying every value of small domains.
        case enumeration
        /// Bounded model checking: the shortest trace, found on symbolic values by Z3.
        case bmc
        /// k-induction on symbolic values: never in the first k steps, and k steps without it cannot lead to it.
        case induction
        /// An inductive invariant found by Z3's Spacer for the machine's constrained Horn clauses.
        case chc
        /// The symbolic step alone: no path does it from any control state, whatever the values.
        case abstraction
    }
}

extension Finding {
    /// What makes two findings of different methods (or of merged results) the same finding: code, place (as
    /// reports write it, so a finding read back from JSON has the same identity) and what it is about.
    package var identity: String {
        "\(code.rawValue)|\(location?.documentPath ?? "")|\(states.joined(separator: ","))|\(transitions.map(String.init).joined(separator: ","))"
    }
}

extension Array where Element == Finding {
    /// Stable order for output that can be diffed: by code, then line, column, pointer and message, then (two
    /// findings with the same message, found by threads in either order) trace and witness.
    public func sortedForOutput() -> [Finding] {
        sorted { a, b in
            if a.code != b.code { return a.code < b.code }
            let la = (a.location?.line ?? Int.max, a.location?.column ?? Int.max)
            let lb = (b.location?.line ?? Int.max, b.location?.column ?? Int.max)
            if la != lb { return la < lb }
            let pa = a.location?.pointer.description ?? "", pb = b.location?.pointer.description ?? ""
            if pa != pb { return pa < pb }
            if a.message != b.message { return a.message < b.message }
            let ta = a.traceOrder, tb = b.traceOrder
            if ta != tb { return ta.lexicographicallyPrecedes(tb) }
            return a.witness.map { "\($0.name)=\($0.value)" }.lexicographicallyPrecedes(b.witness.map { "\($0.name)=\($0.value)" })
        }
    }
}

extension [Finding] {
    /// Sorted for output, with each finding that differs from an earlier one only by its trace left out: the first
    /// has the shortest. (Two runs can fail on the same loop having taken different transitions before it.)
    func sortedWithoutRepeats() -> [Finding] {
        var seen = Set<[String]>()
        return sortedForOutput().filter { finding in
            let identity =
                [finding.code.rawValue, finding.location?.pointer.description ?? "", finding.message]
                + finding.states + finding.witness.map { "\($0.name)=\($0.value)" }
            return seen.insert(identity).inserted
        }
    }
}

extension Finding {
    /// The trace as numbers to order by: shorter first, then step by step (event, arguments, choices).
    fileprivate var traceOrder: [Int] {
        guard let trace else { return [-1] }
        // Appended step by step: the one-expression form took the type checker ten seconds.
        var order = [trace.count]
        for step in trace {
            order.append(step.event.event)
            order.append(step.event.arguments.count)
            order.append(contentsOf: step.event.arguments)
            order.append(step.choices.count)
            order.append(contentsOf: step.choices)
        }
        return order
    }
}
