public import SMEngine
public import SMSpec

/// How bad a finding is. Error-level findings make `smcheck` exit with 1.
public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
    case info, warning, error

    var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// The finding codes of the spec format.
public enum FindingCode: String, Hashable, Sendable, CaseIterable, Comparable {
    case unreachableState = "SM001"
    case infiniteLoop = "SM002"
    case duplicateName = "SM003"
    case nondeterministicGuards = "SM004"
    case deadTransition = "SM005"
    case invariantViolated = "SM006"
    case deadlock = "SM007"
    case incompleteChoice = "SM008"
    case rangeViolation = "SM009"
    case expectedReachable = "SM010"
    case queueOverflow = "SM011"
    case eventNeverHandled = "SM012"
    case unusedDeclaration = "SM013"
    case uselessHistory = "SM014"

    public var severity: Severity {
        switch self {
        case .infiniteLoop, .invariantViolated, .incompleteChoice, .rangeViolation, .queueOverflow: .error
        case .duplicateName, .unreachableState, .nondeterministicGuards, .deadTransition, .deadlock, .expectedReachable,
             .uselessHistory: .warning
        case .eventNeverHandled, .unusedDeclaration: .info
        }
    }

    /// A short name, for SARIF rules and reports.
    public var title: String {
        switch self {
        case .unreachableState: "unreachable state"
        case .infiniteLoop: "infinite transition loop"
        case .duplicateName: "duplicate state name"
        case .nondeterministicGuards: "nondeterministic guards"
        case .deadTransition: "dead transition"
        case .invariantViolated: "invariant violated"
        case .deadlock: "deadlock"
        case .incompleteChoice: "incomplete choice"
        case .rangeViolation: "range violation"
        case .expectedReachable: "expected state unreachable"
        case .queueOverflow: "queue overflow"
        case .eventNeverHandled: "event never handled"
        case .unusedDeclaration: "unused declaration"
        case .uselessHistory: "useless history"
        }
    }

    public static func < (a: FindingCode, b: FindingCode) -> Bool { a.rawValue < b.rawValue }

    /// When the witness values of this code's findings hold, unless the check says otherwise.
    public var witnessMoment: WitnessMoment {
        switch self {
        case .infiniteLoop, .incompleteChoice, .rangeViolation, .queueOverflow: .atFailure
        case .nondeterministicGuards, .eventNeverHandled: .beforeEvent
        default: .configuration
        }
    }
}

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

/// A named value in a finding's witness: a variable (`count`) or an event parameter (`event.to`).
public struct WitnessValue: Hashable, Sendable {
    public var name: String
    public var value: Value

    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}

/// When a finding's witness values hold.
public enum WitnessMoment: String, Hashable, Sendable {
    /// In the configuration the trace ends in (an invariant violated there, a deadlock).
    case configuration
    /// When the trace's last event arrives, before any of its transitions (two guards enabled at once; a solver's
    /// values before a transition's actions).
    case beforeEvent
    /// At the moment the engine failed, part-way through the last event's macrostep.
    case atFailure

    /// How a report introduces the values.
    public var label: String {
        switch self {
        case .configuration: "witness"
        case .beforeEvent: "before the event"
        case .atFailure: "when it fails"
        }
    }
}

/// Something wrong with a spec: what, where in the spec, and the shortest run that shows it.
public struct Finding: Hashable, Sendable {
    public var code: FindingCode
    public var severity: Severity
    public var message: String
    /// Full paths of the states it is about.
    public var states: [String]
    /// The spec element it is about.
    public var location: SourceLocation?
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

    public init(_ code: FindingCode, _ message: String, states: [String] = [], location: SourceLocation? = nil,
                trace: [TraceStep]? = nil, witness: [WitnessValue] = [], witnessMoment: WitnessMoment? = nil, method: Method,
                transitions: [Int] = []) {
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
    /// What makes two findings of different methods the same finding: code, place and what it is about.
    package var identity: String {
        "\(code.rawValue)|\(location?.pointer.description ?? "")|\(states.joined(separator: ","))|\(transitions.map(String.init).joined(separator: ","))"
    }
}

extension Array where Element == Finding {
    /// Stable order for output that can be diffed: by code, then line, column, pointer and message.
    public func sortedForOutput() -> [Finding] {
        sorted { a, b in
            if a.code != b.code { return a.code < b.code }
            let la = (a.location?.line ?? Int.max, a.location?.column ?? Int.max)
            let lb = (b.location?.line ?? Int.max, b.location?.column ?? Int.max)
            if la != lb { return la < lb }
            let pa = a.location?.pointer.description ?? "", pb = b.location?.pointer.description ?? ""
            if pa != pb { return pa < pb }
            return a.message < b.message
        }
    }
}
