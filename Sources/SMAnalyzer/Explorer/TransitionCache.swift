import SMEngine

/// One worker's cache of steps projected on event footprints (see `StateCodec.eventFootprints()`): for an event
/// instance and the bits of a configuration its macrostep can read or change, the bits it leaves there. A hit
/// replaces the whole engine step by a hash and a compare.
///
/// Direct-mapped (a new entry replaces the one in its slot), per worker so it needs no locks, and adaptive: an
/// instance whose lookups rarely hit (its footprint is most of the key, so each projection comes once) stops being
/// looked up. Only steps that ended cleanly are stored: no error, no overlap, no invariant broken on the way;
/// everything else runs the engine every time, so the findings and their witnesses are the same as without the
/// cache. A step that handled nothing (every guard false) is stored too, as such: the caller records it as the
/// engine would have.
final class TransitionCache {
    private let words: Int
    private let instanceCount: Int
    /// Per instance, `words` words of footprint; all zero for an instance that is not cached.
    private let masks: UnsafeMutablePointer<UInt64>
    // Raw buffers rather than arrays: this runs once per step, and arrays in a class would pay for exclusivity
    // checks on every access.
    private let cacheable: UnsafeMutablePointer<Bool>
    private let lookups: UnsafeMutablePointer<Int>
    private let hits: UnsafeMutablePointer<Int>
    private let slotCount: Int
    /// Per slot: the instance + 1, negated when the step handled nothing (0: empty), then the projected key and the
    /// projected successor.
    private let tags: UnsafeMutablePointer<Int32>
    private let keys: UnsafeMutablePointer<UInt64>
    private let results: UnsafeMutablePointer<UInt64>

    /// After this many lookups of an instance, keep looking it up only if at least a quarter of them hit.
    private static let trialLookups = 4096

    init?(footprints: [[UInt64]?], instances: [EventInstance], words: Int, slotBits: Int = 16) {
        let masks = instances.map { footprints[$0.event] }
        guard masks.contains(where: { $0 != nil }) else { return nil }
        self.words = words
        instanceCount = instances.count
        self.masks = .allocate(capacity: max(1, instances.count * words))
        self.masks.initialize(repeating: 0, count: max(1, instances.count * words))
        for (i, mask) in masks.enumerated() {
            guard let mask else { continue }
            for w in 0..<words { self.masks[i * words + w] = mask[w] }
        }
        let count = max(1, instances.count)
        cacheable = .allocate(capacity: count)
        cacheable.initialize(repeating: false, count: count)
        for (i, mask) in masks.enumerated() { cacheable[i] = mask != nil }
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
        cacheable.deallocate()
        lookups.deallocate()
        hits.deallocate()
        masks.deallocate()
        tags.deallocate()
        keys.deallocate()
        results.deallocate()
    }

    @inline(__always)
    func isCacheable(_ instance: Int) -> Bool { cacheable[instance] }

    @inline(__always)
    private func slot(_ instance: Int, _ key: UnsafePointer<UInt64>) -> Int {
        let hash = PackedKey.mix(key, under: masks + instance * words, words, from: UInt64(instance) &* PackedKey.golden)
        return Int(truncatingIfNeeded: hash >> 16) & (slotCount - 1)
    }

    /// What the cache knows of a step.
    enum Answer {
        case unknown
        /// The step takes a transition; the successor was written.
        case step
        /// The step handles nothing: no transition is enabled.
        case unhandled
    }

    /// Writes the successor of `parent` for `instance` when it is cached.
    @inline(__always)
    func successor(_ instance: Int, of parent: UnsafePointer<UInt64>, into successor: UnsafeMutablePointer<UInt64>) -> Answer {
        lookups[instance] += 1
        if lookups[instance] == Self.trialLookups && hits[instance] < Self.trialLookups / 4 {
            cacheable[instance] = false
        }
        let s = slot(instance, parent)
        let tag = tags[s]
        guard tag == Int32(instance + 1) || tag == -Int32(instance + 1) else { return .unknown }
        let mask = masks + instance * words
        guard PackedKey.isProjection(keys + s * words, of: parent, under: mask, words) else { return .unknown }
        hits[instance] += 1
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

    /// Steps answered from the cache so far.
    var hitCount: Int { (0..<instanceCount).reduce(0) { $0 + hits[$1] } }
}
