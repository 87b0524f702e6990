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
