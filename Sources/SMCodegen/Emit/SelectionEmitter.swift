import SMEngine
import SMSpec

/// The step for one event (and for eventless transitions), as SCXML selects and takes transitions: each active leaf
/// in document order tries its own transitions, then its ancestors' (inner first); the first enabled one is taken.
///
/// When at most one active leaf can have a transition for the event (always, without parallel states), the handler
/// is a `switch` down the typed configuration to the leaf, whose enabled transition is taken right there: exits,
/// actions and entries written out. Otherwise every active leaf may select one, so the handler collects them
/// (`Selection`), drops conflicting ones and takes the rest in one microstep; one selected transition with a
/// precomputed target still runs straight-line code.
struct SelectionEmitter: ContextEmitter {
    let context: EmissionContext
    let states: StateEmitter
    let transitions: TransitionEmitter

    /// What a handler selects on: an event (index) or the eventless transitions (nil).
    typealias Trigger = Int?

    func list(of state: Int, _ trigger: Trigger) -> [Int] {
        trigger.map { context.machine.transitions(of: state, on: $0) } ?? context.machine.eventlessTransitions(of: state)
    }

    /// The states tried for a leaf, leaf first.
    func chain(_ leaf: Int) -> [Int] { [leaf] + spec.ancestors(of: leaf) }

    /// Whether some leaf below `state` (or `state` itself) has a transition to try for `trigger`.
    private func hasCandidates(below state: Int, _ trigger: Trigger) -> Bool {
        if states.hasChildren(state) { return states.activeChildren(state).contains { hasCandidates(below: $0, trigger) } }
        return chain(state).contains { !list(of: $0, trigger).isEmpty } || (trigger == nil && spec.states[state].kind == .choice)
    }

    /// Whether at most one transition can be selected for `trigger`: no two leaves that can be active together both
    /// have one to try.
    func selectsAtMostOne(_ trigger: Trigger) -> Bool { selectingLeaves(below: 0, trigger) <= 1 }

    private func selectingLeaves(below state: Int, _ trigger: Trigger) -> Int {
        guard states.hasChildren(state) else { return hasCandidates(below: state, trigger) ? 1 : 0 }
        let counts = states.activeChildren(state).map { selectingLeaves(below: $0, trigger) }
        return spec.states[state].kind == .parallel ? counts.reduce(0, +) : counts.max() ?? 0
    }

    func handlerName(_ trigger: Trigger) -> String {
        trigger.map { names.members.handler[$0] } ?? MemberNames.eventlessHandler
    }

    /// The function that takes the transitions the handler for `trigger` collected.
    func takeSelectionName(_ trigger: Trigger) -> String {
        trigger.map { names.members.takeSelection[$0] } ?? MemberNames.eventlessTakeSelection
    }

    /// The handler's parameters: the hooks and the event's parameters.
    func handlerParameters(_ trigger: Trigger) -> String {
        context.parameters(trigger.map { context.parameterLocals($0).map { "_ \($0.name): \(names.swiftType($0.type))" } } ?? [])
    }

    func emitHandler(_ trigger: Trigger, into writer: inout SwiftWriter) {
        writer.line()
        if let event = trigger {
            writer.documentation("Selects and takes the transitions for \(spec.events[event].name.codeSpan); false when none is enabled.")
        } else {
            writer.documentation("Selects and takes the enabled eventless transitions; false when there is none.")
        }
        let hasCandidates = hasCandidates(below: 0, trigger)
        let selectsAtMostOne = selectsAtMostOne(trigger)
        // Inlined into the dispatch: the step for an event is one function, a switch down to the active leaf.
        writer.line("@inline(__always)")
        writer.block("fileprivate mutating func \(handlerName(trigger))(\(handlerParameters(trigger)))\(context.throwsClause) -> Bool") {
            w in
            let askedOnce = opaqueGuardsAskedTwice(trigger, selectsAtMostOne: selectsAtMostOne)
            for id in askedOnce {
                w.line("var \(TransitionEmitter.opaqueGuardLocal(id)): Bool?  // ?\(spec.opaqueGuards[id]), asked once per selection")
            }
            if !hasCandidates {
                w.line("return false")
            } else if selectsAtMostOne {
                let returned = walkToLeaves(from: 0, trigger, into: &w) { leaf, w in
                    emitSingleLeafChain(leaf, trigger, askedOnce: Set(askedOnce), into: &w)
                }
                if !returned { w.line("return false") }
            } else {
                emitCollectingHandler(trigger, askedOnce: Set(askedOnce), into: &w)
            }
        }
        if hasCandidates && !selectsAtMostOne { emitTakeSelection(trigger, into: &writer) }
    }

