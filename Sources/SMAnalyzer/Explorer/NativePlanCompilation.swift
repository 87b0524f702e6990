import Foundation
@_spi(Stepping) import SMEngine
import Synchronization

/// One exploration's native plans. When the workers' plans have cost more in replays without native code (walks and
/// plan-memo lookups: what machine code does faster) than compiling them would, the first worker's are written as C
/// (`StepPlanCache.nativeSource`) and compiled on a thread of their own while the search goes on; every worker adopts
/// the library at its next state (`ExplorationWorker`). The rule is the ski rental's, with a margin: rent until the
/// rent paid would buy four times over, then buy. A search that ends soon after loses at most a quarter of what it
/// had spent; a long one runs natively for most of its time; and a short one never starts the compiler. Where a core
/// is idle (one thread searches: a deep, narrow space, or fewer threads than cores), the compiler's run costs the
/// search nothing, and it starts once replays have cost a quarter of it: by then the plans of the search are mostly
/// recorded. Plans recorded or grown later are compiled again by the same rule, a few times at most.
///
/// Native code answers what the plans answer, the same way (`NativePlanWriter`): the search's result does not depend
/// on whether, when or how often it was compiled, only its speed.
final class NativePlanCompilation: @unchecked Sendable {
    let compiler: NativePlanCompiler
    /// Bumped each time a new library is ready: a worker whose plans adopted an older one adopts it.
    let generation = Atomic<Int>(0)
    /// Replays between two looks at the rent (`offer`).
    let interval: Int
    /// Whether every look compiles, whatever the rent (tests).
    let eager: Bool
    /// Whether `offer` waits for the compilation it starts (tests, so that what follows runs natively).
    let waits: Bool
    /// The most compilations it starts.
    let maximumCompilations: Int

    /// What interpreting costs, in seconds (measured on the filter lock, whose plans native code runs three times
    /// faster): a replay without native code, and each load, test and assignment of a walk.
    static let replayCost = 15e-9
    static let operationCost = 8e-9
    /// The rent that buys: this many times what the compilation is estimated to cost. A search that ends just after
    /// has then spent at most a quarter more than it would have without (the compiler's run, beside the search, on a
    /// machine whose every core searches); one whose replays go on much longer gains nearly all native code saves.
    static let rentFactor = 4.0
    /// The same, where a core is idle: only searches too short for native code to answer much never start it.
    static let spareCoreRentFactor = 0.25
    /// What a compilation costs: the compiler's start, and each line of C until one was measured on this machine.
    static let compilerStart = 0.03
    static let lineCost = 30e-6

    private struct State {
        var table: NativePlanTable?
        var busy = false
        var started = 0
        var lastFingerprint: UInt64?
        /// The first worker's replays and walked operations when the last compilation started: the rent is counted
        /// from there.
        var replays = 0
        var operations = 0
        /// Whether a core has stayed idle, from the replays at each look.
        var idleCore: IdleCoreWatch
        /// The last estimate of a compilation's cost that the rent did not reach (no source is written again before
        /// it does).
        var estimate = NativePlanCompilation.compilerStart
        var secondsPerLine = NativePlanCompilation.lineCost
        var plans = 0
        var seconds = 0.0
        var failure: String?
    }
    private let state: Mutex<State>
    /// The replays and walked operations of the workers other than the first, as they reported them (`report`).
    private let othersReplays = Atomic<Int>(0)
    private let othersOperations = Atomic<Int>(0)
    private let running = DispatchGroup()

    init(
        compiler: NativePlanCompiler, interval: Int, eager: Bool, maximumCompilations: Int, waits: Bool, workers: Int,
        cores: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.compiler = compiler
        state = Mutex(State(idleCore: IdleCoreWatch(workers: workers, cores: cores)))
        self.interval = max(1, interval)
        self.eager = eager
        self.maximumCompilations = maximumCompilations
        self.waits = waits
    }

    /// Adds what a worker other than the first replayed without native code since it last reported: the rent counts
    /// every thread's replays (a thread that waits replays nothing, so a narrow space counts only the one at work).
    func report(replays: Int, operations: Int) {
        othersReplays.add(replays, ordering: .relaxed)
        othersOperations.add(operations, ordering: .relaxed)
    }

