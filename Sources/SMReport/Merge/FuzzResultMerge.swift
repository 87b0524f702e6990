public import SMSpec

/// The `smcheck fuzz --format json` results of several shards as one `smcheck-fuzz/1` document: per spec, the
/// entry of the shard whose failure has the shortest trace (the first shard's when none failed), with the runs,
/// events and milliseconds of every shard summed (and the rate of the sum), their coverage joined (`FuzzCoverageUnion`: what any shard reached), and the
/// shards' seeds listed, so each failure can be replayed.
public struct FuzzResultMerge {
    private var entries: [(file: String, nodes: [JSONNode])] = []
    /// Which shards of a swarm the documents are.
    private var roster = ShardRoster()

    public init() {}

    /// Adds one document; `source` names it in errors.
    public mutating func add(_ document: JSONNode, source: String) throws(MergeError) {
        guard document["format"]?.stringValue == "smcheck-fuzz/1" else {
            throw MergeError(source, "not a result of 'smcheck fuzz --format json' (\"format\" is not \"smcheck-fuzz/1\")")
        }
        guard let specs = document["specs"]?.arrayValue else { throw MergeError(source, "no \"specs\" array") }
        try roster.add(document, source: source)
        for spec in specs {
            guard let file = spec["file"]?.stringValue else {
                throw MergeError(source, "a spec without \"file\"", at: spec.position)
            }
            if let index = entries.firstIndex(where: { $0.file == file }) {
                // One seed is one campaign, run for run: counted twice it would claim runs never made.
                let earlier = Set(entries[index].nodes.flatMap(Self.seeds))
                if let seed = Self.seeds(of: spec).first(where: earlier.contains) {
                    throw MergeError(
                        source,
                        "the campaign on \(file) with seed \(seed) is given twice: the same seed gives the same runs, which would be counted twice",
                        at: spec["seed"]?.position)
                }
                if let coverage = spec["coverage"], let other = entries[index].nodes[0]["coverage"],
                    let mismatch = FuzzCoverageUnion.mismatch(coverage, other)
                {
                    throw MergeError(source, "the campaign on \(file) cannot be joined with the others: \(mismatch)", at: coverage.position)
                }
                entries[index].nodes.append(spec)
            } else {
                entries.append((file, [spec]))
            }
        }
    }

    /// Whether any shard found a failure.
    public var foundFailure: Bool {
        entries.contains { $0.nodes.contains { Self.traceLength($0) != nil } }
    }

    /// Whether some shard could not use a spec (its entry has "errors"), as `smcheck fuzz` exits 2 for.
    public var foundUnusable: Bool { entries.contains { $0.nodes.contains { $0["errors"] != nil } } }

    /// Whether some shard's campaign was stopped before its runs were made.
    public var wasInterrupted: Bool { entries.contains { $0.nodes.contains(where: Self.interrupted) } }

    /// The shards of a swarm the documents hold together (`ShardRoster`), nil when none was part of one.
    public func shards() throws(MergeError) -> ShardRoster.Shards? { try roster.shards() }

    /// The merged document; `shards` (from `shards()`) says which shards it holds and which are missing.
    public func document(shards: ShardRoster.Shards? = nil) -> JSONNode {
        .object(
            [("format", .string("smcheck-fuzz/1"))] + (shards?.members ?? []) + [
                (
                    "specs",
                    .array(
                        entries.map { entry in
                            // The shortest failure; else a campaign rather than an unusable entry, which has no runs.
                            let chosen = entry.nodes.min { Self.rank($0) < Self.rank($1) }!
                            let runs = entry.nodes.reduce(0) { $0 + ($1["runs"]?.integerValue ?? 0) }
                            let events = entry.nodes.reduce(0) { $0 + ($1["events"]?.integerValue ?? 0) }
                            // The shards' time added up (the work, whether the jobs ran side by side or not), and
                            // the rate of that work.
                            let milliseconds = entry.nodes.reduce(0) { $0 + ($1["milliseconds"]?.integerValue ?? 0) }
                            // A merged result merged again brings its own count and seeds, summed and joined below.
                            var members = (chosen.objectValue ?? []).filter { !["shards", "shardSeeds", "interrupted"].contains($0.key) }
                                .map {
                                    member -> (String, JSONNode) in
                                    switch member.key {
                                    case "runs": (member.key, .int(runs))
                                    case "events": (member.key, .int(events))
                                    case "milliseconds": (member.key, .int(milliseconds))
                                    case "eventsPerSecond": (member.key, .int(milliseconds == 0 ? 0 : events * 1000 / milliseconds))
                                    case "coverage": (member.key, FuzzCoverageUnion(shards: entry.nodes.compactMap { $0["coverage"] }).node)
                                    default: (member.key, member.value)
                                    }
                                }
                            // Fewer runs than asked for in some shard: the merge was stopped too.
                            if entry.nodes.contains(where: Self.interrupted) { members.append(("interrupted", .bool(true))) }
                            members.append(("shards", .int(entry.nodes.reduce(0) { $0 + ($1["shards"]?.integerValue ?? 1) })))
                            members.append(("shardSeeds", .array(entry.nodes.flatMap(Self.seeds).map { .string($0) })))
                            return .object(members)
                        })
                )
            ])
    }

    /// The seeds of the campaigns a spec's entry holds: its shards' when it is a merge, else its own.
    private static func seeds(of spec: JSONNode) -> [String] {
        spec["shardSeeds"]?.arrayValue?.compactMap(\.stringValue) ?? spec["seed"]?.stringValue.map { [$0] } ?? []
    }

    private static func rank(_ spec: JSONNode) -> (Int, Int) { (traceLength(spec) ?? Int.max, spec["errors"] == nil ? 0 : 1) }

    private static func interrupted(_ spec: JSONNode) -> Bool { spec["interrupted"]?.boolValue == true }

    private static func traceLength(_ spec: JSONNode) -> Int? {
        guard let failure = spec["failure"], !failure.isNull else { return nil }
        return failure["trace"]?.arrayValue?.count ?? Int.max - 1
    }
}
