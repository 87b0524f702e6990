/// The JSON Schema (draft 2020-12) of the spec format, for editors and for validating specs outside smcheck.
///
/// The schema states the shape of a spec; the loader checks more (names resolve, expressions type-check, forks
/// are in distinct regions). A test checks that its key lists are the loader's, so the two cannot drift.
public enum SpecSchema {
    public static let identifier = "https://smcheck.dev/schema/smcheck-1.json"

    public static var text: String { JSONWriter.string(document) + "\n" }

    /// White space and the characters names may not hold (`Unicode.Scalar.isRefusedInSpecs`), for a pattern's
    /// character class.
    private static let spaceOrControl = "\\s" + control
    /// The characters no one-line text may hold (`Unicode.Scalar.isRefusedInSpecs`), for a character class.
    private static let control = "\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\ufffe\\uffff"

    public static var document: JSONNode {
        .object([
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("$id", .string(identifier)),
            ("title", "smcheck spec"),
            ("description", "A state machine (statechart) for smcheck to run, explore, fuzz and report on."),
            ("type", "object"),
            ("required", ["format", "name", "states"]),
            ("additionalProperties", false),
            (
                "properties",
                .object([
                    ("$schema", .object([("type", "string")])),
                    ("format", .object([("const", .string(Spec.format)), ("description", "The format version.")])),
                    ("name", .object([("type", "string"), ("pattern", .string("^[^\(control)]+$"))])),
                    ("description", .object([("type", "string")])),
                    (
                        "variables",
                        .object([
                            ("type", "object"),
                            ("propertyNames", ref("identifier")),
                            ("additionalProperties", ref("variable")),
                        ])
                    ),
                    (
                        "events",
                        .object([
                            ("type", "object"),
                            // Tokens joined by ".", none empty, no "*", not under the reserved "done.".
                            (
                                "propertyNames",
                                .object([
                                    (
                                        "pattern",
                                        .string("^(?!done\\.)[^\(spaceOrControl)*.]+(\\.[^\(spaceOrControl)*.]+)*$")
                                    )
                                ])
                            ),
                            ("additionalProperties", ref("event")),
                        ])
                    ),
                    ("initial", ref("stateReference")),
                    ("states", ref("states")),
                    ("invariants", .object([("type", "array"), ("items", ref("invariant"))])),
                    ("reachable", .object([("type", "array"), ("items", ref("stateReference"))])),
                    ("options", ref("options")),
                ])
            ),
            ("$defs", definitions),
        ])
    }

    private static func ref(_ name: String) -> JSONNode { .object([("$ref", .string("#/$defs/" + name))]) }

    private static func closedObject(_ properties: [(String, JSONNode)], required: [String] = [], description: String? = nil) -> JSONNode {
        var members: [(String, JSONNode)] = [("type", "object")]
        if let description { members.append(("description", .string(description))) }
        if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
        members.append(("additionalProperties", false))
        members.append(("properties", .object(properties)))
        return .object(members)
    }

    private static var typeVariants: [JSONNode] {
        [
            closedObject(
                [
                    ("type", .object([("const", "bool")])), ("initial", .object([("type", "boolean")])),
                    ("description", .object([("type", "string")])),
                ], required: ["type"]),
            closedObject(
                [
                    ("type", .object([("const", "int")])), ("min", ref("bound")), ("max", ref("bound")),
                    ("initial", .object([("type", "integer")])), ("description", .object([("type", "string")])),
                ],
                required: ["type", "min", "max"]),
            closedObject(
                [
                    ("type", .object([("const", "enum")])),
                    ("values", .object([("type", "array"), ("minItems", 1), ("uniqueItems", true), ("items", ref("identifier"))])),
                    ("initial", ref("identifier")), ("description", .object([("type", "string")])),
                ],
                required: ["type", "values"]),
        ]
    }

