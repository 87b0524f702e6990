import Foundation
import SMBuilder
@_spi(Stepping) import SMEngine
import SMSpec
import SMTestSupport
import Synchronization
import Testing

@testable import SMSolver

@Suite("Guard analysis")
struct GuardAnalysisTests {
    /// Z3 when the build has it; otherwise the enumeration, which must agree with it.
    static let defaultBackend = BuildTraits.guardBackends[0]

    static func analyze(_ spec: Spec, backend: String = defaultBackend, assumeInvariants: Bool = false) throws -> [GuardIssue] {
        let resolved = try spec.resolve()
        let solver: any GuardBackend = backend == "z3" ? try Z3Backend(spec: resolved) : EnumerationBackend(spec: resolved)
        return GuardAnalysis(spec: resolved, backend: solver, assumeInvariants: assumeInvariants).run().issues
    }

    static let guards = Spec("guards") {
        Variable("level", .int(min: 0, max: 9))
        Variable("armed", .bool)
        Events("check")
        EventDeclaration("set", ("to", .int(min: 0, max: 9)))
        StateNode("idle") {
            On("set") { Assign("level", "event.to") }
            On("check", to: "low", guard: "level < 5")
            On("check", to: "high", guard: "level > 2 && armed")
            On("check", to: "high", guard: "level > 9")
            On("check", to: "low", guard: "level < 3")
        }
        StateNode("low") { On("check", to: "idle") }
        StateNode("high") { On("check", to: "idle") }
    }

    @Test("the same issues from Z3 and enumeration", arguments: BuildTraits.guardBackends)
    func issues(backend: String) throws {
        let issues = try Self.analyze(Self.guards, backend: backend)
        let kinds = issues.map(\.kind)
        #expect(kinds.contains(.overlap(first: 1, second: 2)))
        #expect(kinds.contains(.unsatisfiableGuard(transition: 3)))
        #expect(kinds.contains(.shadowed(transition: 4)), "level < 3 implies level < 5, which comes first")
        #expect(!kinds.contains(.shadowed(transition: 2)))
        #expect(kinds.filter { if case .overlap = $0 { true } else { false } }.count == 2, "\(kinds)")
    }

    /// An analysis by enumeration that is cancelled once it has asked `questions` questions (its progress counts them).
    static func analysis(of spec: ResolvedSpec, cancelledAfter questions: Int) -> GuardAnalysis {
        let asked = Mutex(0)
        var analysis = GuardAnalysis(spec: spec, backend: EnumerationBackend(spec: spec))
        analysis.isCancelled = { asked.withLock { $0 >= questions } }
        analysis.progress = { count in asked.withLock { $0 = count + 1 } }
        return analysis
    }

    /// 120 guarded transitions on one event (`n == 0` ... `n == 119`): thousands of pair questions.
    static func manyGuards() throws -> ResolvedSpec {
        let list = (0..<120).map { #"{"guard": "n == \#($0)", "target": "a"}"# }.joined(separator: ", ")
        let text = SpecText.with {
            $0.variables = #"{"n": {"type": "int", "min": 0, "max": 119}}"#
            $0.events = #"{"go": {}}"#
            $0.states = #"{"a": {"on": {"go": [\#(list)]}}}"#
        }
        return try Spec.load(json: text).resolve()
    }

    @Test("enumeration counts a domain before listing it: an int of 2^32 values is too many to try, not 32 GB of memory")
    func hugeDomain() throws {
        let text = SpecText.with {
            $0.variables = #"{"big": {"type": "int", "min": -2147483648, "max": 2147483647}}"#
            $0.events = #"{"go": {}}"#
            $0.states = #"{"a": {"on": {"go": {"guard": "big > 3", "actions": [{"assign": {"big": "big - 1"}}]}}}}"#
        }
        let spec = try Spec.load(json: text).resolve()
        // Counted without listing: the whole word, and an empty range.
        #expect(ValueType.int(min: .min, max: .max).cardinality == .max)
        #expect(ValueType.int(min: 0, max: (1 << 40) - 1).cardinality == 1 << 40)
        #expect(ValueType.int(min: 5, max: 4).cardinality == 0 && EnumerationBackend.domain(.int(min: 5, max: 4)) == [])
        let result = GuardAnalysis(spec: spec, backend: EnumerationBackend(spec: spec)).run()
        #expect(
            !result.unknown.isEmpty && result.unknown.allSatisfy { $0.contains("too many combinations to enumerate") }, "\(result.unknown)")
    }

