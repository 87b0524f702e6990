public import Foundation

/// Limits and knobs of an exploration.
public struct ExplorationOptions: Sendable {
    /// Stop (with partial results, marked incomplete) after this many configurations.
    public var maximumStates: Int = 50_000_000
    /// What set `maximumStates`, as the reason for stopping there names it.
    package var maximumStatesSource = "the --max-states limit"
    /// Stop when the process's resident memory has grown by more than this many bytes since the exploration began:
    /// what the process held before (an app's, other tests') does not count; what it allocates meanwhile on other
    /// threads does.
    public var maximumMemory: Int = 8 << 30
    /// What set `maximumMemory`, as the reason for stopping there names it.
    package var maximumMemorySource = "the --max-memory limit"
    /// Stop after this long (nil: no time limit).
    public var maximumDuration: Duration?
    /// Polled between chunks of work; when it returns true the exploration stops (marked incomplete).
    public var isCancelled: @Sendable () -> Bool = { false }
    /// Threads that expand states; 1 for none beside the caller, at most `maximumThreads`. Keys longer than a word
    /// with nowhere to write their records (the wide hashed store) are inserted from one thread.
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// The most threads an exploration starts, whatever `threads` asks: each has buffers of its own.
    public static let maximumThreads = 1024
    /// At most this many event instances (events times parameter values) are tried in each configuration.
    public var maximumEventInstances: Int = 4096
    /// At most this many combinations of opaque-guard and oneOf outcomes are tried per configuration and event.
    public var maximumChoiceCombinations: Int = 1024
    /// Which visited store to use; `.automatic` picks the dense one when the packed state fits in 28 bits, the
    /// compact one when it fits in a word and the compact one of longer keys past that (when `layerDirectory` is not
    /// a writable directory, the hashed one up to 62 bits and the wide hashed one past them). `.compact` keeps each
    /// configuration in a few bytes whatever its size (`smcheck --compact`): exact tables of keys without their
    /// parents, the keys and parents on disk under `layerDirectory`, a key of a word numbered without gaps. Forcing the
    /// others is for tests and diagnosis: all must find the same configurations (a forced store the key does not fit
    /// falls back to the automatic choice).
    public var store: StoreChoice = .automatic
    /// Compile steps into plans per event and control state under the event's footprint (`StepPlanCache`), and
    /// replay them on packed states instead of running the engine: an event touching one parallel region is planned
    /// once per state of that region, and a counter's step becomes an assignment.
    public var cachesTransitions = true
    /// Also run the engine on every step a plan answers, and evaluate every invariant the explorer remembered
    /// (`InvariantMemo`), and count where they differ (`Exploration.transitionCacheMismatches`); an internal
    /// consistency check that tests switch on.
    public var verifiesTransitionCache = false
    /// Compile the plans that steps replay to machine code with the system's C compiler (`SMCHECK_CC`, else `cc`,
    /// `clang` or `gcc` on the PATH), as SPIN compiles its verifier, once a search has replayed enough of them to repay
    /// the compiler's run: the compiler runs beside the search, which takes the code up when it is ready. The result is
    /// the same with it or without it (`NativePlanWriter`); without a compiler, plans are only replayed.
    public var compilesPlans = true
    /// Replays of plans without native code between two looks at whether compiling them is due (tests make it
    /// small).
    package var nativePlanInterval = 16_384
    /// Compile at every look, whatever replaying has cost so far (tests).
    package var compilesPlansEagerly = false
    /// Whether the search waits for each compilation it starts, so that the steps after it run natively (tests).
    package var waitsForNativePlans = false
    /// The most compilations a search starts (tests allow many, so that plans recorded late run natively too).
    package var nativePlanCompilations = 3
    /// The C compiler, instead of the one `SMCHECK_CC` or the PATH names (tests).
    package var nativePlanCompiler: String?
    /// With a partitioned store (compact, hashed), a layer is expanded and inserted in rounds of at most this many states (their
    /// successors wait in memory between the two). Tests make it small so that layers take many rounds.
    package var statesPerRound = 1 << 16
    /// Share every layer of a few dozen states or more between the threads, whatever the layers' times say
    /// (`LayerSharing`): tests set it so that small models go through what sharing does.
    package var sharesEveryLayer = false

    public enum StoreChoice: Sendable { case automatic, dense, hashed, wide, compact }

    /// Search with a bit array of this many bytes instead of a store of states (SPIN's supertrace): a state costs a
    /// few bits of memory, so spaces far beyond memory can be searched, but hash collisions may skip states, so the
    /// result is partial (but for a start that fails, which reaches nothing) and says its expected coverage. One thread; see `bitstateOrder`.
    public var bitstateBytes: Int?
    /// The order of a bitstate search.
    public var bitstateOrder: BitstateOrder = .breadthFirst
    /// Where a breadth-first bitstate search or the compact store writes its layers (in a directory of its own,
    /// unlinked as soon as it is made); nil: the temporary directory (`TMPDIR`).
    public var layerDirectory: URL?

    public enum BitstateOrder: String, Sendable, CaseIterable {
        /// Layer by layer, the layers on disk (the key and parent of every state stored, under `TMPDIR`): no depth
        /// limit, and each finding's trace is the shortest through the states stored.
        case breadthFirst = "breadth-first"
        /// Depth first with only the open paths in memory, as SPIN's bitstate search: no disk, but the search is cut
        /// at `maximumSearchDepth`, and traces are paths, not the shortest.
        case depthFirst = "depth-first"
    }
    /// Picks the bitstate hash functions and the order successors are searched in: runs with different seeds (the
    /// shards of a swarm) collide on different states and go down different paths first. 0: declaration order.
    public var searchSeed: UInt64 = 0
    /// A depth-first bitstate search stores configurations deeper than this but does not expand them (SPIN's -m): the path of
    /// a depth-first search through a big product space can otherwise outgrow memory. The result says when it cut.
    public var maximumSearchDepth = 1_000_000

    /// Called with the progress so far, at most every `progressInterval`, also in the middle of a large layer.
    public var progress: (@Sendable (ExplorationProgress) -> Void)?
    /// How often `progress` is called.
    public var progressInterval: Duration = .milliseconds(500)

    public init() {}
}

public struct ExplorationProgress: Sendable {
    public let configurations: Int
    public let depth: Int
    public let frontier: Int
    public let seconds: Double
}

/// An exploration that could not start.
public struct ExplorationError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
