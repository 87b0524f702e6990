// The program GeneratedConformanceTests builds in a scratch package together with the machines `smcheck generate`
// wrote for every spec (`subjects`, in Subjects.swift): it checks each machine against smcheck's engine and prints
// one JSON object per line, `{"spec", "verdict", "detail"}`.
//
// Each machine is checked twice: by the fuzzer through its StateMachineImplementation conformance (SMFuzz compares
// the active states and the variables after every event), and by seeded random walks that step the engine and the
// machine side by side, comparing also each step's outcome (the error message when it fails) and the callbacks it
// made, in order (which shows the order of exits, actions and entries).
//
// Verdicts: "conforms" (nothing failed), "reproduces" (the engine found an error or a broken invariant, and the
// machine agrees on the shrunk trace step by step, error included), "diverges" (the detail says where).
import Foundation
@_spi(Stepping) import SMEngine
import SMFuzz
import SMSCXML
import SMSpec

/// What the conformance file adds for tests: steps that report the callbacks they made.
protocol CallRecording: StateMachineImplementation {
    mutating func handle(_ event: String, _ arguments: [String: Value], choices: [Int], calls: inout [String]) throws
    mutating func start(recordingCalls calls: inout [String]) throws
}

guard CommandLine.arguments.count == 5, let seed = UInt64(CommandLine.arguments[1]), let runs = Int(CommandLine.arguments[2]),
    let length = Int(CommandLine.arguments[3]), let walks = Int(CommandLine.arguments[4])
else {
    FileHandle.standardError.write(Data("usage: ConformanceRunner SEED RUNS LENGTH WALKS\n".utf8))
    exit(64)
}

/// The engine and a machine stepped side by side.
struct SideBySide {
    let machine: Machine
    let context: StepContext
    var subject: any CallRecording

    init(machine: Machine, type: any CallRecording.Type) {
        self.machine = machine
        context = StepContext(machine: machine)
        context.recordsMicrosteps = true
        subject = type.init()
    }

    /// The engine's observation, as the machine reports its own.
    var engineObservation: ObservedState {
        let leaves = machine.activeLeafPaths(context.currentConfiguration)
        let values = Dictionary(uniqueKeysWithValues: machine.variableValues(context.currentVariables).map { ($0.name, $0.value) })
        return ObservedState(states: Set(leaves), variables: values)
    }

    /// The callbacks of the engine's last call, in order.
    var engineCalls: [String] {
        context.microsteps.flatMap(\.effects).compactMap { if case .call(let id) = $0 { machine.spec.callbacks[id] } else { nil } }
    }

    /// Starts both; nil when they agree, else the difference. `failed` is set when the start failed (in both).
    mutating func start(failed: inout Bool) -> String? {
        var calls: [String] = []
        let theirs = outcome { try subject.start(recordingCalls: &calls) }
        var ours = "handled"
        do {
            try context.resetToInitialState()
        } catch {
            ours = "error: \(error.message)"
            failed = true
        }
        if theirs != ours { return "at the start the engine gives \(ours), the machine \(theirs)" }
        if calls != engineCalls { return "at the start the engine calls \(engineCalls), the machine \(calls)" }
        if !failed && subject.observation != engineObservation {
            return "after the start: \(subject.observation) where the engine has \(engineObservation)"
        }
        return nil
    }

