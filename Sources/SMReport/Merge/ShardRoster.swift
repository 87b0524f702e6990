import SMFuzz
public import SMSpec

/// Which shards of a swarm the documents given to `smcheck merge` hold, so that a merge can tell when one is
/// missing: each `check --shard k/n` or `fuzz --shard k/n` result says `"shard": {"index": k, "count": n, "swarm":
/// id}`, and a merged result says which it holds, `"shards": {"count": n, "present": [1, 2], "swarm": id}`, so that
/// merging it with the missing ones later completes it.
///
/// The swarm's id (`swarmIdentity`) stands for what every shard of one swarm is given alike: the specs, in order,
/// with their contents, and fuzzing's `--seed`. Shards whose ids differ split other work, so together they may leave
/// a spec unchecked that each thinks another checked: they are refused, not merged into a result that says "ok".
public struct ShardRoster {
    /// The most shards a swarm has (`--shard k/n` takes n up to this).
    public static let maximumShards = 100_000

    /// The shards of a swarm that a document holds (a merge of some of them holds several).
    public struct Shards: Sendable, Equatable {
        public var count: Int
        /// The indices present, 1...count, ascending.
        public var present: [Int]
        /// The swarm's id (`swarmIdentity`); nil in results written before it was recorded.
        public var swarm: String?

        public init(count: Int, present: [Int], swarm: String? = nil) {
            self.count = count
            self.present = present
            self.swarm = swarm
        }

        /// The shards not present, as `k/n`.
        public var missing: [String] {
            let held = Set(present)
            return (1...count).filter { !held.contains($0) }.map { "\($0)/\(count)" }
        }

        /// `"shards": {"count": n, "present": [...]}`, and `"missingShards": ["k/n", ...]` when some are.
        public var members: [(String, JSONNode)] {
            var roster: [(String, JSONNode)] = [("count", .int(count)), ("present", .array(present.map { .int($0) }))]
            if let swarm { roster.append(("swarm", .string(swarm))) }
            var members: [(String, JSONNode)] = [("shards", .object(roster))]
            if !missing.isEmpty { members.append(("missingShards", .array(missing.map { .string($0) }))) }
            return members
        }
    }

    /// Each document's source and the shards it holds, when its job was part of a swarm.
    private var documents: [(source: String, shards: Shards?)] = []

    public init() {}

    /// The id of a swarm (`smcheck check|fuzz --shard k/n`) of `count` shards over `specFiles` (as given, in order:
    /// which spec a shard checks depends on its place), hashed with each file's contents, and with `seed` for
    /// fuzzing (each shard's seed is derived from it).
    public static func swarmIdentity(command: String, count: Int, specFiles: [String], seed: UInt64? = nil) -> String {
        var text = "\(command)\n\(count)\n\(seed.map(String.init) ?? "-")\n"
        for file in specFiles { text += "\(file)\t\(FailureFile.hash(ofFile: file) ?? "unreadable")\n" }
        return FailureFile.hash(Array(text.utf8))
    }

    /// `"shard": {"index": k, "count": n, "swarm": id}`, as a shard's result says which it is.
    public static func member(shard: (index: Int, count: Int), swarm: String?) -> (String, JSONNode) {
        ("shard", .object([("index", .int(shard.index)), ("count", .int(shard.count))] + (swarm.map { [("swarm", .string($0))] } ?? [])))
    }

    /// The swarm id a `"shard"` or `"shards"` object holds, or nil; a wrong one is an error.
    private static func swarm(of roster: JSONNode, source: String) throws(MergeError) -> String? {
        guard let id = roster["swarm"] else { return nil }
        guard let text = id.stringValue else { throw MergeError(source, "\"swarm\" must be a string", at: id.position) }
        return text
    }

