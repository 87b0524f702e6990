public import SMEngine
public import SMSpec

/// Drives a machine event by event through the pure step function and keeps what happened, so an engine test
/// reads as the scenario it checks:
///
///     let run = try Scenario(fixture: "semantics/history-deep")
///     #expect(try run.send("leave") == ["exit p/q/x", "exit p/q", "exit p", "enter out"])
///     #expect(run.leaves == ["out"])
public final class Scenario {
    public let machine: Machine
    public private(set) var state: MachineState
    /// What the start did.
    public private(set) var startLog: [String]
    public private(set) var last: Macrostep

    public init(_ spec: Spec, choices: [Int] = []) throws {
        machine = try Machine(spec)
        let start = try machine.initialState(choices: ChoiceSequence(choices), recordingMicrosteps: true)
        state = start.state
        last = start
        startLog = Self.log(start.microsteps, machine)
    }

    /// Loads `Tests/Fixtures/<name>.json`.
    public convenience init(fixture name: String, choices: [Int] = []) throws {
        try self.init(try Fixtures.fixture(name), choices: choices)
    }

    /// Loads `Specs/<name>.json`.
    public convenience init(spec name: String, choices: [Int] = []) throws {
        try self.init(try Fixtures.spec(name), choices: choices)
    }

    /// Sends an event; returns the log of the macrostep: `exit a/a3`, `enter b`, `call f`, `x = 3`, `raise e`,
    /// `send e`, each in the order it happened. On an error the state is unchanged.
    @discardableResult
    public func send(_ name: String, _ arguments: [String: Value] = [:], choices: [Int] = []) throws -> [String] {
        let event = try machine.eventInstance(name, arguments)
        let step = try machine.step(state, event, choices: ChoiceSequence(choices), recordingMicrosteps: true)
        state = step.state
        last = step
        return Self.log(step.microsteps, machine)
    }

    /// Sends several events and returns the leaves after them.
    @discardableResult
    public func send(_ names: [String]) throws -> [String] {
        for name in names { try send(name) }
        return leaves
    }

    /// Whether the last event was handled.
    public var handled: Bool { last.handled }

    /// The active leaf states' paths, sorted.
    public var leaves: [String] { machine.activeLeafPaths(state.configuration) }

    /// Every active state's path (root excluded), in document order.
    public var active: [String] { state.configuration.filter { $0 != 0 }.map { machine.path(of: $0) } }

    public func value(_ variable: String) -> Value? {
        guard let index = machine.spec.variables.firstIndex(where: { $0.name == variable }) else { return nil }
        return Machine.decode(state.variables[index], as: machine.spec.variables[index].type)
    }

    /// The `smcheck run` status line.
    public var status: String { machine.statusLine(state) }

    /// The transitions the last macrostep took, described.
    public var transitionsTaken: [String] {
        last.microsteps.flatMap(\.transitions).map { machine.spec.describe(machine.spec.transitions[$0]) }
    }

    public static func log(_ microsteps: [Microstep], _ machine: Machine) -> [String] {
        microsteps.flatMap(\.records).map { record in
            switch record {
            case .exit(let s): "exit \(machine.path(of: s))"
            case .enter(let s): "enter \(machine.path(of: s))"
            case .effect(let effect): StepLog.describe(effect, machine: machine)
            }
        }
    }
}
