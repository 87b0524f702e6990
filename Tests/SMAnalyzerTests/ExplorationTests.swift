import Foundation
import SMAnalyzer
import SMBuilder
@_spi(Stepping) import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("Exploration")
struct ExplorationTests {
    static func explore(_ spec: Spec, _ configure: (inout ExplorationOptions) -> Void = { _ in }) throws -> Exploration {
        var options = ExplorationOptions()
        configure(&options)
        return try Explorer(machine: try Machine(spec), options: options).run()
    }

    @Test("orthogonal rings: the product of the ring sizes", arguments: [[2], [3, 4], [2, 3, 5], [4, 4, 4, 4], [8, 8, 8]])
    func rings(sizes: [Int]) throws {
        let exploration = try Self.explore(Generated.rings(sizes))
        #expect(exploration.configurations == sizes.reduce(1, *))
        #expect(exploration.depth == sizes.map { $0 - 1 }.reduce(0, +))
        #expect(exploration.transitions == exploration.configurations * sizes.count)
        #expect(exploration.isComplete)
    }

    @Test("the hashed store grows in the middle of layers and keeps the same configurations, parents and traces")
    func hashedStoreGrows() throws {
        // 262,144 configurations: the hashed table (65,536 slots at first) fills up inside the widest layers.
        let spec = Generated.rings([8, 8, 8, 8, 8, 8], invariant: "!(in(r0s7) && in(r1s7) && in(r2s6) && in(r5s3))")
        for threads in [1, 2] {
            var dense = AnalysisOptions()
            dense.exploration.store = .dense
            dense.exploration.threads = threads
            var hashed = dense
            hashed.exploration.store = .hashed
            // Also in rounds of 100 states: a layer takes many rounds, and slices fill up in the middle of them.
            var inRounds = hashed
            inRounds.exploration.statesPerRound = 100
            // No limit on configurations, as the benchmarks run.
            inRounds.exploration.maximumStates = .max
            let a = try Analyzer.analyze(spec, options: dense)
            let b = try Analyzer.analyze(spec, options: hashed)
            #expect(a.stats.configurations == 262_144 && b.stats.configurations == 262_144)
            #expect(a.findings == b.findings)
            if threads == 2 {
                let c = try Analyzer.analyze(spec, options: inRounds)
                #expect(c.stats.configurations == 262_144 && a.findings == c.findings)
            }
            #expect(a.findings.first?.trace?.count == 23)
        }
    }

    @Test("a deep, narrow space in the hashed store: a layer per state, the store growing in the middle of that stretch")
    func hashedStoreOnAChain() throws {
        // 70,001 configurations one after another: the hashed table (49,152 keys at first) fills up on the way.
        let spec = Spec("long counter") {
            Variable("n", .int(min: 0, max: 70_000))
            Events("up")
            StateNode("counting") { On("up", guard: "n < 70000") { Assign("n", "n + 1") } }
            Invariant("not there yet", Spec.Expression("n != 65000"))
        }
        for threads in [1, 2] {
            var hashed = AnalysisOptions()
            hashed.exploration.store = .hashed
            hashed.exploration.threads = threads
            let result = try Analyzer.analyze(spec, options: hashed)
            #expect(result.stats.configurations == 70_001 && result.stats.complete)
            // The invariant, with the shortest trace (every parent is the state one below), and the end, where
            // nothing is handled any more.
            #expect(Set(result.findings.map(\.code)) == [.invariantViolated, .deadlock])
            #expect(result.findings.first { $0.code == .invariantViolated }?.trace?.count == 65_000)
            #expect(result.findings.first { $0.code == .deadlock }?.trace?.count == 70_000)
        }
    }

    @Test("only a final state at the top level halts the machine, among many top-level states: no deadlock there, one below")
    func haltingAmongManyStates() throws {
        let count = 300
        let spec = Spec("a chain into a box, then the end") {
            Events("next", "other")
            StateNode("start") {
                On("next", to: "s0")
                On("other", to: "stuck")
            }
            for k in 0..<count { StateNode("s\(k)") { On("next", to: k + 1 < count ? "s\(k + 1)" : "box") } }
            StateNode("box") {
                StateNode("inside") { On("next", to: "boxed") }
                Final("boxed")
                On("done.state.box", to: "end")
            }
            Final("end")
            StateNode("stuck") {
                StateNode("inner") { On("next", to: "innerEnd") }
                Final("innerEnd")
                On("other", to: "afterStuck")
            }
            StateNode("afterStuck")
        }
        var options = AnalysisOptions()
        options.method = .exploration
        let result = try Analyzer.analyze(spec, options: options)
        // start, s0 ... s299, box/inside, end (box/boxed is left in the same macrostep), stuck/inner, stuck/innerEnd,
        // and afterStuck: stuck's final child does not halt, so `other` still leaves it.
        #expect(result.stats.configurations == count + 6 && result.stats.complete)
        // The end halts: no deadlock there. afterStuck handles nothing: a deadlock.
        let deadlocks = result.findings.filter { $0.code == .deadlock }
        #expect(deadlocks.count == 1 && deadlocks.first?.message.contains("afterStuck") == true, "\(result.findings.map(\.message))")
    }

    @Test("an event nothing handles still lets an eventless transition the host decides fire: no false deadlock")
    func unhandledEventsReachHostDecidedEventless() throws {
        // Waiting (the host said no) is left on any event: the engine asks the host again after each.
        let spec = Spec("waiting for the host") {
            Events("poke")
            StateNode("waiting") { Always(to: "done", guard: "?ready") }
            StateNode("done") { On("poke", to: "waiting") }
        }
        var options = AnalysisOptions()
        options.method = .exploration
        let result = try Analyzer.analyze(spec, options: options)
        #expect(result.stats.complete)
        #expect(!result.findings.contains { $0.code == .deadlock }, "\(result.findings.map(\.message))")
    }

