import SMSpec

// SCXML's microstep: exitStates, executeTransitionContent, enterStates.
extension StepCore {
    /// Takes the selected transitions: exits (innermost first, recording history), transition actions (in order),
    /// entries (outermost first).
    mutating func microstep() throws(EngineError) {
        microstepCount += 1
        for i in 0..<selectedCount {
            recentTransitions[recentCount % Self.recentCapacity] = selected[i]
            recentCount += 1
        }
        if microstepCount > maxMicrosteps {
            // Selected, not taken: why it may never be taken at all (SM005).
            if let coverage {
                for i in 0..<selectedCount { coverage.guardOutcomes[Int(selected[i])] |= CoverageRecorder.selectedPastLimit }
            }
            throw infiniteLoopError(notTaken: selectedCount)
        }
        if recordsMicrosteps {
            microsteps.append(Microstep(event: currentEvent, transitions: (0..<selectedCount).map { Int(selected[$0]) }))
        }
        if let coverage {
            for i in 0..<selectedCount where !coverage.taken[Int(selected[i])] {
                coverage.taken[Int(selected[i])] = true
                coverage.discoveries.pointee += 1
            }
        }

        try exitStates()
        for i in 0..<selectedCount where hot.hasActions[Int(selected[i])] {
            try execute(hot.actionCode.transition(Int(selected[i])))
        }
        if selectedCount == 1 {
            guard let option = selectedOptionIndex(0) else { return }  // targetless
            if !hot.optionIsDynamic[option] {
                try enter(from: hot.optionEntryStart[option], to: hot.optionEntryStart[option + 1])
                return
            }
        }
        try enterComputed()
    }

    /// Exits the union of the selected transitions' exit sets, in reverse document order.
    private mutating func exitStates() throws(EngineError) {
        var any: UInt64 = 0
        // A single targetless transition exits nothing.
        if selectedCount == 1 && hot.optionBase[Int(selected[0])] < 0 { return }
        if selectedCount == 1, let option = selectedOptionIndex(0), !hot.optionIsDynamic[option] {
            let mask = hot.exitMask(of: option, words: words)
            for w in 0..<words {
                exitScratch[w] = configuration[w] & mask[w]
                any |= exitScratch[w]
            }
        } else {
            for w in 0..<words { exitScratch[w] = 0 }
            for i in 0..<selectedCount where hot.optionBase[Int(selected[i])] >= 0 {
                let mask = exitMask(of: Int(selected[i]), option: Int(selectedOption[i]))
                for w in 0..<words {
                    exitScratch[w] |= configuration[w] & mask[w]
                    any |= exitScratch[w]
                }
            }
        }
        guard any != 0 else { return }
        // Record history before anything is exited: the configuration is still complete.
        if hasHistory { recordHistory() }
        for w in stride(from: words - 1, through: 0, by: -1) {
            var bits = exitScratch[w]
            while bits != 0 {
                let bit = 63 - bits.leadingZeroBitCount
                bits &= ~(1 << UInt64(bit))
                let state = w << 6 | bit
                if recordsMicrosteps { microsteps[microsteps.count - 1].records.append(.exit(state)) }
                if hot.hasExitActions[state] { try execute(hot.actionCode.exit(state)) }
                deactivate(state)
            }
        }
    }

    /// For each exited state with history children: deep history keeps the active leaves below it, shallow
    /// history its active children (`StateTree.historyMasks`).
    private mutating func recordHistory() {
        for w in 0..<words {
            var bits = exitScratch[w]
            while bits != 0 {
                let state = w << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                for h in tree.historyChildren[state] {
                    let ordinal = tree.historyOrdinal[h]
                    // Taken out of the array so its storage stays unshared and is reused.
                    var recorded = history[ordinal].take() ?? StateSet(capacity: tree.count)
                    recorded.overwrite(with: tree.historyMasks[ordinal], in: configuration)
                    history[ordinal] = recorded
                }
            }
        }
        if let tracking { tracking.rewriteHistory(history, codec: trackingCodec!) }
    }

