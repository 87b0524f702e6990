public import SMSpec

/// Which shards of a swarm the documents given to `smcheck merge` are, so that a merge can tell when one is missing:
/// each `check --shard k/n` or `fuzz --shard k/n` result says `"shard": {"index": k, "count": n}`, and a merged
/// result that lacked some says `"missingShards": ["2/3"]`, which a later merge keeps.
public struct ShardRoster {
    /// The most shards a swarm has (`--shard k/n` takes n up to this).
    public static let maximumShards = 100_000

    public init() {}

    /// Each document's source and shard, when its job was one.
    private var shards: [(source: String, shard: (index: Int, count: Int)?)] = []
    /// Shards that a merged document already lacked.
    private var missingEarlier: [String] = []

    /// Reads one document's `"shard"` and `"missingShards"`.
    public mutating func add(_ document: JSONNode, source: String) throws(MergeError) {
        if let shard = document["shard"] {
            guard let index = shard["index"]?.integerValue, let count = shard["count"]?.integerValue,
                (1...Self.maximumShards).contains(count), (1...count).contains(index)
            else {
                throw MergeError(
                    source, "\"shard\" must be {\"index\": k, \"count\": n} with n in 1...\(Self.maximumShards) and k in 1...n",
                    at: shard.position)
            }
            shards.append((source, (index, count)))
        } else {
            shards.append((source, nil))
        }
        if let earlier = document["missingShards"] {
            guard let names = earlier.arrayValue?.map(\.stringValue), !names.contains(nil) else {
                throw MergeError(source, "\"missingShards\" must be an array of names like \"2/3\"", at: earlier.position)
            }
            for case let name? in names where !missingEarlier.contains(name) { missingEarlier.append(name) }
        }
    }

    /// The shards of the swarm that no document is (`["2/3", "3/3"]`), and those a merged document already lacked:
    /// what only they checked is not in the merge, so it cannot pass. Documents of different swarms, a shard given
    /// twice, or shards mixed with whole runs cannot be merged.
    public func missing() throws(MergeError) -> [String] {
        let given = shards.compactMap { entry in entry.shard.map { (entry.source, $0.index, $0.count) } }
        guard let first = given.first else { return missingEarlier }
        if let whole = shards.first(where: { $0.shard == nil }) {
            throw MergeError(
                whole.source,
                "not a shard's result, while \(first.0) is shard \(first.1)/\(first.2): merge the results of one swarm")
        }
        var seen: [Int: String] = [:]
        for (source, index, count) in given {
            guard count == first.2 else {
                throw MergeError(
                    source, "shard \(index)/\(count), while \(first.0) is shard \(first.1)/\(first.2): merge the results of one swarm")
            }
            if let earlier = seen[index] {
                throw MergeError(source, "shard \(index)/\(count) again (\(earlier) is that shard too): merge each shard's result once")
            }
            seen[index] = source
        }
        return missingEarlier + (1...first.2).filter { seen[$0] == nil }.map { "\($0)/\(first.2)" }
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
