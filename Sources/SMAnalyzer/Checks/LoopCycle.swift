@_spi(Stepping) import SMEngine
import SMSpec

/// The cycle behind an infinite-loop error: replays the failing macrostep with microsteps recorded, rebuilds the
/// configuration and variables after each microstep, and finds where the state after the last one was before. The
/// transitions between the two occurrences are the loop, said from where the run entered it.
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
    ///
    /// The cycle is the one the limit stopped: from the last microstep back to the previous time its state was
    /// seen. A run can go round another cycle first and leave it (a send loop whose guard fails at last, then an
    /// eventless loop), and that one is not the error; when the last state was not seen before, the run was a
    /// chain, not a cycle (nil).
    private static func find(in microsteps: [Microstep], from start: StateSet, _ startVariables: [Int], counting: Bool)
        -> LoopCycle?
    {
        guard !microsteps.isEmpty else { return nil }
        var configuration = start
        var variables = startVariables
        var keys: [MachineStateKey] = []
        keys.reserveCapacity(microsteps.count)
        for microstep in microsteps {
            for record in microstep.records {
                switch record {
                case .exit(let s): configuration.remove(s)
                case .enter(let s): configuration.insert(s)
                case .effect(.assign(let variable, let value)): variables[variable] = value
                case .effect: break
                }
            }
            keys.append(MachineStateKey(configuration, variables))
        }
        let last = keys.count - 1
        let startKey = MachineStateKey(start, startVariables)
        // The state after microstep i; -1 is the state before the first, which only the start's cycle can include.
        func key(_ i: Int) -> MachineStateKey { i < 0 ? startKey : keys[i] }
        let earliest = counting ? -1 : 0
        guard let first = (earliest..<last).last(where: { key($0) == keys[last] }) else { return nil }
        // Said from where the run entered the cycle, as it went round: back while the state a round later is the same.
        let length = last - first
        var begin = first
        while begin - 1 >= earliest, key(begin - 1) == key(begin - 1 + length) { begin -= 1 }
        let loop = microsteps[(begin + 1)...(begin + length)]
        let transitions = loop.flatMap(\.transitions)
        let entered = Set(loop.flatMap(\.entered)).sorted()
        return transitions.isEmpty ? nil : LoopCycle(transitions: transitions, states: entered)
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
