import Foundation
package import SMEngine
import SMSolver
import SMSpec

/// Limits and hooks of a symbolic verification.
package struct SymbolicOptions: Sendable {
    /// The whole verification of one spec stops after this long; what is left is undecided.
    package var timeLimit: Duration = .seconds(60)
    /// Bounded model checking unrolls at most this many steps.
    package var maximumDepth = 1_000
    /// Each solver check gives up after this long.
    package var checkTimeout: Duration = .seconds(20)
    package var isCancelled: @Sendable () -> Bool = { false }
    /// Called as the verification goes on: a line saying what it is doing.
    package var progress: (@Sendable (String) -> Void)?
    /// Steps from the start within which a breadth-first exploration before this verification searched every
    /// configuration and found nothing (-1: none is claimed): what an undecided property's reason says when it is more than
    /// bounded model checking reached.
    package var exploredSteps = -1

    package init() {}
}

/// What the symbolic verification of one spec concluded.
package struct SymbolicResult: Sendable {
    package let system: TransitionSystem?
    package let properties: [Property]
    package let verdicts: [Property: PropertyVerdict]
    /// Steps bounded model checking checked from the start (-1: none).
    package let depth: Int
    /// Why nothing was decided, when nothing was (no Z3, the transition system exceeded its limits).
    package let failure: String?
    package let elapsed: Duration

    /// The start failed: no state follows it (its failure is the only thing to report).
    package var startFailure: SymbolicFailure? { system?.start.failure }
}

