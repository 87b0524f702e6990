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
/// generator and records them; replaying reads them back. Shrinking edits the list and replays it, so shrinking,
/// replay and mutation work the same way for every kind of decision.
///
/// A value's meaning is "the n-th option", so smaller is simpler: the first event, the smallest parameter value,
/// a guard that is false, the first `oneOf` target.
public struct ChoiceSource {
    enum Mode {
        case generate(SplitMix64)
        case replay
    }

    private var mode: Mode
    /// Every value drawn so far (generating) or the list being replayed.
    public private(set) var values: [Int]
    /// How many values have been consumed.
    public private(set) var position = 0

    /// A source that draws from a generator seeded with `seed`, recording what it draws.
    public init(seed: UInt64) {
        mode = .generate(SplitMix64(seed: seed))
        values = []
    }

    /// A source that replays `values`.
    public init(replaying values: [Int]) {
        mode = .replay
        self.values = values
    }

    public var isGenerating: Bool { if case .generate = mode { true } else { false } }

    /// True when replaying and every value has been used.
    public var isExhausted: Bool { if case .replay = mode { position >= values.count } else { false } }

    /// A value in `0..<bound`. Past the end of a replayed list, 0 (the simplest) is used and recorded.
    public mutating func draw(_ bound: Int) -> Int {
        precondition(bound > 0)
        defer { position += 1 }
        switch mode {
        case .generate(var generator):
            let value = bound == 1 ? 0 : Int(generator.next() % UInt64(bound))
            mode = .generate(generator)
            values.append(value)
            return value
        case .replay:
            guard position < values.count else {
                values.append(0)
                return 0
            }
            let value = min(max(values[position], 0), bound - 1)
            values[position] = value
            return value
        }
    }

    /// Records a value chosen outside the source (a weighted pick), so a replay reads the choice itself.
    public mutating func record(_ value: Int, bound: Int) -> Int {
        switch mode {
        case .generate:
            values.append(value)
            position += 1
            return value
        case .replay:
            return draw(bound)
        }
    }

    /// The generator, for weighted picks while generating (nil when replaying).
    mutating func withGenerator<T>(_ body: (inout SplitMix64) -> T) -> T? {
        guard case .generate(var generator) = mode else { return nil }
        let result = body(&generator)
        mode = .generate(generator)
        return result
    }

    /// The values consumed so far.
    public var consumed: [Int] { Array(values.prefix(position)) }
}
