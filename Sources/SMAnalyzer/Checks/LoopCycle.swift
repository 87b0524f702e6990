@_spi(Stepping) import SMEngine
import SMSpec

/// The cycle behind an infinite-loop error: replays the failing macrostep with microsteps recorded, rebuilds the
/// configuration and variables after each microstep, and finds the first one that repeats. The transitions between
/// the two occurrences are the loop.
struct LoopCycle {
    let transitions: [Int]
    /// States entered along the cycle, in document order.
    let states: [Int]

    /// The cycle of the loop error that `step` meets from `start`, or, without them, the start's own macrostep.
    static func find(machine: Machine, from start: MachineState?, step: TraceStep?) -> LoopCycle? {
        let context = StepContext(machine: machine)
        context.recordsMicrosteps = true
        guard let start, let step else {
            // The start begins with the root alone and the initial values.
            _ = try? context.resetToInitialState()
            var root = StateSet(capacity: machine.stateCount)
            root.insert(0)
            return find(in: context.microsteps, from: root, machine.initialVariables, counting: true)
        }
        context.load(start)
        context.choices = ChoiceSequence(step.choices)
        _ = try? context.process(step.event)
        return find(in: context.microsteps, from: start.configuration, start.variables, counting: false)
    }

    /// `counting`: whether the state before the first microstep can be part of the cycle. The start's root alone
    /// can; a stable state before an external event cannot (nothing there moves the machine but that event, which
    /// comes once), and counting it would name the event's own transition as the loop when the configuration and
    /// the values after it come back (a raise loop whose values wrap).
    private static func find(in microsteps: [Microstep], from start: StateSet, _ startVariables: [Int], counting: Bool)
        -> LoopCycle?
    {
        guard !microsteps.isEmpty else { return nil }
        var configuration = start
        var variables = startVariables
        var seen: [MachineStateKey: Int] = counting ? [MachineStateKey(configuration, variables): -1] : [:]
        for (index, microstep) in microsteps.enumerated() {
            for record in microstep.records {
                switch record {
                case .exit(let s): configuration.remove(s)
                case .enter(let s): configuration.insert(s)
                case .effect(.assign(let variable, let value)): variables[variable] = value
                case .effect: break
                }
            }
            let key = MachineStateKey(configuration, variables)
            if let first = seen[key] {
                let loop = microsteps[(first + 1)...index]
                let transitions = loop.flatMap(\.transitions)
                let entered = Set(loop.flatMap(\.entered)).sorted()
                return transitions.isEmpty ? nil : LoopCycle(transitions: transitions, states: entered)
            }
            seen[key] = index
        }
        return nil
    }

    private struct MachineStateKey: Hashable {
        let configuration: StateSet
        let variables: [Int]

        init(_ configuration: StateSet, _ variables: [Int]) {
            self.configuration = configuration
            self.variables = variables
        }
    }
}

extension Array where Element: Equatable {
    /// The shortest prefix that, repeated, makes up the whole array (the whole array when none does).
    var shortestRepeatingPrefix: ArraySlice<Element> {
        let length = (1...Swift.max(1, count)).first { period in
            count % period == 0 && indices.allSatisfy { self[$0] == self[$0 % period] }
        }
        return prefix(length ?? count)
    }
}
