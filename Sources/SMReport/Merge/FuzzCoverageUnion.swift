import SMSpec

/// The coverage of several fuzz shards of one spec as one `"coverage"` object (`FuzzJSONRenderer.coverage`): what
/// any shard reached is reached. A shard names only what it missed and what cannot happen, so an item is covered
/// in the union when some shard names it in neither list; it is unreachable when every shard says so.
struct FuzzCoverageUnion {
    /// The shards' `"coverage"` objects; the first gives the order of the items.
    let shards: [JSONNode]

    /// Why a shard's coverage (`a`) cannot be joined with the others' (`b`): they count different items, so they
    /// are of different specs. Nil when they can.
    static func mismatch(_ a: JSONNode, _ b: JSONNode) -> String? {
        for kind in ["states", "transitions"] where universe(a[kind]) != universe(b[kind]) {
            return "its \(kind) are not those of the other shards' spec (\(universe(a[kind])) against \(universe(b[kind])))"
        }
        if guardTransitions(a) != guardTransitions(b) { return "its guarded transitions are not those of the other shards' spec" }
        return nil
    }

    /// How many items a shard counts in all: those that can happen and those that cannot.
    private static func universe(_ items: JSONNode?) -> Int {
        (items?["total"]?.integerValue ?? 0) + (items?["unreachable"]?.arrayValue?.count ?? 0)
    }

    private static func guardTransitions(_ coverage: JSONNode) -> [String] {
        (coverage["guardOutcomes"]?["guards"]?.arrayValue ?? []).map { $0["transition"]?.stringValue ?? "" }
    }

    var node: JSONNode {
        guard let first = shards.first else { return .null }
        return .object([
            ("states", items("states", in: first)),
            ("transitions", items("transitions", in: first)),
            ("guardOutcomes", guardOutcomes(in: first)),
        ])
    }

    private func names(_ list: String, of kind: String, in coverage: JSONNode) -> [String] {
        (coverage[kind]?[list]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    private func items(_ kind: String, in first: JSONNode) -> JSONNode {
        let count = Self.universe(first[kind])
        let notReached = shards.map { Set(names("missed", of: kind, in: $0) + names("unreachable", of: kind, in: $0)) }
        let unreachableByAll = shards.map { Set(names("unreachable", of: kind, in: $0)) }.reduce(
            into: Set(names("unreachable", of: kind, in: first))
        ) {
            $0.formIntersection($1)
        }
        // In the first shard's order: what no shard reached and some shard says can happen.
        let firstNamed = names("missed", of: kind, in: first) + names("unreachable", of: kind, in: first)
        let missed = firstNamed.filter { name in !unreachableByAll.contains(name) && notReached.allSatisfy { $0.contains(name) } }
        let unreachable = names("unreachable", of: kind, in: first).filter(unreachableByAll.contains)
        return .object([
            ("covered", .int(count - missed.count - unreachable.count)), ("total", .int(count - unreachable.count)),
            ("missed", .array(missed.map { .string($0) })), ("unreachable", .array(unreachable.map { .string($0) })),
        ])
    }

    private func guardOutcomes(in first: JSONNode) -> JSONNode {
        let lists = shards.map { $0["guardOutcomes"]?["guards"]?.arrayValue ?? [] }
        var covered = 0
        var total = 0
        let guards = (lists.first ?? []).indices.map { index -> JSONNode in
            let each = lists.map { $0[index] }
            let seen = ["true", "false"].map { outcome in each.contains { $0[outcome]?.boolValue == true } }
            // An outcome is left out of the count when every shard left it out; the reason given is the first's.
            let notCounted = (each[0]["notCounted"]?.arrayValue ?? []).filter { exclusion in
                each.allSatisfy { guarded in
                    (guarded["notCounted"]?.arrayValue ?? []).contains { $0["outcome"]?.stringValue == exclusion["outcome"]?.stringValue }
                }
            }
            covered += seen.count { $0 }
            total += 2 - notCounted.count
            return .object([
                ("transition", each[0]["transition"] ?? .null), ("true", .bool(seen[0])), ("false", .bool(seen[1])),
                ("notCounted", .array(notCounted)),
            ])
        }
        return .object([("covered", .int(covered)), ("total", .int(total)), ("guards", .array(guards))])
    }
}
