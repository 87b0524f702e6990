/// The results of steps whose footprint is small, remembered per event instance and the key's bits under the
/// event's whole footprint (variables included): a hit copies the bits the step left. An instance whose footprint has
/// at most `exactBits` bits has a table of its own, indexed by those bits gathered from the key (`FootprintIndex`):
/// no hash, no key to compare, no entry replaced, and its few entries sit side by side (a parallel region's events,
/// a ring's). Bigger footprints are left to the plans (`StepPlanCache`), whose results `PlanMemo` remembers keyed on
/// what each plan reads, at most the footprint's bits.
final class StepMemo {
    private let words: Int
    /// Per instance, `words` words of footprint.
    private let masks: UnsafeMutablePointer<UInt64>

    // The tables, one after the other. Per instance: where its table starts (in entries), or -1 when it has none.
    // An entry is `words + 1` words: what is known (`unknown`, `handled` or `handledNothing`), then the successor's
    // bits under the footprint.
    private let exactStart: UnsafeMutablePointer<Int>
    private let exactIndex: FootprintIndex
    private let exactEntries: UnsafeMutablePointer<UInt64>
    private static let unknown: UInt64 = 0
    private static let handled: UInt64 = 1
    private static let handledNothing: UInt64 = 2

    /// A footprint of at most this many bits gets a table of its own.
    static let exactBits = 12
    /// The tables take at most this many words in all (4 MB a thread); footprints beyond it have none.
    private static let maximumExactWords = 1 << 19

    /// `footprints` per event instance.
    init(footprints: [[UInt64]?], words: Int) {
        self.words = words
        let count = max(1, footprints.count)
        masks = .allocate(capacity: count * words)
        masks.initialize(repeating: 0, count: count * words)
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
            }
        }
        var exactMasks = [[UInt64]](repeating: [], count: count)
        for i in footprints.indices where exactStart[i] >= 0 { exactMasks[i] = footprints[i]! }
        exactIndex = FootprintIndex(masks: exactMasks)
        exactEntries = .allocate(capacity: max(1, exactEntryCount * (words + 1)))
        exactEntries.initialize(repeating: Self.unknown, count: max(1, exactEntryCount * (words + 1)))
    }

    deinit {
        masks.deallocate()
        exactStart.deallocate(); exactIndex.deallocate(); exactEntries.deallocate()
    }

    /// Steps answered here (not counted instance by instance: the tables need no trial).
    private(set) var hitCount = 0

    /// Whether `instance` has a table of its own.
    @inline(__always)
    func hasOwnTable(_ instance: Int) -> Bool { exactStart[instance] >= 0 }

    /// The footprint of `instance` (`words` words).
    @inline(__always)
    func mask(_ instance: Int) -> UnsafePointer<UInt64> { UnsafePointer(masks + instance &* words) }

    /// The entry of `instance` for `key` in its own table, or nil when it has none.
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
    func countKnown(_ answered: Int) { hitCount &+= answered }

    /// What a table of its own knows of `instance` from `key`: its successor's bits under the footprint when the
    /// step takes a transition (`handled` true), or that it handles nothing (`handled` false, `bits` meaningless);
    /// nil when the step is not known yet or the instance has no table. No trial to count (such a table
    /// never replaces an entry: it misses once per value of the footprint, and then only on steps never stored,
    /// which the engine runs: choices, sends, failures).
    @inline(__always)
    func known(_ instance: Int, _ key: UnsafePointer<UInt64>) -> (handled: Bool, bits: UnsafePointer<UInt64>)? {
        guard let entry = exactEntry(instance, key), entry[0] != Self.unknown else { return nil }
        hitCount &+= 1
        return (entry[0] == Self.handled, UnsafePointer(entry + 1))
    }

    /// Writes the successor of `parent` for `instance` when its table remembers it: `.step` or `.unhandled`, else
    /// `.unknown` (also when it has no table).
    @inline(__always)
    func successor(_ instance: Int, of parent: UnsafePointer<UInt64>, into successor: UnsafeMutablePointer<UInt64>)
        -> StepPlanCache.Answer
    {
        guard let (handled, result) = known(instance, parent) else { return .unknown }
        guard handled else { return .unhandled }
        let mask = mask(instance)
        for w in 0..<words { successor[w] = parent[w] & ~mask[w] | result[w] }
        return .step
    }

    /// Remembers that `instance` takes `parent` to `successor`, or handles nothing there, when it has a table.
    @inline(__always)
    func store(_ instance: Int, parent: UnsafePointer<UInt64>, successor: UnsafePointer<UInt64>, handled: Bool) {
        guard let entry = exactEntry(instance, parent) else { return }
        let mask = mask(instance)
        entry[0] = handled ? Self.handled : Self.handledNothing
        for w in 0..<words { entry[1 + w] = successor[w] & mask[w] }
    }
}
