import Foundation
import SMAnalyzer
import SMEngine
import SMSolver
import SMSpec
@testable import SMSymbolic
import SMTestSupport
import Testing

/// The symbolic macrostep must be the engine's macrostep: from random states and events, exactly one symbolic
/// path is taken, and it ends where the engine ends (or fails where the engine fails).
@Suite("The symbolic step agrees with the engine")
struct SymbolicStepTests {
    @Test("every spec of the repository is covered")
    func inputs() {
        #expect(Fixtures.seedSpecPaths.count >= 5)
        #expect(Fixtures.defectSpecPaths.count >= 14)
        #expect(Fixtures.fixtureSpecPaths.count >= 40)
    }

    @Test("the start", arguments: Fixtures.everySpecPath.map(Fixtures.relative))
    func start(path: String) throws {
        let machine = try Machine(try Spec.load(path: Fixtures.repositoryRoot.appendingPathComponent(path).path))
        let paths = try SymbolicStepper(machine: machine).start()
        // Every combination of choices the start meets, as the explorer tries them.
        var choices = ChoiceSequence()
        var runs = 0
        repeat {
            runs += 1
            let context = StepContext(machine: machine)
            context.choices = choices
            let outcome = Result { () throws(EngineError) in try context.resetToInitialState() }
            let used = Self.used(context.choices)
            let matching = paths.filter { $0.choices == used }
            #expect(matching.count == 1, "\(path): choices \(used): \(matching.count) symbolic paths")
            if let path = matching.first { Self.compare(path, with: outcome, context: context, values: ConcreteValues(variables: [], parameters: []), machine: machine, where: "\(path) start") }
            choices = context.choices
        } while choices.advance() && runs < 64
    }

    @Test("random states and events", arguments: Fixtures.everySpecPath.map(Fixtures.relative))
    func steps(path: String) throws {
        let machine = try Machine(try Spec.load(path: Fixtures.repositoryRoot.appendingPathComponent(path).path))
        var random = SeededRandom(seed: 20261123)
        let stepper = SymbolicStepper(machine: machine)
        var cache: [ControlState: [Int: [SymbolicPath]]] = [:]
        let declared = machine.spec.events.filter { !$0.isImplicit }
        guard !declared.isEmpty else { return }
        for _ in 0..<300 {
            // A reachable configuration with random values of the variables (any values in their domains).
            guard var start = Self.randomReachableState(machine, declared, using: &random) else { break }
            for (i, variable) in machine.spec.variables.enumerated() where Bool.random(using: &random) {
                let range = Machine.range(of: variable.type)
                start.variables[i] = Int.random(in: range, using: &random)
            }
            let event = declared.randomElement(using: &random)!
            let arguments = event.parameters.map { Int.random(in: Machine.range(of: $0.type), using: &random) }
            let choiceValues = (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0...2, using: &random) }
            let control = ControlState(start)
            let paths = try cache[control, default: [:]][event.index] ?? stepper.macrostep(from: control, event: event.index)
            cache[control, default: [:]][event.index] = paths

            let context = StepContext(machine: machine)
            context.load(start)
            context.useChoices(choiceValues)
            let outcome = Result { () throws(EngineError) in try context.process(EventInstance(event: event.index, arguments: arguments)) }
            let used = Self.used(context.choices)
            let values = ConcreteValues(variables: start.variables, parameters: arguments)
            let taken = paths.filter { $0.choices == used && values.takes($0) }
            let place = "\(path): \(machine.describe(EventInstance(event: event.index, arguments: arguments))) from \(machine.statusLine(start)) with choices \(used)"
            #expect(taken.count == 1, "\(place): \(taken.count) symbolic paths taken")
            if let taken = taken.first { Self.compare(taken, with: outcome, context: context, values: values, machine: machine, where: place) }
        }
    }

    /// The choice values a call used, as the engine read them (clamped to each choice point's arity).
    static func used(_ choices: ChoiceSequence) -> [Int] {
        zip(choices.used, choices.arities).map { min(max($0, 0), $1 - 1) }
    }

    /// The state after a short random walk from the start (nil when the start itself fails).
    static func randomReachableState(_ machine: Machine, _ events: [ResolvedEvent], using random: inout SeededRandom) -> MachineState? {
        let context = StepContext(machine: machine)
        guard (try? context.resetToInitialState()) != nil else { return nil }
        var state = context.snapshot()
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let event = events.randomElement(using: &random)!
            let arguments = event.parameters.map { Int.random(in: Machine.range(of: $0.type), using: &random) }
            context.load(state)
            context.useChoices((0..<3).map { _ in Int.random(in: 0...1, using: &random) })
            if (try? context.process(EventInstance(event: event.index, arguments: arguments))) != nil { state = context.snapshot() }
        }
        return state
    }

    static func compare(_ path: SymbolicPath, with outcome: Result<StepOutcome, EngineError>, context: StepContext,
                        values: ConcreteValues, machine: Machine, where place: String) {
        switch (path.outcome, outcome) {
        case (.stable(let control, let variables), .success(let step)):
            let engine = context.snapshot()
            #expect(control == ControlState(engine), "\(place): configuration")
            #expect(variables.map { values.value($0) } == engine.variables.map { Optional($0) }, "\(place): variables")
            #expect(path.handled == step.handled, "\(place): handled")
        case (.failure(let failure), .failure(let error)):
            #expect(Self.same(failure.kind, error.kind), "\(place): \(failure.kind) against the engine's \(error.kind)")
            #expect(failure.location?.pointer == error.location?.pointer, "\(place): where it fails")
        case (.stable, .failure(let error)):
            Issue.record("\(place): the engine fails (\(error.message)), the symbolic path does not")
        case (.failure(let failure), .success):
            Issue.record("\(place): the symbolic path fails (\(failure.summary)), the engine does not")
        }
    }

    /// The same kind of error; values the symbolic step cannot know are left out.
    static func same(_ a: EngineError.Kind, _ b: EngineError.Kind) -> Bool {
        switch (a, b) {
        case (.rangeViolation(let x, _), .rangeViolation(let y, _)): x == y
        case (.infiniteLoop, .infiniteLoop): true
        default: a == b
        }
    }
}