/// Proves and refutes what a spec's findings need, on symbolic values: builds the transition system from the
/// engine's compiled tables, finds the shortest trace to each property that can happen (BMC), and proves the
/// others never happen (the symbolic step alone, k-induction, then Spacer's inductive invariants).
package enum SymbolicVerifier {
    package static var isAvailable: Bool { Z3Library.isAvailable }

    /// How deep bounded model checking goes before the first proofs are tried, and before the harder ones.
    static let firstDepth = 2
    static let shallowDepth = 12

    package static func verify(_ machine: Machine, options: SymbolicOptions = SymbolicOptions()) -> SymbolicResult {
        let start = ContinuousClock.now
        #if Z3
            let deadline = start + options.timeLimit
            let checkMilliseconds = UInt32(clamping: options.checkTimeout.components.seconds * 1000)
            func fail(_ message: String, _ system: TransitionSystem? = nil) -> SymbolicResult {
                SymbolicResult(
                    system: system, properties: [], verdicts: [:], depth: -1, failure: message, elapsed: ContinuousClock.now - start)
            }
            options.progress?("building the symbolic transition system")
            let system: TransitionSystem
            do {
                let feasibility = try PathFeasibility(spec: machine.spec)
                let watchdog = Z3Watchdog(context: feasibility.context, deadline: deadline, isCancelled: options.isCancelled)
                defer { watchdog.stop() }
                system = try TransitionSystem.build(
                    machine: machine,
                    limits: .init(deadline: deadline, isCancelled: options.isCancelled),
                    isFeasible: { feasibility.isFeasible(event: $0, conditions: $1) },
                    simpler: { feasibility.simpler($2, of: $3, event: $0, conditions: $1) })
            } catch let error as TransitionSystemError {
                return fail(error.message)
            } catch {
                return fail("\(error)")
            }
            guard system.start.failure == nil else {
                return SymbolicResult(
                    system: system, properties: [], verdicts: [:], depth: 0, failure: nil, elapsed: ContinuousClock.now - start)
            }
            let conditions = PropertyConditions(system: system)
            var verdicts: [Property: PropertyVerdict] = [:]
            for property in conditions.all {
                if conditions.atStart.contains(property) {
                    verdicts[property] = .happens(trace: [], inLastStep: false)
                } else if (conditions.edges[property] ?? []).isEmpty, !Self.hasStateBad(property, conditions) {
                    verdicts[property] = .never(.abstraction, invariant: nil)
                }
            }
            // What a few random runs show happening needs no search (only its absence would be a finding).
            let properties = Set(conditions.all)
            for (property, trace) in RunSampling(machine: machine).sample(until: deadline, isCancelled: options.isCancelled)
            where verdicts[property] == nil && properties.contains(property) {
                verdicts[property] = .happens(trace: trace, inLastStep: !trace.isEmpty)
            }
            var pending = conditions.all.filter { verdicts[$0] == nil }
            let context: Z3Context
            do {
                context = try Z3Context()
            } catch {
                return fail(error.message, system)
            }
            // Every solver call of the proofs and searches ends by the deadline, or on Ctrl-C, whether Z3 watches its own
            // limit or not.
            let watchdog = Z3Watchdog(context: context, deadline: deadline, isCancelled: options.isCancelled)
            defer { watchdog.stop() }
            let encoding = SymbolicEncoding(system: system, context: context)
            let checker = ModelChecker(encoding: encoding, conditions: conditions, timeoutMilliseconds: checkMilliseconds)
            var depth = -1
            var stopped: String?
            let cancelled = options.isCancelled
            func record(_ found: [Property: ModelChecker.Found]) {
                for (property, trace) in found { verdicts[property] = .happens(trace: trace.trace, inLastStep: trace.inLastStep) }
                pending.removeAll { verdicts[$0] != nil }
            }
            do {
                // One unrolling for every round of bounded model checking: each goes on where the last stopped.
                let unrolling = try ModelChecker.Unrolling(checker)
                // Short counterexamples and easy proofs first (most of both are), then deeper counterexamples, harder proofs.
                for (bound, k) in [(Self.firstDepth, 2), (Self.shallowDepth, 4)] where !pending.isEmpty {
                    let bmc = try checker.bmc(
                        pending, in: unrolling, maximumDepth: min(options.maximumDepth, bound), deadline: start + options.timeLimit / 4,
                        cancelled: cancelled
                    ) { reached, left in
                        options.progress?("bounded model checking: depth \(reached), \(left) propert\(left == 1 ? "y" : "ies") open")
                    }
                    depth = max(depth, bmc.checkedDepth)
                    stopped = bmc.stopped
                    record(bmc.found)
                    if bmc.exhausted { for property in pending { verdicts[property] = .never(.bmc, invariant: nil) } }
                    pending.removeAll { verdicts[$0] != nil }
                    if pending.isEmpty || bmc.stopped != nil { break }
                    options.progress?("k-induction on \(pending.count) properties")
                    let induction = try checker.induction(pending, maximumK: min(depth + 1, k), deadline: deadline, cancelled: cancelled)
                    for property in induction.proved { verdicts[property] = .never(.induction, invariant: nil) }
                    pending.removeAll { verdicts[$0] != nil }
                }

                let prover = HornProver(encoding: encoding, conditions: conditions, timeoutMilliseconds: checkMilliseconds)
                var unknown: [Property: String] = [:]
                // The proofs take at most half the time left, so that properties Spacer cannot decide leave the deeper
                // search time for the others' traces (a deadlock 40 steps deep was undecided at 30 s when one proof
                // took all that was left). Each gets an even share of what the ones before it left.
                let proofsEnd = ContinuousClock.now + (deadline - ContinuousClock.now) / 2
                for (i, property) in pending.enumerated() {
                    if ContinuousClock.now > deadline || cancelled() { break }
                    options.progress?("proving with Spacer: \(i + 1) of \(pending.count)")
                    let share = max(.zero, proofsEnd - ContinuousClock.now) / (pending.count - i)
                    // A proof before it that ran past its share (Spacer does not always watch its limit) left none.
                    if share < .milliseconds(50) {
                        unknown[property] = "no time was left for spacer (the proofs before it took their shares)"
                        continue
                    }
                    switch try prover.decide(property, deadline: deadline, share: share) {
                    case .never(let invariant): verdicts[property] = .never(.chc, invariant: invariant)
                    case .happens: break  // it happens: the deeper unrolling below finds its trace
                    case .unknown(let reason): unknown[property] = reason
                    }
                }
                pending.removeAll { verdicts[$0] != nil }

                // Deeper, for what neither a short trace nor a proof decided.
                if !pending.isEmpty && depth < options.maximumDepth && ContinuousClock.now < deadline && !cancelled() {
                    let deeper = try checker.bmc(
                        pending, in: unrolling, maximumDepth: options.maximumDepth, deadline: deadline, cancelled: cancelled
                    ) {
                        reached, left in
                        options.progress?("bounded model checking: depth \(reached), \(left) propert\(left == 1 ? "y" : "ies") open")
                    }
                    depth = max(depth, deeper.checkedDepth)
                    stopped = deeper.stopped
                    record(deeper.found)
                    if deeper.exhausted { for property in pending { verdicts[property] = .never(.bmc, invariant: nil) } }
                    pending.removeAll { verdicts[$0] != nil }
                }
                // Why Spacer did not decide it, and why bounded model checking stopped (or that time ran out).
                let leftOver = cancelled() ? "cancelled" : ContinuousClock.now > deadline ? "the time limit ran out" : stopped
                for property in pending {
                    verdicts[property] = .undecided(
                        [
                            unknown[property], leftOver == unknown[property] ? nil : leftOver,
                            noTrace(property, depth, conditions, explored: options.exploredSteps),
                        ]
                        .compactMap { $0 }.joined(separator: "; "))
                }
            } catch {
                stopped = error.message
            }
            let reason = options.isCancelled() ? "cancelled" : stopped ?? "the time limit ran out"
            for property in conditions.all where verdicts[property] == nil {
                verdicts[property] = .undecided("\(reason); \(noTrace(property, depth, conditions, explored: options.exploredSteps))")
            }
            for property in conditions.maybeAtStart {
                if case .never = verdicts[property] {
                    verdicts[property] = .undecided("the start may show it, under an opaque guard's outcome, which was not decided")
                }
            }
            if system.startHasOtherOutcomes {
                for property in conditions.all {
                    if case .never = verdicts[property] { verdicts[property] = .undecided(ChoiceSequence.startOutcomesNotExplored) }
                }
            }
            return SymbolicResult(
                system: system, properties: conditions.all, verdicts: verdicts, depth: depth, failure: nil,
                elapsed: ContinuousClock.now - start)
        #else
            return SymbolicResult(
                system: nil, properties: [], verdicts: [:], depth: -1,
                failure: "this smcheck was built without Z3 (the \"Z3\" trait)", elapsed: ContinuousClock.now - start)
        #endif
    }

    /// What bounded model checking to `depth` showed of a property it did not find: a property of states (an invariant,
    /// a deadlock) was looked for in the states `depth` steps from the start, one of steps also on the step after.
    private static func noTrace(_ property: Property, _ depth: Int, _ conditions: PropertyConditions, explored: Int) -> String {
        let steps = depth < 0 ? -1 : hasStateBad(property, conditions) ? depth : depth + 1
        if explored > max(0, steps) { return "no trace within \(explored) steps (every configuration that near the start was explored)" }
        // Below depth 0 not even the start was searched (for a property of steps, its step from the start was not).
        guard depth >= 0 else { return "bounded model checking searched no run" }
        switch steps {
        case 0: return "bounded model checking searched only the start"
        case 1: return "no trace within 1 step"
        default: return "no trace within \(steps) steps"
        }
    }

    private static func hasStateBad(_ property: Property, _ conditions: PropertyConditions) -> Bool {
        switch property {
        case .invariant: true
        case .deadlock(let configuration): !(conditions.deadlocks[configuration] ?? []).isEmpty
        default: false
        }
    }
}
