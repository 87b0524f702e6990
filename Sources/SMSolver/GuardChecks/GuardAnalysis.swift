public import SMSpec

/// A guard problem proved over the declared domains, with values that show it.
public struct GuardIssue: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Two transitions of one state on one event (or two eventless ones) can be enabled at once (SM004).
        case overlap(first: Int, second: Int)
        /// The guard can never hold (SM005).
        case unsatisfiableGuard(transition: Int)
        /// Whenever the guard holds, an earlier transition of the same state and event holds too (SM005).
        case shadowed(transition: Int)
        /// No branch of the choice holds for some values (SM008).
        case incompleteChoice(state: Int)
        /// An assignment, argument or division can leave its domain (SM009).
        case rangeViolation(transition: Int?, state: Int?, location: Spec.SourceLocation?, detail: String)
        /// In this leaf state the event is handled by guarded transitions only, and for some values none holds.
        case ignoredEvent(state: Int, event: Int)
    }

    public let kind: Kind
    /// The event whose parameters the witness gives values to.
    public let event: Int?
    public let witness: SolverWitness
}

public struct GuardAnalysisResult: Sendable {
    public var issues: [GuardIssue] = []
    /// Queries the back end could not answer, with its reason.
    public var unknown: [String] = []
    public var queries = 0
    /// Why the analysis stopped before asking every question (its time ran out, or it was cancelled); nil when it
    /// asked them all.
    public var stopped: String?
}

/// Builds the guard questions of SM004, SM005, SM008 and SM009 (and per-event completeness) for a spec and asks a
/// back end. Both back ends get the same queries, so their answers can be compared one for one.
public struct GuardAnalysis {
    public let spec: ResolvedSpec
    public let backend: any GuardBackend
    /// Add the invariants as assumptions for transitions on external events (they hold in stable configurations).
    public let assumeInvariants: Bool
    /// No question is asked after this instant: each solver call is bounded, but a spec with thousands of guarded
    /// transitions on one event asks millions of them. What is left is reported as not asked (`stopped`).
    public var deadline: ContinuousClock.Instant?
    /// Polled before each question; when it returns true the analysis stops as at the deadline.
    public var isCancelled: @Sendable () -> Bool = { false }
    /// Told how many questions were asked so far, before each one.
    public var progress: (@Sendable (Int) -> Void)?

    public init(spec: ResolvedSpec, backend: any GuardBackend, assumeInvariants: Bool = false) {
        self.spec = spec
        self.backend = backend
        self.assumeInvariants = assumeInvariants
    }

    public func run() -> GuardAnalysisResult {
        var result = GuardAnalysisResult()
        checkLists(into: &result)
        checkChoices(into: &result)
        checkRanges(into: &result)
        checkIgnoredEvents(into: &result)
        return result
    }

    // MARK: - Queries

    /// The solver's answer: a witness, `.some(nil)` when there is none, nil when it is unknown or was not asked
    /// because the analysis stopped.
    private func ask(_ query: GuardQuery, _ result: inout GuardAnalysisResult) -> SolverWitness?? {
        guard result.stopped == nil else { return nil }
        if isCancelled() {
            result.stopped = "the guard analysis was interrupted after \(Plural.count(result.queries, "question"))"
            return nil
        }
        if let deadline, ContinuousClock.now >= deadline {
            result.stopped = "the guard analysis reached its time limit after \(Plural.count(result.queries, "question"))"
            return nil
        }
        progress?(result.queries)
        result.queries += 1
        switch backend.solve(query) {
        case .satisfiable(let witness): return .some(witness)
        case .unsatisfiable: return .some(nil)
        case .unknown(let reason):
            result.unknown.append(reason)
            return nil
        }
    }

    /// The context of a transition handling `event` (default: the first it matches when all it matches have the same
    /// parameters, so its guard can read them): the event, its source active, and the invariants when assumed.
    func query(_ transition: ResolvedTransition, _ formula: Formula, event: Int? = nil) -> GuardQuery {
        let matched = transition.matchedEvents
        let event = event ?? (Set(matched.map { spec.events[$0].parameters }).count == 1 ? matched.first : nil)
        var parts = [formula]
        // Invariants hold when an external event arrives, not while the machine handles its own completion events.
        if assumeInvariants && matched.contains(where: { !spec.events[$0].isImplicit })
            && !(event.map { spec.events[$0].isImplicit } ?? false)
        {
            parts += spec.invariants.map { .holds($0.expression) }
        }
        return GuardQuery(event: event, activeStates: [transition.source], formula: parts.count == 1 ? parts[0] : .and(parts))
    }

