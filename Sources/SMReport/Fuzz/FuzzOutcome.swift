public import SMFuzz
public import SMSpec

/// What fuzzing one file gave: a campaign's result (and where its failure was saved), or why the file could not be used.
public enum FuzzOutcome: Sendable {
    /// A campaign; with a failure, where it was saved for `smcheck replay` and where its Swift test was written.
    case fuzzed(file: String, FuzzResult, replayFile: String?, swiftTestFile: String? = nil)
    case unusable(file: String, SpecError)

    public var file: String {
        switch self {
        case .fuzzed(let file, _, _, _), .unusable(let file, _): file
        }
    }

    public var failed: Bool {
        if case .fuzzed(_, let result, _, _) = self { return result.failure != nil }
        return false
    }
}
