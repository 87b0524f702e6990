import Foundation
import SMAnalyzer
@_spi(Stepping) import SMEngine
import SMSolver
import SMSpec
import SMTestSupport
import Testing

@testable import SMSymbolic

/// The symbolic macrostep must be the engine's macrostep: from random states and events, exactly one symbolic
/// path is taken, and it ends where the engine ends (or fails where the engine fails).
@Suite("The symbolic step agrees with the engine")
struct SymbolicStepTests {
    @Test("every spec of the repository is covered")
    func inputs() throws {
        #expect(try Fixtures.seedSpecPaths.count >= 5)
        #expect(try Fixtures.defectSpecPaths.count >= 14)
        #expect(try Fixtures.fixtureSpecPaths.count >= 40)
    }

    @Test("the start", arguments: try Fixtures.everySpecPath.map(Fixtures.relative))
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
            if let path = matching.first {
                Self.compare(
                    path, with: outcome, context: context, values: ConcreteValues(variables: [], parameters: []), machine: machine,
                    where: "\(path) start")
            }
            choices = context.choices
        } while choices.advance() && runs < 64
    }

    @Test("random states and events", arguments: try Fixtures.everySpecPath.map(Fixtures.relative))
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
            let place =
                "\(path): \(machine.describe(EventInstance(event: event.index, arguments: arguments))) from \(machine.statusLine(start)) with choices \(used)"
            #expect(taken.count == 1, "\(place): \(taken.count) symbolic paths taken")
            if let taken = taken.first {
                Self.compare(taken, with: outcome, context: context, values: values, machine: machine, where: place)
            }
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

    static func compare(
        _ path: SymbolicPath, with outcome: Result<StepOutcome, EngineError>, context: StepContext,
        values: ConcreteValues, machine: Machine, where place: String
    ) {
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

#if Z3
    import SMSolver

    /// The Z3 formula of a step, with the state, the event and the choices fixed, has exactly one model, and it is the
    /// engine's step; where the engine fails, no stable step is possible and a failing edge of that kind is.
    @Suite("The Z3 transition relation agrees with the engine")
    struct TransitionRelationTests {
        @Test("random reachable states and events", arguments: try Fixtures.everySpecPath.map(Fixtures.relative))
        func steps(path: String) throws {
            let machine = try Machine(try Spec.load(path: Fixtures.repositoryRoot.appendingPathComponent(path).path))
            let declared = machine.spec.events.filter { !$0.isImplicit }
            guard !declared.isEmpty else { return }
            let feasibility = try PathFeasibility(spec: machine.spec)
            let system = try TransitionSystem.build(
                machine: machine, limits: .init(deadline: .now + .seconds(60)),
                isFeasible: { feasibility.isFeasible(event: $0, conditions: $1) })
            guard system.start.failure == nil else { return }
            let context = try Z3Context()
            let encoding = SymbolicEncoding(system: system, context: context)
            var random = SeededRandom(seed: 7)
            for _ in 0..<15 {
                guard let state = SymbolicStepTests.randomReachableState(machine, declared, using: &random),
                    let location = system.locations.firstIndex(of: ControlState(state))
                else {
                    Issue.record("\(path): a reachable control state is missing from the transition system")
                    return
                }
                let event = declared.randomElement(using: &random)!
                let arguments = event.parameters.map { Int.random(in: Machine.range(of: $0.type), using: &random) }
                let engine = StepContext(machine: machine)
                engine.load(state)
                engine.useChoices((0..<3).map { _ in Int.random(in: 0...1, using: &random) })
                let outcome = Result { () throws(EngineError) in try engine.process(EventInstance(event: event.index, arguments: arguments))
                }
                let used = SymbolicStepTests.used(engine.choices)
                let place =
                    "\(path): \(machine.describe(EventInstance(event: event.index, arguments: arguments))) from \(machine.statusLine(state))"

                let solver = try Z3Solver(context, timeoutMilliseconds: 10_000, resourceLimit: 0)
                let before = encoding.state("b"), input = encoding.input("i"), after = encoding.state("a")
                solver.assert(context.equal(before.location, context.int(location)))
                for (i, value) in state.variables.enumerated() {
                    solver.assert(
                        context.equal(
                            before.values[i], machine.spec.variables[i].type == .bool ? context.bool(value != 0) : context.int(value)))
                }
                for (i, value) in arguments.enumerated() {
                    let term = input.parameters[event.index]![i]
                    solver.assert(context.equal(term, event.parameters[i].type == .bool ? context.bool(value != 0) : context.int(value)))
                }
                // This event, with the choices the engine used.
                let candidates = system.edges.indices.filter {
                    system.edges[$0].event == event.index && system.edges[$0].path.choices == used
                }
                solver.assert(context.or(candidates.map { context.equal(input.selector, context.int($0)) }))
                switch outcome {
                case .success:
                    let expected = engine.snapshot()
                    solver.assert(encoding.transition(from: before, input: input, to: after))
                    guard case .satisfiable(let model) = try solver.check() else {
                        Issue.record("\(place): the formula has no model")
                        continue
                    }
                    let target = try #require(model.int(after.location))
                    #expect(system.locations[target] == ControlState(expected), "\(place): configuration")
                    let values = after.values.enumerated().map { i, term in
                        machine.spec.variables[i].type == .bool ? ((model.bool(term) ?? false) ? 1 : 0) : (model.int(term) ?? Int.min)
                    }
                    #expect(values == expected.variables, "\(place): variables")
                    // Unique: no other successor.
                    solver.assert(
                        context.or(
                            [context.not(context.equal(after.location, context.int(target)))]
                                + after.values.enumerated().map { i, term in
                                    context.not(
                                        context.equal(
                                            term,
                                            machine.spec.variables[i].type == .bool ? context.bool(values[i] != 0) : context.int(values[i]))
                                    )
                                }))
                    if case .satisfiable = try solver.check() { Issue.record("\(place): a second successor") }
                case .failure(let error):
                    solver.push()
                    solver.assert(encoding.transition(from: before, input: input, to: after))
                    if case .satisfiable = try solver.check() {
                        Issue.record("\(place): the engine fails (\(error.message)), the formula steps")
                    }
                    try solver.pop()
                    let failing = candidates.filter { system.edges[$0].target == nil }
                        .filter { SymbolicStepTests.same(system.edges[$0].path.failure!.kind, error.kind) }
                    solver.assert(context.or(failing.map { encoding.taken($0, from: before, input: input) }))
                    if case .unsatisfiable = try solver.check() {
                        Issue.record("\(place): no failing edge of the engine's kind (\(error.kind))")
                    }
                }
            }
        }
    }
#endif