    /// The entry set for several transitions or a history target, computed now.
    private mutating func enterComputed() throws(EngineError) {
        var entry = EntrySet(tree: tree, history: history)
        for i in 0..<selectedCount {
            let transition = machine.transitions[Int(selected[i])]
            guard !transition.isTargetless else { continue }
            let targets = transition.options[Int(selectedOption[i])].targets
            let effective = entry.effectiveTargets(targets)
            entry.add(targets: targets, domain: tree.domain(source: transition.source, targets: effective, isLocal: transition.isLocal))
        }
        for state in entry.statesToEnter { try enter(state) }
    }

    private mutating func enter(from start: Int32, to end: Int32) throws(EngineError) {
        var i = Int(start)
        while i < Int(end) {
            try enter(Int(hot.optionEntryPool[i]))
            i += 1
        }
    }

    /// Enters one state: entry actions, completion events, halting at a top-level final state.
    @inline(__always)
    mutating func enter(_ state: Int) throws(EngineError) {
        activate(state)
        if recordsMicrosteps { microsteps[microsteps.count - 1].records.append(.enter(state)) }
        entered(state)
        if hot.hasEntryActions[state] { try execute(hot.actionCode.entry(state)) }
        guard hot.kind[state] == .final else { return }
        let parent = Int(hot.parent[state])
        if parent == 0 {
            isHalted = true
            return
        }
        // A final region (SCXML has none) is done at once: its parallel is done when every other region is.
        let completed = hot.kind[parent] == .parallel ? parent : Int(hot.parent[parent])
        if completed != parent { raiseInternal(EventInstance(event: Int(hot.doneEvent[parent]))) }
        if completed > 0, hot.kind[completed] == .parallel,
            tree.children[completed].allSatisfy({ hot.kind[$0] == .history || isInFinalState($0) })
        {
            raiseInternal(EventInstance(event: Int(hot.doneEvent[completed])))
        }
    }

    /// SCXML's isInFinalState, for an active state; a final state (a region of a parallel one) is.
    func isInFinalState(_ state: Int) -> Bool {
        switch hot.kind[state] {
        case .compound: tree.children[state].contains { hot.kind[$0] == .final && isActive($0) }
        case .parallel: tree.children[state].allSatisfy { hot.kind[$0] == .history || isInFinalState($0) }
        case .final: true
        default: false
        }
    }

    mutating func raiseInternal(_ event: EventInstance) {
        guard event.event >= 0 else { return }
        internalQueue.append(event)
    }

    /// `notTaken`: how many of the recent transitions (the last) make the microstep past the limit. The error holds
    /// the transitions taken (what the loop is: its signature must not depend on where the limit stopped it); the
    /// message also names the ones stopped, as the generated code's does (`MacrostepEmitter`).
    private func infiniteLoopError(notTaken: Int) -> EngineError {
        let recent = recentTransitionList
        // The last 8 selected, as the generated code keeps them.
        let names = recent.suffix(8).map { machine.spec.describe(machine.spec.transitions[$0]) }
        return EngineError(
            .infiniteLoop(transitions: Array(recent.dropLast(notTaken))),
            SpecMessages.noStableConfiguration(limit: machine.options.maxMicrosteps) + "; "
                + Self.lastTransitions(names, notTaken: notTaken),
            // The values the loop reached, not those before the event: a loop that counts runs far from them.
            variables: currentVariables
        )
    }

    /// "the last transitions taken were a; b, and the limit stopped the next: c" from the last transitions selected,
    /// of which the last `notTaken` were stopped (the generated code writes the same).
    static func lastTransitions(_ names: [String], notTaken: Int) -> String {
        let taken = names.dropLast(min(notTaken, names.count))
        let stopped = (notTaken > names.count ? ["…"] : []) + names.suffix(notTaken)
        let next = "the limit stopped the next: \(stopped.joined(separator: "; "))"
        return taken.isEmpty ? next : "the last transitions taken were \(taken.joined(separator: "; ")), and \(next)"
    }
}
