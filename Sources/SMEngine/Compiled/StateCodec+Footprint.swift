import SMSpec

extension StateCodec {
    /// For each event: the bits of the packed key that processing it can read or change (a whole macrostep, with the
    /// events it raises and the eventless transitions it can enable), or nil when its steps cannot be planned.
    ///
    /// Outside its footprint a key is left as it was, and inside it the step is a function of the footprint's bits
    /// alone. So the successor of any configuration is `(key & ~footprint) | f(key & footprint)`, and `f` can be
    /// compiled per control state: the explorer's step plans (`StepPlanCache`), as LTSmin caches its transition
    /// groups over short vectors. With parallel regions an event's footprint is usually one region, so a plan
    /// serves every configuration of the others.
    ///
    /// Not plannable: events whose macrostep meets an opaque guard or a `oneOf` target (their outcome is a choice
    /// the explorer enumerates) or a `send` (it adds macrosteps whose invariant checks the explorer records).
    ///
    /// Why it is sound: a stable configuration has no enabled eventless transition, and one whose source activity
    /// and guard read nothing the step writes stays disabled; every other effect of a step happens inside the
    /// domains of the transitions it takes, which the footprint holds whole. Tests check it by running every step
    /// both ways (`ExplorationOptions.verifiesTransitionCache`).
    ///
    /// Cost: O(events × (transitions + states) × words) once per exploration.
    package func eventFootprints() -> [EventFootprint?] {
        let builder = FootprintBuilder(codec: self)
        return (0..<machine.eventCount).map { builder.footprint(ofEvent: $0) }
    }

    /// For each invariant: the bits of the packed key it reads (its variables, and the child fields that say whether
    /// the states it tests are active). Whether it holds is a function of those bits alone (`InvariantMemo`).
    package func invariantFootprints() -> [[UInt64]] {
        let builder = FootprintBuilder(codec: self)
        return machine.spec.invariants.map { builder.reads($0.expression) }
    }
}

/// What processing one event can touch: the key's bits (`bits`), and the transitions whose guards can matter
/// (`transitions`): those that match it or the events it raises, and the eventless ones it can enable. Every other
/// eventless transition the engine looks at on the way is disabled in a stable configuration and stays so, whatever
/// the state outside the footprint: a plan need not (and must not) depend on its guard.
package struct EventFootprint: Sendable {
    package let bits: [UInt64]
    package let transitions: Set<Int>
}

/// Computes footprints as bit masks over the packed key.
private struct FootprintBuilder {
    let codec: StateCodec
    let machine: Machine
    let tree: StateTree
    let spec: ResolvedSpec
    let words: Int
    /// Per state: the child-field bits of its compound proper ancestors (and the root's), which say whether it is active.
    let activityBits: [[UInt64]]
    /// Per state: every field inside its subtree (its own child field, those of compound descendants, the history
    /// fields of history descendants).
    let subtreeBits: [[UInt64]]
    let variableBits: [[UInt64]]
    /// What every footprint reads: the root's field, and whether each eventless transition the host decides (an
    /// opaque guard) is active. After any event the engine checks those, and one that is active makes the step a
    /// choice, which a plan does not replay: so a plan must not serve states where one is active if it was recorded
    /// where none was.
    let hostDecidedBits: [UInt64]
    /// Per event: the transitions that match it, in document order.
    let transitionsByEvent: [[Int]]
    let eventless: [ResolvedTransition]

    init(codec: StateCodec) {
        self.codec = codec
        let machine = codec.machine
        let tree = machine.tree
        self.machine = machine
        self.tree = tree
        spec = machine.spec
        let words = codec.words
        self.words = words
        func bits(_ field: StateCodec.Field?) -> [UInt64] {
            var result = [UInt64](repeating: 0, count: words)
            if let field { result[field.word] |= field.mask << field.shift }
            return result
        }
        let childBits = codec.childField.map(bits)
        var hostDecidedBits = childBits[0]
        activityBits = (0..<tree.count).map { state in
            var result = childBits[0]
            for ancestor in tree.ancestors[state] { result.formUnion(childBits[ancestor]) }
            return result
        }
        var historyBits = Array(repeating: [UInt64](repeating: 0, count: words), count: tree.count)
        for (i, h) in tree.historyStates.enumerated() {
            historyBits[h] = bits(codec.historyFields[i])
            for (_, field) in codec.deepFields[i] { historyBits[h].formUnion(bits(field)) }
        }
        subtreeBits = (0..<tree.count).map { state in
            var result = childBits[state]
            for descendant in tree.descendants[state] {
                result.formUnion(childBits[descendant])
                result.formUnion(historyBits[descendant])
            }
            return result
        }
        variableBits = codec.variableFields.map(bits)
        for transition in spec.transitions where transition.trigger == .eventless {
            guard case .opaque = transition.guardCondition else { continue }
            hostDecidedBits.formUnion(activityBits[transition.source])
        }
        self.hostDecidedBits = hostDecidedBits
        var transitionsByEvent = Array(repeating: [Int](), count: machine.eventCount)
        for transition in spec.transitions {
            for event in transition.matchedEvents where event < transitionsByEvent.count {
                transitionsByEvent[event].append(transition.index)
            }
        }
        self.transitionsByEvent = transitionsByEvent
        eventless = spec.transitions.filter { $0.trigger == .eventless }
    }

