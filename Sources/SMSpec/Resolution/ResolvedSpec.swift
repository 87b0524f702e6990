/// A spec with every name resolved to a dense index and every expression type-checked: the form the engine
/// compiles, the solver encodes and the analyzer reports on.
///
/// States are numbered in document order (a pre-order walk), with the implicit root at index 0. Transitions are
/// numbered in document order too: a state's `on` transitions in key order, then its `always` transitions.
/// Events are the declared ones followed by the implicit `done.state.<name>` events.
public struct ResolvedSpec: Sendable {
    public let spec: Spec
    public let states: [ResolvedState]
    public let transitions: [ResolvedTransition]
    public let events: [ResolvedEvent]
    public let invariants: [ResolvedInvariant]
    /// The `reachable` expectations as state indices, with the reference as written.
    public let reachable: [(state: Int, reference: Spec.StateReference)]
    /// Names of opaque guards (`"?name"`), indexed by their id.
    public let opaqueGuards: [String]
    /// Names of host callbacks (`{"call": name}`), indexed by their id.
    public let callbacks: [String]

    public var variables: [Spec.Variable] { spec.variables }
    public var options: Spec.Options { spec.options }
    public var name: String { spec.name }
    public var root: ResolvedState { states[0] }
    /// How many events are declared (the rest are implicit `done.state` events).
    public let declaredEventCount: Int

    init(
        spec: Spec, states: [ResolvedState], transitions: [ResolvedTransition], events: [ResolvedEvent],
        invariants: [ResolvedInvariant], reachable: [(Int, Spec.StateReference)], opaqueGuards: [String], callbacks: [String]
    ) {
        self.spec = spec
        self.states = states
        self.transitions = transitions
        self.events = events
        self.invariants = invariants
        self.reachable = reachable.map { (state: $0.0, reference: $0.1) }
        self.opaqueGuards = opaqueGuards
        self.callbacks = callbacks
        self.declaredEventCount = events.prefix { !$0.isImplicit }.count
        var byPath: [String: Int] = [:]
        for state in states { byPath[state.path] = state.index }
        self.statesByPath = byPath
        var byName: [String: Int] = [:]
        for event in events { byName[event.name] = event.index }
        self.eventsByName = byName
    }

    private let statesByPath: [String: Int]
    private let eventsByName: [String: Int]

    /// The state at a full path (`"b/b2/b21"`); the root is `""`.
    public func state(atPath path: String) -> ResolvedState? { statesByPath[path].map { states[$0] } }

    /// The state a reference names, by bare name when unique or by path.
    public func state(named reference: String) -> ResolvedState? {
        if let exact = statesByPath[reference] { return states[exact] }
        let matches =
            reference.contains("/")
            ? states.filter { $0.path.hasSuffix("/" + reference) }
            : states.filter { $0.name == reference && $0.index != 0 }
        return matches.count == 1 ? matches[0] : nil
    }

    public func event(named name: String) -> ResolvedEvent? { eventsByName[name].map { events[$0] } }

    /// True when `descendant` is `ancestor` or below it.
    public func isDescendant(_ descendant: Int, of ancestor: Int, orSelf: Bool = true) -> Bool {
        var current: Int? = orSelf ? descendant : states[descendant].parent
        while let c = current {
            if c == ancestor { return true }
            current = states[c].parent
        }
        return false
    }

    /// Proper ancestors from the parent up to the root.
    public func ancestors(of state: Int) -> [Int] {
        var result: [Int] = []
        var current = states[state].parent
        while let c = current {
            result.append(c)
            current = states[c].parent
        }
        return result
    }

    /// A short human description of a transition, for findings and traces: `countdown --tick [count > 1]--> launch`.
    public func describe(_ transition: ResolvedTransition) -> String {
        var text = states[transition.source].displayPath + " --" + transition.triggerText
        if let g = transition.guardCondition { text += " [\(Spec.Expression.excerpt(of: g.text))]" }
        text += "--> "
        if transition.targets.isEmpty {
            text += "(no target)"
        } else {
            let names = transition.targets.map { states[$0].displayPath }
            text += transition.isOneOf ? "oneOf(" + names.joined(separator: ", ") + ")" : names.joined(separator: ", ")
        }
        return text
    }
}

