package import SMEngine
package import SMSolver
import SMSpec

/// A macrostep had more paths than the limit allows.
package struct PathLimitExceeded: Error, Sendable {
    package let message: String
}

/// The engine's macrostep (SCXML's algorithm, as `StepCore` runs it in Sources/SMEngine/SCXML) run on the same
/// compiled tables with the control state concrete and the values symbolic: where the engine evaluates a guard, an
/// `if` or a range check on values, this step follows each outcome that can happen, under the condition that makes
/// it happen. A macrostep from one control state and event is thus a finite list of `SymbolicPath`s, which together
/// say exactly what the engine does for every value of the variables and the event's parameters.
///
/// Each part mirrors the engine's function of the same name; a differential test (SMSymbolicTests) keeps the two
/// in agreement on every spec of the repository.
package struct SymbolicStepper {
    package let machine: Machine
    let tree: StateTree
    /// Whether conditions can all hold for some values in the declared domains, for the external event given (or
    /// none). Answering true when unsure is always safe: the conditions stay on the path.
    let isFeasible: (_ event: Int?, _ conditions: [Formula]) -> Bool
    /// Something simpler that a value of the type given equals wherever the conditions hold
    /// (`PathFeasibility.simpler`), or nil.
    let simpler: (_ event: Int?, _ conditions: [Formula], _ value: TypedExpression, _ type: ValueType) -> TypedExpression?
    package let maximumPaths: Int
    /// Whether to give up (the time limit ran out, or the user cancelled): asked before each microstep, so one
    /// macrostep of many microsteps cannot run past the limit.
    /// Why stepping must stop now ("cancelled", "the time limit ran out"), or nil to go on.
    let stopReason: () -> String?
    private let hasEventless: Bool
    private let variableTypes: [ValueType]

    /// The most nodes a variable's or parameter's value may have, written out as a tree. Values build on the last
    /// microstep's (`x = x * x` doubles the tree each time), so without a bound one macrostep of a hundred microsteps
    /// would never finish.
    package static let maximumValueNodes = 10_000

    package init(
        machine: Machine, maximumPaths: Int = 4096,
        isFeasible: @escaping (_ event: Int?, _ conditions: [Formula]) -> Bool = { _, _ in true },
        simpler: @escaping (_ event: Int?, _ conditions: [Formula], _ value: TypedExpression, _ type: ValueType) -> TypedExpression? = {
            _, _, _, _ in nil
        },
        stopReason: @escaping () -> String? = { nil }
    ) {
        self.machine = machine
        self.tree = machine.tree
        self.isFeasible = isFeasible
        self.simpler = simpler
        self.stopReason = stopReason
        self.maximumPaths = maximumPaths
        self.hasEventless = machine.eventlessCandidateWords.contains { $0 != 0 }
        self.variableTypes = machine.spec.variables.map(\.type)
    }

    typealias Paths = [PathState]

    // MARK: - Entry points

    /// The start (SCXML's interpret()): the initial configuration entered with the initial values, run to
    /// completion. Its paths differ only by the choices met (the values are constants).
    package func start() throws(PathLimitExceeded) -> [SymbolicPath] {
        let variables = machine.initialVariables.enumerated().map { i, value in Self.constant(value, variableTypes[i]) }
        var initial = PathState(
            control: ControlState(
                configuration: StateSet(capacity: tree.count),
                history: Array(repeating: nil, count: tree.historyStates.count)),
            variables: variables, stateCount: tree.count)
        initial.configuration.insert(0)
        var entry = EntrySet(tree: tree, history: initial.history)
        entry.add(targets: [tree.initialTarget[0]], domain: 0)
        var paths: Paths = [initial]
        for state in entry.statesToEnter { paths = try then(paths) { p throws(PathLimitExceeded) in try enter(state, p) } }
        paths = try then(paths) { p in
            var p = p
            p.microsteps = 1
            p.hostHandled = true
            return [p]
        }
        paths = try then(paths, runToCompletion)
        paths = try then(paths) { p in
            var p = p
            p.recordEnd()
            return [p]
        }
        paths = try then(paths, drainExternalQueue)
        return paths.map(\.result)
    }

    /// One external event from a control state, with every variable and parameter symbolic (`StepCore.process`).
    package func macrostep(from control: ControlState, event: Int) throws(PathLimitExceeded) -> [SymbolicPath] {
        var initial = PathState(control: control, variables: variableTypes.indices.map { .variable($0) }, stateCount: tree.count)
        initial.halted = Self.isHalted(control.configuration, tree)
        let arguments = machine.spec.events[event].parameters.indices.map { TypedExpression.parameter($0) }
        initial.externalEvent = event
        var paths = try macrostep(initial, event: event, arguments: arguments, fromHost: true)
        paths = try then(paths, drainExternalQueue)
        return paths.map(\.result)
    }

    // MARK: - The event loop (Macrostep.swift)

    private func macrostep(_ p: PathState, event: Int, arguments: [TypedExpression], fromHost: Bool) throws(PathLimitExceeded) -> Paths {
        var p = p
        p.microsteps = 0
        p.recent = []
        guard !p.halted else { return [p] }
        p.currentEvent = event
        p.parameters = arguments
        var paths = try selectTransitions(p, event: event)
        paths = try then(paths) { q throws(PathLimitExceeded) in
            var q = q
            let handled = !q.selected.isEmpty
            if fromHost { q.hostHandled = handled }
            if handled {
                q.handledEvents.insert(event)
                return try microstep(q)
            }
            if fromHost && machine.options.unhandled == .error {
                return [
                    q.failing(
                        .unhandledEvent(event: event), "event '\(machine.spec.events[event].name)' is not handled",
                        at: nil)
                ]
            }
            return [q]
        }
        paths = try then(paths) { q throws(PathLimitExceeded) in
            hasEventless || q.internalHead < q.internalQueue.count || q.halted ? try runToCompletion(q) : [q]
        }
        return try then(paths) { q in
            var q = q
            q.recordEnd()
            return [q]
        }
    }

    /// After a microstep: eventless transitions, then internal events, until neither is left.
    private func runToCompletion(_ p: PathState) throws(PathLimitExceeded) -> Paths {
        var finished: Paths = []
        var work: Paths = [p]
        while let q = work.popLast() {
            if q.failure != nil { finished.append(q); continue }
            if q.halted {
                var done = q
                done.internalQueue.removeAll()
                done.internalHead = 0
                finished.append(done)
                continue
            }
            var afterSelection: Paths
            if hasEventless {
                afterSelection = try selectEventlessTransitions(q)
            } else {
                var none = q
                none.selected = []
                afterSelection = [none]
            }
            for r in afterSelection {
                if r.failure != nil { finished.append(r); continue }
                if !r.selected.isEmpty {
                    work += try microstep(r)
                    continue
                }
                guard r.internalHead < r.internalQueue.count else {
                    finished.append(r)
                    continue
                }
                var s = r
                let (event, arguments) = s.internalQueue[s.internalHead]
                s.internalHead += 1
                s.currentEvent = event
                s.parameters = arguments
                for t in try selectTransitions(s, event: event) {
                    var u = t
                    if u.failure == nil && !u.selected.isEmpty {
                        u.handledEvents.insert(event)
                        work += try microstep(u)
                    } else {
                        work.append(u)
                    }
                }
            }
            try checkLimit(work.count + finished.count)
        }
        return finished
    }

    /// Events sent with `send` run after the macrostep that sent them, each to completion.
    private func drainExternalQueue(_ p: PathState) throws(PathLimitExceeded) -> Paths {
        var finished: Paths = []
        var work: Paths = [p]
        while let q = work.popLast() {
            guard q.failure == nil, q.externalHead < q.externalQueue.count else {
                finished.append(q)
                continue
            }
            var r = q
            let (event, arguments) = r.externalQueue[r.externalHead]
            r.externalHead += 1
            r.drained += 1
            if r.drained > machine.options.maxMicrosteps {
                finished.append(
                    r.failing(
                        .infiniteLoop(transitions: r.recent),
                        SpecMessages.tooManySends(limit: machine.options.maxMicrosteps),
                        at: nil))
                continue
            }
            work += try macrostep(r, event: event, arguments: arguments, fromHost: false)
            try checkLimit(work.count + finished.count)
        }
        return finished
    }

    // MARK: - Selection (SelectTransitions.swift)

    private func selectTransitions(_ p: PathState, event: Int) throws(PathLimitExceeded) -> Paths {
        var start = p
        start.selected = []
        start.opaqueOutcomes = [:]
        var paths: Paths = [start]
        let e = machine.eventCount
        for leaf in p.configuration where tree.leaves.contains(leaf) {
            let chain = [leaf] + tree.ancestors[leaf]
            paths = try then(paths) { q throws(PathLimitExceeded) in
                try selectFromChain(q, chain) { state in
                    let slot = state * e + event
                    return machine.dispatchPool[machine.dispatchStart[slot]..<machine.dispatchStart[slot + 1]]
                }
            }
        }
        return try then(paths) { [removeConflictingTransitions($0)] }
    }

    private func selectEventlessTransitions(_ p: PathState) throws(PathLimitExceeded) -> Paths {
        var start = p
        start.selected = []
        start.opaqueOutcomes = [:]
        var paths: Paths = [start]
        let candidates = StateSet(words: machine.eventlessCandidateWords)
        for leaf in p.configuration where candidates.contains(leaf) {
            paths = try then(paths) { q throws(PathLimitExceeded) in
                var result: Paths = []
                for (r, selected) in selectFrom(q, eventless(leaf)) {
                    if r.failure != nil || selected { result.append(r); continue }
                    if tree.kind[leaf] == .choice {
                        result.append(
                            r.failing(
                                .incompleteChoice(state: leaf),
                                "incomplete choice: no branch of '\(machine.path(of: leaf))' is enabled",
                                at: machine.spec.states[leaf].location))
                        continue
                    }
                    result += try selectFromChain(r, tree.ancestors[leaf], lists: eventless)
                }
                return result
            }
        }
        return try then(paths) { [removeConflictingTransitions($0)] }
    }

    private func eventless(_ state: Int) -> ArraySlice<Int> {
        machine.eventlessPool[machine.eventlessStart[state]..<machine.eventlessStart[state + 1]]
    }

    /// Tries the lists of the states in `chain` (inner first) until one selects a transition.
    private func selectFromChain(_ p: PathState, _ chain: [Int], lists: (Int) -> ArraySlice<Int>) throws(PathLimitExceeded) -> Paths {
        var finished: Paths = []
        var work: [(PathState, Int)] = [(p, 0)]
        while let (q, index) = work.popLast() {
            guard index < chain.count else {
                finished.append(q)
                continue
            }
            for (r, selected) in selectFrom(q, lists(chain[index])) {
                if r.failure != nil || selected { finished.append(r) } else { work.append((r, index + 1)) }
            }
            try checkLimit(work.count + finished.count)
        }
        return finished
    }

    /// The transitions of one list in order; the first enabled one is selected. Each outcome with whether a
    /// transition was selected (failed paths count as selected: they stop).
    private func selectFrom(_ p: PathState, _ list: ArraySlice<Int>) -> [(PathState, Bool)] {
        var finished: [(PathState, Bool)] = []
        var work: [(PathState, Int)] = [(p, list.startIndex)]
        while let (q, position) = work.popLast() {
            guard position < list.endIndex else {
                finished.append((q, false))
                continue
            }
            let t = list[position]
            if q.isSelected(t) {
                finished.append((q, true))
                continue
            }
            for (r, enabled) in guardOutcomes(q, t) {
                guard let enabled else {
                    finished.append((r, true))
                    continue
                }
                guard enabled else {
                    work.append((r, position + 1))
                    continue
                }
                let transition = machine.transitions[t]
                let options = transition.isOneOf && transition.options.count > 1 ? Array(transition.options.indices) : [0]
                for option in options {
                    var s = r
                    if options.count > 1 { s.choices.append(option) }
                    s.selected.append((t, option))
                    recordOverlaps(&s, of: t, later: list[(position + 1)...])
                    finished.append((s, true))
                }
            }
        }
        return finished
    }

    /// The outcomes of a transition's guard: enabled (true), not (false), or failing (nil).
    private func guardOutcomes(_ p: PathState, _ t: Int) -> [(PathState, Bool?)] {
        let transition = machine.transitions[t]
        switch transition.guardCondition {
        case .none, .otherwise:
            return [(p, true)]
        case .opaque(let id):
            if let known = p.opaqueOutcomes[id] { return [(p, known)] }
            return [0, 1].map { value in
                var q = p
                q.choices.append(value)
                q.opaqueOutcomes[id] = value == 1
                return (q, value == 1)
            }
        case .program(let program):
            let description = machine.spec.describe(machine.spec.transitions[t])
            return decide(
                p, substitute(program.expression, in: p),
                failure: ("range violation: division by zero or overflow in the guard of \(description)", transition.location))
        }
    }

    /// SM004, as the engine records it: a later guarded transition of the same list enabled too.
    private func recordOverlaps(_ p: inout PathState, of t: Int, later: ArraySlice<Int>) {
        guard isGuarded(t), tree.kind[machine.transitions[t].source] != .choice else { return }
        for other in later {
            switch machine.transitions[other].guardCondition {
            case .opaque(let id):
                // Possibly true, unless this selection already asked it.
                guard p.opaqueOutcomes[id] != false else { continue }
                p.overlaps.append(SymbolicOverlap(first: t, second: other, conditions: p.conditions))
            case .program(let program):
                let guardValue = substitute(program.expression, in: p)
                if case .success(let value) = Substitution.constant(guardValue), value == 0 { continue }
                if case .failure = Substitution.constant(guardValue) { continue }
                p.overlaps.append(SymbolicOverlap(first: t, second: other, conditions: p.conditions + [.holds(guardValue)]))
            case .none, .otherwise:
                continue
            }
        }
    }

    private func isGuarded(_ t: Int) -> Bool {
        switch machine.transitions[t].guardCondition {
        case .program, .opaque: true
        case .none, .otherwise: false
        }
    }

    /// SCXML's removeConflictingTransitions: of two transitions whose exit sets overlap, the one from the
    /// descendant state (or, otherwise, the earlier one) wins.
    private func removeConflictingTransitions(_ p: PathState) -> PathState {
        guard p.selected.count > 1 else { return p }
        var kept: [(transition: Int, option: Int, exit: StateSet)] = []
        for (t1, option) in p.selected {
            let exit1 = exitSet(p, t1, option)
            var preempted = false
            var toRemove: [Int] = []
            for (k, entry) in kept.enumerated() where exit1.intersects(entry.exit) {
                if tree.isDescendant(machine.transitions[t1].source, of: machine.transitions[entry.transition].source) {
                    toRemove.append(k)
                } else {
                    preempted = true
                    break
                }
            }
            guard !preempted else { continue }
            for k in toRemove.reversed() { kept.remove(at: k) }
            kept.append((t1, option, exit1))
        }
        var q = p
        q.selected = kept.map { ($0.transition, $0.option) }
        return q
    }

    /// The states `t` exits from the path's configuration, with the chosen target option.
    private func exitSet(_ p: PathState, _ t: Int, _ option: Int) -> StateSet {
        let transition = machine.transitions[t]
        guard !transition.isTargetless else { return StateSet(capacity: tree.count) }
        let chosen = transition.options[option]
        let mask: StateSet
        if chosen.isDynamic {
            let effective = EntrySet(tree: tree, history: p.history).effectiveTargets(chosen.targets)
            mask = tree.descendants[tree.domain(source: transition.source, targets: effective, isLocal: transition.isLocal)]
        } else {
            mask = chosen.exitMask
        }
        return p.configuration.intersection(mask)
    }

    // MARK: - The microstep (Microstep.swift)

    private func microstep(_ p: PathState) throws(PathLimitExceeded) -> Paths {
        if let reason = stopReason() { throw PathLimitExceeded(message: "\(reason) in the middle of a macrostep") }
        var p = p
        p.microsteps += 1
        for (t, _) in p.selected { p.recent.append(t) }
        if p.recent.count > PathState.recentCapacity { p.recent.removeFirst(p.recent.count - PathState.recentCapacity) }
        if p.microsteps > machine.options.maxMicrosteps {
            return [
                p.failing(
                    // The transitions taken, as the engine's error holds them.
                    .infiniteLoop(transitions: Array(p.recent.dropLast(p.selected.count))),
                    SpecMessages.noStableConfiguration(limit: machine.options.maxMicrosteps),
                    at: nil)
            ]
        }
        // Values a microstep before this one computed are built on again: kept small where the path allows.
        if p.microsteps > 1 { p = simplified(p) }
        if let big = p.variables.firstIndex(where: { $0.hasMoreNodes(than: Self.maximumValueNodes) }) {
            throw valueTooBig("'\(machine.spec.variables[big].name)'")
        }
        if p.parameters.contains(where: { $0.hasMoreNodes(than: Self.maximumValueNodes) }) { throw valueTooBig("an event parameter") }
        for (t, _) in p.selected { p.taken.insert(t) }
        var paths = try exitStates(p)
        for (t, _) in p.selected where !machine.transitions[t].actions.isEmpty {
            paths = try then(paths) { q throws(PathLimitExceeded) in try execute(machine.transitions[t].actions, q) }
        }
        return try then(paths, enterStates)
    }

    /// Values of more than a few nodes are compound: those that this path's conditions make equal to a constant or
    /// to a start value take it (`simpler`).
    static let simplifiedNodes = 4

    /// The path with each compound value replaced by a simpler one it equals on the path, where there is one.
    private func simplified(_ p: PathState) -> PathState {
        var p = p
        for (i, value) in p.variables.enumerated() where value.hasMoreNodes(than: Self.simplifiedNodes) {
            guard let simpler = simpler(p.externalEvent, p.conditions, value, variableTypes[i]) else { continue }
            p.variables[i] = simpler
        }
        return p
    }

    private func exitStates(_ p: PathState) throws(PathLimitExceeded) -> Paths {
        var exit = StateSet(capacity: tree.count)
        for (t, option) in p.selected { exit.formUnion(exitSet(p, t, option)) }
        guard !exit.isEmpty else { return [p] }
        var start = p
        // Record history before anything is exited: the configuration is still complete.
        for state in exit {
            for h in tree.historyChildren[state] {
                let ordinal = tree.historyOrdinal[h]
                start.history[ordinal] = tree.historyMasks[ordinal].intersection(p.configuration)
            }
        }
        var paths: Paths = [start]
        for state in exit.reversed() {
            paths = try then(paths) { q throws(PathLimitExceeded) in
                let exited = try execute(machine.exitActions[state], q)
                return exited.map { r in
                    var r = r
                    if r.failure == nil { r.configuration.remove(state) }
                    return r
                }
            }
        }
        return paths
    }

    private func enterStates(_ p: PathState) throws(PathLimitExceeded) -> Paths {
        let order: [Int]
        if p.selected.count == 1, let (t, option) = p.selected.first, !machine.transitions[t].options.isEmpty,
            !machine.transitions[t].options[option].isDynamic
        {
            order = machine.transitions[t].options[option].entryOrder
        } else {
            var entry = EntrySet(tree: tree, history: p.history)
            for (t, option) in p.selected {
                let transition = machine.transitions[t]
                guard !transition.isTargetless else { continue }
                let targets = transition.options[option].targets
                let effective = entry.effectiveTargets(targets)
                entry.add(targets: targets, domain: tree.domain(source: transition.source, targets: effective, isLocal: transition.isLocal))
            }
            order = Array(entry.statesToEnter)
        }
        var paths: Paths = [p]
        for state in order { paths = try then(paths) { q throws(PathLimitExceeded) in try enter(state, q) } }
        return paths
    }

    /// Enters one state: entry actions, completion events, halting at a top-level final state.
    private func enter(_ state: Int, _ p: PathState) throws(PathLimitExceeded) -> Paths {
        var p = p
        p.configuration.insert(state)
        p.entered.insert(state)
        let paths = try execute(machine.entryActions[state], p)
        guard tree.kind[state] == .final else { return paths }
        return paths.map { q in
            guard q.failure == nil else { return q }
            var q = q
            let parent = tree.parent[state]
            if parent == 0 {
                q.halted = true
                return q
            }
            // A final region is done at once: its parallel is done when every other region is (as the engine).
            let completed = tree.kind[parent] == .parallel ? parent : tree.parent[parent]
            if completed != parent { raise(machine.doneEvent[parent], into: &q) }
            if completed > 0, tree.kind[completed] == .parallel,
                tree.children[completed].allSatisfy({ tree.kind[$0] == .history || isInFinalState($0, q.configuration) })
            {
                raise(machine.doneEvent[completed], into: &q)
            }
            return q
        }
    }

    private func raise(_ event: Int, into p: inout PathState) {
        guard event >= 0 else { return }
        p.internalQueue.append((event, []))
    }

    private func isInFinalState(_ state: Int, _ configuration: StateSet) -> Bool {
        switch tree.kind[state] {
        case .compound: tree.children[state].contains { tree.kind[$0] == .final && configuration.contains($0) }
        case .parallel: tree.children[state].allSatisfy { tree.kind[$0] == .history || isInFinalState($0, configuration) }
        case .final: true
        default: false
        }
    }

    private static func isHalted(_ configuration: StateSet, _ tree: StateTree) -> Bool {
        tree.haltingStates.contains { configuration.contains($0) }
    }

    // MARK: - Executable content (ExecutableContent.swift)

    private func execute(_ actions: [CompiledAction], _ p: PathState) throws(PathLimitExceeded) -> Paths {
        var paths: Paths = [p]
        for action in actions {
            paths = try then(paths) { q throws(PathLimitExceeded) in try execute(action, q) }
        }
        return paths
    }

    private func execute(_ action: CompiledAction, _ p: PathState) throws(PathLimitExceeded) -> Paths {
        switch action {
        case .assign(let assignments):
            // Simultaneous: every right-hand side sees the values from before the action; then each is stored.
            var evaluated: [(PathState, [TypedExpression])] = [(p, [])]
            for assignment in assignments {
                evaluated = evaluated.flatMap { q, values -> [(PathState, [TypedExpression])] in
                    guard q.failure == nil else { return [(q, values)] }
                    return evaluate(assignment.value, in: q, what: "assignment", at: assignment.location).map { ($0.0, values + [$0.1]) }
                }
            }
            var paths: Paths = []
            for (q, values) in evaluated {
                guard q.failure == nil else { paths.append(q); continue }
                var stored: Paths = [q]
                for (assignment, value) in zip(assignments, values) {
                    stored = stored.flatMap { r in r.failure == nil ? store(value, into: assignment, r) : [r] }
                }
                paths += stored
            }
            try checkLimit(paths.count)
            return paths
        case .raise(let event, let arguments, let site), .send(let event, let arguments, let site):
            let location = site.location
            let isRaise = if case .raise = action { true } else { false }
            var paths: Paths = []
            for (q, values) in evaluateArguments(arguments, of: event, in: p, at: location) {
                guard q.failure == nil else { paths.append(q); continue }
                var r = q
                if isRaise {
                    r.internalQueue.append((event, values))
                } else {
                    guard r.externalQueue.count - r.externalHead < machine.options.queueBound else {
                        paths.append(
                            r.failing(
                                .queueOverflow(event: event),
                                SpecMessages.queueOverflow(sending: machine.spec.events[event].name, bound: machine.options.queueBound),
                                at: location))
                        continue
                    }
                    r.externalQueue.append((event, values))
                }
                paths.append(r)
            }
            return paths
        case .ifThen(let condition, let thenActions, let elseActions, let site):
            var paths: Paths = []
            for (q, holds) in decide(
                p, substitute(condition.expression, in: p),
                failure: ("range violation: division by zero or overflow in the condition", site.location))
            {
                guard let holds else { paths.append(q); continue }
                paths += try execute(holds ? thenActions : elseActions, q)
            }
            return paths
        case .call:
            return [p]
        }
    }

    private func store(_ value: TypedExpression, into assignment: CompiledAction.Assignment, _ p: PathState) -> Paths {
        let variable = machine.spec.variables[assignment.variable]
        let failure = (
            EngineError.Kind.rangeViolation(variable: assignment.variable, value: nil),
            "range violation: '\(variable.name)' leaves its type \(variable.type)"
        )
        return inRange(value, variable.type, p, failure: failure, at: assignment.location).map { q in
            guard q.failure == nil else { return q }
            var q = q
            q.variables[assignment.variable] = value
            return q
        }
    }

    private func evaluateArguments(_ arguments: [Program], of event: Int, in p: PathState, at location: Spec.SourceLocation?)
        -> [(PathState, [TypedExpression])]
    {
        var results: [(PathState, [TypedExpression])] = [(p, [])]
        for (i, program) in arguments.enumerated() {
            let parameter = machine.spec.events[event].parameters[i]
            results = results.flatMap { q, values -> [(PathState, [TypedExpression])] in
                guard q.failure == nil else { return [(q, values)] }
                return evaluate(program, in: q, what: "argument", at: location).flatMap { r, value -> [(PathState, [TypedExpression])] in
                    guard r.failure == nil else { return [(r, values)] }
                    let failure = (
                        EngineError.Kind.rangeViolation(variable: nil, value: nil),
                        "range violation: argument '\(parameter.name)' of '\(machine.spec.events[event].name)' leaves its type \(parameter.type)"
                    )
                    return inRange(value, parameter.type, r, failure: failure, at: location).map { ($0, values + [value]) }
                }
            }
        }
        return results
    }

    // MARK: - Values and conditions

    /// The expression over the path's current values, folded.
    private func substitute(_ e: TypedExpression, in p: PathState) -> TypedExpression {
        let configuration = p.configuration
        return Substitution(
            variables: p.variables, parameters: p.currentEvent >= 0 ? p.parameters : nil,
            isActive: { configuration.contains($0) }
        ).apply(e)
    }

    /// A program's value on the path: the paths where it evaluates (with its value) and where it fails.
    private func evaluate(_ program: Program, in p: PathState, what: String, at location: Spec.SourceLocation?) -> [(
        PathState, TypedExpression
    )] {
        let value = substitute(program.expression, in: p)
        return defined(value, p, failure: "range violation: division by zero or overflow in the \(what)", at: location).map { ($0, value) }
    }

    /// Splits off the path where `e` fails to evaluate.
    private func defined(_ e: TypedExpression, _ p: PathState, failure: String, at location: Spec.SourceLocation?) -> Paths {
        if let constant = Substitution.constant(e) {
            if case .failure = constant { return [p.failing(.rangeViolation(variable: nil, value: nil), failure, at: location)] }
            return [p]
        }
        guard mayFail(e, p) else { return [p] }
        var paths: Paths = []
        let fails = p.assuming(.not(.defined(e)))
        if feasible(fails) { paths.append(fails.failing(.rangeViolation(variable: nil, value: nil), failure, at: location)) }
        let works = p.assuming(.defined(e))
        if feasible(works) { paths.append(works) }
        return paths
    }

    /// The outcomes of a condition: true, false, or failing to evaluate (nil).
    private func decide(_ p: PathState, _ e: TypedExpression, failure: (String, Spec.SourceLocation?)) -> [(PathState, Bool?)] {
        switch Substitution.constant(e) {
        case .success(let value): return [(p, value != 0)]
        case .failure: return [(p.failing(.rangeViolation(variable: nil, value: nil), failure.0, at: failure.1), nil)]
        case nil: break
        }
        let bounds = bounds(for: p).range(e)
        if let bounds, bounds.lowerBound == bounds.upperBound { return [(p, bounds.lowerBound != 0)] }
        var outcomes: [(PathState, Bool?)] = []
        if bounds == nil {
            let fails = p.assuming(.not(.defined(e)))
            if feasible(fails) {
                outcomes.append((fails.failing(.rangeViolation(variable: nil, value: nil), failure.0, at: failure.1), nil))
            }
        }
        let yes = p.assuming(.holds(e))
        if feasible(yes) { outcomes.append((yes, true)) }
        let no = p.assuming(.and([.defined(e), .not(.holds(e))]))
        if feasible(no) { outcomes.append((no, false)) }
        return outcomes
    }

    /// Splits off the path where a value leaves its type (a range violation).
    private func inRange(
        _ value: TypedExpression, _ type: ValueType, _ p: PathState, failure: (EngineError.Kind, String),
        at location: Spec.SourceLocation?
    ) -> Paths {
        let range = Machine.range(of: type)
        if case .success(let constant) = Substitution.constant(value) {
            return range.contains(constant) ? [p] : [p.failing(failure.0, failure.1, at: location)]
        }
        if type == .bool { return [p] }
        if let bounds = bounds(for: p).range(value), range.lowerBound <= bounds.lowerBound, bounds.upperBound <= range.upperBound {
            return [p]
        }
        var paths: Paths = []
        let outside = p.assuming(.outside(value, type))
        if feasible(outside) { paths.append(outside.failing(failure.0, failure.1, at: location)) }
        let inside = p.assuming(.not(.outside(value, type)))
        if feasible(inside) { paths.append(inside) }
        return paths
    }

    private func mayFail(_ e: TypedExpression, _ p: PathState) -> Bool { bounds(for: p).range(e) == nil }

    private func bounds(for p: PathState) -> ValueBounds {
        ValueBounds(variables: variableTypes.map(Machine.range(of:)), parameters: externalParameterRanges(p))
    }

    /// Conditions only name the external event's parameters (an internal event's arguments are expressions over them).
    private func externalParameterRanges(_ p: PathState) -> [ClosedRange<Int>] {
        guard let event = p.externalEvent else { return [] }
        return machine.spec.events[event].parameters.map { Machine.range(of: $0.type) }
    }

    private func feasible(_ p: PathState) -> Bool { isFeasible(p.externalEvent, p.conditions) }

    // MARK: - Paths

    /// Runs `body` on every live path; failed paths pass through.
    private func then(_ paths: Paths, _ body: (PathState) throws(PathLimitExceeded) -> Paths) throws(PathLimitExceeded) -> Paths {
        var result: Paths = []
        for path in paths {
            if path.failure != nil { result.append(path) } else { result += try body(path) }
        }
        try checkLimit(result.count)
        return result
    }

    private func valueTooBig(_ name: String) -> PathLimitExceeded {
        PathLimitExceeded(
            message:
                "the value of \(name) grew past \(Self.maximumValueNodes) terms within one macrostep (each microstep computes it from the last)"
        )
    }

    private func checkLimit(_ count: Int) throws(PathLimitExceeded) {
        guard count > maximumPaths else { return }
        throw PathLimitExceeded(message: "one macrostep has more than \(maximumPaths) paths (guards and conditions on the values split it)")
    }

    /// A run-time encoded value as a typed constant.
    static func constant(_ value: Int, _ type: ValueType) -> TypedExpression {
        switch type {
        case .bool: .boolean(value != 0)
        case .int: .integer(value)
        case .enumeration: .enumValue(value)
        }
    }
}