    /// Reads one document's `"shard"` or `"shards"`.
    public mutating func add(_ document: JSONNode, source: String) throws(MergeError) {
        let wrong = "must be {\"index\": k, \"count\": n} with n in 1...\(Self.maximumShards) and k in 1...n"
        if let shard = document["shard"] {
            guard let index = shard["index"]?.integerValue, let count = shard["count"]?.integerValue,
                (1...Self.maximumShards).contains(count), (1...count).contains(index)
            else { throw MergeError(source, "\"shard\" " + wrong, at: shard.position) }
            documents.append((source, Shards(count: count, present: [index], swarm: try Self.swarm(of: shard, source: source))))
        } else if let merged = document["shards"] {
            guard let count = merged["count"]?.integerValue, (1...Self.maximumShards).contains(count),
                let present = merged["present"]?.arrayValue?.map(\.integerValue), !present.contains(nil),
                present.allSatisfy({ (1...count).contains($0!) })
            else {
                throw MergeError(
                    source,
                    "\"shards\" must be {\"count\": n, \"present\": [k, ...]} with n in 1...\(Self.maximumShards) and each k in 1...n",
                    at: merged.position)
            }
            documents.append(
                (source, Shards(count: count, present: present.map { $0! }, swarm: try Self.swarm(of: merged, source: source))))
        } else {
            documents.append((source, nil))
        }
        // Against the first document as soon as it comes, so that what the documents hold is compared (a campaign
        // given twice, say) only between documents of one swarm.
        if documents.count > 1 { try Self.conform(documents[documents.count - 1], to: documents[0]) }
    }

    /// Throws unless `document` can be merged with `first`: both whole runs, or both shards of one swarm.
    private static func conform(_ document: (source: String, shards: Shards?), to first: (source: String, shards: Shards?))
        throws(MergeError)
    {
        switch (first.shards, document.shards) {
        case (nil, nil): return
        case (let shards?, nil):
            throw MergeError(
                document.source, "not a shard's result, while \(first.source) is \(describe(shards)): merge the results of one swarm")
        case (nil, let shards?):
            throw MergeError(
                document.source, "\(describe(shards)), while \(first.source) is not a shard's result: merge the results of one swarm")
        case (let expected?, let shards?):
            guard shards.count == expected.count else {
                throw MergeError(
                    document.source, "\(describe(shards)), while \(first.source) is \(describe(expected)): merge the results of one swarm")
            }
            guard shards.swarm == expected.swarm else {
                throw MergeError(
                    document.source,
                    "\(describe(shards)) is of another swarm than \(first.source): the specs given to it, their order, their contents or the fuzzing --seed differ, so together the shards may have left specs unchecked; merge the results of one swarm, every shard given the same specs and options"
                )
            }
        }
    }

    /// The shards `source` holds, in order; none for a whole run. Bitstate searches of different shards use hash
    /// functions and search orders of their own, every whole run the same ones.
    func shardsHeld(by source: String) -> [Int] {
        documents.first { $0.source == source }?.shards?.present.sorted() ?? []
    }

    /// The shards the documents hold together, nil when none was part of a swarm. Documents of different swarms,
    /// a shard given twice, or shards mixed with whole runs cannot be merged (`add` refuses all but the second).
    public func shards() throws(MergeError) -> Shards? {
        guard let first = documents.first?.shards else { return nil }
        var holder: [Int: String] = [:]
        for (source, shards) in documents {
            for index in shards?.present ?? [] {
                if let earlier = holder[index] {
                    throw MergeError(
                        source, "shard \(index)/\(first.count) again (\(earlier) holds it too): merge each shard's result once")
                }
                holder[index] = source
            }
        }
        return Shards(count: first.count, present: holder.keys.sorted(), swarm: first.swarm)
    }

    private static func describe(_ shards: Shards) -> String {
        shards.present.count == 1
            ? "shard \(shards.present[0])/\(shards.count)"
            : "a merge of shards \(shards.present.map { "\($0)/\(shards.count)" }.joined(separator: ", "))"
    }

    /// The sentence that says what a merge lacking `missing` leaves out, for standard error and the merged documents.
    public static func incompleteness(_ missing: [String]) -> String {
        let one = missing.count == 1
        let named =
            missing.count <= 20
            ? missing.joined(separator: ", ") : missing.prefix(20).joined(separator: ", ") + " and \(missing.count - 20) more"
        return
            "incomplete: the result\(one ? " of shard" : "s of shards") \(named) \(one ? "is" : "are") missing; what only \(one ? "it" : "they") checked is not in this result"
    }
}
