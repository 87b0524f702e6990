public import SMAnalyzer
public import SMEngine

/// A failure found and shrunk.
public struct FuzzFailure: Sendable {
    /// The run that failed and its seed.
    public let run: Int
    public let runSeed: UInt64
    public let failure: RunFailure
    /// The shortest trace known: the events (with parameters and choices) from the start.
    public let trace: [TraceStep]
    /// The choice sequence of `trace`.
    public let choices: [Int]
    /// How many events the run had sent when it failed, before shrinking.
    public let originalSteps: Int
    /// How many replays shrinking took.
    public let shrinkReplays: Int
    /// How many events the shrunk trace had; more than `trace` has when the exploration knew a shorter one.
    public let shrunkSteps: Int
    /// Why shrinking stopped before the trace was 1-minimal (the trace is then the shortest it had reached); nil when
    /// it ran to the end.
    public let shrinkingStop: ShrinkingStop?
    /// How long shrinking took, in seconds.
    public let shrinkSeconds: Double

    public init(
        run: Int, runSeed: UInt64, failure: RunFailure, trace: [TraceStep], choices: [Int], originalSteps: Int,
        shrinkReplays: Int, shrunkSteps: Int? = nil, shrinkingStop: ShrinkingStop? = nil, shrinkSeconds: Double = 0
    ) {
        self.run = run
        self.runSeed = runSeed
        self.failure = failure
        self.trace = trace
        self.choices = choices
        self.originalSteps = originalSteps
        self.shrinkReplays = shrinkReplays
        self.shrunkSteps = shrunkSteps ?? trace.count
        self.shrinkingStop = shrinkingStop
        self.shrinkSeconds = shrinkSeconds
    }

    /// True when the trace is the exploration's shortest rather than the shrunk one.
    public var isFromExploration: Bool { trace.count < shrunkSteps }
}

/// What cut shrinking short.
public enum ShrinkingStop: String, Sendable {
    /// `FuzzConfiguration.timeLimit` again, counted from when the failure was found.
    case timeLimit
    /// `FuzzConfiguration.isCancelled` (Ctrl-C).
    case interrupted
    /// The shrinker's cap on replays.
    case replayLimit

    /// Why, in words: "shrinking stopped at the time limit".
    public var description: String {
        switch self {
        case .timeLimit: "shrinking stopped at the time limit"
        case .interrupted: "shrinking was interrupted"
        case .replayLimit: "shrinking stopped after its most replays"
        }
    }
}

public struct FuzzProgress: Sendable {
    public let runs: Int
    public let events: Int
    public let seconds: Double
}

/// The outcome of a campaign.
public struct FuzzResult: Sendable {
    public let machine: Machine
    public let configuration: FuzzConfiguration
    public let runs: Int
    public let events: Int
    /// How long the runs took, shrinking aside (the speed is the runs').
    public let seconds: Double
    public let failure: FuzzFailure?
    /// Stopped before its runs were done (`FuzzConfiguration.isCancelled`): what it says is of the runs made.
    public let interrupted: Bool
    /// States, transitions and guard outcomes reached over all runs.
    package let coverage: CoverageRecorder
    /// What complete coverage is, when it was computed.
    public let reference: CoverageReference?
    /// When no run failed: what the exploration before the campaign found failing (a violated invariant, an engine
    /// error), as messages. The runs passed, but the spec does not.
    public let failuresNoRunReached: [String]

    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }

    /// The coverage by name, against the reference.
    public var coverageSummary: CoverageSummary { CoverageSummary(machine: machine, recorder: coverage, reference: reference) }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
