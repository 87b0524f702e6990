/// Checks that could not be decided, and why. An analysis with anything undecided is never reported as "ok": the
/// findings are then only what was found in the part that was checked.
public struct Undecided: Hashable, Sendable {
    /// The finding codes whose absence was not established (a finding of these codes may still have been found).
    public var codes: [FindingCode]
    /// What stopped the check, and what would let it finish.
    public var reason: String

    public init(_ codes: [FindingCode], _ reason: String) {
        self.codes = codes.sorted()
        self.reason = reason
    }

    /// `SM001 unreachable state, SM005 dead transition: <reason>`; with more codes, their numbers in ranges
    /// (`SM001, SM002, SM004–SM012: <reason>`).
    public var description: String {
        guard codes.count > 2 else { return codes.map { "\($0.rawValue) \($0.title)" }.joined(separator: ", ") + ": " + reason }
        let all = FindingCode.allCases
        var parts: [String] = []
        var start = 0
        while start < codes.count {
            var end = start
            while end + 1 < codes.count, all.firstIndex(of: codes[end + 1]) == all.firstIndex(of: codes[end])! + 1 { end += 1 }
            parts.append(
                end - start >= 2
                    ? "\(codes[start].rawValue)–\(codes[end].rawValue)"
                    : codes[start...end].map(\.rawValue).joined(separator: ", "))
            start = end + 1
        }
        return parts.joined(separator: ", ") + ": " + reason
    }
}
