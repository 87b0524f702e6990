import SMEngine

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
            .uselessHistory:
            .warning
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

extension EngineError.Kind {
    /// The finding an engine error of this kind is (SM002, SM008, SM009, SM011); nil for errors of the host's making,
    /// which are no finding.
    var findingCode: FindingCode? {
        switch self {
        case .infiniteLoop: .infiniteLoop
        case .incompleteChoice: .incompleteChoice
        case .queueOverflow: .queueOverflow
        case .rangeViolation: .rangeViolation
        case .unhandledEvent, .invalidEvent, .missingHostFunction, .invalidState: nil
        }
    }
}
