/// How a fuzzing campaign runs.
public struct FuzzConfiguration: Sendable {
    /// Runs at most this many sequences.
    public var runs = 100
    /// Events per run, at most (guided runs from the corpus are often shorter).
    public var length = 100
    /// The longest run `smcheck fuzz --length` takes: a run is not interrupted by `timeLimit`, and shrinking a
    /// failure replays prefixes of it.
    public static let maximumLength = 1_000_000
    /// The campaign's seed: the same seed gives the same campaign on every machine.
    public var seed: UInt64 = 0
    /// Stop starting new runs after this long.
    public var timeLimit: Duration?
    /// Asked before each run: true stops the campaign there (Ctrl-C), and the result says it was interrupted.
    public var isCancelled: (@Sendable () -> Bool)?
    /// Properties written in Swift, checked after every step (besides the spec's invariants and engine errors).
    public var properties: [Property] = []
    /// Shrink a failure to a 1-minimal trace.
    public var shrinks = true
    /// Coverage-guided generation (see `Docs/Fuzzing.md`): mutate runs that reached something new instead of
    /// generating every run from scratch.
    public var guided = true
    /// Before fuzzing, explore at most this many configurations: coverage is then reported against what the
    /// exploration reaches, and a failure it also finds gets its shortest trace. 0: do not explore.
    public var explorationLimit = 100_000

    public init(
        runs: Int = 100, length: Int = 100, seed: UInt64 = 0, timeLimit: Duration? = nil, properties: [Property] = [],
        guided: Bool = true
    ) {
        self.runs = runs
        self.length = length
        self.seed = seed
        self.timeLimit = timeLimit
        self.properties = properties
        self.guided = guided
    }
}
