/// One thread's successors in a round of a layer, for a partitioned store's two phases (`Explorer.searchPartitioned`):
/// (key, parent handle) pairs, kept by the store's slice as they are found, so that the thread that fills a slice
/// reads its part of every chunk in the order of the frontier. Each chunk the thread expanded is a range of each
/// slice's pairs (`closeChunk`).
struct SuccessorArena {
    private static let slices = StoreSlices.count
    /// Per slice: its pairs (the key, then the parent's handle), how many, and room for how many.
    private var entries: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    private var counts: UnsafeMutablePointer<Int>
    private var capacities: UnsafeMutablePointer<Int>

    init() {
        entries = .allocate(capacity: Self.slices)
        counts = .allocate(capacity: Self.slices)
        capacities = .allocate(capacity: Self.slices)
        for s in 0..<Self.slices {
            capacities[s] = 1 << 8
            counts[s] = 0
            entries[s] = .allocate(capacity: 2 * capacities[s])
        }
    }

    func deallocate() {
        for s in 0..<Self.slices { entries[s].deallocate() }
        entries.deallocate()
        counts.deallocate()
        capacities.deallocate()
    }

    /// The pairs of slice `s`.
    @inline(__always)
    func entries(of s: Int) -> UnsafePointer<UInt64> { UnsafePointer(entries[s]) }

    /// Keeps a successor of the chunk being expanded, in its slice `s`.
    @inline(__always)
    mutating func append(_ key: UInt64, parent: UInt64, slice s: Int) {
        let count = counts[s]
        if count == capacities[s] { grow(s) }
        let slice = entries[s]
        slice[2 * count] = key
        slice[2 * count + 1] = parent
        counts[s] = count + 1
    }

    private mutating func grow(_ s: Int) {
        capacities[s] *= 2
        let bigger = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * capacities[s])
        bigger.moveInitialize(from: entries[s], count: 2 * counts[s])
        entries[s].deallocate()
        entries[s] = bigger
    }

    /// Ends the chunk begun by the last `openChunk`: writes where each slice's pairs of the chunk end (`slices`
    /// offsets, in pairs) at `ends`.
    func closeChunk(ends: UnsafeMutablePointer<Int32>) {
        for s in 0..<Self.slices { ends[s] = Int32(counts[s]) }
    }

    /// Writes where each slice's pairs of a chunk begun now start (`slices` offsets, in pairs) at `starts`.
    func openChunk(starts: UnsafeMutablePointer<Int32>) {
        for s in 0..<Self.slices { starts[s] = Int32(counts[s]) }
    }

    /// Empties the arena for the next round.
    mutating func removeAll() {
        for s in 0..<Self.slices { counts[s] = 0 }
    }

    /// Rewrites every parent handle (after the store moved its keys).
    mutating func remapParents(_ moved: (UInt64) -> UInt64) {
        for s in 0..<Self.slices {
            for i in 0..<counts[s] { entries[s][2 * i + 1] = moved(entries[s][2 * i + 1]) }
        }
    }
}
