import Foundation
package import SMEngine
package import SMSolver

/// A machine as a transition system over symbolic values: its control states (locations) and, from each, the
/// symbolic paths of every external event. Together with the start it says exactly which machine states can follow
/// which: the relation the model checkers (BMC, k-induction, CHC) work on.
///
/// The locations are those reachable when the values are unknown (every path whose conditions can hold for some
/// values of the declared domains is followed), a superset of the locations reachable for real.
package struct TransitionSystem: Sendable {
    package let machine: Machine
    package let locations: [ControlState]
    /// The start the explorer and the fuzzer use (every choice at its first outcome), and its location.
    package let start: SymbolicPath
    package let startLocation: Int?
    /// The start meets a choice with another feasible outcome, which the system does not follow.
    package let startHasOtherOutcomes: Bool
    /// Every path of every event from every location; the stable ones first (`stableEdgeCount`), then the failures.
    package let edges: [Edge]
    package let stableEdgeCount: Int

    package struct Edge: Sendable {
        package let source: Int
        package let event: Int
        package let path: SymbolicPath
        /// The location it ends in; nil for a failure.
        package let target: Int?
    }

    /// Builds the system: the start, then every event from every location found, breadth first.
    package static func build(
        machine: Machine, limits: Limits, isFeasible: @escaping (Int?, [Formula]) -> Bool,
        simpler: @escaping (Int?, [Formula], TypedExpression, ValueType) -> TypedExpression? = { _, _, _, _ in nil }
    ) throws(TransitionSystemError) -> TransitionSystem {
        let stepper = SymbolicStepper(
            machine: machine, maximumPaths: limits.maximumPathsPerStep, isFeasible: isFeasible, simpler: simpler,
            stopReason: limits.stopReason)
        let startPaths: [SymbolicPath]
        do {
            startPaths = try stepper.start()
        } catch {
            throw TransitionSystemError(message: error.message)
        }
        // The explorer, the fuzzer and replay start with every choice at 0.
        guard let start = startPaths.first(where: { $0.choices.allSatisfy { $0 == 0 } }) ?? startPaths.first else {
            throw TransitionSystemError(message: "the start has no path")
        }
        var locations: [ControlState] = []
        var index: [ControlState: Int] = [:]
        func location(_ control: ControlState) -> Int {
            if let existing = index[control] { return existing }
            index[control] = locations.count
            locations.append(control)
            return locations.count - 1
        }
        var startLocation: Int?
        if case .stable(let control, _) = start.outcome { startLocation = location(control) }
        let events = machine.spec.events.filter { !$0.isImplicit }.map(\.index)
        var stable: [Edge] = []
        var failures: [Edge] = []
        var next = 0
        while next < locations.count {
            if locations.count > limits.maximumLocations {
                throw TransitionSystemError(
                    message: "more than \(limits.maximumLocations) control configurations (active states and history)")
            }
            if let reason = limits.stopReason() {
                throw TransitionSystemError(
                    message:
                        "\(reason) while \(Plural.count(locations.count, "control configuration")) \(locations.count == 1 ? "was" : "were") being stepped"
                )
            }
            let source = next
            next += 1
            for event in events {
                let paths: [SymbolicPath]
                do {
                    paths = try stepper.macrostep(from: locations[source], event: event)
                } catch {
                    throw TransitionSystemError(
                        message:
                            "in \(machine.activeLeafList(locations[source].configuration)) on '\(machine.spec.events[event].name)': \(error.message)"
                    )
                }
                for path in paths {
                    switch path.outcome {
                    case .stable(let control, _):
                        stable.append(Edge(source: source, event: event, path: path, target: location(control)))
                    case .failure:
                        failures.append(Edge(source: source, event: event, path: path, target: nil))
                    }
                }
            }
            if stable.count + failures.count > limits.maximumEdges {
                throw TransitionSystemError(message: "more than \(limits.maximumEdges) symbolic paths in all")
            }
        }
        return TransitionSystem(
            machine: machine, locations: locations, start: start, startLocation: startLocation,
            startHasOtherOutcomes: startPaths.count > 1, edges: stable + failures, stableEdgeCount: stable.count)
    }

    package struct Limits: Sendable {
        package var maximumLocations = 20_000
        package var maximumEdges = 400_000
        package var maximumPathsPerStep = 4_096
        package var deadline: ContinuousClock.Instant
        package var isCancelled: @Sendable () -> Bool

        package init(deadline: ContinuousClock.Instant, isCancelled: @escaping @Sendable () -> Bool = { false }) {
            self.deadline = deadline
            self.isCancelled = isCancelled
        }

        /// Why building must stop now: "cancelled" (which comes first: a Ctrl-C is not a time limit), "the time limit
        /// ran out", or nil to go on.
        package func stopReason() -> String? {
            if isCancelled() { return "cancelled" }
            return ContinuousClock.now > deadline ? "the time limit ran out" : nil
        }
    }

    /// The edges leaving each location, by index.
    package var outgoing: [[Int]] {
        var result = Array(repeating: [Int](), count: locations.count)
        for (i, edge) in edges.enumerated() { result[edge.source].append(i) }
        return result
    }
}

/// The transition system could not be built within its limits.
package struct TransitionSystemError: Error, Sendable {
    package let message: String
}
