import SMAnalyzer
import SMBuilder
import SMSpec
import SMTestSupport
import Testing

/// `smcheck check` on specs whose domains are far too large to explore: decided, with findings as exploration
/// would give them, and no false alarm from guards over unreachable values.
@Suite("Specs decided by symbolic verification", .needsZ3)
struct SymbolicVerificationTests {
    static func analyze(_ name: String) throws -> AnalysisResult {
        try Analyzer.analyze(try Fixtures.fixture("symbolic/" + name))
    }

    @Test("the even counter: SM001 for 'odd' with its proof; no SM004 for guards that only overlap on odd values")
    func evenCounter() throws {
        let result = try Self.analyze("even-counter")
        #expect(result.stats.complete, "\(result.stats.undecided.map(\.description))")
        #expect(result.stats.symbolic != nil)
        #expect(!result.findings.contains { $0.code == .nondeterministicGuards })
        let unreachable = try #require(result.findings.first { $0.code == .unreachableState })
        #expect(unreachable.states == ["odd"])
        #expect(unreachable.method == .chc)
        #expect(
            unreachable.message
                == "state 'odd' is unreachable: no sequence of events enters it, not even for a moment (proved by an inductive invariant: in counting: x % 2 <= 0)"
        )
    }

    @Test("a proof names the variable it is about, with other variables declared after it")
    func proofNamesItsVariable() throws {
        let spec = Spec("even counter and a flag") {
            Variable("x", .int(min: 0, max: 1_000_000_000))
            Variable("flag", .bool)
            Events("inc", "check", "toggle", "back")
            StateNode("counting") {
                On("inc", guard: "x <= 999999998") { Assign("x", "x + 2") }
                On("toggle") { Assign("flag", "!flag") }
                On("check", to: "odd", guard: "x % 2 == 1")
            }
            StateNode("odd") { On("back", to: "counting") }
        }
        let unreachable = try #require(try Analyzer.analyze(spec).findings.first { $0.code == .unreachableState })
        #expect(unreachable.method == .chc)
        #expect(unreachable.message.hasSuffix("(proved by an inductive invariant: in counting: x % 2 <= 0)"), "\(unreachable.message)")
    }

    @Test("the vault: the invariant violation with its two-event trace and the two large values")
    func vault() throws {
        let result = try Self.analyze("vault-combination")
        let finding = try #require(result.findings.first { $0.code == .invariantViolated })
        #expect(finding.method == .bmc)
        #expect(finding.trace?.count == 2)
        #expect(Set(finding.witness.map { "\($0.name) = \($0.value)" }) == ["a = 123456789", "b = 987654321"])
    }

    @Test("a time limit bounds every solver call, and what was not searched is not claimed")
    func timeLimit() throws {
        // Reaching y = 99400891 needs x * v = 9967 * 9973: nonlinear, too hard for a solver call of the default 20 s.
        var options = AnalysisOptions()
        options.method = .symbolic
        options.timeLimit = .seconds(1)
        let start = ContinuousClock.now
        let result = try Analyzer.analyze(try Fixtures.fixture("symbolic/semiprime-target"), options: options)
        #expect(ContinuousClock.now - start < .seconds(15), "a solver call ran past the time limit")
        #expect(!result.stats.complete)
        let invariant = try #require(result.stats.undecided.first { $0.codes.contains(.invariantViolated) })
        // The invariant is a property of configurations: a depth that saw steps of two events saw only the
        // configurations one event from the start. (A slow machine may not finish even depth 0 in the second.)
        let depth = try #require(result.stats.symbolic?.depth)
        // Z3 counts its memory per process, and nlsat (this x * v) gives up at about 4 GB of it: with the whole suite's
        // solvers in one process, that can come first, and the reason then says so instead.
        #expect(
            invariant.reason.contains("the time limit ran out") || invariant.reason.contains("max. memory exceeded"), "\(invariant.reason)")
        #expect(
            invariant.reason.hasSuffix(
                depth < 0
                    ? "searched no run" : depth == 0 ? "searched only the start" : "no trace within \(depth) step" + (depth == 1 ? "" : "s")
            ),
            "\(invariant.reason)")
    }

    @Test("an undecided property after auto's first look says how far the exploration searched, when that is further")
    func undecidedAfterExploring() throws {
        // x * x % 1000003 is never 2 (2 is no square modulo that prime): true, but nonlinear, so neither Spacer nor
        // bounded model checking decides it within the second; the exploration searched 1,000 steps deep first.
        let spec = Spec("a deep counter") {
            Variable("x", .int(min: 0, max: 100_000_000))
            Events("inc")
            StateNode("s") { On("inc", guard: "x < 100000000") { Assign("x", "x + 1") } }
            Invariant("never 2", Spec.Expression("x * x % 1000003 != 2"))
        }
        var options = AnalysisOptions()
        options.method = .automatic
        options.timeLimit = .seconds(1)
        options.exploration.maximumStates = 1_000
        let result = try Analyzer.analyze(spec, options: options)
        #expect(!result.stats.complete && result.stats.depth == 999)
        let invariant = try #require(result.stats.undecided.first { $0.codes.contains(.invariantViolated) })
        #expect(
            invariant.reason.hasSuffix("no trace within 997 steps (every configuration that near the start was explored)"),
            "\(invariant.reason)")
    }

    @Test("a range violation left undecided names the variable and the assignment, not only why")
    func undecidedRangeViolation() throws {
        // x goes out of range only at the semiprime target, which the time limit does not let the solver reach.
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "Semiprime range",
                 "variables": {"x": {"type": "int", "min": 0, "max": 100000000, "initial": 1},
                               "y": {"type": "int", "min": 0, "max": 100000000, "initial": 1}},
                 "events": {"setX": {"params": {"v": {"type": "int", "min": 2, "max": 100000}}},
                            "mul": {"params": {"v": {"type": "int", "min": 2, "max": 100000}}}},
                 "states": {"s": {"on": {
                   "setX": {"actions": [{"assign": {"x": "event.v"}}]},
                   "mul": {"guard": "x * event.v <= 100000000",
                           "actions": [{"assign": {"y": "x * event.v"}}, {"if": "y == 99400891", "then": [{"assign": {"x": "x - 200000000"}}]}]}}}}}
                """#)
        var options = AnalysisOptions()
        options.method = .symbolic
        options.timeLimit = .seconds(1)
        let result = try Analyzer.analyze(spec, options: options)
        let range = try #require(result.stats.undecided.first { $0.codes.contains(.rangeViolation) }, "\(result.stats.undecided)")
        #expect(range.reason.hasPrefix("'x' at /states/s/on/mul/actions/1/then/0"), "\(range.reason)")
    }

    @Test(
        "a value that doubles with each microstep stops the symbolic step, within the time limit or at its size bound",
        arguments: [2, 120])
    func growingValue(seconds: Int) throws {
        // In b, x = (x + x) % 1000001 for ever: an eventless loop the engine stops at maxMicrosteps, and a value whose
        // tree doubles with each microstep and equals no constant and no start value on the path (so nothing keeps
        // it small), which the symbolic step once followed for minutes.
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "Doubles", "variables": {"x": {"type": "int", "min": 0, "max": 1000000}},
                 "events": {"go": {}},
                 "states": {"a": {"on": {"go": "b"}}, "b": {"always": [{"guard": "x >= 0", "actions": [{"assign": {"x": "(x + x) % 1000001"}}]}]}}}
                """#)
        var options = AnalysisOptions()
        options.method = .symbolic
        options.timeLimit = .seconds(seconds)
        let start = ContinuousClock.now
        let result = try Analyzer.analyze(spec, options: options)
        #expect(ContinuousClock.now - start < .seconds(seconds + 10), "the symbolic step ran past the time limit")
        #expect(!result.stats.complete)
        let reason = try #require(result.stats.undecided.first { $0.codes.contains(.infiniteLoop) }?.reason)
        // With two minutes the size bound stops it (in seconds); with two seconds either may come first.
        let grew = reason.contains("the value of 'x' grew past 10000 terms within one macrostep")
        #expect(grew || (seconds == 2 && reason.contains("the time limit ran out")), "\(reason)")
    }

    @Test(
        "an eventless loop whose values come back, or are pinned by its guard, is decided symbolically as exploration decides it",
        arguments: [
            // x = (x + 1) % 6, then x - 1 when positive: x again on one path, 0 on the other; nested one level deeper
            // at each microstep, these took 58 s to reach the engine's 100 microsteps.
            #""A": {"always": [{"target": "A"}], "exit": [{"assign": {"x": "(x + 1) % 6"}}, {"if": "x > 0", "then": [{"assign": {"x": "x - 1"}}]}]}"#,
            // x = x * x while x == 0: 0 at every microstep, which the guard says.
            #""A": {"always": [{"guard": "x == 0", "actions": [{"assign": {"x": "x * x"}}]}]}"#,
        ])
    func loopOfSimpleValues(state: String) throws {
        let spec = try Spec.load(
            json: #"{"format": "smcheck/1", "name": "loop", "variables": {"x": {"type": "int", "min": 0, "max": 5}}, "#
                + #""events": {"go": {}}, "states": {"idle": {"on": {"go": "A"}}, \#(state)}}"#)
        var options = AnalysisOptions()
        options.method = .symbolic
        options.timeLimit = .seconds(30)
        let symbolic = try Analyzer.analyze(spec, options: options)
        options.method = .exploration
        let explored = try Analyzer.analyze(spec, options: options)
        #expect(symbolic.stats.complete, "\(symbolic.stats.undecided)")
        #expect(symbolic.findings.map(\.code) == explored.findings.map(\.code))
        #expect(symbolic.findings.contains { $0.code == .infiniteLoop })
    }

    @Test(
        "a start that fails: every method decides what exploration decides, not only the failure, also when an event's parameters are too wide to explore",
        arguments: ["{}", #"{"params": {"k": {"type": "int", "min": 0, "max": 4000000}}}"#])
    func failingStart(event: String) throws {
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "Falls at once", "variables": {"x": {"type": "int", "min": 0, "max": 1}},
                 "events": {"go": \#(event)}, "reachable": ["b"],
                 "states": {"a": {"entry": [{"assign": {"x": "x - 1"}}], "on": {"go": "b"}}, "b": {}}}
                """#)
        var options = AnalysisOptions()
        options.method = .exploration
        let explored = try Analyzer.analyze(spec, options: options)
        #expect(explored.stats.complete, "\(explored.stats.undecided.map(\.description))")
        for method in [VerificationMethod.symbolic, .automatic] {
            options.method = method
            let verified = try Analyzer.analyze(spec, options: options)
            #expect(verified.stats.complete, "\(verified.stats.undecided.map(\.description))")
            #expect(
                Set(verified.findings.map(\.code)) == [
                    .unreachableState, .deadTransition, .rangeViolation, .expectedReachable, .eventNeverHandled,
                ])
            #expect(verified.findings.first { $0.code == .rangeViolation }?.severity == .error)
            #expect(MethodAgreementTests.summary(verified) == MethodAgreementTests.summary(explored))
        }
    }

    @Test("auto explores a small space with wide event parameters only briefly: its steps, not its configurations, are too many")
    func autoCountsSteps() throws {
        // 2^24 configurations, each tried with 1,002 event instances: hours of engine steps, were it explored in full.
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "wide steps",
                 "variables": {"x": {"type": "int", "min": 0, "max": 10000000}},
                 "events": {"add": {"params": {"v": {"type": "int", "min": 0, "max": 1000}}}, "clear": {}},
                 "states": {"s": {"on": {"add": {"guard": "x <= 9999000", "actions": [{"assign": {"x": "x + event.v"}}]},
                                         "clear": {"actions": [{"assign": {"x": "0"}}]}}}}}
                """#)
        var options = AnalysisOptions()
        options.timeLimit = .seconds(5)
        // A limit of its own, so that a full exploration, were it tried, would stop too (and show in the time taken).
        options.exploration.maximumDuration = .seconds(30)
        let result = try Analyzer.analyze(spec, options: options)
        #expect(result.stats.notes.contains { $0.hasPrefix("exploration did not finish") }, "\(result.stats.notes)")
        #expect(result.stats.milliseconds < 15_000, "explored for the brief first look (2 s), not until the 30 s limit")
        // Events whose parameters have more combinations than an Int counts (two 32-bit ints) after another event.
        let huge = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "huge", "variables": {"x": {"type": "int", "min": 0, "max": 3}},
                 "events": {"a": {}, "b": {"params": {"p": {"type": "int", "min": -2147483648, "max": 2147483647},
                                                      "q": {"type": "int", "min": -2147483648, "max": 2147483647}}}},
                 "states": {"s": {"on": {"a": {"guard": "x < 3", "actions": [{"assign": {"x": "x + 1"}}]},
                                         "b": {"guard": "event.p == event.q + 1 && x == 3", "actions": [{"assign": {"x": "0"}}]}}}}}
                """#)
        let decided = try Analyzer.analyze(huge, options: options)
        #expect(decided.stats.notes.contains { $0.contains("event 'b' has more than 2^63 combinations of parameter values") })
    }

    @Test("a loop in the start's own macrostep is reported as its cycle")
    func loopAtTheStart() throws {
        let spec = Spec("loops at once") {
            Events("go")
            StateNode("a") { Always(to: "b") }
            StateNode("b") {
                Always(to: "a")
                On("go")
            }
        }
        let loop = try #require(try Analyzer.analyze(spec).findings.first { $0.code == .infiniteLoop })
        #expect(
            loop.message
                == "infinite transition loop: a --always--> b; b --always--> a repeat forever without the machine becoming stable — at the start"
        )
        #expect(loop.trace == [])
    }

    @Test(
        "a raise loop is named by the transition that raises again, not by the event that started it",
        arguments: VerificationMethod.allCases)
    func raiseLoop(method: VerificationMethod) throws {
        // go raises r once; r raises r again with x wrapping round 0...7: after go, the configuration and x come back.
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "raise loop", "variables": {"x": {"type": "int", "min": 0, "max": 7}},
                 "events": {"go": {}, "r": {}},
                 "states": {"s": {"on": {"go": {"actions": [{"raise": "r"}]},
                                         "r": {"actions": [{"assign": {"x": "(x + 1) % 8"}}, {"raise": "r"}]}}}}}
                """#)
        var options = AnalysisOptions()
        options.method = method
        let loop = try #require(try Analyzer.analyze(spec, options: options).findings.first { $0.code == .infiniteLoop })
        #expect(
            loop.message
                == "infinite transition loop: s --r--> (no target) repeats forever without the machine becoming stable (the values come back after 8 rounds) — on go in s"
        )
        #expect(loop.location?.pointer.description == "/states/s/on/r")
    }

    @Test(
        "a send loop left at last for an eventless loop: two loops, each named for itself, with the fewest choices",
        arguments: VerificationMethod.allCases)
    func loopAfterAnotherLoop(method: VerificationMethod) throws {
        let spec = try Fixtures.fixture("symbolic/send-loop-then-choice-loop")
        var options = AnalysisOptions()
        options.method = method
        let loops = try Analyzer.analyze(spec, options: options).findings.filter { $0.code == .infiniteLoop }
        #expect(
            loops.map(\.message) == [
                "infinite transition loop: s1/s1_0 --a [?ok]--> s1/s1_0/region/s1_0_1 repeats forever without the machine becoming stable — on a in s1/s1_0/region/s1_0_1",
                "infinite transition loop: s2/s2_0 --always [f]--> s2/s2_0 repeats forever without the machine becoming stable — on a in s1/s1_0/region/s1_0_1",
            ])
        let machine = try Machine(spec)
        let choiceLoop = try #require(loops.last?.trace)
        #expect(choiceLoop.map { machine.describe($0.event) } == [#"c {"p": 2}"#, "a"])
        #expect(choiceLoop.map(\.choices) == [[], [1]])
    }

    @Test(
        "bounded model checking finds a deadlock that needs a quantifier over a wide parameter, and keeps looking for what lies deeper"
    )
    func quantifiedDeadlock() throws {
        // `lock` then a spend that exhausts the limit deadlocks at depth 2; the invariant breaks only at depth 3.
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "credit",
                 "variables": {"limit": {"type": "int", "min": 0, "max": 10000000, "initial": 1000000},
                               "debt": {"type": "int", "min": 0, "max": 10000000, "initial": 0},
                               "locked": {"type": "bool"}},
                 "events": {"raise": {"params": {"p": {"type": "int", "min": 1, "max": 3000000}}},
                            "spend": {"params": {"a": {"type": "int", "min": 1, "max": 10000000}}}, "lock": {}},
                 "states": {"open": {"on": {
                   "raise": {"guard": "!locked && limit + event.p <= 10000000", "actions": [{"assign": {"limit": "limit + event.p"}}]},
                   "spend": {"guard": "debt + event.a <= limit", "actions": [{"assign": {"debt": "debt + event.a"}}]},
                   "lock": {"guard": "!locked", "actions": [{"assign": {"locked": "true"}}]}}}},
                 "invariants": [{"name": "debt cap", "expr": "debt <= 5000000"}]}
                """#)
        var options = AnalysisOptions()
        options.method = .symbolic
        let result = try Analyzer.analyze(spec, options: options)
        let broken = try #require(result.findings.first { $0.code == .invariantViolated }, "\(result.stats.undecided)")
        #expect(broken.trace?.count == 3)
        let deadlock = try #require(result.findings.first { $0.code == .deadlock }, "\(result.stats.undecided)")
        #expect(deadlock.trace?.count == 2)
        // Each trace shows its finding on the engine.
        let machine = try Machine(spec)
        var state = try machine.initialState().state
        for step in deadlock.trace ?? [] { state = try machine.step(state, step.event).state }
        #expect(state.variables[2] == 1 && state.variables[0] == state.variables[1], "locked, and the debt at the limit")
    }

    @Test("what a stopped exploration saw happen is not listed as undecided after the symbolic verification")
    func seenByExploration() throws {
        let spec = try Spec.load(
            json:
                #"""
                {"format": "smcheck/1", "name": "Seen",
                 "variables": {"a": {"type": "int", "min": 0, "max": 999, "initial": 0}, "b": {"type": "int", "min": 0, "max": 999, "initial": 0},
                               "unused": {"type": "int", "min": 0, "max": 1000000000, "initial": 0}},
                 "events": {"incA": {}, "incB": {}, "stop": {}},
                 "states": {
                   "s": {"on": {"incA": {"guard": "a < 999", "actions": [{"assign": {"a": "a + 1"}}]},
                                "incB": {"guard": "b < 999", "actions": [{"assign": {"b": "b + 1"}}]},
                                "stop": {"guard": "a == 12", "target": "dead"}}},
                   "dead": {}}}
                """#)
        var options = AnalysisOptions()
        // The exploration stops long before the space ends, after reaching 'dead' (13 events in); bounded model checking
        // stops at 5 events, so only the exploration shows 'dead' entered, 'stop' handled and the deadlock there.
        options.exploration.maximumStates = 20_000
        options.maximumDepth = 5
        options.timeLimit = .seconds(3)
        let result = try Analyzer.analyze(spec, options: options)
        #expect(result.stats.symbolic != nil)
        #expect(result.findings.contains { $0.code == .deadlock && $0.states == ["dead"] })
        let undecided = result.stats.undecided.map(\.description)
        // (A deadlock in 's' at a = b = 999 is another matter: it stays undecided.)
        #expect(
            !undecided.contains { $0.contains("'dead'") || $0.contains("'stop'") || $0.hasPrefix("SM007 deadlock: dead") }, "\(undecided)")
    }

    @Test("the bank account: ok, and complete")
    func bank() throws {
        let result = try Self.analyze("bank-account")
        #expect(result.stats.complete, "\(result.stats.undecided.map(\.description))")
        #expect(result.findings.filter { $0.severity >= .warning }.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test("an invariant broken in the initial configuration has the empty trace, also when a step breaks it in a macrostep")
    func invariantBrokenAtStart() throws {
        var options = AnalysisOptions()
        options.method = .symbolic
        let result = try Analyzer.analyze(try Fixtures.fixture("semantics/invariant-broken-at-start-with-send"), options: options)
        let finding = try #require(result.findings.first { $0.code == .invariantViolated }, "\(result.findings.map(\.message))")
        #expect(finding.method == .bmc)
        #expect(finding.trace?.isEmpty == true, "\(finding.message)")
        #expect(finding.states == ["a"])
    }

    @Test(
        "an invariant broken before the events the machine sent itself run: found by both methods, in the state it broke in",
        arguments: [VerificationMethod.exploration, .symbolic])
    func invariantBrokenBeforeSentEvents(method: VerificationMethod) throws {
        var options = AnalysisOptions()
        options.method = method
        let spec = try Fixtures.fixture("semantics/invariant-broken-before-sent-events")
        let machine = try Machine(spec)
        let result = try Analyzer.analyze(spec, options: options)
        let broken = result.findings.filter { $0.code == .invariantViolated }
        #expect(broken.count == 3, "\(result.findings.map(\.message))")
        for name in ["'y not 2'", "'y below 2'"] {
            let atStart = try #require(broken.first { $0.message.contains(name) })
            #expect(atStart.message.hasSuffix("is violated in a at the start, before the machine is done with the events it sent itself"))
            #expect(atStart.trace?.isEmpty == true)
            #expect(atStart.states == ["a"])
            #expect(atStart.witness.map { "\($0.name)=\($0.value)" } == ["y=2"])
        }
        let afterGo = try #require(broken.first { $0.message.contains("'not in c'") })
        #expect(afterGo.message.hasSuffix("is violated in c after go, before the machine is done with the events it sent itself"))
        #expect(afterGo.trace?.map { machine.describe($0.event) } == ["go"])
        #expect(afterGo.states == ["c"])
        #expect(afterGo.witness.map { "\($0.name)=\($0.value)" } == ["y=3"])
    }

    @Test(
        "an invariant that cannot be evaluated (a division by zero, an overflow) does not hold: SM006 by both methods, saying why",
        arguments: [VerificationMethod.exploration, .symbolic])
    func invariantThatCannotBeEvaluated(method: VerificationMethod) throws {
        var options = AnalysisOptions()
        options.method = method
        let spec = try Fixtures.fixture("semantics/invariant-that-cannot-be-evaluated")
        let machine = try Machine(spec)
        let result = try Analyzer.analyze(spec, options: options)
        let broken = result.findings.filter { $0.code == .invariantViolated }
        #expect(broken.count == 2, "\(result.findings.map(\.message))")
        for (name, event, reason) in [("'ratio'", "go", "division by zero"), ("'cube'", "big", "integer overflow")] {
            let finding = try #require(broken.first { $0.message.contains(name) }, "\(method)")
            #expect(finding.message.hasSuffix("is violated in done, where it cannot be evaluated (\(reason))"), "\(finding.message)")
            #expect(finding.trace?.map { machine.describe($0.event) } == [event])
        }
    }

    @Test("two eventless transitions enabled at once at the start: SM004 with the empty trace, by both methods")
    func overlapAtStart() throws {
        let spec = Spec("overlap at the start") {
            Variable("x", .int(min: 0, max: 9))
            Events("go")
            StateNode("a") {
                Always(to: "b", guard: "x < 5")
                Always(to: "c", guard: "x >= 0")
            }
            StateNode("b") { On("go", to: "a") }
            StateNode("c") { On("go", to: "a") }
        }
        for method in [VerificationMethod.symbolic, .exploration] {
            var options = AnalysisOptions()
            options.method = method
            let result = try Analyzer.analyze(spec, options: options)
            #expect(!result.stats.undecided.contains { $0.description.contains("a bug in smcheck") }, "\(result.stats.undecided)")
            // Also shown after `go` (back in a): the start shows it first, with no event at all.
            let overlap = try #require(result.findings.first { $0.code == .nondeterministicGuards }, "\(method)")
            #expect(overlap.trace?.isEmpty == true, "\(method)")
            #expect(overlap.witness.map { "\($0.name)=\($0.value)" } == ["x=0"], "\(method)")
            #expect(overlap.witnessMoment == .whenEnabled, "\(method)")
        }
    }

    @Test(
        "two transitions on an event the machine raised, enabled at once: the values are when both are enabled",
        arguments: ["ping", "go"])
    func overlapOnRaisedEvent(raised: String) throws {
        // `go` sets x to 3 and raises `ping` (or `go` again); both of b's transitions on it hold at x = 3, which is not
        // x before `go`.
        let spec = Spec("overlap on a raised event") {
            Variable("x", .int(min: 0, max: 9))
            Events("go", "ping")
            StateNode("a") {
                On("go", to: "b") {
                    Assign("x", "3"); Raise(raised)
                }
            }
            StateNode("b") {
                On(raised, to: "a", guard: "x > 2")
                On(raised, to: "a", guard: "x < 5")
            }
        }
        for method in [VerificationMethod.symbolic, .exploration] {
            var options = AnalysisOptions()
            options.method = method
            let result = try Analyzer.analyze(spec, options: options)
            let overlap = try #require(result.findings.first { $0.code == .nondeterministicGuards && $0.trace != nil }, "\(method)")
            #expect(overlap.trace?.count == 1, "\(method)")
            #expect(overlap.witness.map { "\($0.name)=\($0.value)" } == ["x=3"], "\(method)")
            #expect(overlap.witnessMoment == .whenEnabled, "\(method)")
        }
    }

    @Test("a variable nothing reads does not crash Spacer when it is asked for the invariant it found")
    func unusedVariableInHornClauses() throws {
        var options = AnalysisOptions()
        options.method = .symbolic
        let result = try Analyzer.analyze(try Fixtures.fixture("semantics/invariant-with-unused-variable"), options: options)
        #expect(result.stats.complete, "\(result.stats.undecided.map(\.description))")
        #expect(!result.findings.contains { $0.code == .invariantViolated })
        #expect(result.findings.map(\.code) == [.deadlock, .eventNeverHandled, .unusedDeclaration])
    }
}
