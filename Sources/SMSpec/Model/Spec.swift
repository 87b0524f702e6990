/// A state machine as the spec format describes it: the value every part of smcheck starts from.
///
/// A `Spec` is plain data, read from JSON (`Spec.load`) or built in Swift (`Spec { ... }`). Names, targets and
/// expressions are resolved and checked by `resolve()`, which both the loader and every consumer call, so a spec
/// built in Swift gets exactly the errors the same spec in JSON would.
public struct Spec: Hashable, Sendable {
    /// The format this version of smcheck reads.
    public static let format = "smcheck/1"

    public var name: String { didSet { cachedResolution = nil } }
    public var description: String? { didSet { cachedResolution = nil } }
    public var variables: [Variable] { didSet { cachedResolution = nil } }
    public var events: [EventDeclaration] { didSet { cachedResolution = nil } }
    /// The root's initial state (default: the first top-level state).
    public var initial: StateReference? { didSet { cachedResolution = nil } }
    /// The top-level states, in document order.
    public var states: [State] { didSet { cachedResolution = nil } }
    public var invariants: [Invariant] { didSet { cachedResolution = nil } }
    /// States the author expects to be reachable.
    public var reachable: [StateReference] { didSet { cachedResolution = nil } }
    public var options: Options { didSet { cachedResolution = nil } }
    /// Where the spec was read from, when it was read from a file.
    public var file: String? { didSet { cachedResolution = nil } }
    /// The resolution of exactly this value, kept by the loader so that compiling a loaded spec does not resolve it
    /// a second time. Any change to the spec drops it; it is not part of the spec's meaning (==, hash).
    var cachedResolution: Resolution?

    final class Resolution: Sendable {
        let resolved: ResolvedSpec
        init(_ resolved: ResolvedSpec) { self.resolved = resolved }
    }

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
