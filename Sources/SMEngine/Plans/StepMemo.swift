/// The results of steps, remembered per event instance and the key's bits under the event's whole footprint
/// (variables included): where a plan (`StepPlanCache`) evaluates its tests and assignments on each state, a hit
/// here copies the bits the step left. Pays where the footprint's values repeat (a region's few states and the
/// flags it shares), not where every state brings a new value (a counter's chain): an instance whose lookups
/// rarely hit stops being looked up after a trial.
///
/// Two ways to find an entry. An instance whose footprint has at most `exactBits` bits has a table of its own,
/// indexed by those bits gathered from the key (`FootprintIndex`): no hash, no key to compare, no entry replaced,
/// and its few entries sit side by side (a parallel region's events, a ring's). Any other footprint with variables
/// shares one direct-mapped table with the rest, by hash: a new entry replaces the one in its slot. A bigger
/// footprint of control bits only is left to the plans, which are keyed on the same bits.
final class StepMemo {
    private let words: Int
    private let instanceCount: Int
    /// Per instance, `words` words of footprint.
    private let masks: UnsafeMutablePointer<UInt64>
    private let memoized: UnsafeMutablePointer<Bool>
    private let lookups: UnsafeMutablePointer<Int>
    private let hits: UnsafeMutablePointer<Int>

    // The shared table. Per slot: the instance + 1, negated when the step handled nothing (0: empty); then the
    // key's bits under the footprint and the successor's.
    private let slotCount: Int
    private let tags: UnsafeMutablePointer<Int32>
    private let keys: UnsafeMutablePointer<UInt64>
    private let results: UnsafeMutablePointer<UInt64>

    // The tables of small footprints, one after the other. Per instance: where its table starts (in entries), or
    // -1 when it uses the shared one. An entry is `words + 1` words: what is known (`unknown`, `handled` or
    // `handledNothing`), then the successor's bits under the footprint.
    private let exactStart: UnsafeMutablePointer<Int>
    private let exactIndex: FootprintIndex
    private let exactEntries: UnsafeMutablePointer<UInt64>
    private static let unknown: UInt64 = 0
    private static let handled: UInt64 = 1
    private static let handledNothing: UInt64 = 2

    /// After this many lookups of an instance, keep looking it up only if at least a quarter of them hit.
    private static let trialLookups = 4096
    /// A footprint of at most this many bits gets a table of its own.
    static let exactBits = 12
    /// The tables of their own take at most this many words in all (4 MB a thread); footprints beyond it use the
    /// shared table.
    private static let maximumExactWords = 1 << 19

    /// `footprints` per event instance; `control` the key's control bits. A footprint without variables that gets
    /// no table of its own (too big, or past the budget) is not remembered here: the plans, keyed on the same bits,
    /// answer it.
    init(footprints: [[UInt64]?], control: [UInt64], words: Int, slotBits: Int = 16) {
        self.words = words
        instanceCount = footprints.count
        let count = max(1, footprints.count)
        masks = .allocate(capacity: count * words)
        masks.initialize(repeating: 0, count: count * words)
        memoized = .allocate(capacity: count)
        memoized.initialize(repeating: false, count: count)
        exactStart = .allocate(capacity: count)
        exactStart.initialize(repeating: -1, count: count)
        var exactEntryCount = 0
        // Smallest footprints first, so that a budget spent goes to the tables that fill best.
        let bySize = footprints.indices.compactMap { i in footprints[i].map { (i, $0.reduce(0) { $0 + $1.nonzeroBitCount }) } }
        for (i, bits) in bySize.sorted(by: { ($0.1, $0.0) < ($1.1, $1.0) }) {
            let footprint = footprints[i]!
            for w in 0..<words { masks[i * words + w] = footprint[w] }
            if bits <= Self.exactBits && (exactEntryCount + (1 << bits)) * (words + 1) <= Self.maximumExactWords {
                exactStart[i] = exactEntryCount
                exactEntryCount += 1 << bits
                memoized[i] = true
            } else {
                memoized[i] = zip(footprint, control).contains { $0 & ~$1 != 0 }
            }
        }
        var exactMasks = [[UInt64]](repeating: [], count: count)
        for i in footprints.indices where exactStart[i] >= 0 { exactMasks[i] = footprints[i]! }
        exactIndex = FootprintIndex(masks: exactMasks)
        exactEntries = .allocate(capacity: max(1, exactEntryCount * (words + 1)))
        exactEntries.initialize(repeating: Self.unknown, count: max(1, exactEntryCount * (words + 1)))
        lookups = .allocate(capacity: count)
        lookups.initialize(repeating: 0, count: count)
        hits = .allocate(capacity: count)
        hits.initialize(repeating: 0, count: count)
        slotCount = 1 << slotBits
        tags = .allocate(capacity: slotCount)
        tags.initialize(repeating: 0, count: slotCount)
        keys = .allocate(capacity: slotCount * words)
        keys.initialize(repeating: 0, count: slotCount * words)
        results = .allocate(capacity: slotCount * words)
        results.initialize(repeating: 0, count: slotCount * words)
    }

    deinit {
        masks.deallocate(); memoized.deallocate(); lookups.deallocate(); hits.deallocate()
        tags.deallocate(); keys.deallocate(); results.deallocate()
        exactStart.deallocate(); exactIndex.deallocate(); exactEntries.deallocate()
    }

