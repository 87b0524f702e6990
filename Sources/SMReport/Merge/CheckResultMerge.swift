import Foundation
import SMAnalyzer
public import SMEngine
import SMFuzz
public import SMSpec

/// The results of several jobs that checked the same specs (the shards of a swarm, the legs of a CI matrix) as one
/// result per spec, for `smcheck merge`: every finding any job reported, each once (by code, place, states and
/// transitions) with the shortest trace any job found; what no job decided stays undecided.
///
/// Findings are read back from `smcheck-result/1` documents and their traces replayed against the specs, which are
/// loaded again from the files the documents name: a trace that no longer leads to its finding (edited, or of
/// another version of the spec) is an error, not a silently wrong report (`Finding.traceProblem`).
public struct CheckResultMerge {
    private let loadMachine: (String) throws(SpecError) -> Machine
    /// Per spec file, in the order first seen: each job's entry.
    private var entries: [(file: String, nodes: [(source: String, node: JSONNode)])] = []
    /// Which shards of a swarm the documents are.
    private var roster = ShardRoster()

    public init(loadMachine: @escaping (String) throws(SpecError) -> Machine) {
        self.loadMachine = loadMachine
    }

    /// Adds one document; `source` names it in errors and notes.
    public mutating func add(_ document: JSONNode, source: String) throws(MergeError) {
        guard document["format"]?.stringValue == "smcheck-result/1" else {
            throw MergeError(
                source, "not a result of 'smcheck check --format json' (\"format\" is not \"smcheck-result/1\")",
                at: document["format"]?.position ?? document.position)
        }
        guard let specs = document["specs"]?.arrayValue else { throw MergeError(source, "no \"specs\" array") }
        try roster.add(document, source: source)
        for spec in specs {
            guard let file = spec["file"]?.stringValue else {
                throw MergeError(source, "a spec without \"file\"", at: spec.position)
            }
            if let index = entries.firstIndex(where: { $0.file == file }) {
                entries[index].nodes.append((source, spec))
            } else {
                entries.append((file, [(source, spec)]))
            }
        }
    }

    /// The shards of a swarm the documents hold together (`ShardRoster`), nil when none was part of one.
    public func shards() throws(MergeError) -> ShardRoster.Shards? { try roster.shards() }

    /// One outcome per spec file.
    public func outcomes() throws(MergeError) -> [SpecOutcome] {
        var outcomes: [SpecOutcome] = []
        for (file, nodes) in entries {
            let machine: Machine
            do {
                machine = try loadMachine(file)
            } catch {
                outcomes.append(.unusable(file: file, error))
                continue
            }
            let analyzed = nodes.filter { $0.node["stats"] != nil }
            // A finding of other contents may no longer hold, or sit elsewhere; replaying its trace catches only some.
            let hashNow = FailureFile.hash(ofFile: file)
            for (source, node) in analyzed {
                if let hash = node["hash"], hash.stringValue != hashNow {
                    throw MergeError(source, "\(file) has changed since this job checked it: check it again", at: hash.position)
                }
            }
            guard !analyzed.isEmpty else {
                throw MergeError(nodes[0].source, "\(file) could not be used when it was checked, but it loads now; check it again")
            }
            var kept: [String: Finding] = [:]
            var order: [String] = []
            // A job that decided everything showed absent what the others could only suspect: a guard's values over
            // the declared domains that no run of theirs reached (`SolverChecks`' unconfirmed findings).
            let someJobDecided = analyzed.contains { ($0.node["stats"]?["undecided"]?.arrayValue ?? []).isEmpty }
            for (source, node) in analyzed {
                let decided = (node["stats"]?["undecided"]?.arrayValue ?? []).isEmpty
                for findingNode in node["findings"]?.arrayValue ?? [] {
                    let finding = try Self.finding(findingNode, file: file, machine: machine, source: source)
                    if someJobDecided && !decided && Self.isUnconfirmed(finding) { continue }
                    let identity = finding.identity
                    if let existing = kept[identity] {
                        if (finding.trace?.count ?? Int.max) < (existing.trace?.count ?? Int.max) { kept[identity] = finding }
                    } else {
                        kept[identity] = finding
                        order.append(identity)
                    }
                }
            }
            let stats = try Self.stats(roster: roster, analyzed)
            outcomes.append(
                .analyzed(
                    file: file,
                    AnalysisResult(
                        spec: machine.spec, machine: machine,
                        findings: order.map { kept[$0]! }.sortedForOutput(), stats: stats)))
        }
        return outcomes
    }

