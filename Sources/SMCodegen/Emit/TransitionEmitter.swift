import SMEngine
import SMSpec

/// Per transition: its guard as a Swift condition, its actions (`effect…`) and, for each target option the compiler
/// could resolve ahead of time, the states it enters (`enterTargets…`), in the engine's precomputed order.
struct TransitionEmitter: ContextEmitter {
    let context: EmissionContext
    let states: StateEmitter
    /// Which transitions have an `effect…` helper, and whether it throws.
    private(set) var effectThrows: [Int: Bool] = [:]
    /// Which `enterTargets…` helpers throw, by transition and option.
    private(set) var entryThrows: [Int: [Bool]] = [:]
    /// Per transition and option: what is known ahead of time about its domain and entry.
    private(set) var plans: [[TargetPlan]] = []

    init(context: EmissionContext, states: StateEmitter) {
        self.context = context
        self.states = states
    }

    /// The event whose parameter list a transition's guard and actions see: its matched events' common one (none for
    /// `always`, for descriptors matching events with different parameters, and for events without any).
    func event(of transition: ResolvedTransition) -> Int? {
        guard case .descriptors = transition.trigger, let first = transition.matchedEvents.first,
            !spec.events[first].parameters.isEmpty,
            transition.matchedEvents.allSatisfy({ spec.events[$0].parameters == spec.events[first].parameters })
        else { return nil }
        return first
    }

    mutating func emitHelpers(into writer: inout SwiftWriter) {
        for transition in spec.transitions {
            if !transition.actions.isEmpty {
                let event = self.event(of: transition)
                var actions = ActionEmitter(context: context, parameters: event.map(context.parameterLocals) ?? [])
                actions.emit(transition.actions)
                effectThrows[transition.index] = actions.throwing
                let parameters = event.map { context.parameterLocals($0).map { "_ \($0.name): \(names.swiftType($0.type))" } } ?? []
                writer.line()
                writer.documentation("The actions of \(spec.describe(transition)).")
                writer.block(
                    "fileprivate mutating func \(effectHelper(transition.index))(\(context.parameters(parameters)))\(states.throwsClause(actions.throwing))"
                ) { w in
                    w.lines(actions.lines)
                }
            }
            var throwsByOption: [Bool] = []
            let options = context.machine.targetOptions(of: transition.index)
            plans.append(TargetPlan.plans(of: transition.index, context: context))
            for (o, plan) in plans[transition.index].enumerated() {
                guard let entry = plan.entry else {
                    throwsByOption.append(true)
                    continue
                }
                let target = options[o].targets.map { spec.states[$0].displayPath }.joined(separator: ", ")
                writer.line()
                switch entry {
                case .sequence(let order):
                    let throwing = order.contains { states.enterThrows[$0] }
                    throwsByOption.append(throwing)
                    writer.documentation("Enters \(target) for \(spec.describe(transition)).")
                    writer.block(
                        "fileprivate mutating func \(entryHelper(transition.index, o))(\(context.hooksParameter))\(states.throwsClause(throwing))"
                    ) { w in
                        for state in order { w.line(states.enterCall(state)) }
                    }
                case .byHistory(let history, let cases, let otherwise):
                    let throwing = (cases.flatMap(\.states) + otherwise).contains { states.enterThrows[$0] }
                    throwsByOption.append(throwing)
                    writer.documentation("Enters what \(target) recorded (its default before that) for \(spec.describe(transition)).")
                    writer.block(
                        "fileprivate mutating func \(entryHelper(transition.index, o))(\(context.hooksParameter))\(states.throwsClause(throwing))"
                    ) { w in
                        let binding =
                            cases.count > 1
                            ? "let recorded = current.\(states.historyProperty(history))"
                            : "current.\(states.historyProperty(history)) != nil"
                        w.block("guard \(binding) else") { w in
                            for state in otherwise { w.line(states.enterCall(state)) }
                            w.line("return")
                        }
                        guard cases.count > 1 else { return cases.first.map { w.lines($0.states.map(states.enterCall)) } ?? () }
                        // Exactly one of these is recorded: the last needs no test.
                        for (i, entry) in cases.enumerated() {
                            let header =
                                i == cases.count - 1 ? "} else" : (i == 0 ? "if" : "} else if") + " recorded.contains(\(entry.recorded))"
                            w.line(header + " {  // \(spec.states[entry.recorded].path)")
                            w.indented { w in for state in entry.states { w.line(states.enterCall(state)) } }
                        }
                        w.line("}")
                    }
                }
            }
            entryThrows[transition.index] = throwsByOption
        }
    }

    func entryHelper(_ transition: Int, _ option: Int) -> String {
        names.members.targetEntry[transition]?[option] ?? "enterTargets\(transition)Option\(option)"
    }

    /// `effect7`: the function that runs a transition's actions.
    func effectHelper(_ transition: Int) -> String { names.members.effect[transition] ?? "effect\(transition)" }

    /// `try effect7(hooks, eventTo)`, or nothing for a transition without actions.
    func effectCall(_ transition: Int) -> [String] {
        guard let throwing = effectThrows[transition] else { return [] }
        let arguments = event(of: spec.transitions[transition]).map { context.parameterLocals($0).map(\.name) } ?? []
        return [(throwing ? "try " : "") + effectHelper(transition) + "(\(context.arguments(arguments)))"]
    }

    func entryCall(_ transition: Int, _ option: Int) -> String {
        ((entryThrows[transition]?[option] ?? true) ? "try " : "") + entryHelper(transition, option) + "(\(context.hooksArgument))"
    }

    /// The guard as a condition, with the statements that must run before it; nil when the transition is always
    /// enabled where it is reached (no guard, or `else`). The opaque guards in `askedOnce` keep their answer in a
    /// local of the handler (`opaqueGuard…`, declared by `SelectionEmitter`): the host is asked once per selection.
    func condition(of transition: ResolvedTransition, askedOnce: Set<Int>) -> (prelude: [String], condition: String)? {
        switch transition.guardCondition {
        case nil, .otherwise?:
            return nil
        case .opaque(let id, _)?:
            let call = "hooks.\(SwiftIdentifier.escaped(names.opaqueGuardHook[id]))(scratch.event)"
            guard askedOnce.contains(id) else { return ([], call) }
            let local = Self.opaqueGuardLocal(id)
            return (["if \(local) == nil { \(local) = \(call) }"], "\(local) == true")
        case .expression(let typed, _)?:
            var emitter = context.expressionEmitter(event: event(of: transition), what: "guard of \(spec.describe(transition))")
            let value = emitter.emit(typed, expected: .bool)
            context.record(emitter.conversions)
            let prelude = emitter.takePrelude()
            if !prelude.isEmpty { context.hasCheckedGuards = true }
            return (prelude, value.code)
        }
    }

    /// The handler's local that keeps an opaque guard's answer (parameter locals start with `event`: no clash).
    static func opaqueGuardLocal(_ id: Int) -> String { "opaqueGuard\(id)" }

    /// The option a `oneOf` transition takes: the host's pick, kept within the options as the engine does.
    func optionChoice(_ transition: Int) -> String {
        let count = context.machine.targetOptions(of: transition).count
        return
            "min(max(hooks.\(SwiftIdentifier.escaped(names.chooseTargetHook))(.\(SwiftIdentifier.escaped(names.oneOfCase[transition] ?? "choice")), scratch.event), 0), \(count - 1))"
    }
}
