package import SMSpec

extension Machine {
    /// `{ "event": "setMode", "params": { "to": "auto" }, "choices": [1] }`, as traces are written in results and
    /// replay files; `params` and `choices` only when there are some.
    package func json(_ step: TraceStep) -> JSONNode {
        var members: [(String, JSONNode)] = [("event", .string(spec.events[step.event.event].name))]
        let arguments = self.arguments(of: step.event)
        if !arguments.isEmpty { members.append(("params", .object(arguments.map { ($0.name, $0.value.json) }))) }
        if !step.choices.isEmpty { members.append(("choices", .array(step.choices.map { .int($0) }))) }
        return .object(members)
    }

    /// Reads a trace step written by `json(_:)`.
    package func traceStep(_ node: JSONNode) throws(EngineError) -> TraceStep {
        guard let name = node["event"]?.stringValue else { throw EngineError(.invalidEvent, "a trace step needs \"event\"") }
        var arguments: [String: Value] = [:]
        if let params = node["params"]?.objectValue, let declaration = spec.event(named: name) {
            for member in params {
                guard let parameter = declaration.parameters.first(where: { $0.name == member.key }) else {
                    throw EngineError(.invalidEvent, "event '\(name)' has no parameter '\(member.key)'")
                }
                switch (parameter.type, member.value.value) {
                case (.bool, .bool(let b)): arguments[member.key] = .bool(b)
                case (.int, .number(let n)) where n.integerValue != nil: arguments[member.key] = .int(n.integerValue!)
                case (.enumeration, .string(let s)): arguments[member.key] = .enumCase(s)
                default: throw EngineError(.invalidEvent, "'\(member.key)' of '\(name)' must be \(parameter.type)")
                }
            }
        }
        let choices = node["choices"]?.arrayValue?.compactMap(\.integerValue) ?? []
        return TraceStep(event: try eventInstance(name, arguments), choices: choices)
    }
}
