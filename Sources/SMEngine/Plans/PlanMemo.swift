/// The results of replayed plans (`StepPlanCache`), each keyed on what its plan reads: the control state the plan is
/// for and the variables its tests and assignments load, not the event's whole footprint. A step whose event reads
/// many variables in some states reads few in others (a process's idle step assigns a constant, its wait step tests
/// every other process's level): keyed on the footprint, the idle step's results would miss on every value of the
/// levels it never reads; keyed on the plan's reads, it hits on every one.
///
/// An entry holds the bits the step wrote (the control bits, and the fields of the variables it assigned) and their
/// values, so a hit copies them over the parent: bits the plan neither read nor wrote come from the parent, whatever
/// they are. The bits are those of the plan as a whole: a plan that tests `b != c` and then, where that fails, `a > 7`
/// is keyed on a, b and c on both of its paths.
///
/// Direct-mapped: a new entry replaces the one in its slot. (Two ways, the newest first or the first for good, cost
/// the filter lock of six 2% and 5% more instructions and kept no more of its results.) A plan's number
/// (`StepPlanCache`) tags its entries, and a plan that comes to read more variables takes a new number, so its old
/// entries, keyed on fewer bits, are never found again.
final class PlanMemo {
    private let slotBits: Int
    /// Per slot: the number of the plan whose result it holds, negated when the step handled nothing; 0 when empty.
    /// Apart from the entries, so a miss reads only this.
    private let tags: UnsafeMutablePointer<Int32>
    /// Per slot, `3 * words` words: the parent's bits under the plan's mask, the bits the step wrote, their values.
    private let entries: UnsafeMutablePointer<UInt64>

    /// 2^16 slots, 1.8 MB a thread for keys of one word.
    init(words: Int, slotBits: Int = 16) {
        self.slotBits = slotBits
        tags = .allocate(capacity: 1 << slotBits)
        tags.initialize(repeating: 0, count: 1 << slotBits)
        entries = .allocate(capacity: (1 << slotBits) * 3 * words)
        entries.initialize(repeating: 0, count: (1 << slotBits) * 3 * words)
    }

    deinit {
        tags.deallocate()
        entries.deallocate()
    }

    /// The slot for plan `plan` (a positive number) and `key`'s bits under `mask`, which `successor` and `store` take.
    /// `words`: the key's, given so that a caller specialized for one word computes with a constant.
    @inline(__always)
    func slot(_ plan: Int32, _ key: UnsafePointer<UInt64>, under mask: UnsafePointer<UInt64>, words: Int) -> Int {
        let hash = PackedKey.mix(key, under: mask, words, from: UInt64(truncatingIfNeeded: plan) &* PackedKey.golden)
        // The top bits: the best mixed of a multiplication's.
        return Int(truncatingIfNeeded: hash &>> UInt64(64 &- slotBits))
    }

    /// What the slot knows of plan `plan` from `parent`: `.step` with the successor written, `.unhandled`, or
    /// `.unknown`.
    @inline(__always)
    func successor(
        at slot: Int, plan: Int32, of parent: UnsafePointer<UInt64>, under mask: UnsafePointer<UInt64>,
        into successor: UnsafeMutablePointer<UInt64>, words: Int
    ) -> StepPlanCache.Answer {
        let tag = tags[slot]
        guard tag == plan || tag == -plan else { return .unknown }
        let entry = entries + slot &* 3 &* words
        guard PackedKey.isProjection(entry, of: parent, under: mask, words) else { return .unknown }
        guard tag > 0 else { return .unhandled }
        let written = entry + words
        let values = entry + 2 &* words
        for w in 0..<words { successor[w] = parent[w] & ~written[w] | values[w] }
        return .step
    }

    /// Remembers that plan `plan` took `parent` to `successor`, writing the bits under `written`; or, when `handled`
    /// is false, that it handled nothing there (`written` and `successor` are then not read).
    @inline(__always)
    func store(
        at slot: Int, plan: Int32, parent: UnsafePointer<UInt64>, under mask: UnsafePointer<UInt64>,
        written: UnsafePointer<UInt64>, successor: UnsafePointer<UInt64>, handled: Bool, words: Int
    ) {
        let entry = entries + slot &* 3 &* words
        tags[slot] = handled ? plan : -plan
        for w in 0..<words {
            entry[w] = parent[w] & mask[w]
            entry[words &+ w] = handled ? written[w] : 0
            entry[2 &* words &+ w] = handled ? successor[w] & written[w] : 0
        }
    }
}