    @Test("a choice the start meets: its other outcomes count as covered, and the search is incomplete when they lead elsewhere")
    func otherOutcomesOfTheStart() throws {
        // The host may say yes at the start: 'ready' is reachable, though the search starts from the answer no.
        let noWayBack = Spec("a start the host decides") {
            Events("go")
            StateNode("boot") {
                Always(to: "ready", guard: "?online")
                Always(to: "offline")
            }
            StateNode("ready") { On("go", to: "done") }
            StateNode("offline") { On("go", to: "done") }
            Final("done")
        }
        for method in [VerificationMethod.exploration] + (BuildTraits.verifiesSymbolically ? [.symbolic] : []) {
            var options = AnalysisOptions()
            options.method = method
            let result = try Analyzer.analyze(noWayBack, options: options)
            #expect(!result.stats.complete, "\(method)")
            #expect(!result.findings.contains { $0.code == .unreachableState }, "\(method): \(result.findings.map(\.message))")
            #expect(result.stats.undecided.contains { $0.description.contains("only its first outcome was searched") }, "\(method)")
        }
        // A failure only another outcome leads to has no property in the symbolic system: every code a run shows is
        // open by both methods, and the range question the guard analysis answers is reported as not shown by a run.
        let hidden = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "start choice hides an error", "variables": {"n": {"type": "int", "min": 0, "max": 1}},
                 "events": {"go": {}},
                 "states": {"init": {"always": [{"guard": "?g", "target": "b"}, {"target": "c"}]},
                            "b": {"on": {"go": {"actions": [{"assign": {"n": "n + 2"}}]}}},
                            "c": {"on": {"go": {"actions": [{"assign": {"n": "1 - n"}}]}}}}}
                """#)
        for method in [VerificationMethod.exploration] + (BuildTraits.verifiesSymbolically ? [.symbolic, .automatic] : []) {
            var options = AnalysisOptions()
            options.method = method
            let result = try Analyzer.analyze(hidden, options: options)
            let open = Set(result.stats.undecided.flatMap(\.codes))
            #expect(open.isSuperset(of: FindingCode.needingEveryConfiguration + FindingCode.shownByARun), "\(method): \(open)")
            #expect(result.findings.contains { $0.code == .rangeViolation }, "\(method): \(result.findings.map(\.message))")
        }
        // The same start, and a way back to it: every outcome's start is a configuration the search visits.
        let wayBack = Spec("a start the host decides, and a way back") {
            Events("go", "retry")
            StateNode("boot") {
                Always(to: "ready", guard: "?online")
                Always(to: "offline")
            }
            StateNode("ready") { On("go", to: "offline") }
            StateNode("offline") { On("retry", to: "boot") }
        }
        var options = AnalysisOptions()
        options.method = .exploration
        let result = try Analyzer.analyze(wayBack, options: options)
        #expect(result.stats.complete, "\(result.stats.undecided.map(\.description))")
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        // Every outcome's start shows the overlap the search reports at the start: nothing is left unreported.
        let overlapEitherWay = Spec("an overlap at the start beside a host's choice") {
            Variable("x", .int(min: 0, max: 9))
            Events("e", "f")
            Parallel("p") {
                StateNode("r1") {
                    StateNode("boot") {
                        Always(to: "p/r1/a", guard: "x == 0")
                        Always(to: "p/r1/b", guard: "x < 5")
                    }
                    StateNode("a") { On("e", to: "p/r1/b") }
                    StateNode("b") { On("e", to: "p/r1/a") }
                }
                StateNode("r2") {
                    StateNode("q0") {
                        Always(to: "p/r2/q1", guard: "?g")
                        Always(to: "p/r2/q2")
                    }
                    StateNode("q1") { On("f", to: "p/r2/q2") }
                    StateNode("q2") { On("f", to: "p/r2/q1") }
                }
            }
        }
        let both = try Analyzer.analyze(overlapEitherWay, options: options)
        #expect(both.stats.complete, "\(both.stats.undecided.map(\.description))")
        #expect(both.findings.first { $0.code == .nondeterministicGuards }?.trace == [])
    }

    @Test("a start that fails on its choices' first outcome: another outcome may start, so nothing it reaches is called unreachable")
    func startFailingOnItsFirstOutcome() throws {
        func start(failingWhen failing: String) throws -> Spec {
            try Spec.load(
                json: #"""
                    {"format": "smcheck/1", "name": "start fails one way", "variables": {"n": {"type": "int", "min": 0, "max": 3}},
                     "events": {"go": {}},
                     "states": {"init": {"always": [{"guard": "?online", "target": "b"}, {"target": "c"}]},
                                "b": {"entry": [{"assign": {"n": "\#(failing.contains("b") ? "n + 9" : "n")"}}], "on": {"go": "d"}},
                                "c": {"entry": [{"assign": {"n": "\#(failing.contains("c") ? "n + 9" : "n")"}}], "on": {"go": "d"}},
                                "d": {}}}
                    """#)
        }
        // The search starts from the host's answer no, which enters 'c' and fails; yes enters 'b' and goes on to 'd'.
        let result = try Analyzer.analyze(try start(failingWhen: "c"), options: explorationOnly)
        #expect(!result.stats.complete)
        #expect(result.findings.map(\.code) == [.rangeViolation], "\(result.findings.map(\.message))")
        #expect(result.stats.undecided.contains { $0.description.contains("only its first outcome was searched") })
        // Both answers fail alike, at the same place: the start never gets anywhere, and the search is complete.
        let bothFail = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "start fails both ways", "variables": {"n": {"type": "int", "min": 0, "max": 3}},
                 "events": {"go": {}},
                 "states": {"init": {"always": [{"guard": "?online", "target": "b"}, {"target": "b"}]},
                            "b": {"entry": [{"assign": {"n": "n + 9"}}], "on": {"go": "init"}}}}
                """#)
        let complete = try Analyzer.analyze(bothFail, options: explorationOnly)
        #expect(complete.stats.complete, "\(complete.stats.undecided.map(\.description))")
        #expect(complete.findings.contains { $0.code == .rangeViolation })
        // A start that fails on the answer yes alone: the search from no goes on, and the failure is still reported.
        let other = try Analyzer.analyze(try start(failingWhen: "b"), options: explorationOnly)
        #expect(other.findings.contains { $0.code == .rangeViolation }, "\(other.findings.map(\.message))")
    }

    private var explorationOnly: AnalysisOptions {
        var options = AnalysisOptions()
        options.method = .exploration
        return options
    }

    @Test("one loop reached with different choices on the way is one finding, with the shorter trace")
    func loopReachedTwoWays() throws {
        // r2 loops for ever; r1's host guard decides whether r1 loops alongside it: the same SM002 either way.
        let spec = Spec("a loop beside a host's choice") {
            Events("a")
            StateNode("idle") { On("a", to: "p") }
            Parallel("p") {
                StateNode("r1") { StateNode("s") { Always(to: "s", guard: "?g") } }
                StateNode("r2") { StateNode("t") { Always(to: "t") } }
            }
            Options(maxMicrosteps: 10)
        }
        for method in [VerificationMethod.exploration] + (BuildTraits.verifiesSymbolically ? [.symbolic] : []) {
            var options = AnalysisOptions()
            options.method = method
            let loops = try Analyzer.analyze(spec, options: options).findings.filter { $0.code == .infiniteLoop }
            #expect(loops.count == 1, "\(method): \(loops.map { "\($0.message) \($0.trace ?? [])" })")
            #expect(loops.first?.trace?.first?.choices.allSatisfy { $0 == 0 } == true, "\(method)")
        }
    }

    @Test("a trace is rebuilt within the choices the search tried: an event of 2^100 combinations before the one needed")
    func traceWithinTheChoiceLimit() throws {
        // e sends e again whichever way ?g goes (a hundred choice points before the send limit); f breaks the invariant.
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "many choices", "variables": {"bad": {"type": "bool"}}, "events": {"e": {}, "f": {}},
                 "states": {"a": {"on": {"e": [{"guard": "?g", "actions": [{"send": "e"}]}, {"actions": [{"send": "e"}]}],
                                         "f": {"target": "b", "actions": [{"assign": {"bad": "true"}}]}}},
                            "b": {}},
                 "invariants": [{"name": "good", "expr": "!bad"}]}
                """#)
        var options = AnalysisOptions()
        options.method = .exploration
        let result = try Analyzer.analyze(spec, options: options)
        let violation = try #require(result.findings.first { $0.code == .invariantViolated })
        #expect(violation.trace?.map(\.event.event) == [1])
        #expect(!result.stats.complete)
        #expect(
            result.stats.undecided.contains {
                $0.reason.hasPrefix("some configuration and event had more than 1024 combinations of choices")
            })
    }

    @Test("a bitstate search with room visits every configuration; a tiny bit array fewer, and it says so")
    func bitstate() throws {
        let spec = Generated.rings([8, 8, 8, 8], invariant: "!(in(r0s7) && in(r1s7) && in(r2s6) && in(r3s3))")
        let roomy = try Self.explore(spec) { $0.bitstateBytes = 1 << 20 }
        #expect(roomy.configurations == 4_096)
        #expect(!roomy.isComplete)
        let summary = try #require(roomy.bitstate)
        #expect(summary.expectedCoverage > 0.9999 && summary.expectedCoverage <= 1)
        #expect(
            roomy.incompleteReason?.hasPrefix(
                "a bitstate search stored 4096 configurations in a 1 MB bit array (3 hash functions); expected coverage") == true)
        // The trace of the violated invariant replays to the violation.
        var options = AnalysisOptions()
        options.method = .exploration
        options.exploration.bitstateBytes = 1 << 20
        let result = try Analyzer.analyze(spec, options: options)
        let trace = try #require(result.findings.first { $0.code == .invariantViolated }?.trace)
        let context = StepContext(machine: result.machine)
        try context.resetToInitialState()
        for step in trace { _ = try context.process(step.event) }
        #expect(!context.invariantHolds(0))

        // 512 bits for 4,096 configurations: collisions skip most of them, and the coverage estimate says so.
        let tiny = try Self.explore(spec) { $0.bitstateBytes = 64 }
        #expect(tiny.configurations < 4_096)
        #expect(try #require(tiny.bitstate).expectedCoverage < 0.5)
        // Saturated: the estimate cannot count what only skipped configurations lead to, and the result says so.
        #expect(try #require(tiny.bitstate).finalSkipProbability >= 0.5)
        #expect(tiny.incompleteReason?.contains("; the array is saturated (a new configuration was skipped with probability ") == true)
        #expect(roomy.incompleteReason?.contains("saturated") == false)

        // Other seeds: other hash functions and search orders, the same space when there is room.
        for seed in [1, 2, 99] as [UInt64] {
            let seeded = try Self.explore(spec) {
                $0.bitstateBytes = 1 << 20
                $0.searchSeed = seed
            }
            #expect(seeded.configurations == 4_096)
        }
    }

    @Test("breadth first, the bitstate search keeps its layers on disk: the shortest traces, and no depth limit")
    func bitstateBreadthFirst() throws {
        let spec = Generated.rings([8, 8, 8, 8], invariant: "!(in(r0s7) && in(r1s7) && in(r2s6) && in(r3s3))")
        var options = AnalysisOptions()
        options.method = .exploration
        let explored = try Analyzer.analyze(spec, options: options)
        let shortest = try #require(explored.findings.first { $0.code == .invariantViolated }?.trace)
        options.exploration.bitstateBytes = 1 << 20
        for order in ExplorationOptions.BitstateOrder.allCases {
            options.exploration.bitstateOrder = order
            let result = try Analyzer.analyze(spec, options: options)
            let trace = try #require(result.findings.first { $0.code == .invariantViolated }?.trace, "\(order)")
            // Breadth first finds it by a shortest path (the trace read back from the layer files); depth first by some path.
            if order == .breadthFirst { #expect(trace.count == shortest.count) } else { #expect(trace.count >= shortest.count) }
            let context = StepContext(machine: result.machine)
            try context.resetToInitialState()
            for step in trace { _ = try context.process(step.event) }
            #expect(!context.invariantHolds(0), "\(order)")
        }

        // A chain deeper than the depth limit: depth first stops at the limit and says so; breadth first has none.
        let chain = Generated.counter(maximum: 3_000)
        for order in ExplorationOptions.BitstateOrder.allCases {
            let searched = try Self.explore(chain) {
                $0.bitstateBytes = 1 << 20
                $0.bitstateOrder = order
                $0.maximumSearchDepth = 1_000
            }
            let summary = try #require(searched.bitstate)
            switch order {
            case .breadthFirst:
                #expect(searched.configurations == 3_001 && summary.truncated == 0 && summary.depthLimit == nil)
            case .depthFirst:
                #expect(searched.configurations == 1_001 && summary.truncated == 1)
                #expect(searched.incompleteReason?.contains("the depth limit of 1000 cut the search at 1 configuration") == true)
            }
        }
    }

    @Test("a breadth-first bitstate search with nowhere to write its layers stops at once and says why")
    func bitstateWithoutDisk() throws {
        // A regular file where the directory should be: nothing can be made inside it.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("smcheck-not-a-directory-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let searched = try Self.explore(Generated.counter(maximum: 50)) {
            $0.bitstateBytes = 1 << 16
            $0.layerDirectory = file
        }
        #expect(!searched.isComplete)
        #expect(searched.configurations == 1)
        #expect(
            searched.incompleteReason?.hasPrefix("the bitstate search cannot make a directory for its layers in \(file.path)") == true,
            "\(searched.incompleteReason ?? "")")
    }

    @Test("a bounded counter: one configuration per value", arguments: [0, 1, 7, 100])
    func counter(maximum: Int) throws {
        let exploration = try Self.explore(Generated.counter(maximum: maximum))
        #expect(exploration.configurations == maximum + 1)
        #expect(exploration.depth == maximum)
    }

    @Test("history is part of the state: n inside with no memory, n x n inside with one, n outside", arguments: [1, 2, 5])
    func historyRing(children n: Int) throws {
        // Before the first exit: n configurations with an empty memory. The memory changes only on exit, so inside
        // every (active child, remembered child) pair is reachable: n * n. Outside: one per remembered child.
        let exploration = try Self.explore(Generated.historyRing(children: n))
        #expect(exploration.configurations == n + n * n + n)
    }

    @Test(
        "the dense, the hashed, the wide and the compact store find the same configurations, findings and traces",
        arguments: try Fixtures.allSpecPaths)
    func storesAgree(path: String) throws {
        let spec = try Spec.load(path: path)
        let automatic = try Self.explore(spec)
        let viaDefault = try Analyzer.analyze(spec).findings
        let stores: [(ExplorationOptions.StoreChoice, String)] = [
            (.dense, "dense"), (.hashed, "hashed"), (.wide, "wide hashed"), (.compact, "compact"),
        ]
        for (store, kind) in stores {
            let forced = try Self.explore(spec) { $0.store = store }
            // Keys under 12 bits leave the slices of the compact store for keys of a word too small: the compact
            // store of long keys takes them.
            let kind = store == .compact && forced.storeKind == "wide compact" ? "wide compact" : kind
            guard forced.storeKind == kind else {
                #expect(kind == "dense", "only the dense store may not fit a key")
                continue
            }
            #expect(forced.configurations == automatic.configurations, "\(kind)")
            #expect(forced.transitions == automatic.transitions, "\(kind)")
            #expect(forced.depth == automatic.depth, "\(kind)")
            var options = AnalysisOptions()
            options.method = .exploration
            options.exploration.store = store
            let findings = try Analyzer.analyze(spec, options: options).findings
            // Where several configurations of a layer show a finding, the compact store of long keys may show
            // another (Verification.md): the same findings, with traces as short.
            if kind == "wide compact" {
                #expect(PlainSearchTests.shapes(findings) == PlainSearchTests.shapes(viaDefault), "\(kind)")
            } else {
                #expect(findings == viaDefault, "\(kind)")
            }
        }
    }

    @Test(
        "the compact store agrees with the wide one over layers bigger than its chunks, read back from disk and from memory",
        arguments: [0, 48, 49, 60])
    func compactOverChunks(idleBits: Int) throws {
        // 8^4 × 7 = 28,672 configurations. In a key of one word (15, 63 or 64 bits, the idle variables' high bits
        // set: keys near the top of the word, whose largest value `compactWholeWord` tests), the store every thread
        // fills writes each layer's records in chunks of 4,096 and reads a trace back by layer. In a key of two words
        // (75 bits), the compact store of long keys writes each slice's records every 1,024 (about 1,800 a slice
        // here), so records are read back from disk and from memory.
        let spec = Generated.rings(
            [8, 8, 8, 8, 7], invariant: "!(in(r0s7) && in(r1s7) && in(r2s6) && in(r3s5))", idleBits: idleBits)
        func analyze(_ store: ExplorationOptions.StoreChoice, threads: Int, statesPerRound: Int? = nil) throws -> AnalysisResult {
            var options = AnalysisOptions()
            options.method = .exploration
            options.exploration.store = store
            options.exploration.threads = threads
            if let statesPerRound { options.exploration.statesPerRound = statesPerRound }
            return try Analyzer.analyze(spec, options: options)
        }
        let a = try analyze(.compact, threads: 1)
        let b = try analyze(.wide, threads: 1)
        #expect(a.stats.configurations == 28_672 && a.stats.complete)
        #expect(a.findings.first?.trace?.count == 25)
        // Which of the compact stores ran: every thread fills either.
        let explored = try Self.explore(spec) {
            $0.store = .compact
            $0.threads = 2
        }
        #expect(explored.storeKind == (idleBits <= 49 ? "compact" : "wide compact") && explored.threads == 2)
        if idleBits <= 49 {
            #expect(a.findings == b.findings)
        } else {
            // The wide hashed store keeps the first parent it finds, the compact one the smallest: the same findings,
            // with traces as short, and the same with one thread or two.
            #expect(PlainSearchTests.shapes(a.findings) == PlainSearchTests.shapes(b.findings))
            #expect(try analyze(.compact, threads: 2).findings == a.findings)
            // Layers in many rounds of 100 states, each of two phases: the same.
            #expect(try analyze(.compact, threads: 2, statesPerRound: 100).findings == a.findings)
        }
    }

    @Test(
        "the compact store asked for numbers a key of one word without gaps, and finds what the wide store finds",
        arguments: [1, 2])
    func compactNumbersKeys(threads: Int) throws {
        // Five ints of 40 values: 30 bits a key, 27 a number. Only a and b change (1,600 configurations); c, d and e
        // start in the middle of their values, so the numbers do not begin at 0, and are decremented under a
        // condition that never holds, so the codec stores them (a constant takes no bits).
        let spec = Spec("five counters") {
            Variable("a", .int(min: 0, max: 39))
            Variable("b", .int(min: 0, max: 39))
            Variable("c", .int(min: 0, max: 39), initial: .int(17))
            Variable("d", .int(min: 0, max: 39), initial: .int(23))
            Variable("e", .int(min: 0, max: 39), initial: .int(31))
            Events("nextA", "nextB")
            StateNode("counting") {
                On("nextA") { Assign("a", "(a + 1) % 40") }
                On("nextB", guard: "a % 3 == 0") {
                    Assign("b", "(b + 1) % 40")
                    If("a < 0") {
                        Assign("c", "c - 1")
                        Assign("d", "d - 1")
                        Assign("e", "e - 1")
                    }
                }
            }
            Invariant("b stays below 30", Spec.Expression("b < 30"))
        }
        let explored = try Self.explore(spec) {
            $0.store = .compact
            $0.threads = threads
        }
        #expect(explored.storeKind == "compact" && explored.configurations == 1_600)
        var wide = AnalysisOptions()
        wide.method = .exploration
        wide.exploration.store = .wide
        var compact = wide
        compact.exploration.store = .compact
        compact.exploration.threads = threads
        let found = try Analyzer.analyze(spec, options: compact)
        #expect(found.findings == (try Analyzer.analyze(spec, options: wide)).findings)
        // a = 0 allows nextB from the start: the shortest trace to b = 30 is 30 of them.
        #expect(found.findings.first { $0.code == .invariantViolated }?.trace?.count == 30)
    }

    @Test("a credit that moves in fives is stored in fives: the same configurations, traces, and nothing between steps")
    func variableInSteps() throws {
        let spec = Spec("small vending") {
            Variable("credit", .int(min: 0, max: 60), initial: .int(0))
            Variable("stock", .int(min: 0, max: 3), initial: .int(3))
            Events("coin5", "coin10", "buy", "refund")
            StateNode("ready") {
                On("coin5", guard: "credit + 5 <= 60") { Assign("credit", "credit + 5") }
                On("coin10", guard: "credit + 10 <= 60") { Assign("credit", "credit + 10") }
                On("buy", guard: "credit >= 15 && stock > 0") {
                    Assign("credit", "credit - 15")
                    Assign("stock", "stock - 1")
                }
                On("refund", guard: "credit > 0") { Assign("credit", "0") }
            }
            Invariant("never 55", Spec.Expression("credit != 55"))
        }
        let machine = try Machine(spec)
        // 13 credits in 4 bits (not 61 in 6), 4 stocks in 2.
        #expect(StateCodec(machine: machine).bits == 6)
        for store in [ExplorationOptions.StoreChoice.automatic, .wide, .compact] {
            var options = AnalysisOptions()
            options.method = .exploration
            options.exploration.store = store
            let result = try Analyzer.analyze(spec, options: options)
            #expect(result.stats.configurations == 13 * 4, "\(store)")
            // Five tens and a five.
            #expect(result.findings.first { $0.code == .invariantViolated }?.trace?.count == 6, "\(store)")
        }
        let exploration = try Explorer(machine: machine).run()
        var state = try machine.initialState().state
        state.variables = [10, 3]
        #expect(exploration.contains(state))
        state.variables = [7, 3]
        #expect(!exploration.contains(state), "7 is between the steps: never reached, and stored as no other state")
    }

    @Test("variables whose steps start off 0, enums in steps and constants read by guards explore as the engine steps")
    func offsetSteps() throws {
        // x is odd (1 to 9 in twos), mode low or high (indices 1 and 3 of 4), c always 17: a context's zeros lie
        // between steps, and c has no bits, so the plans must start from its value.
        let spec = Spec("offsets") {
            Variable("x", .int(min: 0, max: 9), initial: .int(1))
            Variable("mode", .enumeration(["off", "low", "mid", "high"]), initial: .enumCase("low"))
            Variable("c", .int(min: 0, max: 39), initial: .int(17))
            Events("up", "flip")
            StateNode("main") {
                On("up", guard: "x + 2 <= 9 && c == 17") { Assign("x", "x + 2") }
                On("up", guard: "x == 9") { Assign("x", "1") }
                On("flip", guard: "mode == .low") { Assign("mode", ".high") }
                On("flip", guard: "mode == .high") { Assign("mode", ".low") }
            }
            Invariant("x stays below 9 while high", Spec.Expression("!(x == 9 && mode == .high)"))
        }
        let machine = try Machine(spec)
        #expect(StateCodec(machine: machine).bits == 4, "x in 3 bits (5 values), mode in 1 (2 values), c in none")
        let (checked, plain) = try TransitionCacheTests.exploreWithAndWithoutPlans(machine)
        #expect(checked.configurations == 10 && plain.configurations == 10 && checked.transitionCacheMismatches == 0)
        for store in [ExplorationOptions.StoreChoice.automatic, .wide, .compact] {
            var options = AnalysisOptions()
            options.method = .exploration
            options.exploration.store = store
            let result = try Analyzer.analyze(spec, options: options)
            #expect(result.stats.configurations == 10, "\(store)")
            #expect(result.findings.first { $0.code == .invariantViolated }?.trace?.count == 5, "\(store)")
        }
        var state = try machine.initialState().state
        #expect(checked.contains(state))
        state.variables = [2, 1, 17]
        #expect(!checked.contains(state), "x = 2 is between its steps")
        state.variables = [1, 1, 18]
        #expect(!checked.contains(state), "c is always 17")
    }

    @Test("the memory limit is on what the exploration takes, not on what the process already holds")
    func memoryLimitCountsTheExplorationOnly() throws {
        // A process (an app, a test run) holding more than the limit before the exploration begins.
        let held = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 20, alignment: 4096)
        defer { held.deallocate() }
        held.initializeMemory(as: UInt8.self, repeating: 1)
        // A few states, explored in well under a millisecond: little time for other tests' allocations to count.
        let exploration = try Self.explore(Generated.rings([2, 3])) { $0.maximumMemory = 32 << 20 }
        #expect(exploration.isComplete, "\(exploration.incompleteReason ?? "")")
        #expect(exploration.configurations == 6)
        #expect(held.load(fromByteOffset: held.count - 1, as: UInt8.self) == 1)
    }

    @Test("a search over layers on disk stopped at a limit gives the depth of the deepest state it stored")
    func layeredStopDepth() throws {
        var options = ExplorationOptions()
        options.store = .compact
        options.maximumStates = 100
        // 8 × 8 × 8 rings: layers of 1, 3, 6, 10, 15, 21, 28, 36; the limit is checked after each layer, so the search
        // stops once layer 6 is expanded, with all 36 states of layer 7 stored (120 in all).
        let exploration = try Explorer(machine: try Machine(Generated.rings([8, 8, 8])), options: options).run()
        #expect(!exploration.isComplete)
        #expect(exploration.configurations == 120)
        #expect(exploration.depth == 7)
    }

    @Test("one thread or two: the same findings, witnesses and traces")
    func threadsAgree() throws {
        // Big enough layers to be split over threads; the invariant fails deep, so traces are long.
        let spec = Generated.rings([6, 6, 6, 6], invariant: "!(in(r0s5) && in(r1s5) && in(r2s4))")
        var one = AnalysisOptions()
        one.exploration.threads = 1
        var two = AnalysisOptions()
        two.exploration.threads = 2
        let a = try Analyzer.analyze(spec, options: one)
        let b = try Analyzer.analyze(spec, options: two)
        #expect(a.stats.configurations == 1296)
        #expect(a.findings == b.findings)
        #expect(a.findings.first?.trace?.count == 14)
    }

    @Test(
        "two threads sharing every layer: the same findings, witnesses and traces as one thread",
        arguments: [ExplorationOptions.StoreChoice.dense, .compact])
    func everyLayerShared(store: ExplorationOptions.StoreChoice) throws {
        // Layers of up to 1,653 states, each shared whatever it costs: the dense store's are closed by the threads
        // that added them while they expand the next, the compact store's inserted in shared rounds. Beside the
        // rings, two regions whose first state is numbered first, and whose field is above the rings' in the key:
        // - `a` goes to `b` or straight to `c`, and `b` to `c`: a step from a state with `b` reaches one of its own
        //   layer (still open in the dense store), of which it would be the smallest parent;
        // - `p0` to `p3` in a loop, whose step back to `p0` reaches a state three layers back, of which it would be
        //   the smallest parent too if that layer's slots had been left open (the same building bit as the layer
        //   being built).
        let spec = Spec("rings, a shortcut and a loop") {
            Events("advance0", "advance1", "advance2", "advance3", "hop", "skip", "turn")
            Parallel("all") {
                for r in 0..<4 {
                    StateNode("r\(r)") {
                        for k in 0..<6 { StateNode("r\(r)s\(k)") { On("advance\(r)", to: "r\(r)s\((k + 1) % 6)") } }
                    }
                }
                StateNode("shortcut") {
                    Initial("a")
                    StateNode("b") { On("hop", to: "c") }
                    StateNode("a") {
                        On("hop", to: "b")
                        On("skip", to: "c")
                    }
                    StateNode("c")
                }
                StateNode("loop") {
                    Initial("p0")
                    StateNode("p3") { On("turn", to: "p0") }
                    StateNode("p0") { On("turn", to: "p1") }
                    StateNode("p1") { On("turn", to: "p2") }
                    StateNode("p2") { On("turn", to: "p3") }
                }
            }
            Invariant("deep", "!(in(r0s5) && in(r1s5) && in(r2s4) && in(c))")
        }
        func analyze(threads: Int) throws -> AnalysisResult {
            var options = AnalysisOptions()
            options.method = .exploration
            options.exploration.store = store
            options.exploration.threads = threads
            options.exploration.sharesEveryLayer = threads > 1
            return try Analyzer.analyze(spec, options: options)
        }
        let one = try analyze(threads: 1)
        #expect(try analyze(threads: 2).findings == one.findings)
        #expect(one.findings.first { $0.code == .invariantViolated }?.trace?.count == 15)
        let alone = try Self.explore(spec) {
            $0.store = store
            $0.threads = 1
        }
        let shared = try Self.explore(spec) {
            $0.store = store
            $0.threads = 2
            $0.sharesEveryLayer = true
        }
        #expect(shared.storeKind == (store == .dense ? "dense" : "compact"))
        // Every configuration's trace, from the parents kept: as long as its depth, and the one a lone thread keeps.
        let machine = alone.machine
        var depths = [try machine.initialState().state: 0]
        var layer = Array(depths.keys)
        while !layer.isEmpty {
            var next: [MachineState] = []
            for state in layer {
                for event in alone.eventInstances {
                    let successor = try machine.step(state, event).state
                    if depths[successor] == nil {
                        depths[successor] = depths[state]! + 1
                        next.append(successor)
                    }
                }
            }
            layer = next
        }
        #expect(depths.count == shared.configurations)
        for (state, depth) in depths {
            let trace = shared.trace(to: state, depth: depth)
            #expect(trace?.count == depth && trace == alone.trace(to: state, depth: depth), "\(machine.statusLine(state))")
        }
        #expect(shared.configurations == 1_296 * 3 * 4)
        // The layers at depths 3 to 21 (65 to 1,653 states, then down to 85) have 64 states or more, each one round.
        #expect(shared.sharedLayers == 19)
    }

    @Test("random walks never reach a configuration the explorer missed", arguments: try Fixtures.allSpecPaths)
    func randomWalks(path: String) throws {
        let machine = try Machine(try Spec.load(path: path))
        try Self.walk(machine, try Explorer(machine: machine).run(), label: Fixtures.relative(path))
    }

    @Test("the fixtures of every semantic feature explore completely and agree with random walks")
    func fixtures() throws {
        let paths = try Fixtures.jsonFiles(in: Fixtures.fixturesDirectory.appendingPathComponent("semantics"))
        #expect(paths.count >= 40)
        for path in paths {
            let machine = try Machine(try Spec.load(path: path))
            let exploration = try Explorer(machine: machine).run()
            #expect(exploration.isComplete)
            #expect(exploration.configurations >= 1)
            try Self.walk(machine, exploration, label: Fixtures.relative(path))
        }
    }

    /// 100 random walks of 30 events from the start (any instance, the host's choices drawn at random): every state
    /// the engine reaches is one the machine takes back (`Machine.problem(with:)`) and one the exploration visited.
    static func walk(_ machine: Machine, _ exploration: Exploration, label: String) throws {
        let instances = exploration.eventInstances
        guard !instances.isEmpty, let start = try? machine.initialState().state else { return }
        var random = SeededRandom(seed: UInt64(label.utf8.reduce(5381) { ($0 &* 33) &+ UInt64($1) }))
        for _ in 0..<100 {
            var state = start
            for _ in 0..<30 {
                let event = instances.randomElement(using: &random)!
                let choices = (0..<4).map { _ in Int.random(in: 0...1, using: &random) }
                do {
                    state = try machine.step(state, event, choices: ChoiceSequence(choices)).state
                } catch {
                    // A step that fails ends the walk; one that refuses a state the machine reached is a bug.
                    if case .invalidState = error.kind { Issue.record("\(label): \(error.message)") }
                    break
                }
                #expect(machine.problem(with: state) == nil, "\(label): \(machine.statusLine(state)) is refused")
                #expect(exploration.contains(state), "\(label): \(machine.statusLine(state)) was reached but not explored")
            }
        }
    }

    @Test(
        "a state limit stops cleanly, marks the result incomplete and leaves out never-happens findings",
        arguments: [ExplorationOptions.StoreChoice.dense, .hashed], [1, 2])
    func stateLimit(store: ExplorationOptions.StoreChoice, threads: Int) throws {
        var options = AnalysisOptions()
        options.method = .exploration
        options.exploration.maximumStates = 100
        options.exploration.store = store
        options.exploration.threads = threads
        let result = try Analyzer.analyze(Generated.rings([8, 8, 8]), options: options)
        #expect(!result.stats.complete)
        // Threads may add a few states between two checks of the limit.
        let reason = try #require(result.stats.undecided.first?.reason)
        #expect(reason.hasPrefix("stopped after ") && reason.contains(" configurations (the --max-states limit of 100"))
        #expect(
            reason.contains("(the --max-states limit of 100); only the ")
                || reason.contains(
                    "(the --max-states limit of 100, reached in the middle of expanding states whose successors were all kept); only the ")
        )
        #expect(result.stats.configurations < 512)
        #expect(result.stats.undecided.first?.codes == (FindingCode.needingEveryConfiguration + FindingCode.shownByARun).sorted())
        #expect(result.findings.isEmpty)
    }

    @Test(
        "the hashed store's rounds stop near a state limit, wherever in a layer it falls",
        arguments: [1_000, 4_321, 20_000, 77_777, 150_000])
    func stateLimitInRounds(limit: Int) throws {
        var options = ExplorationOptions()
        options.store = .hashed
        options.threads = 2
        options.statesPerRound = 100
        options.maximumStates = limit
        let exploration = try Explorer(machine: try Machine(Generated.rings([8, 8, 8, 8, 8, 8])), options: options).run()
        #expect(!exploration.isComplete)
        #expect(exploration.incompleteReason?.contains("the --max-states limit of \(limit)") == true)
        // A round is cut to what the limit leaves room for, estimated from the last round's growth.
        #expect(exploration.configurations >= limit && exploration.configurations < 2 * limit + 4_096)
    }

    @Test("a state limit the user did not set is named for what set it (auto's first look), not as --max-states")
    func stateLimitSource() throws {
        var options = ExplorationOptions()
        options.maximumStates = 500
        options.maximumStatesSource = "auto's limit for a first look"
        let exploration = try Explorer(machine: try Machine(Generated.rings([8, 8, 8])), options: options).run()
        #expect(exploration.incompleteReason?.contains("(auto's limit for a first look of 500") == true)
        #expect(exploration.incompleteReason?.contains("--max-states") == false)
    }

    @Test("a round takes what fits under the state limit, at least a chunk, never more than the layer has left")
    func roundSizes() {
        // No growth measured yet, or no limit: a whole round, or the layer's rest.
        #expect(Explorer.roundStates(remaining: 500, perRound: 100, room: 10, growth: nil) == 100)
        #expect(Explorer.roundStates(remaining: 30, perRound: 100, room: .max, growth: 6) == 30)
        // Room for 60 new states at 3 each: 21 states, raised to a chunk of 64.
        #expect(Explorer.roundStates(remaining: 500, perRound: 100, room: 60, growth: 3) == 64)
        #expect(Explorer.roundStates(remaining: 500, perRound: 100, room: 600, growth: 3) == 100)
        // A short rest of the layer stays short, whatever the room.
        #expect(Explorer.roundStates(remaining: 20, perRound: 100, room: 10, growth: 5) == 20)
    }

    @Test("parameters too wide to enumerate are refused with a message")
    func tooManyInstances() throws {
        let spec = Spec("wide") {
            EventDeclaration("set", ("a", .int(min: 0, max: 1000)), ("b", .int(min: 0, max: 1000)))
            StateNode("s") { On("set") }
        }
        #expect(throws: ExplorationError.self) { try Explorer(machine: try Machine(spec)) }
        var options = AnalysisOptions()
        options.method = .exploration
        let result = try Analyzer.analyze(spec, options: options)
        #expect(
            result.stats.undecided.map(\.reason) == [
                "nothing was explored: event 'set' has 1002001 combinations of parameter values; exploration tries at most 4096 event instances in each configuration (narrow the parameters' domains)"
            ])
        // Too many events, each narrow enough: the message counts them all, and asks for no narrowing where there
        // are no parameters.
        let events = (0..<5_000).map { #""e\#($0)": {}"# }.joined(separator: ", ")
        let many = try Machine(
            try Spec.load(
                json: SpecText.with {
                    $0.events = "{\(events)}"
                    $0.states = #"{"a": {"on": {"e0": "a"}}}"#
                }))
        #expect(
            (#expect(throws: ExplorationError.self) { try Explorer(machine: many) })?.message
                == "the spec has 5000 events; exploration tries at most 4096 event instances in each configuration")
        let wide = try Machine(
            try Spec.load(
                json: SpecText.with {
                    $0.events = #"{"set": {"params": {"to": {"type": "int", "min": 0, "max": 4094}}}, "go": {}, "stop": {}}"#
                }))
        #expect(
            (#expect(throws: ExplorationError.self) { try Explorer(machine: wide) })?.message
                == "the spec's 3 events have 4097 instances in all (each event once per combination of its parameters' values); exploration tries at most 4096 in each configuration (narrow the parameters' domains)"
        )
    }

    @Test("packing and unpacking a state gives it back", arguments: try Fixtures.allSpecPaths)
    func codecRoundTrip(path: String) throws {
        let machine = try Machine(try Spec.load(path: path))
        let codec = StateCodec(machine: machine)
        guard var state = try? machine.initialState().state else { return }
        let key = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        defer { key.deallocate() }
        let context = StepContext(machine: machine)
        for instance in try Explorer(machine: machine).eventInstances.prefix(20) {
            if let next = try? machine.step(state, instance) { state = next.state }
            context.load(state)
            codec.encode(context, into: key)
            #expect(codec.decode(key) == state)
        }
    }
}

@Suite("The explorer's transition cache")
struct TransitionCacheTests {
    /// The machines, in groups that run in parallel: the spec files and fixtures with a few generated shapes (group
    /// 0; the keypad's events are each handled by one of many states), and 200 random machines of parallel regions,
    /// 50 to a group (groups 1...4).
    static func specs(group: Int) throws -> [Spec] {
        guard group > 0 else {
            let paths =
                try Fixtures.allSpecPaths + Fixtures.jsonFiles(in: Fixtures.fixturesDirectory.appendingPathComponent("semantics"))
                + Fixtures.jsonFiles(in: Fixtures.fixturesDirectory.appendingPathComponent("fuzz"))
            return try paths.map { try Spec.load(path: $0) }
                + [
                    Generated.rings([3, 4, 5]), Generated.historyRing(children: 3), Generated.counter(maximum: 5),
                    Generated.keypad(size: 24),
                ]
        }
        return (UInt64(group - 1) * 50..<UInt64(group) * 50).map { Generated.randomParallel(seed: $0) }
    }

    @Test("every cached step is the engine's step, and the results do not change", arguments: 0...4)
    func agreesWithEngine(group: Int) throws {
        let specs = try Self.specs(group: group)
        var cachedSomewhere = 0
        var rememberedSomewhere = 0
        var withInvariants = 0
        for spec in specs {
            let machine = try Machine(spec)
            let (checked, plain) = try Self.exploreWithAndWithoutPlans(machine)
            #expect(checked.transitionCacheMismatches == 0, "\(spec.name): the cache disagrees with the engine")
            #expect(checked.configurations == plain.configurations && checked.transitions == plain.transitions, "\(spec.name)")
            #expect(plain.cachedSteps == 0 && plain.rememberedInvariants == 0)
            if checked.cachedSteps > 0 { cachedSomewhere += 1 }
            if !spec.invariants.isEmpty { withInvariants += 1 }
            if checked.rememberedInvariants > 0 { rememberedSomewhere += 1 }
            // What the checks read from the coverage, recorded by plans as by the engine (a verifying run would
            // record it twice, from both).
            let planned = try Explorer(machine: machine).run()
            #expect(planned.coverage.takenTransitions == plain.coverage.takenTransitions, "\(spec.name)")
            #expect(planned.coverage.guardOutcomes == plain.coverage.guardOutcomes, "\(spec.name)")
            #expect(planned.coverage.handledEvents == plain.coverage.handledEvents, "\(spec.name)")
            #expect(Self.unhandled(planned, machine) == Self.unhandled(plain, machine), "\(spec.name): unhandled events differ")
            // Exploration only: the automatic method explores a big declared space for two seconds and then turns
            // to symbolic verification, so on a loaded machine one of the two could be decided the other way.
            var cachedOptions = AnalysisOptions()
            cachedOptions.method = .exploration
            cachedOptions.solver = .off
            var options = cachedOptions
            options.exploration.cachesTransitions = false
            let withCache = try Analyzer.analyze(spec, options: cachedOptions).findings
            let withoutCache = try Analyzer.analyze(spec, options: options).findings
            #expect(withCache == withoutCache, "\(spec.name): findings differ with the cache")
        }
        #expect(
            cachedSomewhere * 3 > specs.count,
            "the cache answered steps on only \(cachedSomewhere) of \(specs.count) machines: the test would not exercise it")
        // The invariant memo too (checked against evaluation by the verifying run, its findings against a run without
        // it): on most random machines, whose invariants read a few bits; on some spec files, whose invariants often
        // read wide ints or see few configurations.
        #expect(
            rememberedSomewhere * (group == 0 ? 4 : 2) > withInvariants,
            "the invariant memo answered on only \(rememberedSomewhere) of \(withInvariants) machines with invariants")
    }

    @Test("the leaves handling an event, read off a packed key: one child of many (listed alone) and every child")
    func handlingLeavesOfAKey() throws {
        let size = 24
        let machine = try Machine(Generated.keypad(size: size))
        let codec = StateCodec(machine: machine)
        let leaves = UnhandledLeaves(codec: codec)
        let key = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        let states = UnsafeMutablePointer<UInt64>.allocate(capacity: machine.words)
        defer {
            key.deallocate()
            states.deallocate()
        }
        func written(_ event: String) throws -> [String] {
            leaves.write(try machine.eventInstance(event).event, in: key, into: states)
            return (0..<size).map { "s\($0)" }.filter { name in
                let leaf = machine.state(named: name)!
                return states[leaf >> 6] & (1 << UInt64(leaf & 63)) != 0
            }
        }
        let context = StepContext(machine: machine)
        var state = try machine.step(try machine.initialState().state, try machine.eventInstance("arm")).state
        for k in 0..<size {
            context.load(state)
            codec.encode(context, into: key)
            // press<k> is handled by s<k> alone, among 24 children; arm by their parent, so by every one of them.
            #expect(try written("press\(k)") == ["s\(k)"])
            #expect(try written("press\((k + 1) % size)") == [])
            #expect(try written("arm") == ["s\(k)"])
            state = try machine.step(state, try machine.eventInstance("press\(k)")).state
        }
    }

    /// The machine explored with its plans, each planned step checked against the engine, and without plans.
    static func exploreWithAndWithoutPlans(_ machine: Machine) throws -> (checked: Exploration, plain: Exploration) {
        var verifying = ExplorationOptions()
        verifying.verifiesTransitionCache = true
        var uncached = ExplorationOptions()
        uncached.cachesTransitions = false
        return (try Explorer(machine: machine, options: verifying).run(), try Explorer(machine: machine, options: uncached).run())
    }

    /// Per event, the leaves handling it (themselves or through an ancestor) in which it went unhandled: what the
    /// ignored-events check asks of the coverage.
    static func unhandled(_ exploration: Exploration, _ machine: Machine) -> [[Int]] {
        let spec = machine.spec
        return (0..<machine.eventCount).map { event in
            machine.tree.leaves.filter { leaf in
                let handles = ([leaf] + spec.ancestors(of: leaf)).contains { s in
                    spec.states[s].transitions.contains { spec.transitions[$0].matchedEvents.contains(event) }
                }
                return handles && exploration.coverage.wasUnhandled(event, in: leaf, words: machine.words)
            }
        }
    }

    @Test("a counter's steps replay their plan: a guard and an assignment per state, the engine only at the start and the ends")
    func countersArePlanned() throws {
        let exploration = try Explorer(machine: try Machine(Generated.counter(maximum: 10_000))).run()
        #expect(exploration.configurations == 10_001)
        #expect(exploration.transitionCacheMismatches == 0)
        // Each event's plan is recorded once and grows a branch where its guard first fails (n = 0, n = 10,000).
        #expect(exploration.engineSteps <= 4, "the engine ran \(exploration.engineSteps) steps")
        #expect(exploration.cachedSteps + exploration.engineSteps == 2 * 10_001)
    }

    @Test("a value assigned from in() sees the configuration in the middle of its step: the plans leave it to the engine")
    func assignmentsThatReadTheConfiguration() throws {
        // (a, 0, false), then (s, 0, false), (s, 1, true), (s, 2, true), (s, 3, true): flag is set while s is active.
        let spec = Spec("flag from in") {
            Variable("n", .int(min: 0, max: 3), initial: .int(0))
            Variable("flag", .bool, initial: .bool(false))
            Events("e")
            StateNode("a") { On("e", to: "s") }
            StateNode("s") {
                On("e", guard: "n < 3") {
                    Assign("n", "n + 1")
                    Assign("flag", "in(s)")
                }
            }
        }
        let machine = try Machine(spec)
        var verifying = ExplorationOptions()
        verifying.verifiesTransitionCache = true
        let exploration = try Explorer(machine: machine, options: verifying).run()
        #expect(exploration.configurations == 5)
        #expect(exploration.transitionCacheMismatches == 0)
    }

    /// `go` reads a in idle, b and c in busy (and a too where `busyReadsA`, on the path where b == c, found after the
    /// first): its footprint (p's state, a, b, c: 13 bits) is past a table of its own, so its steps are remembered per
    /// plan, on a's 4 bits in idle and b's and c's 8 in busy (all 12 where busy reads a, so none is found again there).
    static func rememberingMachine(busyReadsA: Bool) throws -> Machine {
        let spec = Spec("plans remember what they read") {
            Variable("a", .int(min: 0, max: 15), initial: .int(0))
            Variable("b", .int(min: 0, max: 15), initial: .int(0))
            Variable("c", .int(min: 0, max: 15), initial: .int(0))
            Events("go", "tick")
            Parallel("all") {
                StateNode("p") {
                    StateNode("idle") { On("go", to: "busy") { Assign("a", "(a + 1) % 16") } }
                    StateNode("busy") {
                        On("go", to: "idle", guard: "b != c") { Assign("b", "(b + 1) % 16") }
                        On("go", to: "idle", guard: busyReadsA ? "b == c && a > 7" : "b == c && c > 7")
                    }
                }
                StateNode("q") {
                    StateNode("counting") { On("tick") { Assign("c", "(c + 3) % 16") } }
                }
            }
        }
        return try Machine(spec)
    }

    @Test(
        "a step that reads few of its event's variables is remembered on those it reads, as the engine steps it; a plan that comes to read more is keyed on more",
        arguments: [false, true])
    func plansRememberWhatTheyRead(busyReadsA: Bool) throws {
        let machine = try Self.rememberingMachine(busyReadsA: busyReadsA)
        let (checked, plain) = try Self.exploreWithAndWithoutPlans(machine)
        #expect(checked.transitionCacheMismatches == 0)
        #expect(checked.configurations == plain.configurations && checked.transitions == plain.transitions)
        #expect(checked.rememberedReplays > 0)
        // One thread: each has plans and a memo of its own.
        var oneThread = ExplorationOptions()
        oneThread.threads = 1
        let planned = try Explorer(machine: machine, options: oneThread).run()
        #expect(planned.configurations == plain.configurations)
        #expect(planned.coverage.guardOutcomes == plain.coverage.guardOutcomes)
        #expect(Self.unhandled(planned, machine) == Self.unhandled(plain, machine))
        // Each configuration has one `go` step: all could be remembered but the first of each value of what they read
        // (16 in idle, 256 in busy) and those the engine ran, 7,900 of 8,192; a few more are lost where two values
        // share a slot of the memo. Where busy reads a as well, its 4,096 steps each read a value of their own: only
        // idle's 4,080 can be found again.
        #expect(planned.configurations == 8_192)
        let remembered = planned.rememberedReplays
        #expect(
            busyReadsA ? (3_800...4_080).contains(remembered) : remembered > 7_000,
            "\(remembered) of \(planned.configurations) steps of go were remembered")
    }

    @Test("a plan that never meets the values it reads again stops looking its results up: a flat ring whose every state counts")
    func plansWhoseValuesNeverRecur() throws {
        // Each state's `inc` is a plan of its own, keyed on the state and reading x, the whole key: each meets every x
        // once. Looked up on every replay, 100 plans of 300 replays each would pay 30,000 lookups that miss, each
        // plan below the trial's length.
        let states = 100
        let spec = Spec("a ring whose states count") {
            Variable("x", .int(min: 0, max: 299))
            Events("next", "inc")
            for k in 0..<states {
                StateNode("s\(k)") {
                    On("next", to: "s\((k + 1) % states)")
                    On("inc") { Assign("x", "(x + 1) % 300") }
                }
            }
        }
        let machine = try Machine(spec)
        var oneThread = ExplorationOptions()
        oneThread.threads = 1
        oneThread.compilesPlans = false
        let planned = try Explorer(machine: machine, options: oneThread).run()
        let (checked, plain) = try Self.exploreWithAndWithoutPlans(machine)
        #expect(checked.transitionCacheMismatches == 0)
        #expect(planned.configurations == 30_000 && planned.configurations == plain.configurations)
        #expect(planned.transitions == plain.transitions)
        #expect(planned.rememberedReplays == 0)
        #expect(planned.planMemoLookups == 0, "\(planned.planMemoLookups) lookups of plans' results")
    }

    @Test("after an event of another region, the host may take an eventless transition it declined: plans leave it to the engine")
    func hostDecidedEventlessAfterOtherRegions() throws {
        // `done` with x != y is reached only when `ready` holds after a tick changed n while waiting.
        let spec = Spec("host decides after a tick") {
            Variable("n", .int(min: 0, max: 2), initial: .int(0))
            Variable("x", .int(min: 0, max: 2), initial: .int(0))
            Variable("y", .int(min: 0, max: 2), initial: .int(0))
            Events("enter", "tick")
            Parallel("p") {
                StateNode("a") {
                    StateNode("idle") { On("enter", to: "waiting") }
                    StateNode("waiting") {
                        OnEntry { Assign("y", "n") }
                        On("enter", to: "idle")
                        Always(to: "done", guard: "?ready") { Assign("x", "n") }
                    }
                    StateNode("done")
                }
                StateNode("b") {
                    StateNode("counting") { On("tick") { Assign("n", "(n + 1) % 3") } }
                }
            }
        }
        let machine = try Machine(spec)
        let (checked, plain) = try Self.exploreWithAndWithoutPlans(machine)
        #expect(checked.transitionCacheMismatches == 0)
        #expect(checked.configurations == plain.configurations)
        #expect(try Explorer(machine: machine).run().configurations == plain.configurations)
    }

    @Test("an event that touches one region is cached; one with a send is not")
    func footprints() throws {
        let rings = try Machine(Generated.rings([4, 4, 4]))
        let footprints = StateCodec(machine: rings).eventFootprints()
        #expect(footprints.prefix(3).allSatisfy { $0 != nil })
        // Each ring's event reads and writes exactly its ring's 2-bit field.
        #expect(footprints.prefix(3).map { $0!.bits.reduce(0) { $0 + $1.nonzeroBitCount } } == [2, 2, 2])
        let exploration = try Explorer(machine: rings).run()
        #expect(exploration.cachedSteps > exploration.transitions / 2)
        let sending = try Machine(
            Spec("sends") {
                Events("go", "echo")
                Parallel("p") {
                    StateNode("left") {
                        StateNode("l0") { On("go", to: "l1") { Send("echo") } }; StateNode("l1")
                    }
                    StateNode("right") {
                        StateNode("r0") { On("echo", to: "r1") }; StateNode("r1")
                    }
                }
            })
        #expect(StateCodec(machine: sending).eventFootprints()[sending.spec.event(named: "go")!.index] == nil)
    }
}

@Suite("Exploring a state whose initial state is a history state")
struct HistoryInitialExplorationTests {
    @Test("the memory is part of the state: 3 children before the first exit, 3 outside, 3 x 3 inside after")
    func configurations() throws {
        let spec = try Fixtures.fixture("semantics/history-initial")
        let exploration = try Explorer(machine: try Machine(spec)).run()
        #expect(exploration.configurations == 3 + 3 + 3 * 3)
        #expect(try Analyzer.analyze(spec).findings.isEmpty)
    }

    @Test("a finding's shortest trace starts from the history's default and replays on the engine")
    func traces() throws {
        var spec = try Fixtures.fixture("semantics/history-initial")
        spec.invariants = [Spec.Invariant("never the intro", "!in(intro)")]
        let finding = try #require(try Analyzer.analyze(spec).findings.first { $0.code == .invariantViolated })
        let machine = try Machine(spec)
        #expect(finding.trace?.map { machine.describe($0.event) } == ["next", "next"])
        var state = try machine.initialState().state
        for step in finding.trace ?? [] { state = try machine.step(state, step.event).state }
        #expect(machine.activeLeafPaths(state.configuration) == ["player/intro"])
    }
}

@Suite("Exploration: overlaps in steps that fail")
struct OverlapInFailingStepTests {
    @Test("an overlap met by a step that then fails is reported, with the trace to that step")
    func overlapBeforeFailure() throws {
        var options = AnalysisOptions()
        options.method = .exploration
        let result = try Analyzer.analyze(try Fixtures.fixture("semantics/overlap-in-failing-step"), options: options)
        let overlap = try #require(result.findings.first { $0.code == .nondeterministicGuards }, "\(result.findings.map(\.message))")
        #expect(overlap.method == .exploration)
        #expect(overlap.location?.pointer.description == "/states/a/on/go/1")
        #expect(overlap.trace?.count == 1)
        #expect(result.findings.contains { $0.code == .rangeViolation })
    }
}