    /// Statistics of the union: the largest of each count (the jobs searched the same space, in parts that overlap),
    /// complete when any job was, and undecided only what every job left undecided.
    private static func stats(roster: ShardRoster, _ nodes: [(source: String, node: JSONNode)]) throws(MergeError) -> AnalysisStats {
        var stats = AnalysisStats()
        var undecidedCodes: Set<FindingCode>?
        var reasons: [String] = []
        // Per search, by the shards its document holds (none for a whole run, whose hash functions every whole run
        // shares): the same search twice covers what it covered once.
        var coverages: [[Int]: Double] = [:]
        var saturated = 0
        var covered = 0
        // What every job said of the spec (a code its configuration turns off, say) holds of the union too.
        var commonNotes: [String]?
        for (source, node) in nodes {
            guard let s = node["stats"] else { continue }
            let notes = (s["notes"]?.arrayValue ?? []).compactMap(\.stringValue)
            commonNotes = commonNotes.map { common in common.filter(notes.contains) } ?? notes
            stats.configurations = max(stats.configurations, s["configurations"]?.integerValue ?? 0)
            stats.transitions = max(stats.transitions, s["transitions"]?.integerValue ?? 0)
            stats.depth = max(stats.depth, s["depth"]?.integerValue ?? 0)
            stats.milliseconds = max(stats.milliseconds, s["milliseconds"]?.integerValue ?? 0)
            var codes = Set<FindingCode>()
            for undecided in s["undecided"]?.arrayValue ?? [] {
                for code in undecided["codes"]?.arrayValue ?? [] {
                    guard let value = code.stringValue, let parsed = FindingCode(rawValue: value) else {
                        throw MergeError(source, "unknown finding code in \"undecided\"", at: code.position)
                    }
                    codes.insert(parsed)
                }
                if let reason = undecided["reason"]?.stringValue, reasons.isEmpty { reasons.append(reason) }
            }
            undecidedCodes = undecidedCodes.map { $0.intersection(codes) } ?? codes
            if let coverage = s["expectedCoverage"], case .number(let number) = coverage.value {
                let search = roster.shardsHeld(by: source)
                coverages[search] = max(coverages[search] ?? 0, number.doubleValue)
                covered += 1
            }
            if s["bitstateSaturated"]?.boolValue == true { saturated += 1 }
        }
        let codes = (undecidedCodes ?? []).sorted()
        if covered == nodes.count, !coverages.isEmpty {
            // Different hash functions miss different configurations: a configuration is missed by the union only
            // when every search missed it.
            let union = 1 - coverages.values.reduce(1) { $0 * (1 - $1) }
            stats.expectedCoverage = union
            stats.bitstateSaturated = saturated > 0
            if nodes.count > 1 {
                stats.notes.append(
                    "the configurations counted are the most one of the \(nodes.count) bitstate searches stored; together they visited at least as many"
                )
            }
            if !codes.isEmpty {
                let percent = (union * 100_000).rounded(.down) / 1_000
                // The union's estimate is only as good as each search's: a saturated array's overstates what it covered.
                let caveat =
                    saturated == 0
                    ? ""
                    : "; \(saturated == nodes.count ? "every one" : "\(saturated) of them") ended with its array saturated, so the estimate may be far above what they covered: larger --bitstate arrays cover more"
                let (all, different) = (nodes.count, coverages.count)
                let searched =
                    all == 1
                    ? "1 bitstate search; expected coverage"
                    : different == all
                        ? "\(all) bitstate searches with different hash functions and search orders; expected coverage of their union"
                        : different == 1
                            ? "\(all) bitstate searches with the same hash functions and search order (whole runs, not shards of a swarm); expected coverage"
                            : "\(all) bitstate searches, \(different) of them different (whole runs, not shards of a swarm, search alike); expected coverage of their union"
                stats.undecided.append(Undecided(codes, searched + " \(percent)%" + caveat))
            }
        } else if !codes.isEmpty {
            stats.undecided.append(Undecided(codes, "no merged result decided these: " + (reasons.first ?? "each was incomplete")))
        }
        // A merged result merged again already says what this merge says.
        stats.notes += (commonNotes ?? []).filter { !$0.hasPrefix("merged from ") && !stats.notes.contains($0) }
        // The results this spec is in: a shard that checked other specs has nothing of it.
        stats.notes.append("merged from \(Plural.count(nodes.count, "result")): \(nodes.map(\.source).joined(separator: ", "))")
        return stats
    }

