/// One thread's successors in a round of a layer, for the hashed store's two phases (`Explorer.searchPartitioned`):
/// (key, parent handle) pairs, grouped by the store's slice within each chunk of the frontier the thread expanded,
/// so that the thread that fills a slice reads its part of every chunk in the order of the frontier.
struct SuccessorArena {
    /// Pairs: the key, then the parent's handle.
    private(set) var entries: UnsafeMutablePointer<UInt64>
    /// Pairs held.
    private(set) var count = 0
    private var capacity: Int
    /// The chunk being expanded: its successors as found, and each one's slice.
    private var pending: UnsafeMutablePointer<UInt64>
    private var pendingSlices: UnsafeMutablePointer<UInt8>
    private var pendingCount = 0
    private var pendingCapacity: Int
    private static let slices = HashedVisitedStore.sliceCount

    init() {
        capacity = 1 << 12
        entries = .allocate(capacity: 2 * capacity)
        pendingCapacity = 1 << 10
        pending = .allocate(capacity: 2 * pendingCapacity)
        pendingSlices = .allocate(capacity: pendingCapacity)
    }

    func deallocate() {
        entries.deallocate()
        pending.deallocate()
        pendingSlices.deallocate()
    }

    /// Keeps a successor of the chunk being expanded.
    @inline(__always)
    mutating func append(_ key: UInt64, parent: UInt64) {
        if pendingCount == pendingCapacity {
            pendingCapacity *= 2
            pending = Self.grown(pending, to: 2 * pendingCapacity, keeping: 2 * pendingCount)
            pendingSlices = Self.grown(pendingSlices, to: pendingCapacity, keeping: pendingCount)
        }
        pending[2 * pendingCount] = key
        pending[2 * pendingCount + 1] = parent
        pendingSlices[pendingCount] = UInt8(truncatingIfNeeded: HashedVisitedStore.slice(of: key))
        pendingCount += 1
    }

    /// Moves the chunk's successors into the arena, grouped by slice (in the order found within each), and writes
    /// where each slice's group starts (`slices + 1` offsets, in pairs) at `starts`.
    mutating func closeChunk(starts: UnsafeMutablePointer<Int32>) {
        if count + pendingCount > capacity {
            while count + pendingCount > capacity { capacity *= 2 }
            entries = Self.grown(entries, to: 2 * capacity, keeping: 2 * count)
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.slices + 1) { next in
            for s in 0...Self.slices { next[s] = 0 }
            for i in 0..<pendingCount { next[Int(pendingSlices[i]) + 1] += 1 }
            next[0] = count
            for s in 1...Self.slices { next[s] += next[s - 1] }
            for s in 0...Self.slices { starts[s] = Int32(next[s]) }
            for i in 0..<pendingCount {
                let s = Int(pendingSlices[i])
                entries[2 * next[s]] = pending[2 * i]
                entries[2 * next[s] + 1] = pending[2 * i + 1]
                next[s] += 1
            }
        }
        count += pendingCount
        pendingCount = 0
    }

    /// Empties the arena for the next round.
    mutating func removeAll() {
        count = 0
        pendingCount = 0
    }

    /// Rewrites every parent handle (after the store moved its keys).
    mutating func remapParents(_ moved: (UInt64) -> UInt64) {
        for i in 0..<count { entries[2 * i + 1] = moved(entries[2 * i + 1]) }
    }

    private static func grown<T>(_ buffer: UnsafeMutablePointer<T>, to capacity: Int, keeping count: Int) -> UnsafeMutablePointer<T> {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        bigger.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        return bigger
    }
}
