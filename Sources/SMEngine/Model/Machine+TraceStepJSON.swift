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

    /// The keys of a trace step.
    package static let traceStepKeys = ["event", "params", "choices"]

    /// Reads a trace step written by `json(_:)`.
    package func traceStep(_ node: JSONNode) throws(EngineError) -> TraceStep {
        guard let name = node["event"]?.stringValue else { throw EngineError(.invalidEvent, "a trace step needs \"event\"") }
        let keys = Self.traceStepKeys
        for member in node.objectValue ?? [] where !keys.contains(member.key) {
            let suggestion = Suggestions.closest(to: member.key, in: keys).map { "; did you mean \"\($0)\"?" } ?? ""
            throw EngineError(
                .invalidEvent, "a trace step has no key \(JSONWriter.quoted(member.key))\(suggestion) (its keys: event, params, choices)")
        }
        if let params = node["params"], params.objectValue == nil {
            throw EngineError(.invalidEvent, "\"params\" of a trace step must be an object of the event's parameters")
        }
        var choices: [Int] = []
        if let list = node["choices"] {
            // Each choice is an outcome's index: a fraction or a negative number is no outcome, not one to round.
            guard let elements = list.arrayValue else {
                throw EngineError(.invalidEvent, "\"choices\" of a trace step must be an array of whole numbers, at least 0")
            }
            for element in elements {
                guard let choice = element.integerValue, choice >= 0 else {
                    throw EngineError(.invalidEvent, "each of a trace step's \"choices\" must be a whole number, at least 0")
                }
                choices.append(choice)
            }
        }
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
        return TraceStep(event: try eventInstance(name, arguments), choices: choices)
    }
}
