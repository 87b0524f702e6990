/// The native plans of the event instances whose control state is a few bits, in a table of their own per instance
/// indexed by those bits (`FootprintIndex`): the explorer's answering loop finds a plan's machine code with a few
/// shifts and one load, where the plan table's lookup hashes the key and compares it (`StepPlanCache.answer`).
/// Filled as plans are adopted; an entry without a function sends the step the usual way. A value of pointers its
/// owner frees (`deallocate`), so the loop reads it without reference counting.
struct NativePlanIndex {
    /// One control state's plan.
    struct Entry {
        var function: NativePlanFunction?
        /// Whether its answer that the step handles nothing was recorded (once is enough where the control bits
        /// decide the leaves it is recorded in).
        var recordedUnhandled = false
    }

    /// Instances whose control state has more bits than this have no table.
    static let maximumBits = 10
    /// Per instance: where its table starts in `entries`, or -1.
    private let start: UnsafeMutablePointer<Int>
    private let index: FootprintIndex
    private let entries: UnsafeMutablePointer<Entry>
    private let entryCount: Int

    /// `masks`: per instance, the control bits of its footprint (`words` words each).
    init(masks: UnsafePointer<UInt64>, instances: Int, words: Int) {
        var starts: [Int] = []
        var indexMasks: [[UInt64]] = []
        var count = 0
        for i in 0..<instances {
            let mask = Array(UnsafeBufferPointer(start: masks + i * words, count: words))
            let bits = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            if bits <= Self.maximumBits {
                starts.append(count)
                indexMasks.append(mask)
                count += 1 << bits
            } else {
                starts.append(-1)
                indexMasks.append([])
            }
        }
        start = HotTables.copy(starts.isEmpty ? [-1] : starts)
        index = FootprintIndex(masks: indexMasks)
        entryCount = max(1, count)
        entries = .allocate(capacity: entryCount)
        entries.initialize(repeating: Entry(), count: entryCount)
    }

    func deallocate() {
        start.deallocate()
        index.deallocate()
        entries.deallocate()
    }

    /// The entry of `instance` for the control state of `key`, if the instance has a table.
    @inline(__always)
    func entry(_ instance: Int, _ key: UnsafePointer<UInt64>) -> UnsafeMutablePointer<Entry>? {
        let first = start[instance]
        guard first >= 0 else { return nil }
        return entries + (first &+ index.index(instance, key))
    }

    /// Forgets every function (a new library replaces them).
    func removeAll() {
        entries.update(repeating: Entry(), count: entryCount)
    }
}
