public import SMAnalyzer
public import SMEngine
import SMFuzz
public import SMSpec

/// The machine-readable result, `smcheck-result/1`: stable key order so outputs can be diffed.
public struct CheckJSONRenderer: ReportRenderer {
    public var filter: ReportFilter
    /// The part of a swarm this job was (`--shard k/n`), recorded so that `smcheck merge` can tell when one is missing.
    public var shard: (index: Int, count: Int)?
    /// The id of that swarm (`ShardRoster.swarmIdentity`), so that a merge refuses shards of another.
    public var swarm: String?
    /// The shards of a swarm a merge holds, and so those it lacks: what only they checked is not in this result.
    public var mergedShards: ShardRoster.Shards?

    public init(
        filter: ReportFilter = ReportFilter(), shard: (index: Int, count: Int)? = nil, swarm: String? = nil,
        mergedShards: ShardRoster.Shards? = nil
    ) {
        self.filter = filter
        self.shard = shard
        self.swarm = swarm
        self.mergedShards = mergedShards
    }

    public func document(_ outcomes: [SpecOutcome]) -> JSONNode {
        let roster = (shard.map { [ShardRoster.member(shard: $0, swarm: swarm)] } ?? []) + (mergedShards?.members ?? [])
        return .object(
            [("format", "smcheck-result/1")] + roster + [
                (
                    "specs",
                    .array(
                        outcomes.map { outcome in
                            switch outcome {
                            case .unusable(let file, let error):
                                return .object([("file", .string(file)), ("errors", .array(error.diagnostics.map(Self.diagnostic)))])
                            case .analyzed(let file, let result):
                                // The contents checked, so that a merge can tell a spec changed since.
                                let hash = FailureFile.hash(ofFile: file).map { [("hash", JSONNode.string($0))] } ?? []
                                return .object(
                                    [("file", .string(file))] + hash + [
                                        ("name", .string(result.spec.name)),
                                        ("stats", Self.stats(result.stats)),
                                        (
                                            "findings",
                                            .array(result.findings.filter(filter.shows).map { Self.finding($0, machine: result.machine) })
                                        ),
                                    ])
                            }
                        })
                )
            ])
    }

    public func render(_ outcomes: [SpecOutcome]) -> String {
        JSONWriter.string(document(outcomes)) + "\n"
    }

    static func stats(_ stats: AnalysisStats) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("configurations", .int(stats.configurations)), ("transitions", .int(stats.transitions)), ("depth", .int(stats.depth)),
            ("complete", .bool(stats.complete)), ("milliseconds", .int(stats.milliseconds)),
        ]
        if !stats.undecided.isEmpty {
            members.append(
                (
                    "undecided",
                    .array(
                        stats.undecided.map { undecided in
                            .object([
                                ("codes", .array(undecided.codes.map { .string($0.rawValue) })), ("reason", .string(undecided.reason)),
                            ])
                        })
                ))
        }
        // What symbolic verification did, when it ran: the explicit counts above are then those of the exploration
        // before it (all 0 when none ran), and this is the rest of the check.
        if let symbolic = stats.symbolic {
            members.append(
                (
                    "symbolic",
                    .object([
                        ("controlStates", .int(symbolic.controlStates)), ("paths", .int(symbolic.paths)),
                        // -1 when no depth was checked, as the text says "no depth checked".
                        ("depth", .int(symbolic.depth)), ("proved", .int(symbolic.proved)), ("found", .int(symbolic.found)),
                        ("milliseconds", .int(symbolic.milliseconds)),
                    ])
                ))
        }
        if let coverage = stats.expectedCoverage {
            members.append(("expectedCoverage", JSONNode(.number(JSONNumber(text: String(coverage))))))
            if stats.bitstateSaturated { members.append(("bitstateSaturated", .bool(true))) }
        }
        if !stats.notes.isEmpty { members.append(("notes", .array(stats.notes.map { .string($0) }))) }
        return .object(members)
    }

    public static func finding(_ finding: Finding, machine: Machine) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("code", .string(finding.code.rawValue)), ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)), ("states", .array(finding.states.map { .string($0) })),
            ("pointer", .string(finding.location?.documentPath ?? "")),
            ("line", finding.location?.line.map { .int($0) } ?? .null),
            ("column", finding.location?.column.map { .int($0) } ?? .null),
        ]
        if let trace = finding.trace { members.append(("trace", .array(trace.map(machine.json)))) }
        if !finding.witness.isEmpty {
            members.append(("witness", .object(finding.witness.map { ($0.name, $0.value.json) })))
            members.append(("witnessMoment", .string(finding.witnessMoment.rawValue)))
        }
        members.append(("method", .string(finding.method.rawValue)))
        // What `smcheck merge` tells findings apart by, with the code, pointer and states.
        if !finding.transitions.isEmpty { members.append(("transitions", .array(finding.transitions.map { .int($0) }))) }
        return .object(members)
    }

    static func diagnostic(_ diagnostic: Diagnostic) -> JSONNode {
        .object([
            ("message", .string(diagnostic.fullMessage)), ("pointer", .string(diagnostic.location.documentPath)),
            ("line", diagnostic.location.line.map { .int($0) } ?? .null),
            ("column", diagnostic.location.column.map { .int($0) } ?? .null),
        ])
    }
}
