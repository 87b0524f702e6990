import SMEngine
import SMSpec

// Events that several active leaves can handle at once: the handler collects what each selects, drops conflicts and
// takes the rest in one microstep.
extension SelectionEmitter {
    // MARK: - Several active leaves

    /// Collects the transitions the active leaves select, then takes them.
    func emitCollectingHandler(_ trigger: Trigger, askedOnce: Set<Int>, into writer: inout SwiftWriter) {
        writer.line("scratch.selection.removeAll()")
        var label = 0
        walkToLeaves(from: 0, trigger, into: &writer) { leaf, w in
            label += 1
            emitCollectingChain(leaf, trigger, label: "leaf\(label)", askedOnce: askedOnce, into: &w)
            return false
        }
        writer.line("guard scratch.selection.count > 0 else { return false }")
        writer.line("if scratch.selection.count > 1 { resolveConflicts() }")
        let parameters = trigger.map { context.parameterLocals($0).map(\.name) } ?? []
        writer.line(
            context.tryPrefix + "\(takeSelectionName(trigger))(\(context.arguments(parameters)))")
        writer.line("return true")
    }

    /// The leaf's chain: a transition of an ancestor that another leaf already selected ends the chain, as the
    /// engine does (its guard held a moment ago and is not evaluated again).
    private func emitCollectingChain(
        _ leaf: Int, _ trigger: Trigger, label: String, askedOnce: Set<Int>, into writer: inout SwiftWriter
    ) {
        var body = SwiftWriter()
        var breaks = false
        chainLoop: for state in chain(leaf) {
            for t in list(of: state, trigger) {
                let transition = spec.transitions[t]
                if facts.sharedByLeaves[state] {
                    body.line("if scratch.selection.contains(transition: \(t)) { break \(label) }")
                    breaks = true
                }
                let option = transition.isOneOf ? transitions.optionChoice(t) : "0"
                guard let (prelude, condition) = transitions.condition(of: transition, askedOnce: askedOnce) else {
                    body.line("scratch.selection.append(\(t), option: \(option))  // \(spec.describe(transition))")
                    break chainLoop
                }
                emitGuarded(prelude, condition, into: &body) { w in
                    w.line("scratch.selection.append(\(t), option: \(option))  // \(spec.describe(transition))")
                    w.line("break \(label)")
                }
                breaks = true
            }
            if state == leaf && trigger == nil && spec.states[leaf].kind == .choice {
                body.line(
                    "throw incompleteChoice(\(SwiftIdentifier.stringLiteral(spec.states[leaf].path)), .\(SwiftIdentifier.escaped(names.stateStem[leaf])))"
                )
                break
            }
        }
        if body.lines.isEmpty {
            writer.line("break")
        } else if breaks {
            writer.block("\(label): do") { w in w.append(body) }
        } else {
            writer.append(body)
        }
    }

    /// Takes the selection in one microstep: straight-line code for one transition with a precomputed target, the
    /// kernel for the rest (several transitions, or a history target).
    func emitTakeSelection(_ trigger: Trigger, into writer: inout SwiftWriter) {
        let candidates = Set(spec.states.flatMap { list(of: $0.index, trigger) }).sorted()
        let parameters = trigger.map { context.parameterLocals($0).map { "_ \($0.name): \(names.swiftType($0.type))" } } ?? []
        writer.line()
        writer.documentation("Takes the selected transitions in one microstep.")
        writer.block(
            "fileprivate mutating func \(takeSelectionName(trigger))(\(context.parameters(parameters)))\(context.throwsClause)"
        ) { w in
            if facts.countsMicrosteps { w.line("try beginMicrostepOfSelection()") }
            let precomputed = candidates.filter { t in transitions.plans[t].allSatisfy(\.isPrecomputed) }
            if !precomputed.isEmpty {
                w.block("if scratch.selection.count == 1") { w in
                    w.switchBlock("switch scratch.selection.transition(at: 0)") { w in
                        for t in precomputed {
                            w.line("case \(t):  // \(spec.describe(spec.transitions[t]))")
                            w.indented { emitPrecomputedMicrostep(t, into: &$0) }
                            w.line("    return")
                        }
                        w.line("default:")
                        w.line("    break")
                    }
                }
            }
            w.line(states.tryIf(states.exitsThrow) + "exitSelection(\(context.hooksArgument))")
            let withActions = candidates.filter { !transitions.effectCall($0).isEmpty }
            if !withActions.isEmpty {
                w.block("for index in 0..<scratch.selection.count") { w in
                    w.switchBlock("switch scratch.selection.transition(at: index)") { w in
                        for t in withActions { w.line("case \(t): " + transitions.effectCall(t)[0]) }
                        w.line("default: break")
                    }
                }
            }
            w.line(states.tryIf(states.entriesThrow) + "enterSelection(\(context.hooksArgument))")
        }
    }

    /// One selected transition whose targets are known: the active states below its domain are left, its actions
    /// run, the precomputed entry set is entered.
    private func emitPrecomputedMicrostep(_ t: Int, into writer: inout SwiftWriter) {
        let options = transitions.plans[t]
        if options.isEmpty {
            writer.lines(transitions.effectCall(t))
            return
        }
        func body(_ o: Int, _ w: inout SwiftWriter) {
            let domain = options[o].domain ?? 0
            if facts.recordsHistory { w.line("recordHistoryBelow(domain: \(domain))") }
            w.line((states.subtreeExitThrows(domain) ? "try " : "") + names.helper(.exitBelow, domain) + "(\(context.hooksArgument))")
            w.lines(transitions.effectCall(t))
            w.line(transitions.entryCall(t, o))
        }
        guard options.count > 1 else {
            body(0, &writer)
            return
        }
        writer.switchBlock("switch scratch.selection.option(at: 0)") { w in
            for o in options.indices {
                w.line(o == options.count - 1 ? "default:" : "case \(o):")
                w.indented { body(o, &$0) }
            }
        }
    }
}
