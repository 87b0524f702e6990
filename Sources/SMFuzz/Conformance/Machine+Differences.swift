public import SMEngine
import SMSpec

extension Machine {
    /// How an implementation's observation differs from the spec's state (its configuration and variables): the
    /// same active leaves, the same values of the variables the observation reports. Empty when they agree.
    public func differences(_ observation: ObservedState, from configuration: StateSet, variables: [Int]) -> [String] {
        let expectedLeaves = Set(configuration.filter { isLeaf($0) })
        let reported = Set(observation.states.compactMap { state(named: $0) })
        let unknown = observation.states.filter { state(named: $0) == nil }
        var differences: [String] = []
        if !unknown.isEmpty { differences.append("it reports states the spec does not have: \(unknown.sorted().joined(separator: ", "))") }
        if reported != expectedLeaves {
            differences.append(
                "it is in \(reported.map { path(of: $0) }.sorted().joined(separator: ", ")) where the spec is in \(expectedLeaves.map { path(of: $0) }.sorted().joined(separator: ", "))"
            )
        }
        for (name, value) in observation.variables.sorted(by: { $0.key < $1.key }) {
            let index = spec.variables.firstIndex { $0.name == name }
            let expected = index.map { Machine.decode(variables[$0], as: spec.variables[$0].type) }
            if expected != value {
                differences.append(
                    "its '\(name)' is \(value) where the spec's is \(expected.map(String.init(describing:)) ?? "undeclared")")
            }
        }
        return differences
    }
}
