import SMFuzz
public import SMSpec

/// The machine-readable result of `smcheck fuzz`, `smcheck-fuzz/1`.
public struct FuzzJSONRenderer: ReportRenderer {
    /// The part of a swarm this job was (`--shard k/n`), recorded so that `smcheck merge` can tell when one is missing.
    public var shard: (index: Int, count: Int)?
    /// The id of that swarm (`ShardRoster.swarmIdentity`), so that a merge refuses shards of another.
    public var swarm: String?
    /// The specs given but not fuzzed (a campaign interrupted before their turn).
    public var notFuzzed: [String] = []

    public init(shard: (index: Int, count: Int)? = nil, swarm: String? = nil) {
        self.shard = shard
        self.swarm = swarm
    }

    public func document(_ outcomes: [FuzzOutcome]) -> JSONNode {
        .object(
            [("format", "smcheck-fuzz/1")]
                + (shard.map { [ShardRoster.member(shard: $0, swarm: swarm)] } ?? []) + [
                    (
                        "specs",
                        .array(
                            outcomes.map { outcome in
                                switch outcome {
                                case .unusable(let file, let error):
                                    return .object([
                                        ("file", .string(file)), ("errors", .array(error.diagnostics.map(CheckJSONRenderer.diagnostic))),
                                    ])
                                case .fuzzed(let file, let result, let replayFile, let swiftTestFile):
                                    return Self.spec(file: file, result, replayFile: replayFile, swiftTestFile: swiftTestFile)
                                }
                            })
                    )
                ] + (notFuzzed.isEmpty ? [] : [("notFuzzed", .array(notFuzzed.map { .string($0) }))]))
    }

    public func render(_ outcomes: [FuzzOutcome]) -> String {
        JSONWriter.string(document(outcomes)) + "\n"
    }

    static func spec(file: String, _ result: FuzzResult, replayFile: String?, swiftTestFile: String?) -> JSONNode {
        var failureNode = JSONNode.null
        if let failure = result.failure {
            var fields: [(String, JSONNode)] = [
                ("kind", .string(failure.failure.kind.rawValue)), ("message", .string(failure.failure.message)),
                ("run", .int(failure.run)), ("runSeed", .string(String(failure.runSeed))),
                ("originalSteps", .int(failure.originalSteps)), ("shrinkReplays", .int(failure.shrinkReplays)),
                ("shrunkSteps", .int(failure.shrunkSteps)),
                ("shrinkMilliseconds", .int(Int((failure.shrinkSeconds * 1000).rounded()))),
            ]
            // Only when it was: the trace may then not be 1-minimal.
            if let stop = failure.shrinkingStop { fields.append(("shrinkingStop", .string(stop.rawValue))) }
            fields += [
                ("trace", .array(failure.trace.map(result.machine.json))),
                ("replayFile", replayFile.map { .string($0) } ?? .null),
                ("swiftTestFile", swiftTestFile.map { .string($0) } ?? .null),
                // Where the failing action or guard is written, as check's findings say it.
                (
                    "location",
                    failure.failure.location.map {
                        .object([
                            ("pointer", .string($0.documentPath)), ("line", $0.line.map { .int($0) } ?? .null),
                            ("column", $0.column.map { .int($0) } ?? .null),
                        ])
                    } ?? .null
                ),
            ]
            failureNode = .object(fields)
        }
        // Only when it was: a campaign stopped by Ctrl-C says what it found in the runs it made.
        var extras: [(String, JSONNode)] = result.interrupted ? [("interrupted", .bool(true))] : []
        // Only when there are some: what the exploration found failing that no run reached.
        if !result.failuresNoRunReached.isEmpty {
            extras.append(("failuresNoRunReached", .array(result.failuresNoRunReached.map { .string($0) })))
        }
        return .object(
            [
                ("file", .string(file)),
                ("name", .string(result.machine.spec.name)),
                // A string: seeds use all 64 bits, more than a JSON reader's double keeps exactly.
                ("seed", .string(String(result.configuration.seed))),
                ("runs", .int(result.runs)), ("length", .int(result.configuration.length)), ("events", .int(result.events)),
                ("milliseconds", .int(Int((result.seconds * 1000).rounded()))),
                ("eventsPerSecond", .int(Int(result.eventsPerSecond.rounded()))),
                ("failure", failureNode),
                ("coverage", coverage(result.coverageSummary)),
            ] + extras)
    }

    static func coverage(_ summary: CoverageSummary) -> JSONNode {
        func items(_ items: [CoverageSummary.Item]) -> JSONNode {
            .object([
                ("covered", .int(items.count { $0.covered })), ("total", .int(items.count { $0.canHappen })),
                ("missed", .array(items.filter { $0.canHappen && !$0.covered }.map { .string($0.name) })),
                ("unreachable", .array(items.filter { !$0.canHappen }.map { .string($0.name) })),
            ])
        }
        func notCounted(_ guarded: CoverageSummary.GuardOutcomes) -> JSONNode {
            .array(
                [("true", guarded.trueExcluded), ("false", guarded.falseExcluded)].compactMap { outcome, exclusion in
                    exclusion.map { .object([("outcome", .string(outcome)), ("reason", .string($0.reason))]) }
                })
        }
        return .object([
            ("states", items(summary.states)),
            ("transitions", items(summary.transitions)),
            (
                "guardOutcomes",
                .object([
                    ("covered", .int(summary.coveredGuardOutcomes)), ("total", .int(summary.totalGuardOutcomes)),
                    (
                        "guards",
                        .array(
                            summary.guards.map {
                                .object([
                                    ("transition", .string($0.transition)), ("true", .bool($0.sawTrue)), ("false", .bool($0.sawFalse)),
                                    ("notCounted", notCounted($0)),
                                ])
                            })
                    ),
                ])
            ),
        ])
    }
}
