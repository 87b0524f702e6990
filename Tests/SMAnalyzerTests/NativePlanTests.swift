import Foundation
@_spi(Stepping) import SMEngine
import SMSpec
import SMTestSupport
import Testing

@testable import SMAnalyzer

/// Plans compiled to machine code (`NativePlanWriter`, `NativePlanCompilation`) answer every step as the plans'
/// replays and the engine do, or not at all: explored with them compiled early and often, every machine finds what
/// it finds without plans, each native answer checked against the engine.
@Suite("Native plans")
struct NativePlanTests {
    /// Options that compile the plans after a few replays, again as they grow, and wait for each compilation, so
    /// that most planned steps of a small machine run natively.
    static func compilingEarly(verifying: Bool = false, threads: Int = 1) -> ExplorationOptions {
        var options = ExplorationOptions()
        options.nativePlanInterval = 4
        options.compilesPlansEagerly = true
        options.nativePlanCompilations = 6
        options.waitsForNativePlans = true
        options.verifiesTransitionCache = verifying
        options.threads = threads
        return options
    }

    static func specs(group: Int) throws -> [Spec] {
        switch group {
        case 0:
            // And the filter lock of four processes: guards over every other process's level, plans of many tests.
            return try (Fixtures.specFiles(in: Fixtures.fixturesDirectory.appendingPathComponent("semantics")) + Fixtures.seedSpecPaths)
                .map { try Spec.load(path: $0) } + [Generated.filterLock(processes: 4)]
        case 1: return (0..<24).map { Generated.randomArithmetic(seed: $0) }
        case 2: return (100..<116).map { Generated.randomArithmetic(seed: $0, wide: true) }
        default: return (0..<24).map { Generated.randomParallel(seed: $0) }
        }
    }

    @Test("every native answer is the engine's, and the results are those of a search without plans", arguments: 0...3)
    func agreesWithEngine(group: Int) throws {
        let specs = try Self.specs(group: group)
        var nativeSomewhere = 0
        var nativeSteps = 0
        var planned = 0
        try failingIfStuck(after: .seconds(600)) {
            for spec in specs {
                let machine = try Machine(spec)
                var plainOptions = ExplorationOptions()
                plainOptions.cachesTransitions = false
                let plain = try Explorer(machine: machine, options: plainOptions).run()
                let checked = try Explorer(machine: machine, options: Self.compilingEarly(verifying: true)).run()
                #expect(checked.transitionCacheMismatches == 0, "\(spec.name): a native answer disagrees with the engine")
                #expect(checked.nativePlans?.failure == nil, "\(spec.name): \(checked.nativePlans?.failure ?? "")")
                // The explorer's fast path (`StepPlanCache.answer`), on one thread and two.
                for threads in [1, 2] {
                    let native = try Explorer(machine: machine, options: Self.compilingEarly(threads: threads)).run()
                    let label = "\(spec.name), \(threads) threads"
                    #expect(native.configurations == plain.configurations, "\(label)")
                    #expect(native.transitions == plain.transitions, "\(label)")
                    #expect(native.depth == plain.depth, "\(label)")
                    #expect(native.isComplete == plain.isComplete, "\(label)")
                    #expect(native.coverage.takenTransitions == plain.coverage.takenTransitions, "\(label)")
                    #expect(native.coverage.guardOutcomes == plain.coverage.guardOutcomes, "\(label)")
                    #expect(native.coverage.handledEvents == plain.coverage.handledEvents, "\(label)")
                    #expect(
                        TransitionCacheTests.unhandled(native, machine) == TransitionCacheTests.unhandled(plain, machine),
                        "\(label): unhandled events differ")
                    if threads == 1 {
                        nativeSteps += native.nativeSteps
                        if native.nativeSteps > 0 { nativeSomewhere += 1 }
                        if native.cachedSteps > 0 { planned += 1 }
                    }
                }
                var options = AnalysisOptions()
                options.method = .exploration
                options.solver = .off
                options.exploration.cachesTransitions = false
                let withoutPlans = try Analyzer.analyze(spec, options: options).findings
                options.exploration = Self.compilingEarly()
                let withNativePlans = try Analyzer.analyze(spec, options: options).findings
                #expect(withNativePlans == withoutPlans, "\(spec.name): findings differ with native plans")
            }
        }
        // The inputs must exercise native code. Not every machine whose steps are planned can: on a small one, the
        // memo of a small footprint answers nearly every step before its plan would (`StepMemo`).
        #expect(
            nativeSomewhere * 3 >= planned && nativeSteps >= 200,
            "native code answered steps on only \(nativeSomewhere) of the \(planned) machines with planned steps (\(nativeSteps) steps)")
    }
}

