import SMEngine
import SMSolver
import SMSpec

/// Turns the guard issues a back end proved into findings and merges them with the exploration's:
/// - where both found the same thing, one finding is kept — the exploration's when it has a reachable trace, the
///   solver's when its proof says more (a guard that can never hold);
/// - where only the solver found it and the runs decided its code (exploration or symbolic verification), the
///   values are unreachable, so it is left out;
/// - where the runs did not decide it, the solver's findings stand, marked with its method; those about values
///   (guards that overlap, a choice with no branch, a value out of range, an event ignored) say that no checked
///   run reached those values, and claim at most a warning: the values may be unreachable.
struct SolverChecks {
    let machine: Machine
    let analysis: GuardAnalysisResult
    let method: Finding.Method
    /// What checking the runs established.
    let runs: RunKnowledge
    let reportsIgnoredEvents: Bool

    var spec: ResolvedSpec { machine.spec }
    var complete: Bool { runs.complete }

    /// Findings to add, and exploration findings to remove (replaced by a stronger proof).
    ///
    /// The runs' findings are looked up in sets, not searched per issue: a spec with thousands of transitions on one
    /// event has thousands of issues and findings.
    func merge(into findings: inout [Finding]) {
        // What is reported so far, each finding added below included, as the search of the whole list saw it.
        var overlaps = Set(findings.filter { $0.code == .nondeterministicGuards }.map(\.transitions))
        var dead = Set(findings.filter { $0.code == .deadTransition }.map(\.transitions))
        var choices = Set(findings.filter { $0.code == .incompleteChoice }.map(\.states))
        var ranges = Set(findings.filter { $0.code == .rangeViolation }.map { $0.location?.pointer })
        // Dead transitions of the runs that a proof replaces, taken out at the end.
        var replaced: Set<[Int]> = []
        let runsFindings = findings.count
        defer {
            findings =
                findings[..<runsFindings].filter { !($0.code == .deadTransition && replaced.contains($0.transitions)) }
                + findings[runsFindings...]
        }
        for issue in analysis.issues {
            switch issue.kind {
            case .overlap(let first, let second):
                if overlaps.contains([first, second]) || runs.decides(.nondeterministicGuards) { continue }
                overlaps.insert([first, second])
                let trigger =
                    spec.transitions[first].trigger == .eventless
                    ? "eventless transitions" : "transitions on '\(spec.transitions[first].triggerText)'"
                let values = witness(issue)
                findings.append(
                    unconfirmed(
                        .nondeterministicGuards,
                        "two \(trigger) of '\(spec.states[spec.transitions[first].source].displayPath)' can be enabled at once (\(describe(values))): \(describe(first)) and \(describe(second)); document order silently picks the first",
                        states: [spec.states[spec.transitions[first].source].path], location: spec.transitions[second].location,
                        witness: values, witnessMoment: .overlap(midMacrostep: spec.transitions[first].trigger == .eventless),
                        transitions: [first, second]))
            case .unsatisfiableGuard(let t):
                guard let source = reachableSource(t) else { continue }
                replaced.insert([t])
                dead.insert([t])
                findings.append(
                    Finding(
                        .deadTransition,
                        "transition \(describe(t)) can never be enabled: no values of the declared domains make its guard hold",
                        states: [source], location: spec.transitions[t].location, method: method, transitions: [t]))
            case .shadowed(let t):
                guard let source = reachableSource(t) else { continue }
                let hadOne = dead.contains([t])
                if complete && !hadOne { continue }
                replaced.insert([t])
                dead.insert([t])
                findings.append(
                    Finding(
                        .deadTransition,
                        "transition \(describe(t)) is always shadowed: whenever its guard holds, an earlier transition of '\(source)' for the same event holds too",
                        states: [source], location: spec.transitions[t].location, method: method, transitions: [t]))
            case .incompleteChoice(let state):
                if choices.contains([spec.states[state].path]) || runs.decides(.incompleteChoice) { continue }
                choices.insert([spec.states[state].path])
                let values = witness(issue)
                findings.append(
                    unconfirmed(
                        .incompleteChoice,
                        "incomplete choice: no branch of '\(spec.states[state].path)' holds for \(describe(values))",
                        states: [spec.states[state].path], location: spec.states[state].location, witness: values,
                        witnessMoment: .beforeEvent))
            case .rangeViolation(_, _, let location, let detail):
                if ranges.contains(location?.pointer) || runs.decides(.rangeViolation) { continue }
                ranges.insert(location?.pointer)
                let values = witness(issue)
                findings.append(
                    unconfirmed(
                        .rangeViolation, "range violation: \(detail) (for \(describe(values)))",
                        location: location, witness: values, witnessMoment: .beforeEvent))
            case .ignoredEvent(let state, let event):
                guard reportsIgnoredEvents else { continue }
                if let seen = runs.seenUnhandled, !seen(event, state) { continue }
                let values = witness(issue)
                findings.append(
                    unconfirmed(
                        .eventNeverHandled,
                        "event '\(spec.events[event].name)' is silently ignored in '\(spec.states[state].path)' when no guard holds, e.g. for \(describe(values))",
                        states: [spec.states[state].path], location: spec.states[state].location, witness: values))
            }
        }
    }

    /// A finding about values that the solver found over the declared domains and no run showed. Where the runs
    /// decided its code, it stands as it is (an ignored event every run could meet; the other codes are left out
    /// before). Where they did not, the values may be unreachable: it says so and claims at most a warning (the
    /// result lists the code as not checked).
    private func unconfirmed(
        _ code: FindingCode, _ message: String, states: [String] = [], location: Spec.SourceLocation? = nil,
        witness: [WitnessValue], witnessMoment: WitnessMoment? = nil, transitions: [Int] = []
    ) -> Finding {
        var finding = Finding(
            code, message, states: states, location: location, witness: witness, witnessMoment: witnessMoment, method: method,
            transitions: transitions)
        guard !runs.decides(code) else { return finding }
        finding.severity = min(finding.severity, .warning)
        finding.message += "; not shown by a run: the runs were not all checked, and these values may be unreachable"
        return finding
    }

    /// The source's path, unless the runs showed the source unreachable (SM001 says it already).
    private func reachableSource(_ t: Int) -> String? {
        let source = spec.transitions[t].source
        if runs.neverEntered(source) { return nil }
        return spec.states[source].path
    }

    private func witness(_ issue: GuardIssue) -> [WitnessValue] {
        issue.witness.named(in: spec, event: issue.event).map { WitnessValue($0.name, $0.value) }
    }

    private func describe(_ values: [WitnessValue]) -> String {
        values.isEmpty ? "any values" : values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
    }

    private func describe(_ t: Int) -> String { spec.describe(spec.transitions[t]) }
}