    /// The opaque guards a selection for `trigger` may reach twice: named twice on one leaf's chain, or, when several
    /// leaves select, on the chains of two leaves (a shared ancestor's transition is tried from each). The engine asks
    /// the host once per selection (one answer for one moment), so the handler keeps the first answer.
    private func opaqueGuardsAskedTwice(_ trigger: Trigger, selectsAtMostOne: Bool) -> [Int] {
        var twice = Set<Int>()
        var acrossLeaves: [Int: Int] = [:]
        for leaf in spec.states.indices where !states.hasChildren(leaf) {
            var sites: [Int: Int] = [:]
            for state in chain(leaf) {
                for t in list(of: state, trigger) {
                    guard case .opaque(let id, _)? = spec.transitions[t].guardCondition else { continue }
                    sites[id, default: 0] += 1
                }
            }
            for (id, count) in sites {
                if count > 1 { twice.insert(id) }
                acrossLeaves[id, default: 0] += count
            }
        }
        if !selectsAtMostOne { twice.formUnion(acrossLeaves.filter { $0.value > 1 }.keys) }
        return twice.sorted()
    }

    /// A walk down the active configuration to every leaf that has something to try, in document order. Returns
    /// whether every path through the code it wrote returns (so nothing may follow it).
    @discardableResult
    func walkToLeaves(
        from state: Int, _ trigger: Trigger, into writer: inout SwiftWriter,
        _ leafBody: (Int, inout SwiftWriter) -> Bool
    ) -> Bool {
        guard states.hasChildren(state) else { return leafBody(state, &writer) }
        if spec.states[state].kind == .parallel {
            for child in states.activeChildren(state) where hasCandidates(below: child, trigger) {
                writer.block("if \(context.isActive(child))") { w in walkToLeaves(from: child, trigger, into: &w, leafBody) }
            }
            return false
        }
        // Between microsteps the configuration is complete: an active compound state has an active child, so the
        // switch is over the child itself (which lets the compiler turn a switch of plain moves into a table).
        let property = SwiftIdentifier.escaped(names.regionProperty[state] ?? "topLevel")
        let children = states.activeChildren(state).filter { hasCandidates(below: $0, trigger) }
        var returns = children.count == states.activeChildren(state).count
        writer.switchBlock("switch current.configuration.\(property).unsafelyUnwrapped") { w in
            for child in children {
                w.line("case .\(SwiftIdentifier.escaped(names.regionCase[child] ?? "state")):")
                w.indented { w in
                    if !walkToLeaves(from: child, trigger, into: &w, leafBody) { returns = false }
                }
            }
            if !returns && children.count < states.activeChildren(state).count {
                w.line("default:")
                w.line("    break")
            }
        }
        return returns
    }

    // MARK: - One selecting leaf

    /// The leaf's transitions, then its ancestors': the first enabled one is taken and the handler returns.
    /// Returns whether the code always returns (or throws).
    private func emitSingleLeafChain(_ leaf: Int, _ trigger: Trigger, askedOnce: Set<Int>, into writer: inout SwiftWriter) -> Bool {
        var emittedSomething = false
        for state in chain(leaf) {
            for t in list(of: state, trigger) {
                let transition = spec.transitions[t]
                emittedSomething = true
                guard let (prelude, condition) = transitions.condition(of: transition, askedOnce: askedOnce) else {
                    writer.line("// \(spec.describe(transition))")
                    emitSingleLeafMicrostep(t, leaf: leaf, into: &writer)
                    writer.line("return true")
                    return true
                }
                emitGuarded(prelude, condition, into: &writer) { w in
                    w.line("// \(spec.describe(transition))")
                    emitSingleLeafMicrostep(t, leaf: leaf, into: &w)
                    w.line("return true")
                }
            }
            if state == leaf && trigger == nil && spec.states[leaf].kind == .choice {
                writer.line(
                    "throw incompleteChoice(\(SwiftIdentifier.stringLiteral(spec.states[leaf].path)), .\(SwiftIdentifier.escaped(names.stateStem[leaf])))"
                )
                return true
            }
        }
        if !emittedSomething { writer.line("break") }
        return false
    }