    /// What a set of transitions and actions touches, accumulated.
    struct Footprint {
        var reads: [UInt64]
        var writes: [UInt64]
        var events: [Int] = []
        var cacheable = true
        /// The domains whose states' entry and exit actions are in already: many transitions share one (every
        /// transition of a flat machine has the root), and adding it once keeps a footprint linear in the spec.
        var domains: Set<Int> = []
    }

    func footprint(ofEvent event: Int) -> EventFootprint? {
        var footprint = Footprint(reads: hostDecidedBits, writes: [UInt64](repeating: 0, count: words))
        var included = Set<Int>()
        var queued: Set<Int> = [event]
        var pending = [event]
        while true {
            while let next = pending.popLast() {
                for transition in transitionsByEvent[next] {
                    if included.insert(transition).inserted { add(spec.transitions[transition], to: &footprint) }
                }
                for raised in footprint.events where queued.insert(raised).inserted { pending.append(raised) }
                guard footprint.cacheable else { return nil }
            }
            // Eventless transitions the step can enable: those whose source activity or guard reads what it writes.
            var grew = false
            for transition in eventless where !included.contains(transition.index) {
                var trigger = activityBits[transition.source]
                if case .expression(let guardExpression, _) = transition.guardCondition { trigger.formUnion(reads(guardExpression)) }
                guard trigger.intersects(footprint.writes) else { continue }
                // With its siblings: an `else` among them reads their guards.
                for sibling in eventless where sibling.source == transition.source && included.insert(sibling.index).inserted {
                    add(sibling, to: &footprint)
                }
                grew = true
            }
            for raised in footprint.events where queued.insert(raised).inserted { pending.append(raised) }
            guard footprint.cacheable else { return nil }
            if !grew && pending.isEmpty { break }
        }
        var mask = footprint.reads
        mask.formUnion(footprint.writes)
        return EventFootprint(bits: mask, transitions: included)
    }

    private func add(_ transition: ResolvedTransition, to footprint: inout Footprint) {
        if transition.isOneOf { footprint.cacheable = false }
        switch transition.guardCondition {
        case .opaque: footprint.cacheable = false
        case .expression(let expression, _): footprint.reads.formUnion(reads(expression))
        case .otherwise, nil: break
        }
        footprint.reads.formUnion(activityBits[transition.source])
        add(transition.actions, to: &footprint)
        guard !transition.targets.isEmpty else { return }
        // Every state exited or entered lies below the transition's domain. With a history target the domain depends
        // on what was recorded; the domain of the history's parent contains every way it can resolve.
        let targets = transition.targets.map { tree.kind[$0] == .history ? tree.parent[$0] : $0 }
        let hasHistoryTarget = transition.targets.contains { tree.kind[$0] == .history }
        let domain =
            hasHistoryTarget
            ? tree.leastCommonCompoundAncestor([transition.source] + targets)
            : tree.domain(source: transition.source, targets: targets, isLocal: transition.kind == .local)
        guard footprint.domains.insert(domain).inserted else { return }
        footprint.reads.formUnion(subtreeBits[domain])
        footprint.writes.formUnion(subtreeBits[domain])
        for state in tree.descendants[domain] {
            add(spec.states[state].entry, to: &footprint)
            add(spec.states[state].exit, to: &footprint)
            guard tree.kind[state] == .final else { continue }
            // Entering a final state raises done.state of its parent, and of each parallel ancestor whose regions
            // are all final, which reads those regions.
            for ancestor in tree.ancestors[state] {
                if machine.doneEvent[ancestor] >= 0 { footprint.events.append(machine.doneEvent[ancestor]) }
                if tree.kind[ancestor] == .parallel { footprint.reads.formUnion(subtreeBits[ancestor]) }
            }
        }
    }

    private func add(_ actions: [ResolvedAction], to footprint: inout Footprint) {
        for action in actions {
            switch action.kind {
            case .assign(let assignments):
                for assignment in assignments {
                    footprint.reads.formUnion(reads(assignment.value))
                    footprint.writes.formUnion(variableBits[assignment.variable])
                }
            case .raise(let event, let arguments):
                for argument in arguments { footprint.reads.formUnion(reads(argument)) }
                footprint.events.append(event)
            case .send:
                footprint.cacheable = false
            case .ifThen(let condition, let then, let otherwise):
                footprint.reads.formUnion(reads(condition))
                add(then, to: &footprint)
                add(otherwise, to: &footprint)
            case .call:
                // Host callbacks do not change the machine's state; the explorer runs without them.
                break
            }
        }
    }

    func reads(_ expression: TypedExpression) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: words)
        for variable in expression.variablesRead { result.formUnion(variableBits[variable]) }
        for state in expression.statesTested { result.formUnion(activityBits[state]) }
        return result
    }
}

private extension [UInt64] {
    mutating func formUnion(_ other: [UInt64]) {
        for i in indices { self[i] |= other[i] }
    }

    func intersects(_ other: [UInt64]) -> Bool {
        zip(self, other).contains { $0 & $1 != 0 }
    }
}
