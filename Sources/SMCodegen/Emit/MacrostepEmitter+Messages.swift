import SMEngine
import SMSpec

// The messages of the errors, worded as the engine words them, and the enum conversions expressions use.
extension MacrostepEmitter {
    // MARK: - Messages

    func emitMessages(into writer: inout SwiftWriter) {
        writer.line()
        writer.block("extension \(names.typeName)") { w in
            w.block("fileprivate func describeVariables() -> String") { w in
                guard !spec.variables.isEmpty else { w.line("\"no variables\""); return }
                let parts = spec.variables.enumerated().map { i, variable in
                    let value = "current.variables.\(SwiftIdentifier.escaped(names.variableProperty[i]))"
                    if case .enumeration = variable.type { return "\(variable.name) = \\(\(value).rawValue)" }
                    return "\(variable.name) = \\(\(value))"
                }
                w.line("\"" + parts.joined(separator: ", ") + "\"")
            }
            w.line()
            w.block("fileprivate func describeConfiguration() -> String") { w in
                w.line("let leaves = activeStates.map(\\.rawValue)")
                w.line(
                    "return leaves.count == 1 ? \"state '\\(leaves[0])'\" : \"states \" + leaves.map { \"'\\($0)'\" }.joined(separator: \", \")"
                )
            }
            w.line()
            w.block("fileprivate func evaluationFailure(_ reason: String, in what: String) -> \(errorType)") { w in
                w.line(
                    "\(errorType)(kind: .rangeViolation(variable: nil), message: \"range violation: \\(reason) in the \\(what) (\\(describeVariables()))\")"
                )
            }
            w.line()
            w.documentation(
                "An operation that fails wherever it is evaluated (a division by the constant 0, Int.min / -1): a call, so that the compiler neither refuses the operation nor calls what follows dead code."
            )
            w.block("fileprivate func failingOperation(_ reason: String, in what: String) throws(\(errorType)) -> Int") { w in
                w.line("throw evaluationFailure(reason, in: what)")
            }
            w.line()
            w.block("fileprivate func rangeViolation(_ variable: String, cannotBe value: String, type: String) -> \(errorType)") { w in
                w.line(
                    "\(errorType)(kind: .rangeViolation(variable: variable), message: \"range violation: '\\(variable)' cannot be \\(value); its type is \\(type)\")"
                )
            }
            w.line()
            w.block(
                "fileprivate func argumentViolation(_ parameter: String, of event: String, cannotBe value: String, type: String) -> \(errorType)"
            ) { w in
                w.line(
                    "\(errorType)(kind: .rangeViolation(variable: nil), message: \"range violation: argument '\\(parameter)' of '\\(event)' cannot be \\(value); its type is \\(type)\")"
                )
            }
            if facts.sends {
                w.line()
                w.block("fileprivate func queueOverflow(sending event: String) -> \(errorType)") { w in
                    w.line(
                        "\(errorType)(kind: .queueOverflow(event: event), message: \"\(SpecMessages.queueOverflow(sending: "\\(event)", bound: spec.options.queueBound))\")"
                    )
                }
            }
            if facts.hasChoices {
                w.line()
                w.block("fileprivate func incompleteChoice(_ path: String, _ state: StateID) -> \(errorType)") { w in
                    w.line(
                        "\(errorType)(kind: .incompleteChoice(state: state), message: \"incomplete choice: no branch of '\\(path)' is enabled (\\(describeVariables()))\")"
                    )
                }
            }
            for conversion in context.conversions {
                let from = names.enumTypes[conversion.from] ?? "Value", to = names.enumTypes[conversion.to] ?? "Value"
                w.line()
                w.documentation("A `\(from)` as the `\(to)` of the same name; nil when `\(to)` has no such value.")
                w.block(
                    "fileprivate static func \(ExpressionEmitter.conversionName(from: conversion.from, to: conversion.to, names: names))(_ value: \(from)) -> \(to)?"
                ) { w in
                    w.switchBlock("switch value") { w in
                        for (i, target) in conversion.table.enumerated() {
                            let source = SwiftIdentifier.escaped(names.enumCases[conversion.from]?[i] ?? "value")
                            let result =
                                target < 0 ? "nil" : "." + SwiftIdentifier.escaped(names.enumCases[conversion.to]?[target] ?? "value")
                            w.line("case .\(source): \(result)")
                        }
                    }
                }
            }
        }
    }
}
