import Foundation

/// How long one solver call may run: its own limit, or less when the verification's deadline is nearer, so that
/// `--timeout` bounds the whole verification and not only the time between calls. Made just before the call.
struct SolverTime {
    /// Milliseconds for the call (at least 1: Z3 reads 0 as no limit).
    let milliseconds: UInt32
    /// Whether the deadline, not the call's own limit, set `milliseconds`.
    let isCappedByDeadline: Bool
    /// Whether the call's share of the time left set `milliseconds` (less than its own limit and the deadline).
    let isCappedByShare: Bool
    private let started = ContinuousClock.now

    /// `share`: at most this long, when the call is one of several that split the time left.
    init(perCall: UInt32, deadline: ContinuousClock.Instant, share: Duration? = nil) {
        let leftMilliseconds = Self.milliseconds(deadline - started)
        let shareMilliseconds = share.map(Self.milliseconds) ?? .max
        isCappedByShare = shareMilliseconds < min(Int64(perCall), leftMilliseconds)
        isCappedByDeadline = !isCappedByShare && leftMilliseconds < Int64(perCall)
        milliseconds = UInt32(clamping: max(1, min(Int64(perCall), leftMilliseconds, shareMilliseconds)))
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// Why a call that gave up did: its time, when it used (nearly) all of it; else the solver's own reason.
    func whyUnknown(_ solver: String, reason: String) -> String {
        guard ContinuousClock.now - started >= .milliseconds(Int(milliseconds) * 9 / 10) else {
            // Z3 says "ok" when a tactic simply returned unknown.
            if reason.isEmpty || reason == "ok" { return "\(solver) gave up without a reason" }
            // Spacer refuses integer division and remainder by a variable ("Uninterpreted 'div' in edge2:").
            if reason.contains("Uninterpreted 'div'") || reason.contains("Uninterpreted 'mod'") {
                return "\(solver) cannot reason about / or % by a variable (nonlinear arithmetic)"
            }
            return "\(solver) gave up (\(Self.firstLine(of: reason)))"
        }
        if isCappedByShare {
            return "\(solver) ran out of its share of the time left (\(String(format: "%.1f", Double(milliseconds) / 1000)) s)"
        }
        return isCappedByDeadline ? "the time limit ran out" : "\(solver) ran out of its \(milliseconds / 1000) s for one call"
    }

    /// The first line of a solver's reason, at most 200 characters: Spacer's can go on to print its rules, kilobytes
    /// of them, which would bury the rest of the report.
    static func firstLine(of reason: String) -> String {
        let line = reason.prefix { $0 != "\n" }.drop { $0 == " " }
        return line.count > 200 ? String(line.prefix(200)) + "…" : String(line)
    }
}
