import SMSpec

// SCXML's selectTransitions, selectEventlessTransitions and removeConflictingTransitions.
extension StepCore {
    /// For each active leaf in document order, the first enabled transition of the leaf or its ancestors (inner
    /// first) matching `event`; then conflicts removed. Fills `selected`.
    mutating func selectTransitions(event: Int) throws(EngineError) {
        selectedCount = 0
        forgetOpaqueOutcomes()
        let eventCount = Int32(self.eventCount)
        let candidates = hot.eventCandidateWords + event * words
        for w in 0..<words {
            var bits = candidates[w] & configuration[w]
            while bits != 0 {
                var state = Int32(w << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
                // The leaf, then its ancestors, inner first.
                while state >= 0 {
                    let slot = Int(state * eventCount) + event
                    if try select(from: hot.dispatchStart[slot], to: hot.dispatchStart[slot + 1], in: hot.dispatchPool) { break }
                    state = hot.parent[Int(state)]
                }
            }
        }
        if selectedCount > 1 { removeConflictingTransitions() }
    }

    /// The same for eventless transitions. A choice state none of whose branches is enabled is an error.
    mutating func selectEventlessTransitions() throws(EngineError) {
        selectedCount = 0
        forgetOpaqueOutcomes()
        for w in 0..<words {
            var bits = hot.eventlessCandidateWords[w] & configuration[w]
            while bits != 0 {
                let leaf = w << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                if try select(from: hot.eventlessStart[leaf], to: hot.eventlessStart[leaf + 1], in: hot.eventlessPool) { continue }
                if hot.kind[leaf] == .choice {
                    throw EngineError(
                        .incompleteChoice(state: leaf),
                        "incomplete choice: no branch of '\(machine.path(of: leaf))' is enabled (\(describeVariables()))",
                        at: machine.spec.states[leaf].location, variables: currentVariables)
                }
                var state = hot.parent[leaf]
                while state >= 0 {
                    if try select(from: hot.eventlessStart[Int(state)], to: hot.eventlessStart[Int(state) + 1], in: hot.eventlessPool) {
                        break
                    }
                    state = hot.parent[Int(state)]
                }
            }
        }
        if selectedCount > 1 { removeConflictingTransitions() }
    }

    /// Tries the transitions `pool[start..<end]` of one state in order; selects the first enabled one.
    /// Returns whether one was.
    @inline(__always)
    private mutating func select(from start: Int32, to end: Int32, in pool: UnsafeMutablePointer<Int32>) throws(EngineError) -> Bool {
        var position = Int(start)
        while position < Int(end) {
            let t = Int(pool[position])
            // Reached again from another leaf (a shared ancestor): its guard held a moment ago.
            if isSelected(t) { return true }
            if try isEnabled(t) {
                selected[selectedCount] = Int32(t)
                selectedOption[selectedCount] = hot.isOneOf[t] ? Int32(chooseOption(t)) : 0
                selectedCount += 1
                if checksOverlaps { recordOverlaps(of: t, after: position + 1, to: Int(end), in: pool) }
                return true
            }
            position += 1
        }
        return false
    }

    @inline(__always)
    private func isSelected(_ t: Int) -> Bool {
        for i in 0..<selectedCount where selected[i] == t { return true }
        return false
    }

    /// Evaluates a transition's guard (counting coverage when asked).
    mutating func isEnabled(_ t: Int) throws(EngineError) -> Bool {
        let enabled: Bool
        switch hot.guardKind[t] {
        case .none, .otherwise:
            coverage?.enabled[t] = true
            return true
        case .program:
            let program = hot.guardProgram[t].unsafelyUnwrapped
            do {
                enabled = try program.evaluate(variables: variables, parameters: parameters, configuration: configuration) != 0
            } catch {
                coverage?.guardOutcomes[t] |= CoverageRecorder.failedEvaluation
                throw evaluationError(
                    error, at: machine.transitions[t].location,
                    what: "guard of \(machine.spec.describe(machine.spec.transitions[t]))")
            }
            if let trace { trace.pointee.test(guardOf: t, program, enabled, in: configuration, words: words) }
        case .opaque:
            guard case .opaque(let id) = machine.transitions[t].guardCondition else { return false }
            if let trace { trace.pointee.refuseReplay() }
            enabled = try opaqueGuard(id)
        }
        if let coverage {
            if enabled { coverage.enabled[t] = true }
            coverage.noteGuard(of: t, held: enabled)
        }
        return enabled
    }

    /// SM004: is a later transition of the same list (same state, same event) enabled as well? Only two guarded
    /// transitions can overlap: an unguarded or `else` transition after guarded ones is the list's default (document
    /// order is its meaning), one before them shadows them (SM005). A choice's branches are an ordered if/else-if
    /// by definition. Opaque guards count as possibly true.
    private mutating func recordOverlaps(of t: Int, after start: Int, to end: Int, in pool: UnsafeMutablePointer<Int32>) {
        guard isGuarded(t), hot.kind[machine.transitions[t].source] != .choice else { return }
        for position in start..<end {
            let other = Int(pool[position])
            let alsoEnabled: Bool
            switch machine.transitions[other].guardCondition {
            // Possibly true, unless this selection already asked it.
            case .opaque(let id): alsoEnabled = opaqueOutcomes[id] != 0
            case .none: continue  // the list's default: never enabled alongside, but no guard was false either
            case .otherwise: alsoEnabled = false
            case .program(let program):
                alsoEnabled =
                    ((try? program.evaluate(variables: variables, parameters: parameters, configuration: configuration)) ?? 0) != 0
                if let trace {
                    trace.pointee.test(
                        guardOf: other, .passUnretained(program), alsoEnabled, in: configuration, words: words, errorIsFalse: true)
                }
            }
            // Not coverage (a run never evaluates it here), but it was tried: for SM005.
            guard alsoEnabled else {
                coverage?.guardOutcomes[other] |= CoverageRecorder.falseInOverlapCheck
                continue
            }
            coverage?.enabled[other] = true
            if !overlaps.contains(where: { $0.first == t && $0.second == other }) {
                overlaps.append(
                    .init(first: t, second: other, event: currentEvent, variables: currentVariables, midMacrostep: !selectingHostEvent))
            }
        }
    }

    private func isGuarded(_ t: Int) -> Bool {
        switch hot.guardKind[t] {
        case .program, .opaque: true
        case .none, .otherwise: false
        }
    }

    /// SCXML's removeConflictingTransitions: of two transitions whose exit sets overlap, the one from the
    /// descendant state (or, otherwise, the earlier one) wins.
    mutating func removeConflictingTransitions() {
        if exitSetsAreDisjoint() { return }
        var kept: [(transition: Int32, option: Int32, exit: StateSet)] = []
        for i in 0..<selectedCount {
            let t1 = Int(selected[i])
            let exit1 = exitSet(of: t1, option: Int(selectedOption[i]))
            var preempted = false
            var toRemove: [Int] = []
            for (k, entry) in kept.enumerated() where exit1.intersects(entry.exit) {
                if tree.isDescendant(machine.transitions[t1].source, of: machine.transitions[Int(entry.transition)].source) {
                    toRemove.append(k)
                } else {
                    preempted = true
                    break
                }
            }
            guard !preempted else { continue }
            for k in toRemove.reversed() { kept.remove(at: k) }
            kept.append((selected[i], selectedOption[i], exit1))
        }
        selectedCount = kept.count
        for (i, entry) in kept.enumerated() {
            selected[i] = entry.transition
            selectedOption[i] = entry.option
        }
    }

    /// True when every selected transition has a precomputed exit mask and no two of them exit a common active
    /// state: nothing conflicts (transitions in different parallel regions, the common case), found without
    /// allocating. O(k² · words) for k selected transitions.
    private func exitSetsAreDisjoint() -> Bool {
        for i in 0..<selectedCount {
            if let option = selectedOptionIndex(i), hot.optionIsDynamic[option] { return false }
        }
        for i in 0..<selectedCount {
            guard let optionI = selectedOptionIndex(i) else { continue }  // targetless: exits nothing
            let maskI = hot.exitMask(of: optionI, words: words)
            for j in (i + 1)..<selectedCount {
                guard let optionJ = selectedOptionIndex(j) else { continue }
                let maskJ = hot.exitMask(of: optionJ, words: words)
                for w in 0..<words where maskI[w] & maskJ[w] & configuration[w] != 0 { return false }
            }
        }
        return true
    }

    /// Where the `i`-th selected transition's chosen target option is in the option tables; nil when it is
    /// targetless.
    @inline(__always)
    func selectedOptionIndex(_ i: Int) -> Int? {
        let base = hot.optionBase[Int(selected[i])]
        return base < 0 ? nil : Int(base + selectedOption[i])
    }

    /// The states `t` would exit in the current configuration.
    func exitSet(of t: Int, option: Int) -> StateSet {
        var result = StateSet(capacity: tree.count)
        guard hot.optionBase[t] >= 0 else { return result }
        let mask = exitMask(of: t, option: option)
        result = StateSet(words: (0..<words).map { configuration[$0] & mask[$0] })
        return result
    }

    /// The proper descendants of the transition's domain for the chosen option, resolving history now if needed.
    func exitMask(of t: Int, option: Int) -> [UInt64] {
        let index = Int(hot.optionBase[t]) + option
        guard hot.optionIsDynamic[index] else {
            return Array(UnsafeBufferPointer(start: hot.exitMask(of: index, words: words), count: words))
        }
        let transition = machine.transitions[t]
        let effective = EntrySet(tree: tree, history: history).effectiveTargets(transition.options[option].targets)
        return tree.descendants[tree.domain(source: transition.source, targets: effective, isLocal: transition.isLocal)].words
    }

    // MARK: - Choices

    /// The guard's outcome in this selection: asked of the host (or drawn from the choices) the first time only.
    private mutating func opaqueGuard(_ id: Int) throws(EngineError) -> Bool {
        if opaqueOutcomes[id] >= 0 { return opaqueOutcomes[id] == 1 }
        let outcome: Bool
        if let host {
            guard id < host.guards.count, let predicate = host.guards[id] else {
                let name = machine.spec.opaqueGuards[id]
                throw EngineError(.missingHostFunction(name: name), "no guard is registered for '?\(name)'")
            }
            outcome = predicate(hostCall(name: machine.spec.opaqueGuards[id]))
        } else {
            outcome = choices.next(arity: 2) == 1
        }
        opaqueOutcomes[id] = outcome ? 1 : 0
        return outcome
    }

    @inline(__always)
    private mutating func forgetOpaqueOutcomes() {
        guard !opaqueOutcomes.isEmpty else { return }
        for id in opaqueOutcomes.indices { opaqueOutcomes[id] = -1 }
    }

    private mutating func chooseOption(_ t: Int) -> Int {
        if let trace { trace.pointee.refuseReplay() }
        let transition = machine.transitions[t]
        if let resolver = host?.resolver {
            let request = OneOfRequest(transition: t, options: transition.options.map { machine.path(of: $0.targets[0]) })
            return min(max(resolver(request), 0), transition.options.count - 1)
        }
        if host != nil { return 0 }
        return choices.next(arity: transition.options.count)
    }

    func hostCall(name: String) -> HostCall {
        guard let event = currentEvent else { return HostCall(name: name, event: nil, arguments: [:]) }
        let declaration = machine.spec.events[event.event]
        var arguments: [String: Value] = [:]
        for (i, parameter) in declaration.parameters.enumerated() {
            arguments[parameter.name] = Machine.decode(event.arguments[i], as: parameter.type)
        }
        return HostCall(name: name, event: declaration.name, arguments: arguments)
    }

    func describeVariables() -> String {
        let variables = machine.spec.variables
        guard !variables.isEmpty else { return "no variables" }
        return variables.enumerated().map { i, v in "\(v.name) = \(Machine.decode(self.variables[i], as: v.type))" }.joined(separator: ", ")
    }
}
