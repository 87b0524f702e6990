/// The results of steps, remembered per event instance and the key's bits under the event's whole footprint
/// (variables included): where a plan (`StepPlanCache`) evaluates its tests and assignments on each state, a hit
/// here copies the bits the step left. Pays where the footprint's values repeat (a region's few states and the
/// flags it shares), not where every state brings a new value (a counter's chain): an instance whose lookups
/// rarely hit stops being looked up after a trial.
///
/// Direct-mapped: a new entry replaces the one in its slot.
struct StepMemo {
    private let words: Int
    private let instanceCount: Int
    /// Per instance, `words` words of footprint.
    private let masks: UnsafeMutablePointer<UInt64>
    private let memoized: UnsafeMutablePointer<Bool>
    private let lookups: UnsafeMutablePointer<Int>
    private let hits: UnsafeMutablePointer<Int>
    private let slotCount: Int
    /// Per slot: the instance + 1, negated when the step handled nothing (0: empty); then the key's bits under the
    /// footprint and the successor's.
    private let tags: UnsafeMutablePointer<Int32>
    private let keys: UnsafeMutablePointer<UInt64>
    private let results: UnsafeMutablePointer<UInt64>

    /// After this many lookups of an instance, keep looking it up only if at least a quarter of them hit.
    private static let trialLookups = 4096

    /// `footprints` per event instance.
    init(footprints: [[UInt64]?], words: Int, slotBits: Int = 16) {
        self.words = words
        instanceCount = footprints.count
        let count = max(1, footprints.count)
        masks = .allocate(capacity: count * words)
        masks.initialize(repeating: 0, count: count * words)
        memoized = .allocate(capacity: count)
        memoized.initialize(repeating: false, count: count)
        for (i, footprint) in footprints.enumerated() {
            guard let footprint else { continue }
            memoized[i] = true
            for w in 0..<words { masks[i * words + w] = footprint[w] }
        }
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

    func deallocate() {
        masks.deallocate(); memoized.deallocate(); lookups.deallocate(); hits.deallocate()
        tags.deallocate(); keys.deallocate(); results.deallocate()
    }

    /// Steps answered here.
    var hitCount: Int { (0..<instanceCount).reduce(0) { $0 + hits[$1] } }

    @inline(__always)
    func isMemoized(_ instance: Int) -> Bool { memoized[instance] }

    @inline(__always)
    private func slot(_ instance: Int, _ key: UnsafePointer<UInt64>) -> Int {
        let hash = PackedKey.mix(key, under: masks + instance * words, words, from: UInt64(instance) &* PackedKey.golden)
        return Int(truncatingIfNeeded: hash >> 16) & (slotCount - 1)
    }

    /// Writes the successor of `parent` for `instance` when it is remembered: `.step` or `.unhandled`, else `.unknown`.
    @inline(__always)
    func successor(_ instance: Int, of parent: UnsafePointer<UInt64>, into successor: UnsafeMutablePointer<UInt64>)
        -> StepPlanCache.Answer
    {
        lookups[instance] &+= 1
        if lookups[instance] == Self.trialLookups && hits[instance] < Self.trialLookups / 4 { memoized[instance] = false }
        let s = slot(instance, parent)
        let tag = tags[s]
        guard tag == Int32(instance + 1) || tag == -Int32(instance + 1) else { return .unknown }
        let mask = masks + instance * words
        guard PackedKey.isProjection(keys + s * words, of: parent, under: mask, words) else { return .unknown }
        hits[instance] &+= 1
        guard tag > 0 else { return .unhandled }
        let result = results + s * words
        for w in 0..<words { successor[w] = parent[w] & ~mask[w] | result[w] }
        return .step
    }

    /// Remembers that `instance` takes `parent` to `successor`, or handles nothing there.
    @inline(__always)
    func store(_ instance: Int, parent: UnsafePointer<UInt64>, successor: UnsafePointer<UInt64>, handled: Bool) {
        let s = slot(instance, parent)
        tags[s] = handled ? Int32(instance + 1) : -Int32(instance + 1)
        let mask = masks + instance * words
        for w in 0..<words {
            keys[s * words + w] = parent[w] & mask[w]
            results[s * words + w] = successor[w] & mask[w]
        }
    }
}
