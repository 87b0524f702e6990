import SMEngine
import SMSpec
import SMTestSupport
import Testing

@testable import SMAnalyzer

/// The explorer packs states into keys (variables in the steps their assignments allow, numbered without gaps),
/// answers steps from plans, and stores keys four ways on one thread or several. A plain breadth-first search over
/// `Machine.step`, with Swift's own `Set` of `MachineState` and event instances listed from the declarations,
/// shares none of that: what it reaches is what every way of exploring must find.
@Suite("The explorer against a plain search of the engine's steps")
struct PlainSearchTests {
    /// Every state the engine's steps reach from the start, with the longest shortest path to one. A step that
    /// fails is gone past, as the explorer goes past it (it reports the error and stores nothing).
    static func plainSearch(_ machine: Machine, instances: [EventInstance]) throws -> (states: Set<MachineState>, depth: Int) {
        let start = try machine.initialState().state
        var reached: Set<MachineState> = [start]
        var layer = [start]
        var depth = 0
        while true {
            var next: [MachineState] = []
            for state in layer {
                for instance in instances {
                    guard let step = try? machine.step(state, instance) else { continue }
                    if reached.insert(step.state).inserted { next.append(step.state) }
                }
            }
            guard !next.isEmpty else { return (reached, depth) }
            layer = next
            depth += 1
        }
    }

    /// Each finding's code, states and trace length: what any store finds, whichever shortest trace it shows.
    static func shapes(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.code.rawValue) \($0.states) \($0.trace?.count ?? -1)" }.sorted()
    }

    /// Every event instance the environment can send, listed from the declarations: each event that is not
    /// implicit, once per combination of its parameters' values, through the engine's public `eventInstance`.
    static func instances(of machine: Machine) throws -> [EventInstance] {
        var instances: [EventInstance] = []
        for event in machine.spec.events where !event.isImplicit {
            var combinations: [[String: Value]] = [[:]]
            for parameter in event.parameters {
                combinations = combinations.flatMap { combination in
                    parameter.type.domain.map { value in combination.merging([parameter.name: value]) { $1 } }
                }
            }
            instances += try combinations.map { try machine.eventInstance(event.name, $0) }
        }
        return instances
    }

    static let stores: [(ExplorationOptions.StoreChoice, String)] = [
        (.dense, "dense"), (.hashed, "hashed"), (.wide, "wide hashed"), (.compact, "compact"),
    ]

    @Test(
        "random machines over ints in steps: every store, one thread or two, with plans or without, finds what the engine reaches",
        arguments: 0..<6)
    func randomArithmetic(group: Int) throws {
        // Groups 4 and 5: keys of two words (the dense store does not take them).
        let wide = group >= 4
        let seeds = UInt64(group) * 25..<UInt64(group + 1) * 25
        var packedInSteps = 0
        var withErrors = 0
        for seed in seeds {
            let spec = Generated.randomArithmetic(seed: seed, wide: wide)
            let machine = try Machine(spec)
            let reference = try Explorer(machine: machine).run()
            let instances = try Self.instances(of: machine)
            #expect(Set(instances) == Set(reference.eventInstances), "\(spec.name): the explorer tries other event instances")
            let plain = try Self.plainSearch(machine, instances: instances)
            #expect(reference.isComplete, "\(spec.name)")
            #expect(reference.configurations == plain.states.count, "\(spec.name)")
            #expect(reference.depth == plain.depth, "\(spec.name)")
            let shortKey = StateCodec(machine: machine).bits < CompactVisitedStore.minimumBits
            let missed = plain.states.filter { !reference.contains($0) }
            #expect(missed.isEmpty, "\(spec.name): \(missed.count) reached states are not in the exploration")
            for (store, kind) in Self.stores {
                for threads in [1, 2] {
                    for verifiesPlans in [true, false] {
                        var options = ExplorationOptions()
                        options.store = store
                        options.threads = threads
                        options.verifiesTransitionCache = verifiesPlans
                        options.cachesTransitions = verifiesPlans
                        let forced = try Explorer(machine: machine, options: options).run()
                        let label = "\(spec.name), \(kind), \(threads) threads, plans \(verifiesPlans)"
                        // A key of two words: the compact store of long keys where any but the wide hashed store
                        // was asked for; and that store where the compact one was asked for a key too short for it.
                        let longCompact = wide ? store != .wide : store == .compact && shortKey
                        let expected = longCompact ? "wide compact" : kind
                        #expect(forced.storeKind == expected, "\(label): \(forced.storeKind)")
                        #expect(forced.configurations == reference.configurations, "\(label)")
                        #expect(forced.transitions == reference.transitions, "\(label)")
                        #expect(forced.depth == reference.depth, "\(label)")
                        #expect(forced.transitionCacheMismatches == 0, "\(label)")
                    }
                }
            }
            // The same findings in every store, each with a trace as short (every trace is the engine's, replayed).
            // Where several shortest traces lead to one, stores may show different ones: the parent each keeps and
            // the first state a search meets a finding in depend on the order it goes through a layer.
            var options = AnalysisOptions()
            options.method = .exploration
            options.solver = .off
            let findings = try Analyzer.analyze(spec, options: options).findings
            for (store, kind) in Self.stores {
                options.exploration.store = store
                let forced = try Analyzer.analyze(spec, options: options).findings
                #expect(Self.shapes(forced) == Self.shapes(findings), "\(spec.name), \(kind)")
            }
            if VariableSteps(machine: machine).step.contains(where: { $0 > 1 }) { packedInSteps += 1 }
            if wide { #expect(StateCodec(machine: machine).words == 2, "\(spec.name): a key of two words") }
            if findings.contains(where: { $0.code == .rangeViolation }) { withErrors += 1 }
        }
        // The inputs must exercise what the test is for: variables packed in steps, steps that fail.
        #expect(packedInSteps * 2 > seeds.count, "only \(packedInSteps) of \(seeds.count) machines pack a variable in steps")
        #expect(withErrors * 10 > seeds.count, "only \(withErrors) of \(seeds.count) machines have a step that fails")
    }
}
