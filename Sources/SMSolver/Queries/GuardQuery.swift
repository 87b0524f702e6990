public import SMSpec

/// A question both back ends answer the same way: is there an assignment of the free atoms — variables within
/// their declared domains, the event's parameters within theirs, `in(state)` atoms consistent with the state
/// hierarchy, opaque guards as free booleans — that makes `formula` true?
public struct GuardQuery: Hashable, Sendable {
    /// The event whose parameters are free (nil: no event, as for `always` transitions).
    public var event: Int?
    /// States known to be active (a transition's source); their ancestors are active too.
    public var activeStates: [Int]
    public var formula: Formula

    public init(event: Int?, activeStates: [Int], formula: Formula) {
        self.event = event
        self.activeStates = activeStates
        self.formula = formula
    }
}

/// Conditions over expressions. An expression that fails to evaluate (a division by zero) is not `holds`.
public indirect enum Formula: Hashable, Sendable {
    case truth(Bool)
    /// The bool expression evaluates, to true.
    case holds(TypedExpression)
    /// The expression evaluates without error.
    case defined(TypedExpression)
    /// The expression evaluates, to a value that is not in the type (for enums: a name the type lacks).
    case outside(TypedExpression, ValueType)
    /// The opaque guard with this id.
    case opaque(Int)
    case not(Formula)
    case and([Formula])
    case or([Formula])
}

/// Values that make a query's formula true.
public struct SolverWitness: Hashable, Sendable {
    /// Variable index to value (run-time encoding: bools 0/1, enums as index).
    public var variables: [Int: Int] = [:]
    /// Parameter index (of the query's event) to value.
    public var parameters: [Int: Int] = [:]
    /// Opaque guard id to outcome.
    public var opaque: [Int: Bool] = [:]
    /// `in()` atoms the formula tests, by state.
    public var states: [Int: Bool] = [:]

    public init() {}

    /// Named values for a finding: variables by name, parameters as `event.name`, opaque guards as `?name`.
    public func named(in spec: ResolvedSpec, event: Int?) -> [(name: String, value: Value)] {
        var result: [(String, Value)] = []
        for (i, variable) in spec.variables.enumerated() {
            if let v = variables[i] { result.append((variable.name, Self.decode(v, variable.type))) }
        }
        if let event {
            for (i, parameter) in spec.events[event].parameters.enumerated() {
                if let v = parameters[i] { result.append(("event." + parameter.name, Self.decode(v, parameter.type))) }
            }
        }
        for (id, outcome) in opaque.sorted(by: { $0.key < $1.key }) { result.append(("?" + spec.opaqueGuards[id], .bool(outcome))) }
        return result
    }

    static func decode(_ encoded: Int, _ type: ValueType) -> Value {
        switch type {
        case .bool: .bool(encoded != 0)
        case .int: .int(encoded)
        case .enumeration(let values): .enumCase(values.indices.contains(encoded) ? values[encoded] : "?")
        }
    }
}

extension ValueType {
    /// The run-time encodings of the type's values.
    package var encodedRange: ClosedRange<Int> {
        switch self {
        case .bool: 0...1
        case .int(let min, let max): min...max
        case .enumeration(let values): 0...(values.count - 1)
        }
    }
}

public enum Verdict: Hashable, Sendable {
    case satisfiable(SolverWitness)
    case unsatisfiable
    /// The back end gave up (a timeout, a resource limit, a domain too large to enumerate).
    case unknown(String)
}

/// An error of a back end itself (not an answer).
public struct SolverError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A way to answer guard queries.
public protocol GuardBackend: AnyObject {
    /// "z3" or "enumeration".
    var name: String { get }
    func solve(_ query: GuardQuery) -> Verdict
}

extension Formula {
    /// The atoms the formula reads.
    var atoms: (variables: Set<Int>, parameters: Set<Int>, states: Set<Int>, opaque: Set<Int>) {
        var variables = Set<Int>(), parameters = Set<Int>(), states = Set<Int>(), opaque = Set<Int>()
        func visit(_ f: Formula) {
            switch f {
            case .truth: break
            case .holds(let e), .defined(let e), .outside(let e, _):
                // (an `outside` type adds no atoms)
                variables.formUnion(e.variablesRead)
                parameters.formUnion(e.parametersRead)
                states.formUnion(e.statesTested)
            case .opaque(let id): opaque.insert(id)
            case .not(let g): visit(g)
            case .and(let list), .or(let list): list.forEach(visit)
            }
        }
        visit(self)
        return (variables, parameters, states, opaque)
    }
}

/// The constraints on `in()` atoms shared by both back ends, so they agree: over the states tested and their
/// ancestors, the root is active, an active state's parent is active, two children of a compound state are not both
/// active, and every region of an active parallel state is active.
struct StateConstraints {
    let spec: ResolvedSpec
    /// The states that get an atom: those tested or known active, and their ancestors.
    let closure: [Int]

    init(spec: ResolvedSpec, tested: Set<Int>, active: [Int]) {
        self.spec = spec
        var all = Set<Int>([0])
        for s in tested.union(active) {
            all.insert(s)
            all.formUnion(spec.ancestors(of: s))
        }
        closure = all.sorted()
    }

    /// (state, parent) pairs: in(state) implies in(parent).
    var implications: [(Int, Int)] { closure.compactMap { s in spec.states[s].parent.map { (s, $0) } } }

    /// Pairs of children of one compound state: not both active.
    var exclusions: [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        for (i, a) in closure.enumerated() {
            for b in closure[(i + 1)...] where a != 0 && b != 0 {
                if let p = spec.states[a].parent, spec.states[b].parent == p, spec.states[p].kind != .parallel { pairs.append((a, b)) }
            }
        }
        return pairs
    }

    /// (parallel state, region) pairs: in(parallel) implies in(region).
    var regions: [(Int, Int)] {
        closure.compactMap { s in
            guard let p = spec.states[s].parent, spec.states[p].kind == .parallel else { return nil }
            return (p, s)
        }
    }

    func holds(_ assignment: [Int: Bool], active: [Int]) -> Bool {
        if assignment[0] == false { return false }
        for s in active where assignment[s] != true { return false }
        for (s, p) in implications where assignment[s] == true && assignment[p] != true { return false }
        for (a, b) in exclusions where assignment[a] == true && assignment[b] == true { return false }
        for (p, r) in regions where assignment[p] == true && assignment[r] != true { return false }
        return true
    }
}
