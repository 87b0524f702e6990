import SMBuilder
import SMEngine
import SMSpec
import SMTestSupport
import Testing

/// `MachineState`'s fields are public: a state handed to `Machine.step` may be another machine's or edited by hand.
/// The step refuses it with a message instead of writing past its buffers or reading tables by states that do not
/// exist.
@Suite("States a machine is handed")
struct StateCheckTests {
    static let spec = Spec("box") {
        Variable("count", .int(min: 0, max: 3))
        Variable("mode", .enumeration(["slow", "fast"]))
        Events("go", "out", "back")
        StateNode("box") {
            StateNode("a") { On("go", to: "b") }
            StateNode("b") { On("go", to: "a") }
            History("h")
            On("out", to: "side")
        }
        Parallel("side") {
            StateNode("left") { StateNode("l") }
            StateNode("right") { StateNode("r") }
            On("back", to: "box/h")
        }
    }

    /// The step's answer for `state`: the message of its `invalidState` error, or nil when it steps.
    static func refusal(of state: MachineState, machine: Machine) throws -> String? {
        do {
            _ = try machine.step(state, try machine.eventInstance("go"))
            return nil
        } catch {
            guard case .invalidState = error.kind else { throw error }
            return error.message
        }
    }

    @Test("a state of another shape, configuration or values is refused with what is wrong")
    func refused() throws {
        let machine = try Machine(Self.spec)
        let start = try machine.initialState().state
        func refusal(_ edit: (inout MachineState) -> Void) throws -> String? {
            var state = start
            edit(&state)
            return try Self.refusal(of: state, machine: machine)
        }
        let name = "not a state of 'box': "
        #expect(try refusal { $0.variables.append(1) } == name + "the state has 3 variables; 'box' declares 2")
        #expect(try refusal { $0.variables.removeAll() } == name + "the state has 0 variables; 'box' declares 2")
        #expect(try refusal { $0.variables[0] = 9 } == name + "variable 'count' is 9, outside its type (int 0...3)")
        #expect(try refusal { $0.variables[1] = 2 } == name + "variable 'mode' is 2, outside its type (enum {slow, fast})")
        #expect(try refusal { $0.history = [] } == name + "the state has 0 history memories; 'box' has 1 history states")
        // Both children of a compound state, a region left out, a pseudostate, no root.
        let other = try Machine(Generated.rings([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]))
        let foreign = try other.initialState().state
        #expect(try refusal { $0.configuration = foreign.configuration }?.contains("a set of another machine's states") == true)
        let b = try #require(machine.state(named: "b"))
        #expect(try refusal { $0.configuration.insert(b) } == name + "'box' is active with 2 active children; a compound state has one")
        let r = try #require(machine.state(named: "r"))
        #expect(try refusal { $0.configuration.insert(r) } == name + "'side/right/r' is active but its parent is not")
        let side = try #require(machine.state(named: "side")), box = try #require(machine.state(named: "box"))
        let left = try #require(machine.state(named: "left")), l = try #require(machine.state(named: "l"))
        let a = try #require(machine.state(named: "a"))
        #expect(
            try refusal {
                for s in [box, a] { $0.configuration.remove(s) }
                for s in [side, left, l] { $0.configuration.insert(s) }
            } == name + "'side' is active but its region 'side/right' is not")
        let h = try #require(machine.state(named: "h"))
        #expect(try refusal { $0.configuration.insert(h) }?.hasSuffix("'box/h' is a pseudostate, never active between steps") == true)
        #expect(try refusal { $0.configuration.remove(0) } == name + "the configuration does not contain the root state")
        // A memory of states outside the history's parent.
        #expect(
            try refusal { $0.history = [StateSet(capacity: machine.spec.states.count, [l])] }
                == name + "the memory of 'box/h' holds 'side/left/l', not inside its parent")
    }

    @Test("every state the machine reaches is taken", arguments: try Fixtures.everySpecPath)
    func reachedStatesAreTaken(path: String) throws {
        let machine = try Machine(try Spec.load(path: path))
        guard var state = try? machine.initialState().state else { return }
        #expect(machine.problem(with: state) == nil, "\(Fixtures.relative(path)): the start")
        var random = SeededRandom(seed: 11)
        let instances = machine.spec.events.indices.compactMap { event -> EventInstance? in
            machine.spec.events[event].parameters.isEmpty && !machine.spec.events[event].isImplicit
                ? EventInstance(event: event, arguments: []) : nil
        }
        guard !instances.isEmpty else { return }
        for _ in 0..<200 {
            guard let step = try? machine.step(state, instances.randomElement(using: &random)!) else { continue }
            state = step.state
            #expect(machine.problem(with: state) == nil, "\(Fixtures.relative(path)): \(machine.statusLine(state))")
        }
    }
}
