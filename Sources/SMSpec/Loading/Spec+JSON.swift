extension Spec {
    /// The spec as JSON in the format it is loaded from, as `jsonText` writes it (which also checks that it says this
    /// spec).
    public var json: JSONNode {
        var members: [(String, JSONNode)] = [("format", .string(Spec.format)), ("name", .string(name))]
        if let description { members.append(("description", .string(description))) }
        if !variables.isEmpty {
            members.append(
                (
                    "variables",
                    .object(
                        variables.map { variable in
                            var fields = Self.typeFields(variable.type)
                            fields.append(("initial", variable.initial.json))
                            if let description = variable.description { fields.append(("description", .string(description))) }
                            return (variable.name, .object(fields))
                        })
                ))
        }
        if !events.isEmpty {
            members.append(
                (
                    "events",
                    .object(
                        events.map { event in
                            var fields: [(String, JSONNode)] = []
                            if !event.parameters.isEmpty {
                                let params = event.parameters.map { parameter in
                                    var fields = Self.typeFields(parameter.type)
                                    if let description = parameter.description { fields.append(("description", .string(description))) }
                                    return (parameter.name, JSONNode.object(fields))
                                }
                                fields.append(("params", .object(params)))
                            }
                            if let description = event.description { fields.append(("description", .string(description))) }
                            return (event.name, .object(fields))
                        })
                ))
        }
        if let initial { members.append(("initial", .string(initial.text))) }
        members.append(("states", .object(states.map { ($0.name, $0.json) })))
        if !invariants.isEmpty {
            members.append(
                (
                    "invariants",
                    .array(
                        invariants.map { invariant in
                            var fields: [(String, JSONNode)] = [
                                ("name", .string(invariant.name)), ("expr", .string(invariant.expression.text)),
                            ]
                            if let description = invariant.description { fields.append(("description", .string(description))) }
                            return .object(fields)
                        })
                ))
        }
        if !reachable.isEmpty { members.append(("reachable", .array(reachable.map { .string($0.text) }))) }
        if options != .default {
            var fields: [(String, JSONNode)] = []
            if options.maxMicrosteps != Options.default.maxMicrosteps { fields.append(("maxMicrosteps", .int(options.maxMicrosteps))) }
            if options.queueBound != Options.default.queueBound { fields.append(("queueBound", .int(options.queueBound))) }
            if options.unhandled != Options.default.unhandled { fields.append(("unhandled", .string(options.unhandled.rawValue))) }
            members.append(("options", .object(fields)))
        }
        return .object(members)
    }

    /// Pretty-printed JSON text of the spec. Loading it gives a spec `==` to this one; where no JSON text would (the
    /// transitions of one trigger separated by others, as SCXML allows), it throws and says why.
    public var jsonText: String {
        get throws(SpecError) {
            if let jsonProblem { throw SpecError([jsonProblem]) }
            return try readingBack(JSONWriter.string(json) + "\n", as: "JSON") { text throws(SpecError) in try Spec.load(json: text) }
        }
    }

    static func typeFields(_ type: ValueType) -> [(String, JSONNode)] {
        switch type {
        case .bool: [("type", "bool")]
        case .int(let min, let max): [("type", "int"), ("min", .int(min)), ("max", .int(max))]
        case .enumeration(let values): [("type", "enum"), ("values", .array(values.map { .string($0) }))]
        }
    }
}

extension Spec.State {
    var json: JSONNode {
        var members: [(String, JSONNode)] = []
        let defaultKind: Kind = children.isEmpty ? .atomic : .compound
        if kind != defaultKind { members.append(("type", .string(kind.rawValue))) }
        if let initial { members.append(("initial", .string(initial.text))) }
        if kind == .history {
            if historyDepth != .shallow { members.append(("history", .string(historyDepth.rawValue))) }
            if !historyDefault.isEmpty {
                members.append(
                    (
                        "target",
                        historyDefault.count == 1 ? .string(historyDefault[0].text) : .array(historyDefault.map { .string($0.text) })
                    ))
            }
        }
        if !entry.isEmpty { members.append(("entry", .array(entry.map(\.json)))) }
        if !exit.isEmpty { members.append(("exit", .array(exit.map(\.json)))) }
        if !transitions.isEmpty {
            // Group consecutive transitions with the same trigger back into one key.
            var groups: [(String, [Spec.Transition])] = []
            for transition in transitions {
                let key = transition.trigger.description
                if let last = groups.indices.last, groups[last].0 == key {
                    groups[last].1.append(transition)
                } else {
                    groups.append((key, [transition]))
                }
            }
            members.append(("on", .object(groups.map { key, list in (key, list.count == 1 ? list[0].json : .array(list.map(\.json))) })))
        }
        if !always.isEmpty { members.append(("always", always.count == 1 ? always[0].json : .array(always.map(\.json)))) }
        if let description { members.append(("description", .string(description))) }
        if !children.isEmpty { members.append(("states", .object(children.map { ($0.name, $0.json) }))) }
        return .object(members)
    }
}

extension Spec.Transition {
    var json: JSONNode {
        var members: [(String, JSONNode)] = []
        switch target {
        case .none: break
        case .states(let refs): members.append(("target", refs.count == 1 ? .string(refs[0].text) : .array(refs.map { .string($0.text) })))
        case .oneOf(let refs): members.append(("target", .object([("oneOf", .array(refs.map { .string($0.text) }))])))
        }
        if let guardCondition { members.append(("guard", .string(guardCondition.description))) }
        if !actions.isEmpty { members.append(("actions", .array(actions.map(\.json)))) }
        if kind != .external { members.append(("kind", .string(kind.rawValue))) }
        if let description { members.append(("description", .string(description))) }
        if members.isEmpty { return .null }
        if members.count == 1, case .states(let refs) = target, refs.count == 1 { return .string(refs[0].text) }
        return .object(members)
    }
}

extension Spec.Action {
    var json: JSONNode {
        switch kind {
        case .assign(let assignments):
            return .object([("assign", .object(assignments.map { ($0.variable, .string($0.value.text)) }))])
        case .raise(let invocation), .send(let invocation):
            let verb = if case .raise = kind { "raise" } else { "send" }
            var members: [(String, JSONNode)] = [(verb, .string(invocation.event))]
            if !invocation.arguments.isEmpty {
                members.append(("params", .object(invocation.arguments.map { ($0.name, .string($0.value.text)) })))
            }
            return .object(members)
        case .ifThen(let condition, let thenActions, let elseActions):
            var members: [(String, JSONNode)] = [("if", .string(condition.text)), ("then", .array(thenActions.map(\.json)))]
            if !elseActions.isEmpty { members.append(("else", .array(elseActions.map(\.json)))) }
            return .object(members)
        case .call(let name):
            return .object([("call", .string(name))])
        }
    }
}