    /// The condition under which a transition of `list` (in order) is enabled, ignoring the others.
    func guardFormula(_ t: Int, in list: [Int]) -> Formula {
        let transition = spec.transitions[t]
        switch transition.guardCondition {
        case nil: return .truth(true)
        case .expression(let e, _): return .holds(e)
        case .opaque(let id, _): return .opaque(id)
        case .otherwise:
            // True when no earlier transition of its own key's list holds.
            let earlier = list.prefix { $0 != t }.filter { spec.transitions[$0].listStart == transition.listStart }
            return .and(earlier.map { .not(guardFormula($0, in: list)) })
        }
    }

    private func isElse(_ t: Int) -> Bool { spec.transitions[t].guardCondition == .otherwise }

    /// Guarded by an expression or an opaque guard. An unguarded or `else` transition after guarded ones is their
    /// default, not an overlap: document order is what the spec means there.
    private func isGuarded(_ t: Int) -> Bool {
        switch spec.transitions[t].guardCondition {
        case .expression, .opaque: true
        case nil, .otherwise: false
        }
    }

    /// Transitions of a state whose trigger matches an event, in order, with that event; and its eventless ones.
    var lists: [(event: Int?, transitions: [Int])] { Self.lists(of: spec) }

    static func lists(of spec: ResolvedSpec) -> [(event: Int?, transitions: [Int])] {
        var result: [(event: Int?, transitions: [Int])] = []
        for state in spec.states {
            // By event, in event order, each list in document order: grouped in one pass over the state's
            // transitions (a state may have thousands, one per event).
            var byEvent: [Int: [Int]] = [:]
            for t in state.transitions {
                for event in Set(spec.transitions[t].matchedEvents) { byEvent[event, default: []].append(t) }
            }
            for event in byEvent.keys.sorted() { result.append((event, byEvent[event]!)) }
            if !state.eventless.isEmpty { result.append((nil, state.eventless)) }
        }
        return result
    }

    // MARK: - SM004, SM005

    private func checkLists(into result: inout GuardAnalysisResult) {
        var overlaps: Set<[Int]> = []
        var unsatisfiable: Set<Int> = []
        var reachable: Set<Int> = []
        var shadowedCandidates: [Int: SolverWitness] = [:]
        // Transitions whose "enabled alone" question some list left unanswered (unknown): shadowed there or not, no
        // one can tell, so they are never reported as always shadowed.
        var unanswered: Set<Int> = []
        for t in spec.transitions.indices {
            guard case .expression(let e, _) = spec.transitions[t].guardCondition else { continue }
            if let answer = ask(query(spec.transitions[t], .holds(e)), &result), answer == nil {
                unsatisfiable.insert(t)
                result.issues.append(GuardIssue(kind: .unsatisfiableGuard(transition: t), event: nil, witness: SolverWitness()))
            }
        }
        for (event, list) in lists {
            for (j, second) in list.enumerated() where !unsatisfiable.contains(second) {
                if result.stopped != nil { return }
                let first = Array(list[..<j])
                // SM004: can an earlier one be enabled together with this one? Only between guarded transitions, and not
                // among a choice's branches (see `isGuarded`).
                if isGuarded(second) && spec.states[spec.transitions[second].source].kind != .choice {
                    for earlier in first
                    where result.stopped == nil && isGuarded(earlier) && !unsatisfiable.contains(earlier)
                        && !overlaps.contains([earlier, second])
                    {
                        let both = Formula.and([guardFormula(earlier, in: list), guardFormula(second, in: list)])
                        if let answer = ask(query(spec.transitions[second], both, event: event), &result), let witness = answer {
                            overlaps.insert([earlier, second])
                            result.issues.append(
                                GuardIssue(
                                    kind: .overlap(first: earlier, second: second),
                                    event: event, witness: witness))
                        }
                    }
                }
                // SM005: is it ever enabled with every earlier one disabled?
                guard !reachable.contains(second) else { continue }
                if first.isEmpty {
                    reachable.insert(second)
                    continue
                }
                let alone = Formula.and([guardFormula(second, in: list)] + first.map { .not(guardFormula($0, in: list)) })
                if let answer = ask(query(spec.transitions[second], alone, event: event), &result) {
                    if answer == nil { shadowedCandidates[second] = SolverWitness() } else { reachable.insert(second) }
                } else {
                    unanswered.insert(second)
                }
            }
        }
        // Stopped, even at the last question: a list not asked about may be where a candidate is enabled alone.
        guard result.stopped == nil else { return }
        for t in shadowedCandidates.keys.sorted() where !reachable.contains(t) && !unanswered.contains(t) {
            result.issues.append(GuardIssue(kind: .shadowed(transition: t), event: nil, witness: SolverWitness()))
        }
    }