    @Test(
        "a value that thousands of assignments build is not asked about past a size: the rest of its list is open, not a crash",
        arguments: BuildTraits.guardBackends)
    func longActionLists(backend: String) throws {
        // 5,000 `n = (n + 1) % 4` in one entry: the value after the last, over the value before the list, would be
        // nested 5,000 deep (at 50,000, freeing it alone overflowed the stack), and each question over it would cost
        // the solver more than the one before.
        let entry = Array(repeating: #"{"assign": {"n": "(n + 1) % 4"}}"#, count: 5_000).joined(separator: ", ")
        let text = SpecText.with {
            $0.variables = #"{"n": {"type": "int", "min": 0, "max": 3}}"#
            $0.events = #"{"go": {}}"#
            $0.states = #"{"a": {"on": {"go": "b"}}, "b": {"entry": [\#(entry)]}}"#
        }
        let spec = try Spec.load(json: text).resolve()
        let solver: any GuardBackend = backend == "z3" ? try Z3Backend(spec: spec) : EnumerationBackend(spec: spec)
        let result = GuardAnalysis(spec: spec, backend: solver).run()
        #expect(
            result.unknown.contains { $0.contains("the value of 'n' grows past 256 operations along the entry or exit actions of 'b'") })
        #expect(result.queries < 100)
    }

    @Test("the analysis asks nothing after its deadline or once cancelled, and says after how many questions it stopped")
    func stopsAsking() throws {
        let spec = try Self.manyGuards()
        var late = GuardAnalysis(spec: spec, backend: EnumerationBackend(spec: spec))
        late.deadline = ContinuousClock.now
        let stopped = late.run()
        #expect(stopped.queries == 0)
        #expect(stopped.issues.isEmpty)
        #expect(stopped.stopped == "the guard analysis reached its time limit after 0 questions")

        let interrupted = Self.analysis(of: spec, cancelledAfter: 50).run()
        #expect(interrupted.queries == 50)
        #expect(interrupted.stopped == "the guard analysis was interrupted after 50 questions")
        #expect(!interrupted.issues.contains { if case .shadowed = $0.kind { true } else { false } })

        let whole = GuardAnalysis(spec: spec, backend: EnumerationBackend(spec: spec)).run()
        #expect(whole.stopped == nil)
        #expect(whole.queries > 120 * 119 / 2)
    }

    @Test("a transition shadowed in one list is not called always shadowed when the analysis stopped before another")
    func stopsBeforeTheLastList() throws {
        // "*" (x > 5) is in the lists of alpha and beta: after alpha's x > 3 it is never enabled alone, after beta's
        // x < 2 it is. Questions: three guards, then two per list for "*" (the seventh shows it enabled alone), then
        // two more, whether s ignores alpha or beta for some x.
        let spec = try Spec.load(
            json: SpecText.with {
                $0.variables = #"{"x": {"type": "int", "min": 0, "max": 9}}"#
                $0.events = #"{"alpha": {}, "beta": {}}"#
                $0.states =
                    #"{"s": {"on": {"alpha": {"guard": "x > 3", "target": "s"}, "beta": {"guard": "x < 2", "target": "s"}, "*": {"guard": "x > 5", "target": "s"}}}}"#
            }
        ).resolve()
        let whole = GuardAnalysis(spec: spec, backend: EnumerationBackend(spec: spec)).run()
        #expect(whole.queries == 9)
        #expect(!whole.issues.contains { if case .shadowed = $0.kind { true } else { false } })
        let partial = Self.analysis(of: spec, cancelledAfter: 6).run()
        #expect(partial.queries == 6)
        #expect(!partial.issues.contains { if case .shadowed = $0.kind { true } else { false } }, "\(partial.issues)")
    }

