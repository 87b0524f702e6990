import SMFuzz
public import SMSpec

/// A merged `smcheck-fuzz/1` document (`FuzzResultMerge.document`) in the words of `smcheck fuzz`
/// (`FuzzTextRenderer`): per spec, the verdict, the shortest failure any shard found and how to replay it, the
/// shards' campaigns added up, and their joined coverage. It reads the document, not the specs, so it runs where
/// only the results are.
public struct FuzzMergeTextRenderer {
    public var colors = false

    public init(colors: Bool = false) { self.colors = colors }

    public func render(_ document: JSONNode) -> String {
        let shardsMerged = document["shards"]?["present"]?.arrayValue?.count
        return (document["specs"]?.arrayValue ?? []).map { spec(spec: $0, shardsMerged: shardsMerged) }.joined()
    }

    private func spec(spec: JSONNode, shardsMerged: Int?) -> String {
        let style = TextStyle(colors: colors)
        let file = spec["file"]?.stringValue ?? "?"
        if let errors = spec["errors"]?.arrayValue {
            // As a spec error reads.
            return errors.map {
                style.paint(Diagnostic($0["message"]?.stringValue ?? "", at: Self.location($0, in: file)).description, .red)
            }
            .joined(separator: "\n") + "\n"
        }
        var lines = [style.paint("\(file.controlCharactersEscaped) — \((spec["name"]?.stringValue ?? "").controlCharactersEscaped)", .bold)]
        let milliseconds = spec["milliseconds"]?.integerValue ?? 0
        var campaign = FuzzTextRenderer.campaign(
            runs: spec["runs"]?.integerValue ?? 0, events: spec["events"]?.integerValue ?? 0, seconds: Double(milliseconds) / 1000,
            eventsPerSecond: Double(spec["eventsPerSecond"]?.integerValue ?? 0))
        let seeds = (spec["shardSeeds"]?.arrayValue ?? []).compactMap(\.stringValue)
        let shards = spec["shards"]?.integerValue ?? 1
        // A spec that some shards left out (they were given other files) is fuzzed by fewer runs than the swarm's.
        let of = shardsMerged.map { $0 > shards ? " of the \($0) merged" : "" } ?? ""
        // A swarm of thousands would make a line of thousands of seeds: the JSON has them all.
        let listed = seeds.prefix(4).joined(separator: ", ") + (seeds.count > 4 ? ", … (\(seeds.count) in all)" : "")
        campaign += ", by \(TextStyle.plural(shards, "shard"))\(of), seeds \(listed)"
        if let failure = spec["failure"], !failure.isNull {
            lines.append("  " + style.paint("failed:", .red) + " " + (failure["message"]?.stringValue ?? ""))
            if let node = failure["location"], !node.isNull, case let location = Self.location(node, in: file), location.line != nil {
                lines.append("    " + TextStyle.at(location, in: file))
            }
            let trace = failure["trace"]?.arrayValue ?? []
            lines.append(
                "    found by run \((failure["run"]?.integerValue ?? 0) + 1) of the shard with seed \(spec["seed"]?.stringValue ?? "?"); "
                    + "shrunk to \(TextStyle.plural(trace.count, "event"))")
            lines +=
                trace.isEmpty
                ? ["    trace: (the initial configuration)"]
                : ["    trace:"] + trace.enumerated().map { "      \($0.offset + 1). \(Self.step($0.element))" }
            if let replayFile = failure["replayFile"]?.stringValue {
                lines.append("    replay (where that shard ran): smcheck replay \(ShellWord.quoted(replayFile))")
            }
            lines.append("  (\(campaign))")
        } else if spec["interrupted"]?.boolValue == true {
            lines.append("  " + style.paint("interrupted", .yellow) + ": no failure in the runs made (\(campaign))")
        } else {
            lines.append("  " + style.paint("ok", .green) + " (\(campaign))")
        }
        lines += coverage(spec["coverage"])
        return lines.joined(separator: "\n") + "\n"
    }

    /// A place as the JSON writes it (`"pointer"`, `"line"`, `"column"`), the pointer standing for a JSON
    /// Pointer or an XML element path alike.
    private static func location(_ node: JSONNode, in file: String) -> Spec.SourceLocation {
        Spec.SourceLocation(
            file: file, pointer: JSONPointer(parsing: node["pointer"]?.stringValue ?? ""), line: node["line"]?.integerValue,
            column: node["column"]?.integerValue, elementPath: node["pointer"]?.stringValue)
    }

    /// A trace step as `FuzzTextRenderer` writes it: `setMode {"to": "auto"} [1]`.
    static func step(_ step: JSONNode) -> String {
        var text = step["event"]?.stringValue ?? "?"
        if let params = step["params"]?.objectValue, !params.isEmpty {
            text +=
                " {"
                + params.map { "\(JSONWriter.literal($0.key)): \(JSONWriter.string($0.value, style: .compact))" }.joined(separator: ", ")
                + "}"
        }
        if let choices = step["choices"]?.arrayValue, !choices.isEmpty {
            text += " [" + choices.compactMap(\.integerValue).map(String.init).joined(separator: ", ") + "]"
        }
        return text
    }

    private func coverage(_ coverage: JSONNode?) -> [String] {
        guard let coverage, !coverage.isNull else { return [] }
        func count(_ kind: String) -> (Int, Int) {
            (coverage[kind]?["covered"]?.integerValue ?? 0, coverage[kind]?["total"]?.integerValue ?? 0)
        }
        func names(_ kind: String, _ list: String) -> [String] { (coverage[kind]?[list]?.arrayValue ?? []).compactMap(\.stringValue) }
        var missedOutcomes: [String] = []
        let unreachable = CoverageSummary.Exclusion.unreachable.reason
        var notCounted =
            names("states", "unreachable").map { "state \($0) (\(unreachable))" }
            + names("transitions", "unreachable").map { "\($0) (\(unreachable))" }
        for guarded in coverage["guardOutcomes"]?["guards"]?.arrayValue ?? [] {
            let transition = guarded["transition"]?.stringValue ?? "?"
            let reasons = (guarded["notCounted"]?.arrayValue ?? []).map {
                ($0["outcome"]?.stringValue ?? "", $0["reason"]?.stringValue ?? "")
            }
            for outcome in ["true", "false"] {
                if let reason = reasons.first(where: { $0.0 == outcome }) {
                    notCounted.append("\(outcome): \(transition) (\(reason.1))")
                } else if guarded[outcome]?.boolValue != true {
                    missedOutcomes.append("\(outcome): \(transition)")
                }
            }
        }
        let renderer = FuzzTextRenderer(colors: colors)
        return renderer.coverage(
            tally: FuzzTextRenderer.tally(
                states: count("states"), transitions: count("transitions"), guardOutcomes: count("guardOutcomes")),
            misses: [
                ("states not entered", names("states", "missed")), ("transitions not taken", names("transitions", "missed")),
                ("guard outcomes not seen", missedOutcomes), ("not counted, as they cannot happen", notCounted),
            ])
    }
}