    /// A finding about values that a solver proved over the declared domains and no run of its job showed: in a
    /// job that did not decide everything, one of these codes with the solver's method and no trace.
    private static func isUnconfirmed(_ finding: Finding) -> Bool {
        [.z3, .enumeration].contains(finding.method) && finding.trace == nil
            && [.nondeterministicGuards, .incompleteChoice, .rangeViolation, .eventNeverHandled].contains(finding.code)
    }

    /// A finding read back from its JSON.
    private static func finding(_ node: JSONNode, file: String, machine: Machine, source: String) throws(MergeError) -> Finding {
        guard let codeText = node["code"]?.stringValue, let code = FindingCode(rawValue: codeText) else {
            throw MergeError(source, "a finding without a known \"code\"", at: node.position)
        }
        guard let message = node["message"]?.stringValue, let methodText = node["method"]?.stringValue,
            let method = Finding.Method(rawValue: methodText)
        else {
            throw MergeError(source, "the \(codeText) finding lacks \"message\" or a known \"method\"", at: node.position)
        }
        let states = (node["states"]?.arrayValue ?? []).compactMap(\.stringValue)
        let place = node["pointer"]?.stringValue ?? ""
        let findingLine = node["line"]?.integerValue, column = node["column"]?.integerValue
        for (key, value) in [("line", findingLine), ("column", column)] where value.map({ $0 < 1 }) ?? false {
            throw MergeError(
                source, "the \(codeText) finding's \"\(key)\" is \(value!); lines and columns count from 1", at: node[key]?.position)
        }
        var location: Spec.SourceLocation?
        if !place.isEmpty || findingLine != nil {
            // SCXML findings name the element by its path; JSON specs by a JSON Pointer.
            let isSCXML = file.lowercased().hasSuffix(".scxml")
            location = Spec.SourceLocation(
                file: file, pointer: isSCXML ? JSONPointer() : JSONPointer(parsing: place), line: findingLine,
                column: column, elementPath: isSCXML ? place : nil)
        }
        var trace: [TraceStep]?
        if let steps = node["trace"]?.arrayValue {
            do {
                trace = try steps.map { (step) throws(EngineError) -> TraceStep in try machine.traceStep(step) }
            } catch {
                throw MergeError(
                    source,
                    "the trace of the \(codeText) finding cannot be read against \(file): \(error.message)",
                    at: node.position)
            }
        }
        var witness: [WitnessValue] = []
        for member in node["witness"]?.objectValue ?? [] {
            let value: Value
            switch member.value.value {
            case .bool(let b): value = .bool(b)
            case .number(let n) where n.integerValue != nil: value = .int(n.integerValue!)
            case .string(let s): value = .enumCase(s)
            default:
                throw MergeError(
                    source, "the witness value '\(member.key)' is not a bool, an int or a name", at: member.keyPosition)
            }
            witness.append(WitnessValue(member.key, value))
        }
        let moment = node["witnessMoment"]?.stringValue.flatMap(WitnessMoment.init(rawValue:))
        let transitions = (node["transitions"]?.arrayValue ?? []).compactMap(\.integerValue)
        var finding = Finding(
            code, message, states: states, location: location, trace: trace, witness: witness,
            witnessMoment: moment, method: method, transitions: transitions)
        // As the job reported it: below its code's severity (a guard finding no run showed is a warning), or at the
        // one a configuration gave it (`check --config`).
        if let severityNode = node["severity"] {
            guard let severity = severityNode.stringValue.flatMap(Severity.init(rawValue:)) else {
                throw MergeError(source, "the \(codeText) finding has an unknown \"severity\"", at: severityNode.position)
            }
            finding.severity = severity
        }
        // Reading the trace is not enough: one edited, or taken from another version of the spec, must still lead to its finding.
        if let problem = finding.traceProblem(on: machine) {
            throw MergeError(source, "the trace of the \(codeText) finding does not show it on \(file): \(problem)", at: node.position)
        }
        return finding
    }
}

/// A result document that cannot be merged, and why.
public struct MergeError: Error, Sendable, CustomStringConvertible {
    public let source: String
    public let message: String
    /// Where in the source, when the error is about one value.
    public let position: TextPosition?

    public init(_ source: String, _ message: String, at position: TextPosition? = nil) {
        self.source = source
        self.message = message
        self.position = position
    }

    /// `file` or `file:line:column`, as errors begin.
    public var place: String { source + (position.map { ":\($0)" } ?? "") }

    public var description: String { "\(place): \(message)" }
}
