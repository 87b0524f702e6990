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

/// Which findings a report shows.
public struct ReportFilter: Sendable {
    /// Findings below this severity are left out.
    public var minimumSeverity: Severity

    public init(minimumSeverity: Severity = .info) { self.minimumSeverity = minimumSeverity }

    public func shows(_ finding: Finding) -> Bool { finding.severity >= minimumSeverity }
}
