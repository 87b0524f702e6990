public import SMFuzz

/// The fuzzer's seedable generator (SplitMix64), so randomized tests give the same inputs on every machine.
public typealias SeededRandom = SplitMix64