    /// One event on both, with the choices the engine meets drawn from `draw` (or given). Nil when they agree.
    /// `stopped` is set when the engine failed (the run ends there, as in fuzzing).
    mutating func step(_ event: EventInstance, choices given: [Int]?, draw: (Int) -> Int, stopped: inout Bool, label: String) -> String? {
        context.checkpoint()
        var choices = given ?? []
        var engineError: EngineError?
        while true {
            context.restoreCheckpoint()
            context.useChoices(choices)
            engineError = nil
            do {
                try context.process(event)
            } catch {
                engineError = error
            }
            guard given == nil, context.choiceArities.count > choices.count else { break }
            for arity in context.choiceArities[choices.count...] { choices.append(draw(arity)) }
        }
        let ours = engineError.map { "error: \($0.message)" } ?? "handled"
        let arguments = Dictionary(uniqueKeysWithValues: machine.arguments(of: event).map { ($0.name, $0.value) })
        var calls: [String] = []
        let theirs = outcome { try subject.handle(machine.spec.events[event.event].name, arguments, choices: choices, calls: &calls) }
        let place = "\(label) (\(machine.describe(event))\(choices.isEmpty ? "" : " \(choices)"))"
        if theirs != ours { return "\(place): the engine gives \(ours), the machine \(theirs)" }
        if calls != engineCalls { return "\(place): the engine calls \(engineCalls), the machine \(calls)" }
        if let engineError {
            guard case .unhandledEvent = engineError.kind else {
                stopped = true
                return nil
            }
            context.restoreCheckpoint()
        }
        if subject.observation != engineObservation {
            return "after \(place): \(subject.observation) where the engine has \(engineObservation)"
        }
        return nil
    }

    private func outcome(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "handled"
        } catch {
            return "error: \(error)"
        }
    }
}

/// Seeded random walks: random declared events with random arguments and random choices.
func walk(_ machine: Machine, _ type: any CallRecording.Type, index: Int) -> String? {
    var random = SplitMix64(seed: SplitMix64.seed(ofRun: index, campaign: seed ^ 0x5EED))
    let events = machine.spec.events.filter { !$0.isImplicit }
    var pair = SideBySide(machine: machine, type: type)
    var failed = false
    if let difference = pair.start(failed: &failed) { return "walk \(index): " + difference }
    guard !failed, !events.isEmpty else { return nil }
    for step in 1...length {
        let declaration = events[Int(random.next() % UInt64(events.count))]
        let arguments = declaration.parameters.map { parameter -> Int in
            let index = Int(random.next() % UInt64(parameter.type.cardinality))
            if case .int(let min, _) = parameter.type { return min + index }
            return index
        }
        var stopped = false
        let difference = pair.step(
            EventInstance(event: declaration.index, arguments: arguments), choices: nil,
            draw: { Int(random.next() % UInt64($0)) }, stopped: &stopped, label: "walk \(index), step \(step)")
        if let difference { return difference }
        if stopped { return nil }
    }
    return nil
}

/// The fuzzer's shrunk failing trace replayed side by side.
func replay(_ trace: [TraceStep], machine: Machine, type: any CallRecording.Type) -> String? {
    var pair = SideBySide(machine: machine, type: type)
    var failed = false
    if let difference = pair.start(failed: &failed) { return difference }
    for (i, step) in trace.enumerated() where !failed {
        var stopped = false
        if let difference = pair.step(step.event, choices: step.choices, draw: { _ in 0 }, stopped: &stopped, label: "step \(i + 1)") {
            return difference
        }
        if stopped { return nil }
    }
    return nil
}

func verdict(path: String, type: any CallRecording.Type) -> (String, String) {
    let machine: Machine
    do {
        machine = try Machine(try SpecFile.load(path: path))
    } catch {
        return ("diverges", "the spec does not load: \(error)")
    }
    for index in 0..<walks {
        if let difference = walk(machine, type, index: index) { return ("diverges", difference) }
    }
    let configuration = FuzzConfiguration(runs: runs, length: length, seed: seed)
    let result = Fuzzer(machine: machine, configuration: configuration, implementation: { type.init() }).run()
    guard let failure = result.failure else { return ("conforms", "\(result.runs) runs, \(result.events) events, \(walks) walks") }
    if failure.failure.kind == .divergence {
        let trace = failure.trace.map { machine.describe($0.event) + ($0.choices.isEmpty ? "" : " \($0.choices)") }
        return ("diverges", failure.failure.message + "; trace: " + trace.joined(separator: ", "))
    }
    if let difference = replay(failure.trace, machine: machine, type: type) { return ("diverges", difference) }
    return ("reproduces", failure.failure.message)
}

for (path, type) in subjects {
    let (result, detail) = verdict(path: path, type: type)
    let line = try JSONSerialization.data(withJSONObject: ["spec": path, "verdict": result, "detail": detail], options: [.sortedKeys])
    print(String(decoding: line, as: UTF8.self))
}
