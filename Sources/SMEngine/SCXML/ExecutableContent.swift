import SMSpec

// SCXML's executeContent for the actions of the spec format.
extension StepCore {
    /// Runs the instructions `range` of the machine's action code (`ActionCode`): one action list.
    mutating func execute(_ range: (Int32, Int32)) throws(EngineError) {
        let code = hot.actionCode
        var pc = range.0
        while pc < range.1 {
            let instruction = code.instructions[Int(pc)]
            pc += 1
            switch instruction.kind {
            case .assign:
                if let trace { trace.pointee.assign(first: Int(instruction.first), count: Int(instruction.count), of: code) }
                try assign(code, from: Int(instruction.first), count: Int(instruction.count))
            case .raise:
                // Arguments would change the parameters that later guards read.
                if instruction.count > 0, let trace { trace.pointee.refuseReplay() }
                let instance = try eventInstance(instruction, code)
                if recordsMicrosteps { record(.raise(instance)) }
                raiseInternal(instance)
            case .send:
                if let trace { trace.pointee.refuseReplay() }
                let instance = try eventInstance(instruction, code)
                if recordsMicrosteps { record(.send(instance)) }
                guard externalQueue.count - externalHead < machine.options.queueBound else {
                    let event = instance.event
                    throw EngineError(
                        .queueOverflow(event: event),
                        SpecMessages.queueOverflow(sending: machine.spec.events[event].name, bound: machine.options.queueBound),
                        at: code.location(ofSite: instruction.site), variables: currentVariables)
                }
                externalQueue.append(instance)
            case .jumpUnless:
                let program = code.programs[Int(instruction.operand)]
                let holds = try evaluate(program, at: code.location(ofSite: instruction.site), what: "condition") != 0
                if let trace { trace.pointee.test(program, holds, in: configuration, words: words) }
                if !holds { pc = instruction.first }
            case .jump:
                pc = instruction.first
            case .call:
                let id = Int(instruction.operand)
                if recordsMicrosteps { record(.call(id: id)) }
                if let host {
                    if let trace { trace.pointee.refuseReplay() }
                    let name = machine.spec.callbacks[id]
                    guard id < host.callbacks.count, let callback = host.callbacks[id] else {
                        throw EngineError(.missingHostFunction(name: name), "no callback is registered for '\(name)'")
                    }
                    callback(hostCall(name: name))
                }
            }
        }
    }

    /// One assignment action: every right-hand side sees the values from before it.
    private mutating func assign(_ code: ActionCode, from first: Int, count: Int) throws(EngineError) {
        if count == 1 {
            let value = try evaluate(
                code.programs[Int(code.assignmentProgram[first])], at: code.location(ofSite: code.assignmentSite[first]), what: "assignment"
            )
            try store(value, into: first, of: code)
            return
        }
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { values throws(EngineError) in
            for i in 0..<count {
                let a = first + i
                values[i] = try evaluate(
                    code.programs[Int(code.assignmentProgram[a])], at: code.location(ofSite: code.assignmentSite[a]), what: "assignment")
            }
            // Every value checked before any is stored: a failing action stores none (its error shows the values
            // from before it, a state the machine was in).
            for i in 0..<count { try checkRange(values[i], of: first + i, in: code) }
            for i in 0..<count { set(values[i], by: first + i, of: code) }
        }
    }

    private mutating func eventInstance(_ instruction: ActionCode.Instruction, _ code: ActionCode) throws(EngineError) -> EventInstance {
        let event = Int(instruction.operand)
        var values: [Int] = []
        for i in 0..<Int(instruction.count) {
            let program = code.programs[Int(instruction.first) + i]
            let value = try evaluate(program, at: code.location(ofSite: instruction.site), what: "argument")
            let range = machine.parameterRanges[event][i]
            guard range.contains(value) else {
                let parameter = machine.spec.events[event].parameters[i]
                throw EngineError(
                    .rangeViolation(variable: nil, value: value),
                    "range violation: argument '\(parameter.name)' of '\(machine.spec.events[event].name)' cannot be \(value); its type is \(parameter.type)",
                    at: code.location(ofSite: instruction.site), variables: currentVariables)
            }
            values.append(value)
        }
        return EventInstance(event: event, arguments: values)
    }

    /// Throws the range violation of storing `value` by `assignment`, if it is one.
    private func checkRange(_ value: Int, of assignment: Int, in code: ActionCode) throws(EngineError) {
        let target = Int(code.assignmentVariable[assignment])
        guard machine.variableRange[target].contains(value) else {
            let variable = machine.spec.variables[target]
            let shown = value < 0 && variable.type.kindName != "int" && variable.type != .bool ? "a value not in its enum" : "\(value)"
            throw EngineError(
                .rangeViolation(variable: target, value: value),
                "range violation: '\(variable.name)' cannot be \(shown); its type is \(variable.type)",
                at: code.location(ofSite: code.assignmentSite[assignment]), variables: currentVariables)
        }
    }

    private mutating func store(_ value: Int, into assignment: Int, of code: ActionCode) throws(EngineError) {
        try checkRange(value, of: assignment, in: code)
        set(value, by: assignment, of: code)
    }

    /// Stores a value `checkRange` let through.
    @inline(__always)
    private mutating func set(_ value: Int, by assignment: Int, of code: ActionCode) {
        let target = Int(code.assignmentVariable[assignment])
        variables[target] = value
        tracking?.assign(target, value)
        if recordsMicrosteps { record(.assign(variable: target, value: value)) }
    }

    /// The location is read only when the evaluation fails: copying it would retain its strings on every step.
    mutating func evaluate(_ program: Unmanaged<Program>, at location: @autoclosure () -> Spec.SourceLocation?, what: StaticString)
        throws(EngineError) -> Int
    {
        do {
            return try program.evaluate(variables: variables, parameters: parameters, configuration: configuration)
        } catch {
            throw evaluationError(error, at: location(), what: "\(what)")
        }
    }

    func evaluationError(_ error: EvaluationError, at location: Spec.SourceLocation?, what: String) -> EngineError {
        EngineError(
            .rangeViolation(variable: nil, value: nil), "range violation: \(error.reason) in the \(what) (\(describeVariables()))",
            at: location, variables: currentVariables)
    }

    private mutating func record(_ effect: Effect) {
        guard !microsteps.isEmpty else { return }
        microsteps[microsteps.count - 1].records.append(.effect(effect))
    }
}
