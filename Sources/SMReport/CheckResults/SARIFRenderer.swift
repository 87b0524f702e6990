import SMAnalyzer
import SMEngine
public import SMSpec

/// SARIF 2.1.0 for CI code scanning: one rule per finding code, results located at the spec's line and column,
/// traces as code flows, load errors as results of the rule `load-error`.
public struct SARIFRenderer: ReportRenderer {
    public var filter: ReportFilter
    /// The shards of a swarm a merge holds: those it lacks are said as an error-level notification.
    public var mergedShards: ShardRoster.Shards?

    public init(filter: ReportFilter = ReportFilter(), mergedShards: ShardRoster.Shards? = nil) {
        self.filter = filter
        self.mergedShards = mergedShards
    }

    public func document(_ outcomes: [SpecOutcome]) -> JSONNode {
        let rules: [JSONNode] =
            FindingCode.allCases.map { code in
                .object([
                    ("id", .string(code.rawValue)),
                    ("name", .string(code.title.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())),
                    ("shortDescription", .object([("text", .string(code.title))])),
                    ("defaultConfiguration", .object([("level", .string(Self.level(code.severity)))])),
                ])
            } + [
                .object([
                    ("id", "load-error"), ("name", "LoadError"),
                    ("shortDescription", .object([("text", "the spec could not be loaded")])),
                    ("defaultConfiguration", .object([("level", "error")])),
                ])
            ]
        var results: [JSONNode] = []
        // What was not checked goes beside the results, so code scanning does not read silence as "nothing wrong".
        var notifications: [JSONNode] = []
        if let missing = mergedShards?.missing, !missing.isEmpty {
            notifications.append(
                .object([("level", "error"), ("message", .object([("text", .string(ShardRoster.incompleteness(missing)))]))]))
        }
        for outcome in outcomes {
            switch outcome {
            case .unusable(let file, let error):
                for diagnostic in error.diagnostics {
                    results.append(
                        Self.result(
                            rule: "load-error", index: FindingCode.allCases.count, level: "error",
                            message: diagnostic.fullMessage, file: file, location: diagnostic.location))
                }
            case .analyzed(let file, let analysis):
                for undecided in analysis.stats.undecided {
                    notifications.append(
                        .object([
                            ("level", .string(filter.allowsIncomplete ? "note" : "warning")),
                            ("message", .object([("text", .string("incomplete: not checked: \(undecided.description)"))])),
                            (
                                "locations",
                                .array([
                                    .object([
                                        ("physicalLocation", .object([("artifactLocation", .object([("uri", .string(Self.uri(file)))]))]))
                                    ])
                                ]
                                )
                            ),
                        ]))
                }
                for finding in analysis.findings where filter.shows(finding) {
                    var entry = Self.result(
                        rule: finding.code.rawValue, index: FindingCode.allCases.firstIndex(of: finding.code)!,
                        level: Self.level(finding.severity), message: finding.message, file: file, location: finding.location)
                    if let trace = finding.trace, !trace.isEmpty, case .object(var members) = entry.value {
                        let steps: [JSONNode] = trace.enumerated().map { i, step in
                            .object([
                                (
                                    "location",
                                    .object([
                                        ("message", .object([("text", .string("\(i + 1). \(step.text(machine: analysis.machine))"))]))
                                    ])
                                )
                            ])
                        }
                        members.append(
                            JSONMember(
                                key: "codeFlows", keyPosition: TextPosition(line: 0, column: 0, offset: 0),
                                value: .array([.object([("threadFlows", .array([.object([("locations", .array(steps))])]))])])))
                        entry = JSONNode(.object(members))
                    }
                    results.append(entry)
                }
            }
        }
        return .object([
            ("$schema", "https://json.schemastore.org/sarif-2.1.0.json"),
            ("version", "2.1.0"),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", "smcheck"), ("version", .string(Release.version)),
                                        ("informationUri", .string(Release.repository)),
                                        ("rules", .array(rules)),
                                    ])
                                )
                            ])
                        ),
                        ("results", .array(results)),
                        // Columns count Unicode scalars, as smcheck's messages do; SARIF's default is UTF-16 code units.
                        ("columnKind", "unicodeCodePoints"),
                        (
                            "invocations",
                            .array([
                                .object([
                                    ("executionSuccessful", .bool(true)),
                                    ("toolExecutionNotifications", .array(notifications)),
                                ])
                            ])
                        ),
                    ])
                ])
            ),
        ])
    }

    public func render(_ outcomes: [SpecOutcome]) -> String {
        JSONWriter.string(document(outcomes)) + "\n"
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// The spec's path as a URI reference: percent-encoded (a space, `#` or `%` in a file name would otherwise end the
    /// path or name another file), an absolute path as a `file:` URI (`//tmp/x` is not a host).
    static func uri(_ file: String) -> String {
        guard file.hasPrefix("/") else { return Markup.linkAddress(file) }
        return "file://" + Markup.linkAddress("/" + file.drop { $0 == "/" })
    }

    static func result(rule: String, index: Int, level: String, message: String, file: String, location: Spec.SourceLocation?) -> JSONNode {
        var region: [(String, JSONNode)] = []
        if let line = location?.line { region.append(("startLine", .int(line))) }
        if let column = location?.column { region.append(("startColumn", .int(column))) }
        var physical: [(String, JSONNode)] = [("artifactLocation", .object([("uri", .string(uri(file)))]))]
        if !region.isEmpty { physical.append(("region", .object(region))) }
        var locationMembers: [(String, JSONNode)] = [("physicalLocation", .object(physical))]
        if let pointer = location?.documentPath, !pointer.isEmpty {
            locationMembers.append(("logicalLocations", .array([.object([("fullyQualifiedName", .string(pointer))])])))
        }
        return .object([
            ("ruleId", .string(rule)), ("ruleIndex", .int(index)), ("level", .string(level)),
            ("message", .object([("text", .string(message))])),
            ("locations", .array([.object(locationMembers)])),
        ])
    }
}
