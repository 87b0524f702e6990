import SMSpec

// SCXML's executeContent for the actions of the spec format.
extension StepCore {
    mutating func execute(_ actions: [CompiledAction]) throws(EngineError) {
        for action in actions { try execute(action) }
    }

    private mutating func execute(_ action: CompiledAction) throws(EngineError) {
        switch action {
        case .assign(let assignments):
            if assignments.count == 1 {
                let assignment = assignments[0]
                try store(try evaluate(assignment.value, at: assignment.location, what: "assignment"), into: assignment)
                return
            }
            // Simultaneous: every right-hand side sees the values from before the action.
            var values: [Int] = []
            values.reserveCapacity(assignments.count)
            for assignment in assignments { values.append(try evaluate(assignment.value, at: assignment.location, what: "assignment")) }
            for (assignment, value) in zip(assignments, values) { try store(value, into: assignment) }
        case .raise(let event, let arguments, let location):
            let instance = EventInstance(event: event, arguments: try evaluateArguments(arguments, of: event, at: location))
            if recordsMicrosteps { record(.raise(instance)) }
            raiseInternal(instance)
        case .send(let event, let arguments, let location):
            let instance = EventInstance(event: event, arguments: try evaluateArguments(arguments, of: event, at: location))
            if recordsMicrosteps { record(.send(instance)) }
            guard externalQueue.count - externalHead < machine.options.queueBound else {
                throw EngineError(.queueOverflow(event: event),
                                  "external queue overflow: sending '\(machine.spec.events[event].name)' with \(machine.options.queueBound) event(s) already waiting (queueBound)",
                                  at: location, variables: currentVariables)
            }
            externalQueue.append(instance)
        case .ifThen(let condition, let thenActions, let elseActions, let location):
            let holds = try evaluate(condition, at: location, what: "condition") != 0
            try execute(holds ? thenActions : elseActions)
        case .call(let id):
            if recordsMicrosteps { record(.call(id: id)) }
            if let host {
                let name = machine.spec.callbacks[id]
                guard id < host.callbacks.count, let callback = host.callbacks[id] else {
                    throw EngineError(.missingHostFunction(name: name), "no callback is registered for '\(name)'")
                }
                callback(hostCall(name: name))
            }
        }
    }

    private mutating func store(_ value: Int, into assignment: CompiledAction.Assignment) throws(EngineError) {
        let range = machine.variableRange[assignment.variable]
        guard range.contains(value) else {
            let variable = machine.spec.variables[assignment.variable]
            let shown = value < 0 && variable.type.kindName != "int" && variable.type != .bool ? "a value not in its enum" : "\(value)"
            throw EngineError(.rangeViolation(variable: assignment.variable, value: value),
                              "range violation: '\(variable.name)' cannot be \(shown); its type is \(variable.type)",
                              at: assignment.location, variables: currentVariables)
        }
        variables[assignment.variable] = value
        tracking?.assign(assignment.variable, value)
        if recordsMicrosteps { record(.assign(variable: assignment.variable, value: value)) }
    }

    private mutating func evaluateArguments(_ arguments: [Program], of event: Int, at location: Spec.SourceLocation?) throws(EngineError) -> [Int] {
        var values: [Int] = []
        for (i, program) in arguments.enumerated() {
            let value = try evaluate(program, at: location, what: "argument")
            let range = machine.parameterRanges[event][i]
            guard range.contains(value) else {
                let parameter = machine.spec.events[event].parameters[i]
                throw EngineError(.rangeViolation(variable: nil, value: value),
                                  "range violation: argument '\(parameter.name)' of '\(machine.spec.events[event].name)' cannot be \(value); its type is \(parameter.type)",
                                  at: location, variables: currentVariables)
            }
            values.append(value)
        }
        return values
    }

    mutating func evaluate(_ program: Program, at location: Spec.SourceLocation?, what: String) throws(EngineError) -> Int {
        do {
            return try program.evaluate(variables: variables, parameters: parameters, configuration: configuration)
        } catch {
            throw evaluationError(error, at: location, what: what)
        }
    }

    func evaluationError(_ error: EvaluationError, at location: Spec.SourceLocation?, what: String) -> EngineError {
        let reason = error == .divisionByZero ? "division by zero" : "integer overflow"
        return EngineError(.rangeViolation(variable: nil, value: nil), "range violation: \(reason) in the \(what) (\(describeVariables()))",
                           at: location, variables: currentVariables)
    }

    private mutating func record(_ effect: Effect) {
        guard !microsteps.isEmpty else { return }
        microsteps[microsteps.count - 1].records.append(.effect(effect))
    }
}
