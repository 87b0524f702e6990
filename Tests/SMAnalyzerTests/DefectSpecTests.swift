import Foundation
import SMAnalyzer
import SMBuilder
import SMEngine
import SMSolver
import SMSpec
import SMTestSupport
import Testing

@Suite("Findings on the specs in Specs/")
struct DefectSpecTests {
    /// Each deliberately broken spec and exactly the findings it must yield.
    static let expected: [(file: String, codes: [FindingCode])] = [
        ("sm001-unreachable-state", [.unreachableState]),
        ("sm002-infinite-loop", [.infiniteLoop]),
        ("sm003-duplicate-name", [.duplicateName]),
        ("sm004-nondeterministic-guards", [.nondeterministicGuards]),
        ("sm005-dead-transition", [.deadTransition]),
        ("sm006-invariant-violation", [.invariantViolated]),
        ("sm007-deadlock", [.deadlock]),
        ("sm008-incomplete-choice", [.incompleteChoice]),
        ("sm009-range-violation", [.rangeViolation]),
        ("sm010-expected-unreachable", [.unreachableState, .expectedReachable]),
        ("sm011-queue-overflow", [.queueOverflow]),
        ("sm012-event-never-handled", [.eventNeverHandled]),
        ("sm013-unused-declaration", [.unusedDeclaration]),
        ("sm014-useless-history", [.uselessHistory]),
    ]

    @Test("every defect spec is listed here", arguments: try Fixtures.defectSpecPaths)
    func listed(path: String) {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        #expect(Self.expected.contains { $0.file == name })
    }

    @Test("each defect spec yields exactly its intended findings", arguments: expected)
    func intendedFindings(file: String, codes: [FindingCode]) throws {
        let result = try Analyzer.analyze(try Fixtures.spec("defects/" + file))
        #expect(result.findings.map(\.code) == codes, "\(result.findings.map(\.message))")
        #expect(result.stats.complete)
    }

    @Test("the seed specs have no findings", arguments: try Fixtures.seedSpecPaths)
    func seedsAreClean(path: String) throws {
        let result = try Analyzer.analyze(try Spec.load(path: path))
        #expect(result.findings.isEmpty, "\(result.findings.map { "\($0.code.rawValue) \($0.message)" })")
        #expect(result.stats.complete)
    }

    @Test("SM006: the invariant violation names the invariant and gives its shortest trace and the values")
    func invariantViolation() throws {
        let finding = try #require(try Analyzer.analyze(try Fixtures.spec("defects/sm006-invariant-violation")).findings.first)
        #expect(finding.message == "invariant 'the door is closed while moving' (!in(moving) || !doorOpen) is violated in car/moving")
        #expect(finding.states == ["car/moving"])
        #expect(finding.location?.pointer.description == "/invariants/0")
        #expect(finding.witness == [WitnessValue("doorOpen", .bool(true))])
        let machine = try Machine(try Fixtures.spec("defects/sm006-invariant-violation"))
        #expect(finding.trace?.map { machine.describe($0.event) } == ["go", "open"])
    }

    @Test("SM004: the overlap comes with the values that enable both guards")
    func overlapWitness() throws {
        let spec = try Fixtures.spec("defects/sm004-nondeterministic-guards")
        let finding = try #require(try Analyzer.analyze(spec).findings.first)
        #expect(finding.witness == [WitnessValue("level", .int(3))])
        #expect(finding.location?.pointer.description == "/states/idle/on/check/1")
        let machine = try Machine(spec)
        #expect(finding.trace?.map { machine.describe($0.event) } == [#"set {"to": 3}"#, "check"])
    }