    /// The replays without native code of every worker: the first's `plans`, and the others' as reported.
    func replays(_ plans: StepPlanCache) -> Int { plans.interpretedReplays + othersReplays.load(ordering: .relaxed) }

    /// Called by the first worker, between states, when the workers' replays without native code (`replays`) reached
    /// the count this returned last time (`interval` at first): compiles its plans when the rent says so and they
    /// changed since the last compilation. Returns the count of such replays at which to look again.
    func offer(_ plans: StepPlanCache) -> Int {
        let own = plans.interpretedReplays, others = othersReplays.load(ordering: .relaxed)
        let replays = own + others
        let operations = plans.interpretedOperations + othersOperations.load(ordering: .relaxed)
        // Eagerly, each compilation waits for four times as many replays as the one before, so that the plans have
        // grown meanwhile.
        let next = replays + (eager ? interval << min(40, 2 * state.withLock { $0.started }) : interval)
        let (due, factor) = state.withLock { state -> (Bool, Double) in
            let factor = state.idleCore.look(own: own, others: others) ? Self.spareCoreRentFactor : Self.rentFactor
            guard state.failure == nil, state.started < maximumCompilations, !state.busy else { return (false, factor) }
            return (eager || rent(replays: replays, operations: operations, since: state) >= factor * state.estimate, factor)
        }
        guard due, let source = plans.nativeSource() else { return state.withLock { $0.started < maximumCompilations } ? next : Int.max }
        let lines = source.text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        let start = state.withLock { state -> Bool in
            state.estimate = Self.compilerStart + Double(lines) * state.secondsPerLine
            guard eager || rent(replays: replays, operations: operations, since: state) >= factor * state.estimate else {
                return false
            }
            guard state.lastFingerprint != source.fingerprint else {
                // The plans compiled already (the replays are of plans another worker recorded, or of branches the
                // compiled ones lack): the rent is counted afresh, so the source is not written again at every look.
                (state.replays, state.operations) = (replays, operations)
                return false
            }
            state.lastFingerprint = source.fingerprint
            state.busy = true
            state.started += 1
            (state.replays, state.operations) = (replays, operations)
            return true
        }
        guard start else { return next }
        running.enter()
        let work: @Sendable () -> Void = { [self] in
            defer { running.leave() }
            let began = ContinuousClock.now
            let built: Result<NativePlanTable, NativePlanCompiler.Failure>
            do throws(NativePlanCompiler.Failure) { built = .success(try compiler.build(source)) } catch { built = .failure(error) }
            let seconds = (ContinuousClock.now - began).seconds
            state.withLock { state in
                state.busy = false
                state.seconds += seconds
                switch built {
                case .success(let table):
                    state.table = table
                    state.plans = table.count
                    state.secondsPerLine = max(1e-6, (seconds - Self.compilerStart) / Double(max(1, lines)))
                case .failure(let failure):
                    state.failure = failure.description
                }
            }
            if case .success = built { generation.add(1, ordering: .releasing) }
        }
        if waits {
            work()
        } else {
            Thread.detach(work)
        }
        return next
    }

    /// What replaying without native code cost the workers since the last compilation.
    private func rent(replays: Int, operations: Int, since state: State) -> Double {
        Double(replays - state.replays) * Self.replayCost + Double(operations - state.operations) * Self.operationCost
    }

    /// The latest library, for a worker that has not adopted it.
    func latestTable() -> NativePlanTable? {
        _ = generation.load(ordering: .acquiring)
        return state.withLock { $0.table }
    }

    /// Stops a compilation under way (the search is over) and waits for its thread; what was compiled.
    func finish() -> NativePlanSummary {
        compiler.cancel()
        running.wait()
        return state.withLock { state in
            NativePlanSummary(
                plans: state.plans, compilations: state.started, seconds: state.seconds,
                failure: state.failure == "cancelled" ? nil : state.failure)
        }
    }
}

/// What an exploration compiled to native code.
public struct NativePlanSummary: Sendable, Equatable {
    /// Plans in the last library loaded (0: none was).
    public var plans: Int
    /// Compilations started (a search that ends first cancels the last).
    public var compilations: Int
    /// Time spent compiling, on threads beside the search's.
    public var seconds: Double
    /// Why compiling failed, when it did (the search went on with the plans' replays).
    public var failure: String?
}

extension Thread {
    /// Runs `body` on a new thread of its own.
    fileprivate static func detach(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.start()
    }
}
