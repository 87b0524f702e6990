public import SMSpec

/// A spec compiled into flat tables: the one representation the runtime, the explorer and the fuzzer all step.
///
/// States are dense ids in document order (root = 0); a configuration is a bitset of `words` 64-bit words;
/// transitions are looked up by (state, event) in a flat table; expressions are bytecode over variable slots.
/// Everything here is immutable after `init`, so one machine is shared by any number of threads.
public final class Machine: Sendable {
    public let spec: ResolvedSpec
    /// Words per configuration bitset.
    package let words: Int
    package var stateCount: Int { spec.states.count }
    package var eventCount: Int { spec.events.count }
    package var transitionCount: Int { transitions.count }

    // MARK: States
    package let tree: StateTree
    /// The history states, in document order; `MachineState.history` is indexed like this.
    package var historyStates: [Int] { tree.historyStates }
    /// For compound and parallel states: the implicit `done.state` event; -1 otherwise.
    package let doneEvent: [Int]

    // MARK: Transitions
    package let transitions: [CompiledTransition]
    /// Transitions of `state` whose trigger matches `event` (`ResolvedTransition.matchedEvents`), in order, are
    /// `dispatchPool[dispatchStart[state * eventCount + event] ..< dispatchStart[state * eventCount + event + 1]]`.
    package let dispatchStart: [Int]
    package let dispatchPool: [Int]
    /// Eventless transitions of each state, in order: `eventlessPool[eventlessStart[state] ..< eventlessStart[state + 1]]`.
    package let eventlessStart: [Int]
    package let eventlessPool: [Int]
    /// For each event, `words` words: the leaves with an ancestor-or-self that has a transition matching it.
    package let eventCandidateWords: [UInt64]
    /// The leaves with an ancestor-or-self that has an eventless transition.
    package let eventlessCandidateWords: [UInt64]

    // MARK: Data
    package let entryActions: [[CompiledAction]]
    package let exitActions: [[CompiledAction]]
    let hasEntryActions: [Bool]
    let hasExitActions: [Bool]
    package let invariants: [Program]
    /// Inclusive bounds of each variable's values (bools 0...1, enums 0..<count).
    package let variableRange: [ClosedRange<Int>]
    /// Inclusive bounds of each event's parameters.
    package let parameterRanges: [[ClosedRange<Int>]]
    package let initialVariables: [Int]
    package var options: Spec.Options { spec.options }
    let maximumParameters: Int
    /// Raw copies of the tables above that the step reads on every event.
    private(set) nonisolated(unsafe) var hot: HotTables!

    /// Compiles a spec, resolving it first; a spec that does not resolve throws its diagnostics.
    public convenience init(_ spec: Spec) throws(SpecError) {
        self.init(resolved: try spec.resolve())
    }

    package init(resolved spec: ResolvedSpec) {
        self.spec = spec
        let n = spec.states.count
        let tree = StateTree(spec)
        self.tree = tree
        words = tree.words
        var done = Array(repeating: -1, count: n)
        for event in spec.events { if let s = event.doneStateOf { done[s] = event.index } }
        doneEvent = done

        variableRange = spec.variables.map { Self.range(of: $0.type) }
        parameterRanges = spec.events.map { $0.parameters.map { Self.range(of: $0.type) } }
        initialVariables = spec.variables.map { Self.encode($0.initial, as: $0.type) }
        maximumParameters = spec.events.map(\.parameters.count).max() ?? 0
        entryActions = spec.states.map { CompiledAction.compile($0.entry) }
        exitActions = spec.states.map { CompiledAction.compile($0.exit) }
        hasEntryActions = entryActions.map { !$0.isEmpty }
        hasExitActions = exitActions.map { !$0.isEmpty }
        invariants = spec.invariants.map { Program($0.expression) }

        // Dispatch tables, flat so the hot loop reads ints and never retains an inner array.
        let e = spec.events.count
        var table = Array(repeating: [Int](), count: n * e)
        for state in spec.states {
            for t in state.transitions {
                for event in spec.transitions[t].matchedEvents { table[state.index * e + event].append(t) }
            }
        }
        let flatDispatch = Self.flatten(table)
        dispatchStart = flatDispatch.start
        dispatchPool = flatDispatch.pool
        let flatEventless = Self.flatten(spec.states.map(\.eventless))
        eventlessStart = flatEventless.start
        eventlessPool = flatEventless.pool
        var candidates = Array(repeating: StateSet(capacity: n), count: e)
        var eventlessLeaves = StateSet(capacity: n)
        for leaf in tree.leaves {
            for s in [leaf] + spec.ancestors(of: leaf) {
                for event in 0..<e where !table[s * e + event].isEmpty { candidates[event].insert(leaf) }
                if !spec.states[s].eventless.isEmpty { eventlessLeaves.insert(leaf) }
            }
        }
        eventCandidateWords = candidates.flatMap(\.words)
        eventlessCandidateWords = eventlessLeaves.words
        transitions = spec.transitions.map { CompiledTransition($0, tree: tree) }
        hot = HotTables(machine: self)
    }

    deinit { hot.deallocate() }

    private static func flatten(_ lists: [[Int]]) -> (start: [Int], pool: [Int]) {
        var start: [Int] = [0]
        var pool: [Int] = []
        for list in lists {
            pool += list
            start.append(pool.count)
        }
        return (start, pool)
    }

    /// The run-time encoding of a value: bools 0/1, ints as themselves, enums as the index of the value.
    package static func encode(_ value: Value, as type: ValueType) -> Int {
        switch (value, type) {
        case (.bool(let b), _): b ? 1 : 0
        case (.int(let i), _): i
        case (.enumCase(let name), .enumeration(let values)): values.firstIndex(of: name) ?? -1
        default: -1
        }
    }

    /// The value a run-time encoding stands for.
    package static func decode(_ encoded: Int, as type: ValueType) -> Value {
        switch type {
        case .bool: .bool(encoded != 0)
        case .int: .int(encoded)
        case .enumeration(let values): .enumCase(values.indices.contains(encoded) ? values[encoded] : "?")
        }
    }

    package static func range(of type: ValueType) -> ClosedRange<Int> {
        switch type {
        case .bool: 0...1
        case .int(let min, let max): min...max
        case .enumeration(let values): 0...(values.count - 1)
        }
    }
}

extension Machine {
    /// The state at a path or unique name, as a reference would resolve it.
    public func state(named reference: String) -> Int? { spec.state(named: reference)?.index }
    public func event(named name: String) -> Int? { spec.event(named: name)?.index }
    public func path(of state: Int) -> String { spec.states[state].displayPath }
    package func isLeaf(_ state: Int) -> Bool { tree.leaves.contains(state) }
}