    @Test(
        "SM014: a history another history's default goes to is used, and one only an unused history's default goes to is not",
        arguments: VerificationMethod.allCases)
    func historyThroughAnotherHistory(method: VerificationMethod) throws {
        // back enters outer/oh, whose default is p/h: p resumes in b. outer/oh2 goes to p/h2, but nothing targets oh2.
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "histories", "events": {"next": {}, "out": {}, "back": {}},
                 "states": {"outer": {"states": {
                   "p": {"on": {"out": "q"}, "states": {"a": {"on": {"next": "b"}}, "b": {}, "h": {"type": "history"}, "h2": {"type": "history"}}},
                   "q": {"on": {"back": "outer/oh"}},
                   "oh": {"type": "history", "target": "p/h"},
                   "oh2": {"type": "history", "target": "p/h2"}}}}}
                """#)
        var options = AnalysisOptions()
        options.method = method
        let unused = try Analyzer.analyze(spec, options: options).findings.filter { $0.code == .uselessHistory }
        #expect(unused.flatMap(\.states).sorted() == ["outer/oh2", "outer/p/h2"], "\(unused.map(\.message))")
    }

    @Test("SM002 of a chain longer than the cap, with no cycle, does not claim a loop that goes on forever")
    func longChain() throws {
        let spec = Spec("countdown") {
            Options(maxMicrosteps: 20)
            Variable("n", .int(min: 0, max: 30))
            Events("go")
            StateNode("idle") { On("go", to: "counting") { Assign("n", "30") } }
            StateNode("counting") { Always(to: "counting", guard: "n > 0") { Assign("n", "n - 1") } }
        }
        let finding = try #require(try Analyzer.analyze(spec).findings.first { $0.code == .infiniteLoop })
        #expect(
            finding.message.hasPrefix(
                "no stable configuration after 20 microsteps in one macrostep (the maxMicrosteps limit): an infinite transition loop, or a chain of transitions longer than the limit"
            ), "\(finding.message)")
        #expect(!finding.message.contains("forever"))
    }

    @Test("SM002 of a chain names the transition the limit stopped, and SM005 says the limit is why it is never taken")
    func chainPastTheLimit() throws {
        let spec = Spec("chain") {
            Options(maxMicrosteps: 3)
            Events("go")
            StateNode("a") { On("go", to: "b") }
            StateNode("b") { Always(to: "c") }
            StateNode("c") { Always(to: "d") }
            StateNode("d") { Always(to: "e") }
            StateNode("e")
        }
        var explorationOnly = AnalysisOptions()
        explorationOnly.solver = .off
        let findings = try Analyzer.analyze(spec, options: explorationOnly).findings
        let loop = try #require(findings.first { $0.code == .infiniteLoop })
        #expect(
            loop.message.contains(
                "the last transitions taken were a --go--> b; b --always--> c; c --always--> d, and the limit stopped the next: d --always--> e"
            ), "\(loop.message)")
        #expect(loop.location?.pointer.description == "/states/c/always")
        let dead = findings.filter { $0.code == .deadTransition }.map(\.message)
        #expect(
            dead == [
                "transition d --always--> e is never taken: where it was selected, the macrostep had already taken maxMicrosteps (3) microsteps and stopped with an error (SM002)"
            ])
    }

    @Test("SM002 of a countdown past the limit is one finding, wherever the limit stops it")
    func oneChainOneFinding() throws {
        // From 99 the limit stops the step to `done`, from 100 on it stops a decrement: still the same chain.
        let spec = Spec("drain") {
            Variable("x", .int(min: 0, max: 200))
            EventDeclaration("set", ("v", .int(min: 0, max: 200)))
            Events("go")
            StateNode("idle") {
                On("set") { Assign("x", "event.v") }
                On("go", to: "draining")
            }
            StateNode("draining") {
                Always(guard: "x > 0") { Assign("x", "x - 1") }
                Always(to: "done")
            }
            StateNode("done")
        }
        var explorationOnly = AnalysisOptions()
        explorationOnly.method = .exploration
        let loops = try Analyzer.analyze(spec, options: explorationOnly).findings.filter { $0.code == .infiniteLoop }
        #expect(loops.count == 1, "\(loops.map(\.message))")
        // The shortest countdown that fails starts at 99 (set, then go); at the failure it has reached 0, and the limit
        // stops the step to `done`: the witness gives the values when it fails, not those before the event.
        #expect(loops.first?.trace?.count == 2)
        #expect(loops.first?.trace?.first?.event.arguments == [99])
        #expect(loops.first?.witness.first?.value == .int(0))
        #expect(loops.first?.witnessMoment == .atFailure)
    }

    @Test("SM002: the loop is reported as its cycle of transitions, not only as the cap")
    func loopCycle() throws {
        let finding = try #require(try Analyzer.analyze(try Fixtures.spec("defects/sm002-infinite-loop")).findings.first)
        #expect(finding.message.hasPrefix("infinite transition loop: ping --always--> pong; pong --always--> ping repeat forever"))
        #expect(finding.states == ["ping", "pong"])
    }

    @Test("SM002 of a loop whose values come back only after several rounds names one round, and how many")
    func loopOfRounds() throws {
        let spec = Spec("wrapping counter") {
            Variable("n", .int(min: 0, max: 20))
            Events("go")
            StateNode("idle") { On("go", to: "busy") }
            StateNode("busy") { Always(to: "spin") }
            StateNode("spin") { Always(to: "busy") { Assign("n", "(n + 1) % 21") } }
        }
        let finding = try #require(try Analyzer.analyze(spec).findings.first { $0.code == .infiniteLoop })
        #expect(
            finding.message.hasPrefix(
                "infinite transition loop: busy --always--> spin; spin --always--> busy repeat forever without the machine becoming stable (the values come back after 21 rounds)"
            ), "\(finding.message)")
        #expect(finding.transitions.count == 42)
    }

    @Test("SM005 says a transition whose inner states always take its event first is never tried, not that its guard fails")
    func neverTriedTransition() throws {
        let spec = Spec("inner first") {
            Events("e", "f")
            StateNode("p") {
                On("e", to: "q")
                StateNode("c") { On("e", to: "d") }
                StateNode("d") {
                    On("e", to: "c")
                    On("f", to: "q")
                }
            }
            StateNode("q") { On("f", to: "p") }
        }
        var explorationOnly = AnalysisOptions()
        explorationOnly.solver = .off
        let dead = try Analyzer.analyze(spec, options: explorationOnly).findings.filter { $0.code == .deadTransition }
        #expect(
            dead.map(\.message) == [
                "transition p --e--> q is never tried: no run considered it; a transition of an inner state or an earlier one always took 'e' first, or 'e' never arrived while 'p' was active"
            ])
    }

    @Test("a guard only the overlap check evaluates counts as tried for SM005, not as coverage a run can reach")
    func overlapCheckIsNotCoverage() throws {
        let spec = Spec("overlap only") {
            Variable("x", .int(min: 0, max: 5))
            Events("e", "set")
            StateNode("s") {
                On("set") { Assign("x", "5") }
                On("e", to: "t", guard: "x != 3")
                On("e", to: "u", guard: "x > 6")
            }
            StateNode("t")
            StateNode("u")
        }
        let machine = try Machine(spec)
        let exploration = try Explorer(machine: machine).run()
        let reference = CoverageReference(machine: machine, exploration: exploration)
        // `x != 3` always holds, so the selection never evaluates `x > 6`; the overlap check does, and sees it false.
        #expect(reference.reachableGuardOutcomes?[2] == 0)
        var explorationOnly = AnalysisOptions()
        explorationOnly.solver = .off
        let dead = try Analyzer.analyze(spec, options: explorationOnly).findings.filter { $0.code == .deadTransition }
        #expect(
            dead.map(\.message) == [
                "transition s --e [x > 6]--> u is never enabled: its guard never held when it was tried (when 'e' arrives in 's')"
            ])
    }

    @Test("SM005 claims nothing of a guard whose evaluation fails (that is a finding of its own)")
    func failingGuardTransition() throws {
        let spec = Spec("failing guard") {
            Variable("x", .int(min: 0, max: 2))
            Events("e")
            StateNode("s") { On("e", to: "t", guard: "10 / x == 5") }
            StateNode("t")
        }
        var explorationOnly = AnalysisOptions()
        explorationOnly.solver = .off
        let findings = try Analyzer.analyze(spec, options: explorationOnly).findings
        #expect(findings.contains { $0.code == .rangeViolation || $0.message.contains("division by zero") }, "\(findings.map(\.message))")
        #expect(
            findings.filter { $0.code == .deadTransition }.map(\.message) == [
                "transition s --e [10 / x == 5]--> t is never taken in any reachable configuration"
            ])
    }

    @Test("SM005 tells a guard that never holds from a transition always shadowed by an earlier one")
    func deadTransitionKinds() throws {
        let spec = Spec("shadowed") {
            Variable("n", .int(min: 0, max: 3))
            Events("go", "inc")
            StateNode("a") {
                On("inc", guard: "n < 3") { Assign("n", "n + 1") }
                On("go", to: "b", guard: "n >= 0")
                On("go", to: "c", guard: "n == 2")
                On("go", to: "c", guard: "n == 9")
            }
            StateNode("b") { On("go", to: "a") }
            StateNode("c") { On("go", to: "a") }
        }
        var explorationOnly = AnalysisOptions()
        explorationOnly.solver = .off
        let dead = try Analyzer.analyze(spec, options: explorationOnly).findings.filter { $0.code == .deadTransition }
        #expect(
            dead.map(\.message) == [
                "transition a --go [n == 2]--> c is never taken: whenever it is enabled, an earlier transition or one of an inner state is taken instead",
                "transition a --go [n == 9]--> c is never enabled: its guard never held when it was tried (when 'go' arrives in 'a')",
            ])
        #expect(dead.allSatisfy { $0.method == .exploration })
        // With a solver the same two findings come with its stronger proofs, and are not duplicated.
        let proved = try Analyzer.analyze(spec).findings.filter { $0.code == .deadTransition }
        #expect(
            proved.map(\.message) == [
                "transition a --go [n == 2]--> c is always shadowed: whenever its guard holds, an earlier transition of 'a' for the same event holds too",
                "transition a --go [n == 9]--> c can never be enabled: no values of the declared domains make its guard hold",
            ])
        #expect(proved.allSatisfy { $0.method == (Z3Library.isAvailable ? .z3 : .enumeration) })
    }
}

@Suite("Solver findings merged with the exploration's")
struct SolverMergeTests {
    /// Too big to explore within the limit (so the exploration is incomplete), with guard problems the solver proves.
    static let big = Spec("big") {
        Variable("a", .int(min: 0, max: 1000))
        Variable("b", .int(min: 0, max: 1000))
        Events("incA", "incB", "go")
        StateNode("s") {
            On("incA", guard: "a < 1000") { Assign("a", "a + 1") }
            On("incB", guard: "b < 1000") { Assign("b", "b + 1") }
            On("go", to: "t", guard: "a > 500")
            On("go", to: "u", guard: "a > 900 && b > 900")
        }
        StateNode("t") { On("go", to: "s") }
        StateNode("u") { On("go", to: "s") { Assign("a", "a - 2000") } }
    }

    @Test(
        "when the exploration is incomplete, the solver's findings are reported with witnesses",
        arguments: BuildTraits.guardBackends.compactMap(AnalysisOptions.SolverChoice.init(rawValue:)))
    func incompleteExploration(solver: AnalysisOptions.SolverChoice) throws {
        var options = AnalysisOptions()
        options.method = .exploration
        options.exploration.maximumStates = 1000
        options.solver = solver
        // Enumeration asks about a million values a question; under ThreadSanitizer that takes longer than the
        // default 60 s the guard analysis may take, and what it does not ask is left undecided.
        options.timeLimit = .seconds(3_600)
        let result = try Analyzer.analyze(Self.big, options: options)
        #expect(!result.stats.complete)
        let method: Finding.Method = solver == .z3 ? .z3 : .enumeration
        let codes = result.findings.map(\.code)
        try #require(codes == [.nondeterministicGuards, .deadTransition, .rangeViolation])
        #expect(result.findings.allSatisfy { $0.method == method })
        let overlap = result.findings[0]
        let values = Dictionary(uniqueKeysWithValues: overlap.witness.map { ($0.name, $0.value) })
        guard case .int(let a)? = values["a"], case .int(let b)? = values["b"] else { Issue.record("\(overlap.witness)"); return }
        #expect(a > 900 && b > 900, "the witness enables both guards")
        #expect(result.findings[2].message.hasPrefix("range violation: 'a' can become "))
    }

    @Test("with a complete exploration, the exploration's reachable witness wins and nothing is reported twice")
    func completeExploration() throws {
        let result = try Analyzer.analyze(try Fixtures.spec("defects/sm004-nondeterministic-guards"))
        #expect(result.findings.count == 1)
        #expect(result.findings[0].method == .exploration)
        #expect(result.findings[0].trace != nil)
    }

    @Test("hundreds of shadowed transitions: each reported once, by the solver's proof in place of the run's finding")
    func manyShadowedTransitions() throws {
        // `n == k % 4` for k in 0..<304: the first four can be taken, each later one is shadowed by the one of its value.
        let list = (0..<304).map { #"{"guard": "n == \#($0 % 4)", "target": "a"}"# }.joined(separator: ", ")
        let text = SpecText.with {
            $0.variables = #"{"n": {"type": "int", "min": 0, "max": 3}}"#
            $0.events = #"{"go": {}, "inc": {}}"#
            $0.states = #"{"a": {"on": {"go": [\#(list)], "inc": {"actions": [{"assign": {"n": "(n + 1) % 4"}}]}}}}"#
        }
        var options = AnalysisOptions()
        options.solver = .enumerate
        let dead = try Analyzer.analyze(try Spec.load(json: text), options: options).findings.filter { $0.code == .deadTransition }
        #expect(dead.count == 300)
        #expect(dead.allSatisfy { $0.method == .enumeration && $0.message.contains("is always shadowed") })
        let transitions = try Spec.load(json: text).resolve().transitions.filter { $0.triggerText == "go" }.map(\.index)
        #expect(Set(dead.map(\.transitions)) == Set(transitions.dropFirst(4).map { [$0] }))
    }
}
