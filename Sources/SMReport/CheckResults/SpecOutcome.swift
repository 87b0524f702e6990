public import SMAnalyzer
public import SMSpec

/// What checking one file gave: findings, or the reasons the file could not be used.
public enum SpecOutcome: Sendable {
    case analyzed(file: String, AnalysisResult)
    case unusable(file: String, SpecError)

    public var file: String {
        switch self {
        case .analyzed(let file, _), .unusable(let file, _): file
        }
    }
}

/// Which findings a report shows, and how it judges a spec.
public struct ReportFilter: Sendable {
    /// Findings below this severity are left out.
    public var minimumSeverity: Severity
    /// An incomplete analysis passes when nothing at error level was found (the report still says what was not
    /// checked).
    public var allowsIncomplete: Bool

    public init(minimumSeverity: Severity = .info, allowsIncomplete: Bool = false) {
        self.minimumSeverity = minimumSeverity
        self.allowsIncomplete = allowsIncomplete
    }

    public func shows(_ finding: Finding) -> Bool { finding.severity >= minimumSeverity }

    /// The verdict on one spec: what the exit status, JUnit and SARIF say.
    public func verdict(_ outcome: SpecOutcome) -> CheckVerdict {
        switch outcome {
        case .unusable: return .unusable
        case .analyzed(_, let result):
            if result.findings.contains(where: { $0.severity == .error && shows($0) }) { return .failed }
            if !result.stats.complete && !allowsIncomplete { return .incomplete }
            return .passed
        }
    }

    /// The verdict on several specs: the worst of theirs.
    public func verdict(_ outcomes: [SpecOutcome]) -> CheckVerdict {
        outcomes.map(verdict).max() ?? .passed
    }
}

/// What a check concluded, from best to worst.
public enum CheckVerdict: Int, Hashable, Sendable, Comparable {
    /// Nothing at error level, and every check decided (or `allowsIncomplete`).
    case passed
    /// Nothing at error level was found, but some checks were not decided.
    case incomplete
    /// Error-level findings.
    case failed
    /// The spec could not be used.
    case unusable

    public static func < (a: CheckVerdict, b: CheckVerdict) -> Bool { a.rawValue < b.rawValue }
}
