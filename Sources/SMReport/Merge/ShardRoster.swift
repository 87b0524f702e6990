public import SMSpec

/// Which shards of a swarm the documents given to `smcheck merge` hold, so that a merge can tell when one is
/// missing: each `check --shard k/n` or `fuzz --shard k/n` result says `"shard": {"index": k, "count": n}`, and a
/// merged result says which it holds, `"shards": {"count": n, "present": [1, 2]}`, so that merging it with the
/// missing ones later completes it.
public struct ShardRoster {
    /// The most shards a swarm has (`--shard k/n` takes n up to this).
    public static let maximumShards = 100_000

    /// The shards of a swarm that a document holds (a merge of some of them holds several).
    public struct Shards: Sendable, Equatable {
        public var count: Int
        /// The indices present, 1...count, ascending.
        public var present: [Int]

        public init(count: Int, present: [Int]) {
            self.count = count
            self.present = present
        }

        /// The shards not present, as `k/n`.
        public var missing: [String] {
            let held = Set(present)
            return (1...count).filter { !held.contains($0) }.map { "\($0)/\(count)" }
        }

        /// `"shards": {"count": n, "present": [...]}`, and `"missingShards": ["k/n", ...]` when some are.
        public var members: [(String, JSONNode)] {
            var members: [(String, JSONNode)] = [
                ("shards", .object([("count", .int(count)), ("present", .array(present.map { .int($0) }))]))
            ]
            if !missing.isEmpty { members.append(("missingShards", .array(missing.map { .string($0) }))) }
            return members
        }
    }

    /// Each document's source and the shards it holds, when its job was part of a swarm.
    private var documents: [(source: String, shards: Shards?)] = []

    public init() {}

    /// Reads one document's `"shard"` or `"shards"`.
    public mutating func add(_ document: JSONNode, source: String) throws(MergeError) {
        let wrong = "must be {\"index\": k, \"count\": n} with n in 1...\(Self.maximumShards) and k in 1...n"
        if let shard = document["shard"] {
            guard let index = shard["index"]?.integerValue, let count = shard["count"]?.integerValue,
                (1...Self.maximumShards).contains(count), (1...count).contains(index)
            else { throw MergeError(source, "\"shard\" " + wrong, at: shard.position) }
            documents.append((source, Shards(count: count, present: [index])))
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
            documents.append((source, Shards(count: count, present: present.map { $0! })))
        } else {
            documents.append((source, nil))
        }
    }

    /// The shards the documents hold together, nil when none was part of a swarm. Documents of different swarms,
    /// a shard given twice, or shards mixed with whole runs cannot be merged.
    public func shards() throws(MergeError) -> Shards? {
        let given = documents.compactMap { document in document.shards.map { (document.source, $0) } }
        guard let (firstSource, first) = given.first else { return nil }
        if let whole = documents.first(where: { $0.shards == nil }) {
            throw MergeError(
                whole.source, "not a shard's result, while \(firstSource) is \(Self.describe(first)): merge the results of one swarm")
        }
        var holder: [Int: String] = [:]
        for (source, shards) in given {
            guard shards.count == first.count else {
                throw MergeError(
                    source, "\(Self.describe(shards)), while \(firstSource) is \(Self.describe(first)): merge the results of one swarm")
            }
            for index in shards.present {
                if let earlier = holder[index] {
                    throw MergeError(
                        source, "shard \(index)/\(shards.count) again (\(earlier) holds it too): merge each shard's result once")
                }
                holder[index] = source
            }
        }
        return Shards(count: first.count, present: holder.keys.sorted())
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
