public import SMSpec

/// Answers guard queries by trying every value: each variable and parameter the formula reads over its declared
/// domain, each opaque guard both ways, each consistent assignment of the `in()` atoms. Exact, and the reference the
/// Z3 encoding is tested against; only for small domains.
public final class EnumerationBackend: GuardBackend {
    public let name = "enumeration"
    public let spec: ResolvedSpec
    /// Queries needing more assignments than this answer `.unknown`.
    public let maximumAssignments: Int

    public init(spec: ResolvedSpec, maximumAssignments: Int = 2_000_000) {
        self.spec = spec
        self.maximumAssignments = maximumAssignments
    }

    public func solve(_ query: GuardQuery) -> Verdict {
        let atoms = query.formula.atoms
        let variables = atoms.variables.sorted()
        let parameters = atoms.parameters.sorted()
        let opaque = atoms.opaque.sorted()
        let constraints = StateConstraints(spec: spec, tested: atoms.states, active: query.activeStates)
        let eventParameters = query.event.map { spec.events[$0].parameters } ?? []

        // Counted before any domain is listed: an int of 2^40 values would otherwise be an array of 8 TB.
        let types = variables.map { spec.variables[$0].type } + parameters.map { eventParameters[$0].type }
        var total = 1
        func fits(_ count: Int) -> Bool {
            let (product, overflow) = total.multipliedReportingOverflow(by: max(count, 1))
            total = product
            return !overflow && product <= maximumAssignments
        }
        for count in types.map(\.cardinality) + Array(repeating: 2, count: opaque.count) where !fits(count) {
            return .unknown("too many combinations to enumerate (more than \(maximumAssignments)); use z3")
        }
        var domains: [[Int]] = types.map(Self.domain)
        domains += opaque.map { _ in [0, 1] }
        let stateAssignments = Self.stateAssignments(constraints, active: query.activeStates)
        domains.append(Array(stateAssignments.indices))
        guard fits(stateAssignments.count) else {
            return .unknown("too many combinations to enumerate (more than \(maximumAssignments)); use z3")
        }
        guard !domains.contains(where: \.isEmpty) else { return .unsatisfiable }

        var indices = Array(repeating: 0, count: domains.count)
        var values = [Int](repeating: 0, count: spec.variables.count)
        var arguments = [Int](repeating: 0, count: eventParameters.count)
        while true {
            for (k, v) in variables.enumerated() { values[v] = domains[k][indices[k]] }
            for (k, p) in parameters.enumerated() { arguments[p] = domains[variables.count + k][indices[variables.count + k]] }
            var outcomes: [Int: Bool] = [:]
            for (k, id) in opaque.enumerated() {
                outcomes[id] = domains[variables.count + parameters.count + k][indices[variables.count + parameters.count + k]] == 1
            }
            let states = stateAssignments[indices[domains.count - 1]]
            if evaluate(query.formula, values, arguments, outcomes, states) {
                var witness = SolverWitness()
                for v in variables { witness.variables[v] = values[v] }
                for p in parameters { witness.parameters[p] = arguments[p] }
                witness.opaque = outcomes
                for s in atoms.states { witness.states[s] = states[s] ?? false }
                return .satisfiable(witness)
            }
            // Next combination.
            var k = domains.count - 1
            while k >= 0 {
                indices[k] += 1
                if indices[k] < domains[k].count { break }
                indices[k] = 0
                k -= 1
            }
            if k < 0 { return .unsatisfiable }
        }
    }

    static func domain(_ type: ValueType) -> [Int] {
        switch type {
        case .bool: [0, 1]
        case .int(let min, let max): max < min ? [] : Array(min...max)
        case .enumeration(let values): Array(values.indices)
        }
    }

    /// Every assignment of the closure's atoms that satisfies the constraints.
    static func stateAssignments(_ constraints: StateConstraints, active: [Int]) -> [[Int: Bool]] {
        var result: [[Int: Bool]] = []
        let closure = constraints.closure
        guard closure.count <= 20 else { return [Dictionary(uniqueKeysWithValues: closure.map { ($0, active.contains($0) || $0 == 0) })] }
        for bits in 0..<(1 << closure.count) {
            var assignment: [Int: Bool] = [:]
            for (i, s) in closure.enumerated() { assignment[s] = bits & (1 << i) != 0 }
            if constraints.holds(assignment, active: active) { result.append(assignment) }
        }
        return result
    }

    private func evaluate(_ formula: Formula, _ values: [Int], _ arguments: [Int], _ opaque: [Int: Bool], _ states: [Int: Bool]) -> Bool {
        func value(_ e: TypedExpression) -> Int? {
            try? e.evaluate(variable: { values[$0] }, parameter: { arguments[$0] }, isActive: { states[$0] ?? false })
        }
        switch formula {
        case .truth(let b): return b
        case .holds(let e): return value(e).map { $0 != 0 } ?? false
        case .defined(let e): return value(e) != nil
        case .outside(let e, let type): return value(e).map { !type.encodedRange.contains($0) } ?? false
        case .opaque(let id): return opaque[id] ?? false
        case .not(let f): return !evaluate(f, values, arguments, opaque, states)
        case .and(let list): return list.allSatisfy { evaluate($0, values, arguments, opaque, states) }
        case .or(let list): return list.contains { evaluate($0, values, arguments, opaque, states) }
        }
    }
}