    @Test("an overlap witness really enables both transitions in the engine")
    func overlapWitnessInEngine() throws {
        let issue = try #require(try Self.analyze(Self.guards).first { $0.kind == .overlap(first: 1, second: 2) })
        let machine = try Machine(Self.guards)
        var state = try machine.initialState().state
        for (variable, value) in issue.witness.variables { state.variables[variable] = value }
        let context = StepContext(machine: machine)
        context.load(state)
        context.recorder = CoverageRecorder(machine: machine, checksOverlaps: true)
        try context.process(try machine.eventInstance("check"))
        #expect(context.recorder!.overlaps.contains { $0.first == 1 && $0.second == 2 })
    }

    static let choices = Spec("choices") {
        Variable("t", .int(min: -2, max: 2))
        EventDeclaration("measure", ("v", .int(min: -2, max: 2)))
        StateNode("idle") { On("measure", to: "route") { Assign("t", "event.v") } }
        Choice("route") {
            Always(to: "hot", guard: "t > 0")
            Always(to: "cold", guard: "t < 0")
        }
        StateNode("hot")
        StateNode("cold")
    }

    @Test("an incomplete choice comes with the value no branch covers")
    func incompleteChoice() throws {
        for backend in BuildTraits.guardBackends {
            let issue = try #require(
                try Self.analyze(Self.choices, backend: backend).first {
                    if case .incompleteChoice = $0.kind { true } else { false }
                })
            #expect(issue.witness.variables == [0: 0])
        }
    }

    static let ranges = Spec("ranges") {
        Variable("count", .int(min: 0, max: 5))
        Variable("mode", .enumeration(["slow", "fast"]))
        Events("up", "down")
        EventDeclaration("pick", ("to", .enumeration(["fast", "turbo"])))
        StateNode("s") {
            On("up", guard: "count < 5") { Assign("count", "count + 1") }
            On("down") { Assign("count", "count - 1") }
            On("pick") { Assign("mode", "event.to") }
        }
    }

    @Test("assignments that can leave their range given the guard: none for a guarded increment, one for the rest")
    func rangeViolations() throws {
        for backend in BuildTraits.guardBackends {
            let issues = try Self.analyze(Self.ranges, backend: backend)
            let details = issues.compactMap { issue -> String? in
                if case .rangeViolation(_, _, _, let detail) = issue.kind { return detail }
                return nil
            }
            #expect(
                details == ["'count' can become -1, outside int 0...5", "'mode' can get a value its enum lacks (enum {slow, fast})"],
                "\(backend)")
            // The witnesses reproduce the violation in the engine.
            let machine = try Machine(Self.ranges)
            for issue in issues {
                guard case .rangeViolation(let t?, _, _, _) = issue.kind else { continue }
                var state = try machine.initialState().state
                for (variable, value) in issue.witness.variables { state.variables[variable] = value }
                let event = machine.spec.transitions[t].matchedEvents[0]
                let instance = EventInstance(
                    event: event,
                    arguments: machine.spec.events[event].parameters.indices.map { issue.witness.parameters[$0] ?? 0 })
                #expect(throws: EngineError.self) { try machine.step(state, instance) }
            }
        }
    }

    /// Values that cannot be evaluated, into a variable whose domain every 64-bit value fits: only the failure itself
    /// can be the violation.
    static let failingValues = Spec("failing values") {
        Variable("x", .int(min: -3, max: 3))
        Variable("y", .int(min: Int.min, max: Int.max))
        Events("scale", "share")
        StateNode("s") {
            On("scale") { Assign("y", "x * 4611686018427387904") }
            On("share") { Assign("y", "6 / x") }
        }
    }

    @Test("a value that cannot be evaluated is named by what fails: an overflow is not called a division by zero")
    func failingValueViolations() throws {
        for backend in BuildTraits.guardBackends {
            let details = try Self.analyze(Self.failingValues, backend: backend).compactMap { issue -> String? in
                if case .rangeViolation(_, _, _, let detail) = issue.kind { return detail }
                return nil
            }
            #expect(details == ["'y' can meet an integer overflow", "'y' can meet a division by zero"], "\(backend)")
        }
    }

    @Test("Int.min % -1 is an overflow, as the engine computes it, though its value, 0, fits", .needsZ3)
    func remainderOfTheLeastByMinusOne() throws {
        // x * x - 2 is -1 at x = ±1 and never 0: only the remainder of Int.min can fail.
        let spec = Spec("remainders") {
            Variable("x", .int(min: -3, max: 3))
            Variable("y", .int(min: Int.min, max: Int.max))
            Events("rest")
            StateNode("s") { On("rest") { Assign("y", "y % (x * x - 2)") } }
        }
        #expect(throws: EvaluationError.overflow) { try ArithmeticOperator.remainder.apply(Int.min, -1) }
        let details = try Self.analyze(spec, backend: "z3").compactMap { issue -> String? in
            if case .rangeViolation(_, _, _, let detail) = issue.kind { return detail }
            return nil
        }
        #expect(details == ["'y' can meet an integer overflow"])
    }

    @Test("assuming invariants removes violations the invariants exclude")
    func assumeInvariants() throws {
        var spec = Self.ranges
        spec.invariants = [Spec.Invariant("never empty", "count > 0")]
        let without = try Self.analyze(spec).filter {
            if case .rangeViolation(_, _, _, let d) = $0.kind { d.hasPrefix("'count'") } else { false }
        }
        let with = try Self.analyze(spec, assumeInvariants: true).filter {
            if case .rangeViolation(_, _, _, let d) = $0.kind { d.hasPrefix("'count'") } else { false }
        }
        #expect(without.count == 1)
        #expect(with.isEmpty)
    }

    @Test("a guard that needs more than the time limit gives up instead of hanging", .needsZ3)
    func timeout() throws {
        let spec = try Spec("hard") {
            Variable("a", .int(min: -2_000_000_000, max: 2_000_000_000))
            Variable("b", .int(min: -2_000_000_000, max: 2_000_000_000))
            Variable("c", .int(min: -2_000_000_000, max: 2_000_000_000))
            Events("go")
            StateNode("s") { On("go", to: "t", guard: "a * a * a + b * b * b == c * c * c && a > 1 && b > 1 && c > 1") }
            StateNode("t")
        }.resolve()
        let backend = try Z3Backend(spec: spec, timeoutMilliseconds: 50, resourceLimit: 100_000)
        let start = ContinuousClock.now
        let verdict = backend.solve(
            GuardQuery(
                event: nil, activeStates: [1],
                formula: .holds(
                    (spec.transitions[0].guardCondition.flatMap { if case .expression(let e, _) = $0 { e } else { nil } })!)))
        #expect(ContinuousClock.now - start < .seconds(10))
        guard case .unknown(let reason) = verdict else {
            Issue.record("expected unknown, got \(verdict)")
            return
        }
        #expect(reason.hasPrefix("z3 gave up"))
    }

    #if Z3
        @Test("a Z3 error becomes a Swift error, not the end of the process")
        func z3ErrorIsSwiftError() throws {
            let context = try Z3Context()
            let broken = try Z3Solver(context, timeoutMilliseconds: 1000, resourceLimit: 0)
            // Popping a scope that was never pushed is an error; Z3's default handler would print it and exit the
            // process, ours turns it into a thrown error.
            #expect {
                try broken.pop()
            } throws: { error in
                (error as? SolverError)?.message.hasPrefix("Z3 error: ") == true
            }
            // The context is still usable afterwards.
            let solver = try Z3Solver(context, timeoutMilliseconds: 1000, resourceLimit: 0)
            solver.assert(context.bool(true))
            guard case .satisfiable = try solver.check() else { Issue.record("expected sat"); return }
        }
    #endif
}
