import SMEngine
import SMSpec

/// Swift statements for a block of executable content (entry, exit or a transition's actions), in the engine's
/// order and with its errors: simultaneous assignment, range checks where a value can leave its domain, raised and
/// sent events with checked arguments, host callbacks.
struct ActionEmitter {
    let context: EmissionContext
    /// The parameters of the event the block runs for (transition actions of a named event).
    let parameters: [(name: String, type: ValueType)]
    private(set) var lines: [String] = []
    /// A statement of the block can throw.
    private(set) var throwing = false
    private var temporaries = 0

    init(context: EmissionContext, parameters: [(name: String, type: ValueType)] = []) {
        self.context = context
        self.parameters = parameters
    }

    mutating func emit(_ actions: [ResolvedAction]) {
        for action in actions { emit(action, indent: "") }
    }

    private mutating func emit(_ action: ResolvedAction, indent: String) {
        switch action.kind {
        case .assign(let assignments):
            // Every right-hand side first: each sees the values from before the action.
            var values: [(ResolvedAssignment, EmittedValue)] = []
            for assignment in assignments {
                var value = evaluate(
                    assignment.value, as: context.spec.variables[assignment.variable].type, what: "assignment", indent: indent)
                if assignments.count > 1 {
                    // Kept before any store: a later right-hand side must not see an earlier assignment.
                    temporaries += 1
                    lines.append(indent + "let value\(temporaries) = \(value.code)")
                    value.code = "value\(temporaries)"
                }
                values.append((assignment, value))
            }
            for (assignment, value) in values {
                let variable = context.spec.variables[assignment.variable]
                let stored = check(value, fits: variable.type, indent: indent) { shown in
                    "rangeViolation(\(SwiftIdentifier.stringLiteral(variable.name)), cannotBe: \(shown), type: \(SwiftIdentifier.stringLiteral(variable.type.description)))"
                } missingEnumValue: {
                    "\"a value not in its enum\""
                }
                lines.append(
                    indent + "current.variables.\(SwiftIdentifier.escaped(context.names.variableProperty[assignment.variable])) = \(stored)"
                )
            }
        case .raise(let event, let arguments):
            let instance = eventInstance(event, arguments, indent: indent)
            lines.append(indent + "scratch.raised.append(.event(\(instance)))")
        case .send(let event, let arguments):
            let instance = eventInstance(event, arguments, indent: indent)
            throwing = true
            let bound = context.spec.options.queueBound
            lines.append(
                indent
                    + "guard scratch.sent.count - scratch.sentHead < \(bound) else { throw queueOverflow(sending: \(SwiftIdentifier.stringLiteral(context.spec.events[event].name))) }"
            )
            lines.append(indent + "scratch.sent.append(\(instance))")
        case .ifThen(let condition, let thenActions, let elseActions):
            let value = evaluate(condition, as: .bool, what: "condition", indent: indent)
            lines.append(indent + "if \(value.code) {")
            for action in thenActions { emit(action, indent: indent + "    ") }
            if !elseActions.isEmpty {
                lines.append(indent + "} else {")
                for action in elseActions { emit(action, indent: indent + "    ") }
            }
            lines.append(indent + "}")
        case .call(let id, _):
            lines.append(indent + "hooks.\(SwiftIdentifier.escaped(context.names.callbackHook[id]))(scratch.event)")
        }
    }

    /// `.ping(n: value1)`: an event value with checked arguments.
    private mutating func eventInstance(_ event: Int, _ arguments: [TypedExpression], indent: String) -> String {
        let declaration = context.spec.events[event]
        var values: [String] = []
        for (i, argument) in arguments.enumerated() {
            let parameter = declaration.parameters[i]
            let value = evaluate(argument, as: parameter.type, what: "argument", indent: indent)
            values.append(
                check(value, fits: parameter.type, indent: indent) { shown in
                    "argumentViolation(\(SwiftIdentifier.stringLiteral(parameter.name)), of: \(SwiftIdentifier.stringLiteral(declaration.name)), cannotBe: \(shown), type: \(SwiftIdentifier.stringLiteral(parameter.type.description)))"
                } missingEnumValue: {
                    "\"-1\""
                })
        }
        let name = "." + SwiftIdentifier.escaped(context.names.eventCase[event])
        guard !values.isEmpty else { return name }
        let labels = context.names.parameterLabels[event]
        return name + "(" + zip(labels, values).map { "\($0): \($1)" }.joined(separator: ", ") + ")"
    }

    /// Evaluates an expression into a temporary (or inline code when it is simple), with its checks before it.
    private mutating func evaluate(_ expression: TypedExpression, as type: ValueType, what: String, indent: String) -> EmittedValue {
        var emitter = ExpressionEmitter(
            names: context.names, spec: context.spec, isActive: { [context] in context.isActive($0) },
            parameters: parameters, what: what, firstTemporary: temporaries)
        let value = emitter.emit(expression, expected: type)
        temporaries = emitter.temporaryCount
        context.record(emitter.conversions)
        let prelude = emitter.takePrelude()
        if !prelude.isEmpty { throwing = true }
        lines += prelude.map { indent + $0 }
        return value
    }

    /// The value as it is stored, after a range check when it may leave `type`'s domain.
    private mutating func check(
        _ value: EmittedValue, fits type: ValueType, indent: String,
        failure: (String) -> String, missingEnumValue: () -> String
    ) -> String {
        switch (value.kind, type) {
        case (.int(let range), .int(let min, let max)):
            let domain = ValueRange(lower: min, upper: max)
            if let range, domain.contains(range) { return value.code }
            throwing = true
            temporaries += 1
            let name = "value\(temporaries)"
            lines.append(indent + "let \(name) = \(value.code)")
            lines.append(
                indent
                    + "guard (\(ExpressionEmitter.literal(min))...\(ExpressionEmitter.literal(max))).contains(\(name)) else { throw \(failure("String(\(name))")) }"
            )
            return name
        case (.convertedEnumeration, _):
            throwing = true
            temporaries += 1
            let name = "value\(temporaries)"
            lines.append(indent + "guard let \(name) = \(value.code) else { throw \(failure(missingEnumValue())) }")
            return name
        default:
            return value.code
        }
    }
}
