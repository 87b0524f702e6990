/// One thread's successors in a round of a layer, for a partitioned store's two phases (`Explorer.searchPartitioned`):
/// entries of the key's words and the parent's handle, kept by the store's slice as they are found, so that the thread that fills a slice
/// reads its part of every chunk in the order of the frontier. Each chunk the thread expanded is a range of each
/// slice's pairs (`closeChunk`).
struct SuccessorArena {
    private static let slices = StoreSlices.count
    /// Words of an entry: the key's, then the parent's handle.
    let stride: Int
    /// Per slice: its entries, how many, and room for how many.
    private var entries: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    private var counts: UnsafeMutablePointer<Int>
    private var capacities: UnsafeMutablePointer<Int>

    /// An arena for keys of `keyWords` words.
    init(keyWords: Int) {
        stride = keyWords + 1
        entries = .allocate(capacity: Self.slices)
        counts = .allocate(capacity: Self.slices)
        capacities = .allocate(capacity: Self.slices)
        for s in 0..<Self.slices {
            capacities[s] = 1 << 8
            counts[s] = 0
            entries[s] = .allocate(capacity: stride * capacities[s])
        }
    }

    func deallocate() {
        for s in 0..<Self.slices { entries[s].deallocate() }
        entries.deallocate()
        counts.deallocate()
        capacities.deallocate()
    }

    /// The entries of slice `s`.
    @inline(__always)
    func entries(of s: Int) -> UnsafePointer<UInt64> { UnsafePointer(entries[s]) }

    /// Keeps a successor of the chunk being expanded, in its slice `s`. `words` is the key's (`stride - 1`), given
    /// by the caller so that a store's constant makes the copy a constant one.
    @inline(__always)
    mutating func append(_ key: UnsafePointer<UInt64>, words: Int, parent: UInt64, slice s: Int) {
        assert(words + 1 == stride, "an arena for keys of \(stride - 1) words given a key of \(words)")
        let count = counts[s]
        if count == capacities[s] { grow(s) }
        let entry = entries[s] + (words + 1) * count
        for w in 0..<words { entry[w] = key[w] }
        entry[words] = parent
        counts[s] = count + 1
    }

    private mutating func grow(_ s: Int) {
        capacities[s] *= 2
        let bigger = UnsafeMutablePointer<UInt64>.allocate(capacity: stride * capacities[s])
        bigger.moveInitialize(from: entries[s], count: stride * counts[s])
        entries[s].deallocate()
        entries[s] = bigger
    }

    /// Ends the chunk begun by the last `openChunk`: writes where each slice's entries of the chunk end (`slices`
    /// offsets, in entries) at `ends`.
    func closeChunk(ends: UnsafeMutablePointer<Int32>) {
        for s in 0..<Self.slices { ends[s] = Int32(counts[s]) }
    }

    /// Writes where each slice's entries of a chunk begun now start (`slices` offsets, in entries) at `starts`.
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
            for i in 0..<counts[s] { entries[s][stride * i + stride - 1] = moved(entries[s][stride * i + stride - 1]) }
        }
    }
}
