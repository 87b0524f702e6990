// What the Swift code generator (SMCodegen) reads from a compiled machine: the same dispatch order, transition
// domains and entry sets the step uses, so generated code cannot drift from the engine.
extension Machine {
    /// One way a transition's targets can resolve (one, or one per `oneOf` target), as the step takes it.
    package struct TargetOption: Sendable {
        /// The targets as written (history states included).
        package let targets: [Int]
        /// A target is a history state: the domain and the entry set depend on what it recorded.
        package let isDynamic: Bool
        /// The transition domain; -1 when dynamic.
        package let domain: Int
        /// The states entered, in order, when this is the only transition of its microstep; empty when dynamic.
        package let entryOrder: [Int]
    }

    /// The transitions of `state` that match `event` (its own key or `*`), in the order the step tries them.
    package func transitions(of state: Int, on event: Int) -> [Int] {
        let slot = state * eventCount + event
        return Array(dispatchPool[dispatchStart[slot]..<dispatchStart[slot + 1]])
    }

    /// The eventless transitions of `state`, in order.
    package func eventlessTransitions(of state: Int) -> [Int] {
        Array(eventlessPool[eventlessStart[state]..<eventlessStart[state + 1]])
    }

    /// The implicit `done.state` event of a compound or parallel state.
    package func doneEvent(of state: Int) -> Int? { doneEvent[state] >= 0 ? doneEvent[state] : nil }

    /// The target options of a transition: none for a targetless one.
    package func targetOptions(of transition: Int) -> [TargetOption] {
        transitions[transition].options.map {
            TargetOption(targets: $0.targets, isDynamic: $0.isDynamic, domain: $0.domain, entryOrder: $0.entryOrder)
        }
    }

    /// The states the start enters, in order.
    package var startEntryOrder: [Int] {
        var entry = EntrySet(tree: tree, history: [])
        entry.add(targets: [tree.initialTarget[0]], domain: 0)
        return Array(entry.statesToEnter)
    }

    /// For a compound state (or the root): the descendant a default entry goes to.
    package func initialTarget(of state: Int) -> Int? { tree.initialTarget[state] >= 0 ? tree.initialTarget[state] : nil }

    /// For a history state: where it goes when nothing is recorded.
    package func historyDefaults(of historyState: Int) -> [Int] { tree.historyDefaults[historyState] }

    /// For a history state: the states it records among the active ones when its parent is exited.
    package func historyMask(of historyState: Int) -> StateSet { tree.historyMasks[tree.historyOrdinal[historyState]] }

    /// SCXML's getTransitionDomain for a transition from `source` to the effective targets `targets`.
    package func domain(source: Int, targets: [Int], isLocal: Bool) -> Int {
        tree.domain(source: source, targets: targets, isLocal: isLocal)
    }
}

extension Machine {
    /// What a transition from `source` to `targets` enters when the history states hold `recorded` (the others
    /// nothing): its domain and the states in order, as the step computes them for a history target.
    package func entry(source: Int, targets: [Int], isLocal: Bool, recorded: [Int: StateSet]) -> (domain: Int, states: [Int]) {
        var entry = EntrySet(tree: tree, history: tree.historyStates.map { recorded[$0] })
        let domain = tree.domain(source: source, targets: entry.effectiveTargets(targets), isLocal: isLocal)
        entry.add(targets: targets, domain: domain)
        return (domain, Array(entry.statesToEnter))
    }
}