    /// Steps answered here.
    var hitCount: Int { exactHits + (0..<instanceCount).reduce(0) { $0 + hits[$1] } }
    /// Steps answered by the tables of their own (whose instances are not counted one by one: they need no trial).
    private var exactHits = 0

    @inline(__always)
    func isMemoized(_ instance: Int) -> Bool { memoized[instance] }

    /// Whether `instance` has a table of its own.
    @inline(__always)
    func hasOwnTable(_ instance: Int) -> Bool { exactStart[instance] >= 0 }

    /// The footprint of `instance` (`words` words).
    @inline(__always)
    func mask(_ instance: Int) -> UnsafePointer<UInt64> { UnsafePointer(masks + instance &* words) }

    @inline(__always)
    private func slot(_ instance: Int, _ key: UnsafePointer<UInt64>) -> Int {
        let hash = PackedKey.mix(key, under: mask(instance), words, from: UInt64(instance) &* PackedKey.golden)
        return Int(truncatingIfNeeded: hash >> 16) & (slotCount - 1)
    }

    /// The entry of `instance` for `key` in its own table, or nil when it uses the shared one.
    @inline(__always)
    func exactEntry(_ instance: Int, _ key: UnsafePointer<UInt64>) -> UnsafeMutablePointer<UInt64>? {
        exactEntry(instance, key, words: words)
    }

    /// `exactEntry(_:_:)` with the words of a key given, so that a caller specialized for one word computes with a
    /// constant.
    @inline(__always)
    func exactEntry(_ instance: Int, _ key: UnsafePointer<UInt64>, words: Int) -> UnsafeMutablePointer<UInt64>? {
        let start = exactStart[instance]
        guard start >= 0 else { return nil }
        return exactEntries + (start &+ exactIndex.index(instance, key)) &* (words &+ 1)
    }

    /// What an entry of a table of its own says: `unknown` (not stored yet), `handled` (the successor's bits under
    /// the footprint follow), or `handledNothing`.
    @inline(__always)
    static func isHandled(_ entry: UnsafePointer<UInt64>) -> Bool { entry[0] == handled }
    @inline(__always)
    static func isKnown(_ entry: UnsafePointer<UInt64>) -> Bool { entry[0] != unknown }

    /// Counts steps a caller answered from entries of tables of their own (`exactEntry`), in one addition.
    @inline(__always)
    func countKnown(_ answered: Int) { exactHits &+= answered }

    /// What a table of its own knows of `instance` from `key`: its successor's bits under the footprint when the
    /// step takes a transition (`handled` true), or that it handles nothing (`handled` false, `bits` meaningless);
    /// nil when the step is not known yet or the instance uses the shared table. No trial to count (such a table
    /// never replaces an entry: it misses once per value of the footprint, and then only on steps never stored,
    /// which the engine runs: choices, sends, failures).
    @inline(__always)
    func known(_ instance: Int, _ key: UnsafePointer<UInt64>) -> (handled: Bool, bits: UnsafePointer<UInt64>)? {
        guard let entry = exactEntry(instance, key), entry[0] != Self.unknown else { return nil }
        exactHits &+= 1
        return (entry[0] == Self.handled, UnsafePointer(entry + 1))
    }

    /// Writes the successor of `parent` for `instance` when it is remembered: `.step` or `.unhandled`, else `.unknown`.
    @inline(__always)
    func successor(_ instance: Int, of parent: UnsafePointer<UInt64>, into successor: UnsafeMutablePointer<UInt64>)
        -> StepPlanCache.Answer
    {
        let result: UnsafePointer<UInt64>
        if exactStart[instance] >= 0 {
            guard let (handled, bits) = known(instance, parent) else { return .unknown }
            guard handled else { return .unhandled }
            result = bits
        } else {
            lookups[instance] &+= 1
            if lookups[instance] == Self.trialLookups && hits[instance] < Self.trialLookups / 4 { memoized[instance] = false }
            let s = slot(instance, parent)
            let tag = tags[s]
            guard tag == Int32(instance + 1) || tag == -Int32(instance + 1) else { return .unknown }
            guard PackedKey.isProjection(keys + s * words, of: parent, under: mask(instance), words) else { return .unknown }
            hits[instance] &+= 1
            guard tag > 0 else { return .unhandled }
            result = UnsafePointer(results + s * words)
        }
        let mask = mask(instance)
        for w in 0..<words { successor[w] = parent[w] & ~mask[w] | result[w] }
        return .step
    }

    /// Remembers that `instance` takes `parent` to `successor`, or handles nothing there.
    @inline(__always)
    func store(_ instance: Int, parent: UnsafePointer<UInt64>, successor: UnsafePointer<UInt64>, handled: Bool) {
        let mask = mask(instance)
        if let entry = exactEntry(instance, parent) {
            entry[0] = handled ? Self.handled : Self.handledNothing
            for w in 0..<words { entry[1 + w] = successor[w] & mask[w] }
            return
        }
        let s = slot(instance, parent)
        tags[s] = handled ? Int32(instance + 1) : -Int32(instance + 1)
        for w in 0..<words {
            keys[s * words + w] = parent[w] & mask[w]
            results[s * words + w] = successor[w] & mask[w]
        }
    }
}