    /// One transition taken from a known leaf. When no parallel state lies below the domain, the states it leaves
    /// are the leaf and its ancestors below the domain, known here; otherwise they are walked.
    private func emitSingleLeafMicrostep(_ t: Int, leaf: Int, into writer: inout SwiftWriter) {
        if facts.countsMicrosteps { writer.line("try beginMicrostep(\(t))") }
        let options = context.machine.targetOptions(of: t)
        if options.isEmpty {
            writer.lines(transitions.effectCall(t))
            return
        }
        guard spec.transitions[t].isOneOf else {
            emitSingleLeafOption(t, 0, leaf: leaf, into: &writer)
            return
        }
        writer.line("let option = \(transitions.optionChoice(t))")
        writer.switchBlock("switch option") { w in
            for o in options.indices {
                w.line(o == options.count - 1 ? "default:" : "case \(o):")
                w.indented { emitSingleLeafOption(t, o, leaf: leaf, into: &$0) }
            }
        }
    }

    private func emitSingleLeafOption(_ t: Int, _ o: Int, leaf: Int, into writer: inout SwiftWriter) {
        let plan = transitions.plans[t][o]
        guard let domain = plan.domain, plan.isPrecomputed else {
            emitDynamicMicrostep(t, o, into: &writer)
            return
        }
        guard !facts.sharedByLeaves[domain] else {
            if facts.recordsHistory { writer.line("recordHistoryBelow(domain: \(domain))") }
            writer.line(states.tryIf(states.subtreeExitThrows(domain)) + names.helper(.exitBelow, domain) + "(\(context.hooksArgument))")
            writer.lines(transitions.effectCall(t))
            writer.line(transitions.entryCall(t, o))
            return
        }
        // Leaving: the leaf and its ancestors below the domain, innermost first; history is recorded first.
        var leaving: [Int] = []
        var state = leaf
        while state != domain && state > 0 {
            leaving.append(state)
            state = spec.states[state].parent ?? 0
        }
        if facts.recordsHistory {
            for (i, exited) in leaving.enumerated() {
                for history in spec.states[exited].children where spec.states[history].kind == .history {
                    let recorded = spec.states[history].historyDepth == .deep ? leaf : leaving[max(0, i - 1)]
                    writer.line("current.\(states.historyProperty(history)) = StateBits(\(i == 0 ? leaf : recorded))")
                }
            }
        }
        for exited in leaving { writer.line(states.exitCall(exited)) }
        writer.lines(transitions.effectCall(t))
        writer.line(transitions.entryCall(t, o))
    }

    /// A transition into a history state: its domain and entry set depend on what was recorded (the kernel).
    private func emitDynamicMicrostep(_ t: Int, _ o: Int, into writer: inout SwiftWriter) {
        let transition = spec.transitions[t]
        let arguments =
            "source: \(transition.source), targets: Tree.targets(\(t), \(o)) ?? StateBits(), isLocal: \(transition.kind == .local)"
        writer.line(states.tryIf(states.exitsThrow) + "exitToward(\(context.arguments([arguments])))")
        writer.lines(transitions.effectCall(t))
        writer.line(states.tryIf(states.entriesThrow) + "enterToward(\(context.arguments([arguments])))")
    }

    /// `if condition { body }` after the guard's checks; checked guards declare temporaries, so they get a scope of
    /// their own to keep the names apart.
    func emitGuarded(
        _ prelude: [String], _ condition: String, into writer: inout SwiftWriter,
        _ body: (inout SwiftWriter) -> Void
    ) {
        func guarded(_ w: inout SwiftWriter) {
            w.lines(prelude)
            w.block("if \(condition)", body)
        }
        if prelude.isEmpty { guarded(&writer) } else { writer.block("do") { guarded(&$0) } }
    }
}
