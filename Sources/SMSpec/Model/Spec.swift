/// A state machine as the spec format describes it: the value every part of smcheck starts from.
///
/// A `Spec` is plain data, read from JSON (`Spec.load`) or built in Swift (`Spec { ... }`). Names, targets and
/// expressions are resolved and checked by `resolve()`, which both the loader and every consumer call, so a spec
/// built in Swift gets exactly the errors the same spec in JSON would.
public struct Spec: Hashable, Sendable {
    /// The format this version of smcheck reads.
    public static let format = "smcheck/1"

    public var name: String
    public var description: String?
    public var variables: [Variable]
    public var events: [EventDeclaration]
    /// The root's initial state (default: the first top-level state).
    public var initial: StateReference?
    /// The top-level states, in document order.
    public var states: [State]
    public var invariants: [Invariant]
    /// States the author expects to be reachable.
    public var reachable: [StateReference]
    public var options: Options
    /// Where the spec was read from, when it was read from a file.
    public var file: String?

    public init(
        name: String, description: String? = nil, variables: [Variable] = [], events: [EventDeclaration] = [],
        initial: StateReference? = nil, states: [State], invariants: [Invariant] = [],
        reachable: [StateReference] = [], options: Options = .default, file: String? = nil
    ) {
        self.name = name
        self.description = description
        self.variables = variables
        self.events = events
        self.initial = initial
        self.states = states
        self.invariants = invariants
        self.reachable = reachable
        self.options = options
        self.file = file
    }

    public static func == (lhs: Spec, rhs: Spec) -> Bool {
        lhs.name == rhs.name && lhs.description == rhs.description && lhs.variables == rhs.variables
            && lhs.events == rhs.events && lhs.initial == rhs.initial && lhs.states == rhs.states
            && lhs.invariants == rhs.invariants && lhs.reachable == rhs.reachable && lhs.options == rhs.options
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(states)
    }
}
