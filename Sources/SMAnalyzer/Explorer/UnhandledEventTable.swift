import SMEngine

/// One worker's memory of which events each configuration leaves unhandled, keyed by the child-field bits of the
/// packed key (`StateCodec.configurationMask`): states that differ only in variables or history share an entry, so
/// the worker skips their unhandled events without decoding the state, and with the transition cache answering
/// the rest, a state is expanded without being decoded at all.
///
/// Direct-mapped like `TransitionCache`, and adaptive: when configurations rarely repeat (every state of a product
/// of rings is its own configuration) it stops being looked up after a trial.
final class UnhandledEventTable {
    private let keyWords: Int
    /// Words of the unhandled-events bitset.
    let eventWords: Int
    private let mask: UnsafeMutablePointer<UInt64>
    private let slotCount: Int
    /// Per slot: whether it holds an entry, the projected key, and the events unhandled there.
    private let filled: UnsafeMutablePointer<Bool>
    private let keys: UnsafeMutablePointer<UInt64>
    private let unhandled: UnsafeMutablePointer<UInt64>
    private var lookups = 0
    private var hits = 0
    /// False once the trial showed that lookups rarely hit.
    private(set) var isUseful = true

    private static let trialLookups = 1 << 14

    init(configurationMask: [UInt64], eventCount: Int, slotBits: Int = 12) {
        keyWords = configurationMask.count
        eventWords = max(1, (eventCount + 63) / 64)
        mask = .allocate(capacity: keyWords)
        for w in 0..<keyWords { mask[w] = configurationMask[w] }
        slotCount = 1 << slotBits
        filled = .allocate(capacity: slotCount)
        filled.initialize(repeating: false, count: slotCount)
        keys = .allocate(capacity: slotCount * keyWords)
        keys.initialize(repeating: 0, count: slotCount * keyWords)
        unhandled = .allocate(capacity: slotCount * eventWords)
        unhandled.initialize(repeating: 0, count: slotCount * eventWords)
    }

    deinit {
        mask.deallocate()
        filled.deallocate()
        keys.deallocate()
        unhandled.deallocate()
    }

    @inline(__always)
    private func slot(_ key: UnsafePointer<UInt64>) -> Int {
        let hash = PackedKey.mix(key, under: mask, keyWords, from: PackedKey.golden)
        return Int(truncatingIfNeeded: hash >> 20) & (slotCount - 1)
    }

    /// The unhandled-events bitset of the configuration in `key`, when known.
    @inline(__always)
    func lookup(_ key: UnsafePointer<UInt64>) -> UnsafePointer<UInt64>? {
        lookups += 1
        if lookups == Self.trialLookups && hits < Self.trialLookups / 2 { isUseful = false }
        let s = slot(key)
        guard filled[s] else { return nil }
        guard PackedKey.isProjection(keys + s * keyWords, of: key, under: mask, keyWords) else { return nil }
        hits += 1
        return UnsafePointer(unhandled + s * eventWords)
    }

    /// Records the unhandled events of the configuration in `key`, which `find` writes into the entry.
    func fill(_ key: UnsafePointer<UInt64>, _ find: (UnsafeMutablePointer<UInt64>) -> Void) -> UnsafePointer<UInt64> {
        let s = slot(key)
        filled[s] = true
        for w in 0..<keyWords { keys[s * keyWords + w] = key[w] & mask[w] }
        let bits = unhandled + s * eventWords
        find(bits)
        return UnsafePointer(bits)
    }

    @inline(__always)
    static func contains(_ bits: UnsafePointer<UInt64>, _ event: Int) -> Bool {
        bits[event >> 6] & (1 << UInt64(event & 63)) != 0
    }
}