public struct ResolvedState: Sendable {
    public let index: Int
    /// The key in the parent's `states`; empty for the root.
    public let name: String
    /// Names from the root joined by `/`; empty for the root.
    public let path: String
    public let kind: Spec.State.Kind
    public let parent: Int?
    public let children: [Int]
    public let depth: Int
    /// For compound states (and the root): the default initial target, a descendant.
    public let initial: Int?
    public let entry: [ResolvedAction]
    public let exit: [ResolvedAction]
    /// The `on` transitions, in order.
    public let transitions: [Int]
    /// The `always` transitions, in order.
    public let eventless: [Int]
    public let historyDepth: Spec.State.HistoryDepth
    /// For history states: the default targets; empty means the parent's default entry.
    public let historyDefault: [Int]
    public let description: String?
    public let location: Spec.SourceLocation?

    /// States that can be in a configuration as leaves: atomic, final and choice states.
    public var isLeaf: Bool { kind == .atomic || kind == .final || kind == .choice }
    /// The path, or "(root)" for the root, for messages.
    public var displayPath: String { index == 0 ? "(root)" : path }
}

public struct ResolvedEvent: Sendable {
    public let index: Int
    public let name: String
    public let parameters: [Spec.Parameter]
    /// For implicit `done.state.<name>` events: the compound or parallel state that completed.
    public let doneStateOf: Int?
    public let location: Spec.SourceLocation?

    public var isImplicit: Bool { doneStateOf != nil }

    /// Every combination of parameter values, in lexicographic order of the parameters' domains.
    ///
    /// Complexity: O(product of domain sizes); callers bound it.
    public var parameterCombinations: [[Value]] {
        var result: [[Value]] = [[]]
        for parameter in parameters {
            result = result.flatMap { prefix in parameter.type.domain.map { prefix + [$0] } }
        }
        return result
    }

    /// The number of parameter combinations, saturating at `Int.max`.
    public var instanceCount: Int {
        parameters.reduce(1) { count, p in
            let (product, overflow) = count.multipliedReportingOverflow(by: p.type.cardinality)
            return overflow ? Int.max : product
        }
    }
}

public enum ResolvedTrigger: Hashable, Sendable {
    /// Event descriptors as written (`tick`, `error`, `error.*`, `*`, or several separated by spaces); the events
    /// they match are the transition's `matchedEvents`.
    case descriptors(String)
    case eventless
}

public enum ResolvedGuard: Hashable, Sendable {
    case expression(TypedExpression, Spec.Expression)
    case opaque(id: Int, name: String)
    case otherwise

    public var text: String {
        switch self {
        case .expression(_, let source): source.text
        case .opaque(_, let name): "?" + name
        case .otherwise: "else"
        }
    }
}

public struct ResolvedTransition: Sendable {
    public let index: Int
    public let source: Int
    public let trigger: ResolvedTrigger
    /// The events the trigger matches (SCXML event descriptors, resolved once here), in index order; empty for an
    /// eventless transition. Everything that asks "does this transition handle that event" reads this list.
    public let matchedEvents: [Int]
    /// Empty for a targetless transition; several for a fork or a `oneOf`.
    public let targets: [Int]
    public let isOneOf: Bool
    public let guardCondition: ResolvedGuard?
    public let actions: [ResolvedAction]
    public let kind: Spec.Transition.Kind
    /// The index of the first transition of the same list (same state, same key): `else` looks at those before it.
    public let listStart: Int
    public let location: Spec.SourceLocation?

    /// The trigger as written, or "always" for an eventless transition.
    public var triggerText: String {
        switch trigger {
        case .descriptors(let text): text
        case .eventless: "always"
        }
    }
}

public struct ResolvedAction: Sendable {
    public indirect enum Kind: Sendable {
        case assign([ResolvedAssignment])
        /// Arguments in the event's parameter order.
        case raise(event: Int, arguments: [TypedExpression])
        case send(event: Int, arguments: [TypedExpression])
        case ifThen(TypedExpression, then: [ResolvedAction], else: [ResolvedAction])
        case call(id: Int, name: String)
    }

    public let kind: Kind
    public let location: Spec.SourceLocation?
}

public struct ResolvedAssignment: Sendable {
    public let variable: Int
    public let value: TypedExpression
    public let location: Spec.SourceLocation?
}

public struct ResolvedInvariant: Sendable {
    public let index: Int
    public let name: String
    public let expression: TypedExpression
    public let source: Spec.Expression
    public let location: Spec.SourceLocation?
}
