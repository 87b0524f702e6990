public import SMEngine
import SMSpec

/// How a linearizability campaign runs.
public struct LinearizabilityConfiguration: Sendable {
    /// Threads that send at once.
    public var threads = 4
    /// Events each thread sends, at most.
    public var eventsPerThread = 3
    /// Events sent from one thread before the others start, at most.
    public var prefixLength = 3
    /// Scenarios drawn, each run `executions` times (a race shows only in some interleavings).
    public var scenarios = 100
    public var executions = 10
    /// The seed of the scenarios; the interleavings are the scheduler's.
    public var seed: UInt64 = 0
    /// Runs of each smaller scenario while shrinking before it counts as passing.
    public var shrinkExecutions = 100
    /// A run whose threads take longer than this is reported as hung (and its threads left behind).
    public var timeoutSeconds = 30

    public init(threads: Int = 4, scenarios: Int = 100, executions: Int = 10, seed: UInt64 = 0) {
        self.threads = threads
        self.scenarios = scenarios
        self.executions = executions
        self.seed = seed
    }
}

/// A history no order of the spec explains, for the smallest scenario that still gave one.
public struct LinearizabilityFailure: Sendable {
    /// The shrunk scenario and one of its runs that the spec does not explain.
    public let scenario: ConcurrentScenario
    public let history: ConcurrentHistory
    /// The longest order of the history's operations the spec explains, and why nothing can follow it.
    public let explained: [Int]
    public let stuck: [String]
    /// The scenario as drawn, which scenario it was (0 for a replayed one) and which of its runs failed (from 1).
    public let original: ConcurrentScenario
    public let scenarioIndex: Int
    public let execution: Int
    /// Runs shrinking took.
    public let shrinkExecutions: Int
}

public struct LinearizabilityResult: Sendable {
    public let scenarios: Int
    public let executions: Int
    public let failure: LinearizabilityFailure?
    /// The implementation could not be made, or its threads hung.
    public let error: String?
}

/// Tests that a thread-safe implementation is linearizable with respect to a spec (as quickcheck-state-machine's
/// parallel testing and Lincheck do): seeded scenarios (a sequential prefix, then several threads sending at once)
/// run on one instance; every run's history must be explained by some order of the events that respects real
/// time (see `LinearizabilityChecker`). A failure is shrunk to fewer threads and events, each smaller scenario run
/// up to `shrinkExecutions` times.
public final class LinearizabilityTester {
    public let machine: Machine
    public let configuration: LinearizabilityConfiguration
    let make: @Sendable () throws -> any ConcurrentImplementation

    public init(
        machine: Machine, configuration: LinearizabilityConfiguration = LinearizabilityConfiguration(),
        make: @escaping @Sendable () throws -> any ConcurrentImplementation
    ) {
        self.machine = machine
        self.configuration = configuration
        self.make = make
    }

    public func run() -> LinearizabilityResult {
        let generator = ScenarioGenerator(machine: machine)
        var random = SplitMix64(seed: configuration.seed)
        var executions = 0
        let perThread = max(
            1,
            min(
                configuration.eventsPerThread,
                (LinearizabilityChecker.maximumOperations - configuration.prefixLength) / max(1, configuration.threads)))
        for index in 0..<configuration.scenarios {
            let scenario = generator.scenario(
                threads: max(1, configuration.threads), eventsPerThread: perThread,
                prefixLength: configuration.prefixLength, random: &random)
            switch attempt(scenario, executions: configuration.executions) {
            case .passed(let count):
                executions += count
            case .failed(let history, let count):
                executions += count
                return LinearizabilityResult(
                    scenarios: index + 1, executions: executions,
                    failure: shrink(scenario, history, index: index, execution: count), error: nil)
            case .error(let message, let count):
                return LinearizabilityResult(scenarios: index + 1, executions: executions + count, failure: nil, error: message)
            }
        }
        return LinearizabilityResult(scenarios: configuration.scenarios, executions: executions, failure: nil, error: nil)
    }

    /// Runs one scenario `executions` times (as a regression test does with a scenario that once failed); the
    /// first run the spec does not explain, unshrunk.
    public func replay(_ scenario: ConcurrentScenario, executions: Int) -> LinearizabilityResult {
        switch attempt(scenario, executions: executions) {
        case .passed(let count):
            return LinearizabilityResult(scenarios: 1, executions: count, failure: nil, error: nil)
        case .failed(let history, let count):
            return LinearizabilityResult(
                scenarios: 1, executions: count,
                failure: failure(history, original: scenario, index: 0, execution: count, shrinkExecutions: 0),
                error: nil)
        case .error(let message, let count):
            return LinearizabilityResult(scenarios: 1, executions: count, failure: nil, error: message)
        }
    }

    enum Attempt {
        case passed(Int)
        case failed(ConcurrentHistory, Int)
        case error(String, Int)
    }

    func attempt(_ scenario: ConcurrentScenario, executions: Int) -> Attempt {
        var execution = ConcurrentExecution(machine: machine)
        execution.timeoutSeconds = configuration.timeoutSeconds
        let checker = LinearizabilityChecker(machine: machine)
        for count in 1...max(1, executions) {
            let instance: any ConcurrentImplementation
            do {
                instance = try make()
            } catch {
                return .error("the implementation could not be made: \(error)", count)
            }
            guard let history = execution.run(scenario, on: instance) else {
                return .error("the threads did not finish within \(execution.timeoutSeconds) seconds (a deadlock?)", count)
            }
            switch checker.check(history) {
            case .linearizable: continue
            case .notLinearizable: return .failed(history, count)
            case .undecided(let reason): return .error("whether a history is linearizable was not decided: \(reason)", count)
            }
        }
        return .passed(executions)
    }

    private func shrink(_ scenario: ConcurrentScenario, _ history: ConcurrentHistory, index: Int, execution: Int) -> LinearizabilityFailure
    {
        var smallest = (scenario: scenario, history: history)
        var spent = 0
        var shrinking = true
        while shrinking {
            shrinking = false
            for smaller in smallest.scenario.reductions {
                let outcome = attempt(smaller, executions: configuration.shrinkExecutions)
                switch outcome {
                case .failed(let failing, let count):
                    spent += count
                    smallest = (smaller, failing)
                    shrinking = true
                case .passed(let count), .error(_, let count):
                    spent += count
                }
                if shrinking { break }
            }
        }
        return failure(smallest.history, original: scenario, index: index, execution: execution, shrinkExecutions: spent)
    }

    private func failure(
        _ history: ConcurrentHistory, original: ConcurrentScenario, index: Int, execution: Int,
        shrinkExecutions: Int
    ) -> LinearizabilityFailure {
        guard case .notLinearizable(let longest, let stuck) = LinearizabilityChecker(machine: machine).check(history) else {
            preconditionFailure("a failing history is not linearizable")
        }
        return LinearizabilityFailure(
            scenario: history.scenario, history: history, explained: longest, stuck: stuck,
            original: original, scenarioIndex: index, execution: execution, shrinkExecutions: shrinkExecutions)
    }
}