    // MARK: - SM008

    private func checkChoices(into result: inout GuardAnalysisResult) {
        for state in spec.states where state.kind == .choice {
            let branches = state.eventless
            if branches.contains(where: { spec.transitions[$0].guardCondition == nil || isElse($0) }) { continue }
            let none = Formula.and(branches.map { .not(guardFormula($0, in: branches)) })
            if let answer = ask(GuardQuery(event: nil, activeStates: [state.index], formula: none), &result), let witness = answer {
                result.issues.append(GuardIssue(kind: .incompleteChoice(state: state.index), event: nil, witness: witness))
            }
        }
    }

    // MARK: - SM009

    /// A path through a list of actions: the conditions of the `if` branches taken, and each variable's value as an
    /// expression over the values before the list.
    private struct Path {
        var conditions: [Formula] = []
        var values: [Int: TypedExpression] = [:]
    }

    /// The most operations a variable's value, as an expression over the values before an action list, may have:
    /// a query over a larger one would cost more than it tells.
    static let maximumValueNodes = 256

    /// The action list of `transition` or of `state`'s entry or exit, as a reason names it.
    private func actionList(transition: Int?, state: Int?) -> String {
        if let transition { return "the actions of \(spec.describe(spec.transitions[transition]))" }
        if let state { return "the entry or exit actions of '\(spec.states[state].path)'" }
        return "an action list"
    }

    private func checkRanges(into result: inout GuardAnalysisResult) {
        for transition in spec.transitions where !transition.actions.isEmpty && result.stopped == nil {
            let context: Formula = transition.guardCondition == nil ? .truth(true) : guardFormula(transition.index, in: [transition.index])
            walk(
                transition.actions, paths: [Path()], base: query(transition, context), transition: transition.index, state: nil,
                into: &result)
        }
        for state in spec.states {
            for actions in [state.entry, state.exit] where !actions.isEmpty {
                walk(
                    actions, paths: [Path()], base: GuardQuery(event: nil, activeStates: [state.index], formula: .truth(true)),
                    transition: nil, state: state.index, into: &result)
            }
        }
    }

