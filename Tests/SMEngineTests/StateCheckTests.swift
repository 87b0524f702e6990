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
                == name + "the memory of 'box/h' holds 'side/left/l', which it cannot record")
    }

    @Test("a history memory is refused unless its history could have recorded it")
    func memories() throws {
        let machine = try Machine(
            Spec("nested box") {
                Events("go", "out", "back", "deep")
                StateNode("box") {
                    StateNode("a") { On("go", to: "b") }
                    StateNode("b") {
                        StateNode("b1") { On("go", to: "b2") }
                        StateNode("b2")
                    }
                    History("h")
                    History("hd", deep: true)
                    On("out", to: "side")
                }
                StateNode("side") {
                    On("back", to: "box/h")
                    On("deep", to: "box/hd")
                }
            })
        let start = try machine.initialState().state
        let name = "not a state of 'nested box': "
        func states(_ names: String...) throws -> StateSet {
            StateSet(capacity: machine.spec.states.count, try names.map { try #require(machine.state(named: $0)) })
        }
        func refusal(shallow: StateSet?, deep: StateSet?) throws -> String? {
            var state = start
            state.history = [shallow, deep]
            return try StateCheckTests.refusal(of: state, machine: machine)
        }
        // What the histories record: a child (shallow), the leaves (deep).
        #expect(try refusal(shallow: try states("b"), deep: try states("b2")) == nil)
        #expect(try refusal(shallow: try states("a"), deep: try states("a")) == nil)
        #expect(
            try refusal(shallow: StateSet(capacity: machine.spec.states.count), deep: nil) == name
                + "the memory of 'box/h' is empty; a history records at least one state")
        #expect(try refusal(shallow: try states("h"), deep: nil) == name + "the memory of 'box/h' holds 'box/h', which it cannot record")
        #expect(
            try refusal(shallow: try states("b1"), deep: nil) == name + "the memory of 'box/h' holds 'box/b/b1', which it cannot record")
        #expect(
            try refusal(shallow: try states("a", "b"), deep: nil)
                == name
                + "the memory of 'box/h' is not a configuration of 'box': 'box' in it with 2 active children; a compound state has one")
        #expect(
            try refusal(shallow: nil, deep: try states("a", "b1"))
                == name
                + "the memory of 'box/hd' is not a configuration of 'box': 'box' in it with 2 active children; a compound state has one")
        #expect(
            try refusal(shallow: nil, deep: try states("b1", "b2"))
                == name
                + "the memory of 'box/hd' is not a configuration of 'box': 'box/b' in it with 2 active children; a compound state has one")
        #expect(try refusal(shallow: nil, deep: try states("side")) == name + "the memory of 'box/hd' holds 'side', which it cannot record")
        // Sets of another size, or naming states the machine does not have.
        let wide = StateSet(capacity: 200, [150])
        #expect(
            try refusal(shallow: wide, deep: nil) == name + "the memory of 'box/h' is a set of another machine's states (4 words, not 1)")
        #expect(
            try refusal(shallow: StateSet(capacity: 64, [63]), deep: nil) == name
                + "the memory of 'box/h' names states past the machine's last")
        // Memories the machine records itself are taken back, and restore what they recorded.
        func run(_ events: String...) throws -> [String] {
            var state = start
            for event in events {
                state = try machine.step(state, try machine.eventInstance(event)).state
                #expect(machine.problem(with: state) == nil, "after \(event)")
            }
            return machine.activeLeafPaths(state.configuration)
        }
        #expect(try run("go", "go", "out", "deep") == ["box/b/b2"])
        #expect(try run("go", "go", "out", "back") == ["box/b/b1"])
    }
}
