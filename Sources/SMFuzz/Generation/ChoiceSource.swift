/// SplitMix64: a small, fast generator whose sequence depends only on the seed, so a seed gives the same runs on
/// every machine and every Swift version.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of run `index` of a campaign seeded with `seed`.
    public static func seed(ofRun index: Int, campaign seed: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }
}

/// The recorded choice sequence every run is made of: each decision of the generator (which event, which parameter
/// value, which outcome of an opaque guard or `oneOf`) is one bounded integer. Generating draws them from a seeded
/// generator and records them; replaying reads them back. Shrinking edits the list and replays it, and guided
/// generation replays a mutated list and generates on from its end, so shrinking, replay and mutation work the same
/// way for every kind of decision.
///
/// A value's meaning is "the n-th option", so smaller is simpler: the first event, the smallest parameter value,
/// a guard that is false, the first `oneOf` target.
public struct ChoiceSource {
    /// Draws values past the replayed ones; nil for a plain replay, which uses 0 past its end.
    private var generator: SplitMix64?
    /// How many values at the front are replayed rather than drawn.
    private let replayedCount: Int
    /// Every value drawn so far (generating) or the list being replayed.
    public private(set) var values: [Int]
    /// How many options each value had (0 for a replayed value not used yet).
    public private(set) var bounds: [Int]
    /// How many values have been consumed.
    public private(set) var position = 0

    /// A source that draws from a generator seeded with `seed`, recording what it draws.
    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
        replayedCount = 0
        values = []
        bounds = []
    }

    /// A source that replays `values`.
    public init(replaying values: [Int]) {
        generator = nil
        replayedCount = values.count
        self.values = values
        bounds = Array(repeating: 0, count: values.count)
    }

    /// A source that replays `prefix`, then draws from a generator seeded with `seed`.
    public init(replaying prefix: [Int], thenGenerating seed: UInt64) {
        generator = SplitMix64(seed: seed)
        replayedCount = prefix.count
        values = prefix
        bounds = Array(repeating: 0, count: prefix.count)
    }

    /// True while values are drawn rather than replayed.
    public var isGenerating: Bool { generator != nil && position >= replayedCount }

    /// True when replaying (with nothing to generate after) and every value has been used.
    public var isExhausted: Bool { generator == nil && position >= values.count }

    /// A value in `0..<bound`. Past the end of a replayed list, 0 (the simplest) is used and recorded.
    public mutating func draw(_ bound: Int) -> Int {
        precondition(bound > 0)
        defer { position += 1 }
        if position < replayedCount {
            let value = min(max(values[position], 0), bound - 1)
            values[position] = value
            bounds[position] = bound
            return value
        }
        var value = 0
        if var generator {
            value = bound == 1 ? 0 : Int(generator.next() % UInt64(bound))
            self.generator = generator
        }
        values.append(value)
        bounds.append(bound)
        return value
    }

    /// Takes back the last `count` values: a step that drew values for choice points it did not meet after all leaves
    /// them to the next decision, as a replay of what the run consumed does. Without this, deleting one value of a
    /// step made it draw one of the next step's, and shrinking could not shorten a step's list of outcomes. Values of
    /// the replayed list are read again; values drawn past it (generated, or 0s past a replay's end) are dropped, and
    /// the next decision draws afresh, as it would have had the step not drawn them.
    public mutating func giveBack(_ count: Int) {
        precondition(count >= 0 && count <= position)
        position -= count
        let kept = max(position, replayedCount)
        if values.count > kept {
            values.removeSubrange(kept...)
            bounds.removeSubrange(kept...)
        }
    }

    /// Records a value chosen outside the source (a weighted pick), so a replay reads the choice itself.
    public mutating func record(_ value: Int, bound: Int) -> Int {
        guard isGenerating else { return draw(bound) }
        values.append(value)
        bounds.append(bound)
        position += 1
        return value
    }

    /// The generator, for weighted picks while generating (nil when replaying).
    mutating func withGenerator<T>(_ body: (inout SplitMix64) -> T) -> T? {
        guard isGenerating, var generator else { return nil }
        let result = body(&generator)
        self.generator = generator
        return result
    }

    /// The values consumed so far.
    public var consumed: [Int] { Array(values.prefix(position)) }
}