    @discardableResult
    private func walk(
        _ actions: [ResolvedAction], paths: [Path], base: GuardQuery, transition: Int?, state: Int?,
        into result: inout GuardAnalysisResult
    ) -> [Path]? {
        var paths = paths
        for action in actions {
            switch action.kind {
            case .assign(let assignments):
                for assignment in assignments {
                    let variable = spec.variables[assignment.variable]
                    check(
                        assignment.value, against: variable.type, in: paths, base: base, transition: transition, state: state,
                        location: assignment.location ?? action.location, detail: "'\(variable.name)'", into: &result)
                }
                for i in paths.indices {
                    var next = paths[i].values
                    for assignment in assignments {
                        let value = assignment.value.substituting(paths[i].values)
                        // Thousands of `n = n + 1` would make a value too large to ask about, or even to free: the
                        // actions from here on are not checked, and the codes they decide are said to be open.
                        guard !value.hasMoreNodes(than: Self.maximumValueNodes) else {
                            result.unknown.append(
                                "the value of '\(spec.variables[assignment.variable].name)' grows past \(Self.maximumValueNodes) operations along \(actionList(transition: transition, state: state)), so its later actions were not asked about"
                            )
                            return nil
                        }
                        next[assignment.variable] = value
                    }
                    paths[i].values = next
                }
            case .raise(let event, let arguments), .send(let event, let arguments):
                for (p, argument) in arguments.enumerated() {
                    let parameter = spec.events[event].parameters[p]
                    check(
                        argument, against: parameter.type, in: paths, base: base, transition: transition, state: state,
                        location: action.location, detail: "argument '\(parameter.name)' of '\(spec.events[event].name)'", into: &result)
                }
            case .ifThen(let condition, let thenActions, let elseActions):
                let taken = paths.flatMap { path -> [Path] in
                    let c = condition.substituting(path.values)
                    var yes = path, no = path
                    yes.conditions.append(.holds(c))
                    no.conditions.append(.and([.defined(c), .not(.holds(c))]))
                    return [yes, no]
                }
                let yes = stride(from: 0, to: taken.count, by: 2).map { taken[$0] }
                let no = stride(from: 1, to: taken.count, by: 2).map { taken[$0] }
                // A branch whose values grew too large stops the whole list, not only itself.
                guard let thenPaths = walk(thenActions, paths: yes, base: base, transition: transition, state: state, into: &result),
                    let elsePaths = walk(elseActions, paths: no, base: base, transition: transition, state: state, into: &result)
                else { return nil }
                paths = Array((thenPaths + elsePaths).prefix(64))
            case .call:
                break
            }
        }
        return paths
    }

    private func check(
        _ expression: TypedExpression, against type: ValueType, in paths: [Path], base: GuardQuery, transition: Int?,
        state: Int?, location: Spec.SourceLocation?, detail: String, into result: inout GuardAnalysisResult
    ) {
        for path in paths {
            let value = expression.substituting(path.values)
            let failure = Formula.or([.outside(value, type), .not(.defined(value))])
            var query = base
            query.formula = .and([base.formula] + path.conditions + [failure])
            if let answer = ask(query, &result), let witness = answer {
                result.issues.append(
                    GuardIssue(
                        kind: .rangeViolation(
                            transition: transition, state: state, location: location,
                            detail: describe(value, witness: witness, type: type, what: detail, event: base.event)),
                        event: base.event, witness: witness))
                return
            }
        }
    }

    /// "'count' can become 6, outside int 0...5", "... can meet a division by zero" or "... can meet an integer
    /// overflow", from the witness: what evaluating the value on it does.
    private func describe(_ value: TypedExpression, witness: SolverWitness, type: ValueType, what: String, event: Int?) -> String {
        let outcome: Int
        do {
            outcome = try value.evaluate(
                variable: { witness.variables[$0] ?? 0 }, parameter: { witness.parameters[$0] ?? 0 },
                isActive: { witness.states[$0] ?? false })
        } catch {
            return "\(what) can meet \(error == .divisionByZero ? "a" : "an") \(error.reason)"
        }
        if case .enumeration = type, outcome < 0 { return "\(what) can get a value its enum lacks (\(type))" }
        return "\(what) can become \(outcome), outside \(type)"
    }

    // MARK: - Completeness

    private func checkIgnoredEvents(into result: inout GuardAnalysisResult) {
        for leaf in spec.states where leaf.kind == .atomic && result.stopped == nil {
            // The transitions of the leaf and its ancestors, innermost first, grouped by the events they match.
            var byEvent: [Int: [Int]] = [:]
            for s in [leaf.index] + spec.ancestors(of: leaf.index) {
                for t in spec.states[s].transitions {
                    for event in Set(spec.transitions[t].matchedEvents) { byEvent[event, default: []].append(t) }
                }
            }
            for event in byEvent.keys.sorted() where !spec.events[event].isImplicit {
                let handling = byEvent[event]!
                let allExpressions = handling.allSatisfy { t in
                    if case .expression = spec.transitions[t].guardCondition { return true }
                    return false
                }
                guard allExpressions else { continue }
                let ignored = Formula.and(handling.map { .not(guardFormula($0, in: handling)) })
                if let answer = ask(GuardQuery(event: event, activeStates: [leaf.index], formula: ignored), &result),
                    let witness = answer
                {
                    result.issues.append(
                        GuardIssue(
                            kind: .ignoredEvent(state: leaf.index, event: event), event: event,
                            witness: witness))
                }
            }
        }
    }
}