extension NativePlanTests {
    /// Expressions whose values reach the ends of 64 bits: every error the language has, and the values just short
    /// of one (random expressions over small values reach none).
    static let edges: [TypedExpression] = {
        let x = TypedExpression.variable(0), y = TypedExpression.variable(1)
        let minusOne = TypedExpression.arithmetic(.subtract, y, .integer(1))  // -1 when y is 0
        return [
            .arithmetic(.add, .integer(Int.max - 2), y), .arithmetic(.subtract, .integer(Int.min + 2), y),
            .arithmetic(.multiply, .integer(Int.max / 3), x), .arithmetic(.multiply, .integer(Int.min / 2), x),
            .negate(.integer(Int.min)), .negate(.arithmetic(.add, .integer(Int.min), y)), .arithmetic(.divide, .integer(Int.min), minusOne),
            .arithmetic(.remainder, .integer(Int.min), minusOne), .arithmetic(.divide, x, y), .arithmetic(.remainder, x, y),
            .arithmetic(.remainder, .integer(-7), x), .arithmetic(.divide, .integer(-7), x), .integer(Int.min), .integer(Int.max),
            .comparison(.less, .integer(Int.min), x),
            .and(.boolean(false), .comparison(.equal, .arithmetic(.divide, x, .integer(0)), .integer(1))),
            .or(.boolean(true), .comparison(.equal, .arithmetic(.divide, x, .integer(0)), .integer(1))),
            .and(.comparison(.equal, .arithmetic(.divide, x, y), .integer(1)), .boolean(true)),
            .convertEnum(.variable(3), []), .convertEnum(.arithmetic(.subtract, .variable(3), .integer(1)), [1, 0, 2]),
        ]
    }()