    private static var definitions: JSONNode {
        let parameterVariants: [JSONNode] = typeVariants.map { variant in
            // Parameters have no initial value.
            guard case .object(var members) = variant.value,
                let index = members.firstIndex(where: { $0.key == "properties" }),
                case .object(let properties) = members[index].value.value
            else { return variant }
            members[index].value = JSONNode(.object(properties.filter { $0.key != "initial" }))
            return JSONNode(.object(members))
        }
        return .object([
            // Not one of the words expressions keep (`true`, `in`, ...).
            (
                "identifier",
                .object([
                    ("type", "string"),
                    ("pattern", .string("^(?!(?:\(String.expressionKeywords.joined(separator: "|")))$)[A-Za-z_][A-Za-z0-9_]*$")),
                ])
            ),
            ("bound", .object([("type", "integer"), ("minimum", .int(Int(Int32.min))), ("maximum", .int(Int(Int32.max)))])),
            (
                "expression",
                .object([
                    ("type", "string"), ("minLength", 1),
                    (
                        "description",
                        "An expression: ints, bools, enum values (.name), variables, event.param, in(state), + - * / % == != < <= > >= && || !"
                    ),
                ])
            ),
            (
                "stateReference",
                .object([
                    ("type", "string"), ("minLength", 1),
                    ("description", "A unique state name, or a path from the root joined by '/'."),
                ])
            ),
            ("variable", .object([("oneOf", .array(typeVariants))])),
            ("parameter", .object([("oneOf", .array(parameterVariants))])),
            (
                "event",
                closedObject([
                    (
                        "params",
                        .object([("type", "object"), ("propertyNames", ref("identifier")), ("additionalProperties", ref("parameter"))])
                    ),
                    ("description", .object([("type", "string")])),
                ])
            ),
            (
                "states",
                .object([
                    ("type", "object"),
                    ("minProperties", 1),
                    ("propertyNames", .object([("pattern", .string("^[^/(),*\"\\[\\]{}\(spaceOrControl)]+$"))])),
                    ("additionalProperties", ref("state")),
                ])
            ),
            (
                "state",
                closedObject([
                    ("type", .object([("enum", .array(Spec.State.Kind.allCases.map { .string($0.rawValue) }))])),
                    ("initial", ref("stateReference")),
                    ("states", ref("states")),
                    ("entry", ref("actions")),
                    ("exit", ref("actions")),
                    (
                        "on",
                        .object([
                            ("type", "object"), ("additionalProperties", ref("transitions")),
                            (
                                "description",
                                "Keys are SCXML event descriptors: an event, a prefix of events (\"error\" takes error.io), \"*\", or several separated by spaces"
                            ),
                        ])
                    ),
                    ("always", ref("transitions")),
                    ("history", .object([("enum", ["shallow", "deep"])])),
                    (
                        "target",
                        .object([
                            (
                                "oneOf",
                                [ref("stateReference"), .object([("type", "array"), ("minItems", 1), ("items", ref("stateReference"))])]
                            )
                        ])
                    ),
                    ("description", .object([("type", "string")])),
                ])
            ),
            (
                "transitions",
                .object([
                    (
                        "oneOf",
                        [
                            ref("stateReference"),
                            .object([("type", "null")]),
                            ref("transition"),
                            .object([
                                ("type", "array"), ("minItems", 1),
                                ("items", .object([("oneOf", [ref("stateReference"), ref("transition")])])),
                            ]),
                        ]
                    )
                ])
            ),
            (
                "target",
                .object([
                    (
                        "oneOf",
                        [
                            .object([("type", "null")]),
                            ref("stateReference"),
                            .object([("type", "array"), ("minItems", 1), ("items", ref("stateReference"))]),
                            closedObject(
                                [("oneOf", .object([("type", "array"), ("minItems", 1), ("items", ref("stateReference"))]))],
                                required: ["oneOf"]),
                        ]
                    )
                ])
            ),
            (
                "transition",
                closedObject([
                    ("target", ref("target")),
                    (
                        "guard",
                        .object([
                            ("type", "string"), ("minLength", 1),
                            ("description", "An expression, \"?name\" for a guard the host registers, or \"else\"."),
                        ])
                    ),
                    ("actions", ref("actions")),
                    ("kind", .object([("enum", .array(Spec.Transition.Kind.allCases.map { .string($0.rawValue) }))])),
                    ("description", .object([("type", "string")])),
                ])
            ),
            ("actions", .object([("type", "array"), ("items", ref("action"))])),
            ("arguments", .object([("type", "object"), ("additionalProperties", ref("expression"))])),
            (
                "action",
                .object([
                    (
                        "oneOf",
                        [
                            closedObject(
                                [
                                    (
                                        "assign",
                                        .object([("type", "object"), ("minProperties", 1), ("additionalProperties", ref("expression"))])
                                    )
                                ],
                                required: ["assign"]),
                            closedObject([("raise", .object([("type", "string")])), ("params", ref("arguments"))], required: ["raise"]),
                            closedObject([("send", .object([("type", "string")])), ("params", ref("arguments"))], required: ["send"]),
                            closedObject(
                                [("if", ref("expression")), ("then", ref("actions")), ("else", ref("actions"))], required: ["if", "then"]),
                            closedObject([("call", .object([("type", "string"), ("minLength", 1)]))], required: ["call"]),
                        ]
                    )
                ])
            ),
            (
                "invariant",
                closedObject(
                    [
                        ("name", .object([("type", "string")])), ("expr", ref("expression")),
                        ("description", .object([("type", "string")])),
                    ], required: ["name", "expr"])
            ),
            (
                "options",
                closedObject([
                    ("maxMicrosteps", .object([("type", "integer"), ("minimum", 1), ("maximum", 1_000_000)])),
                    ("queueBound", .object([("type", "integer"), ("minimum", 0), ("maximum", 1024)])),
                    ("unhandled", .object([("enum", ["ignore", "error"])])),
                ])
            ),
        ])
    }
}