    @Test("native code evaluates every expression as the language does: values, errors and short circuits")
    func expressions() throws {
        var random = RandomExpressions(seed: 2026)
        let expressions = Self.edges + (0..<150).map { _ in random.bool(depth: 4) } + (0..<150).map { _ in random.int(depth: 3) }
        guard case .success(let path) = NativePlanCompiler.find() else {
            Issue.record("no C compiler: native plans cannot be tested")
            return
        }
        let library = try NativePlanCompiler(path: path).library(compiling: NativeExpressionEvaluators.source(of: expressions))
        typealias Evaluator =
            @convention(c) (UnsafePointer<Int>, UnsafePointer<Int>, UnsafePointer<UInt64>, UnsafeMutablePointer<Int>) -> Int32
        var inputs = SeededRandom(seed: 7)
        var failures = 0
        var errors = 0
        for (k, expression) in expressions.enumerated() {
            let function = unsafeBitCast(try #require(library.symbol("e\(k)")), to: Evaluator.self)
            for _ in 0..<300 {
                // The signature's domains (`RandomExpressions.spec`), and any configuration.
                let variables = [
                    Int.random(in: -3...3, using: &inputs), Int.random(in: 0...4, using: &inputs), Int.random(in: 0...1, using: &inputs),
                    Int.random(in: 0...2, using: &inputs), Int.random(in: 0...1, using: &inputs),
                ]
                let parameters = [Int.random(in: 0...3, using: &inputs), Int.random(in: 0...2, using: &inputs)]
                let configuration = [inputs.next()]
                let expected = try? expression.evaluate(
                    variable: { variables[$0] }, parameter: { parameters[$0] },
                    isActive: { (configuration[$0 >> 6] >> UInt64($0 & 63)) & 1 == 1 })
                var value = 0
                let answered = function(variables, parameters, configuration, &value)
                let native: Int? = answered == 1 ? value : nil
                if native != expected {
                    failures += 1
                    if failures <= 5 {
                        Issue.record(
                            "\(expression) on \(variables), \(parameters): native \(native.map(String.init) ?? "error"), expected \(expected.map(String.init) ?? "error")"
                        )
                    }
                }
                if expected == nil { errors += 1 }
            }
        }
        #expect(failures == 0)
        // The inputs must reach the errors, or the test says nothing of them.
        #expect(errors > 1000, "only \(errors) evaluations failed")
    }

    @Test("without a compiler, or with one that fails or hangs, the search goes on with the plans' replays")
    func compilerFaults() throws {
        let scratch = try ScratchDirectory("native-faults")
        let failing = try scratch.write("failing-cc", "#!/bin/sh\necho 'cc: no such thing' >&2\nexit 3\n")
        let hanging = try scratch.write("hanging-cc", "#!/bin/sh\nexec sleep 300\n")
        for script in [failing, hanging] { chmod(script, 0o755) }
        #expect(
            throws: NativePlanCompiler.Failure.self,
            performing: { _ = try NativePlanCompiler(path: hanging, timeLimit: .milliseconds(300)).library(compiling: "int x;") })
        #expect(
            throws: NativePlanCompiler.Failure.self, performing: { _ = try NativePlanCompiler(path: failing).library(compiling: "int x;") })
        if case .failure(let none) = NativePlanCompiler.find(environment: ["SMCHECK_CC": "none", "PATH": "/usr/bin"]) {
            #expect(none.description.contains("SMCHECK_CC=none"))
        } else {
            Issue.record("SMCHECK_CC=none found a compiler")
        }
        if case .failure(let missing) = NativePlanCompiler.find(environment: ["PATH": scratch.url.path + "/nothing"]) {
            #expect(missing.description.contains("no C compiler"))
        } else {
            Issue.record("a PATH without compilers found one")
        }
        let machine = try Machine(Generated.counter(maximum: 2_000))
        let reference = try Explorer(
            machine: machine,
            options: {
                var o = ExplorationOptions(); o.compilesPlans = false; return o
            }()
        ).run()
        try failingIfStuck(after: .seconds(120)) {
            for compiler in [failing, hanging] {
                var options = Self.compilingEarly()
                options.nativePlanCompiler = compiler
                // The hanging compiler is not waited for: the search ends first and stops it.
                options.waitsForNativePlans = compiler == failing
                let started = ContinuousClock.now
                let exploration = try Explorer(machine: machine, options: options).run()
                #expect(ContinuousClock.now - started < .seconds(30), "the search waited for the compiler")
                #expect(exploration.configurations == reference.configurations && exploration.transitions == reference.transitions)
                #expect(exploration.nativeSteps == 0)
                if compiler == failing {
                    #expect(
                        exploration.nativePlans?.failure?.contains("failed (status 3): cc: no such thing") == true,
                        "\(exploration.nativePlans?.failure ?? "")")
                } else {
                    #expect(exploration.nativePlans?.failure == nil, "a compilation the search's end stopped is not a failure")
                }
            }
        }
    }

    @Test("a core counts as idle when it stays idle: fewer threads than cores, or the others replay next to nothing")
    func idleCore() {
        /// The looks at replays growing by `own` and `others` a look, `count` times: whether each found a core idle.
        func looks(workers: Int, cores: Int, own: Int, others: Int, count: Int = 6) -> [Bool] {
            var watch = IdleCoreWatch(workers: workers, cores: cores)
            return (1...count).map { watch.look(own: $0 * own, others: $0 * others) }
        }
        let fromTheFourth = [false, false, false, true, true, true]
        // One thread on two cores: idle, once four looks said so.
        #expect(looks(workers: 1, cores: 2, own: 1000, others: 0) == fromTheFourth)
        // Two threads at work on two cores: never; the second replaying little (narrow layers): as one thread.
        #expect(looks(workers: 2, cores: 2, own: 1000, others: 900) == Array(repeating: false, count: 6))
        #expect(looks(workers: 2, cores: 2, own: 1000, others: 100) == fromTheFourth)
        // One core: nothing is ever idle.
        #expect(looks(workers: 1, cores: 1, own: 1000, others: 0) == Array(repeating: false, count: 6))
        // A look that finds the others at work starts the count again.
        var watch = IdleCoreWatch(workers: 2, cores: 2)
        let seen = [(100, 0), (200, 0), (300, 0), (400, 300), (500, 300), (600, 300), (700, 300), (800, 300)].map {
            watch.look(own: $0.0, others: $0.1)
        }
        #expect(seen == [false, false, false, false, false, false, false, true])
    }
}
