import CPlatform
import Foundation
import Synchronization

/// For keys of one word (at most 62 bits) too sparse for the dense store: an open-addressing table of keys with
/// linear probing, and beside it each state's parent as a slot number (12 bytes a slot). Every thread inserts at
/// once: a slot is claimed by swapping its key in, then its parent is written.
///
/// The table does not grow in the middle of a layer (slot numbers would move under the threads): once it is full an
/// insert answers `.full`, the explorer keeps the key, and grows the table between layers (`grow(toHold:)`), which
/// renumbers the parents.
final class HashedVisitedStore: VisitedStore, @unchecked Sendable {
    /// Keys of up to this many bits: `key + 1` is stored so that 0 marks an empty slot, and the top bit is `building`.
    static let maximumBits = 62
    /// Set in a key's word while its layer is built: only then may its parent change, and a hit on a settled state
    /// (most hits) reads the key array alone.
    private static let building: UInt64 = 1 << 63
    /// The parent slot of the initial state.
    private static let none: UInt32 = UInt32.max
    /// Slot numbers + 1 must stay below `none`.
    private static let maximumCapacity = 1 << 31

    let keyWords = 1
    let isConcurrent = true
    let kind = "hashed"
    /// key + 1 (with `building`), or 0.
    private var keys: UnsafeMutablePointer<Atomic<UInt64>>
    /// The parent's slot + 1 (`none` for the initial state); 0 while the slot is being claimed (hence the + 1: a
    /// parent in slot 0 must not read as 0).
    private var parents: UnsafeMutablePointer<Atomic<UInt32>>
    private var capacity: Int
    /// Inserts stop at this count (three quarters of the slots) until the table grows.
    private var limit: Int
    /// Added with `wrappingAdd`: a plain `add` checks for overflow, which compiles to a compare-and-swap loop.
    private let counter = Atomic<Int>(0)

    var count: Int { counter.load(ordering: .relaxed) }
    var bytes: Int { capacity * (MemoryLayout<UInt64>.size + MemoryLayout<UInt32>.size) }

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        limit = capacity / 4 * 3
        (keys, parents) = Self.allocate(capacity)
    }

    deinit {
        free(keys)
        free(parents)
    }

    private static func allocate(_ capacity: Int) -> (UnsafeMutablePointer<Atomic<UInt64>>, UnsafeMutablePointer<Atomic<UInt32>>) {
        // calloc: zero pages cost nothing until touched, and an all-zero atomic is a zero.
        let keys = calloc(capacity, MemoryLayout<Atomic<UInt64>>.stride)!.bindMemory(to: Atomic<UInt64>.self, capacity: capacity)
        let parents = calloc(capacity, MemoryLayout<Atomic<UInt32>>.stride)!.bindMemory(to: Atomic<UInt32>.self, capacity: capacity)
        return (keys, parents)
    }

    @inline(__always)
    private static func home(_ key: UInt64, _ capacity: Int) -> Int {
        var h = key &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return Int(truncatingIfNeeded: h) & (capacity - 1)
    }

    /// The slot holding `key`, or nil.
    private func slot(of key: UInt64) -> Int? {
        let stored = key &+ 1
        var slot = Self.home(key, capacity)
        while true {
            let current = keys[slot].load(ordering: .relaxed) & ~Self.building
            if current == stored { return slot }
            if current == 0 { return nil }
            slot = (slot + 1) & (capacity - 1)
        }
    }

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        let slot = Self.home(key[0], capacity)
        keys[slot].store(key[0] &+ 1, ordering: .relaxed)
        parents[slot].store(Self.none, ordering: .relaxed)
        counter.wrappingAdd(1, ordering: .relaxed)
        return key[0]
    }

    func handle(of id: UInt64) -> UInt64 { UInt64(slot(of: id)!) }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion {
        let stored = key[0] &+ 1
        let candidate = UInt32(parent + 1)
        var slot = Self.home(key[0], capacity)
        while true {
            var current = keys[slot].load(ordering: .relaxed)
            if current == 0 {
                guard counter.load(ordering: .relaxed) < limit else { return .full }
                let (exchanged, original) = keys[slot].compareExchange(expected: 0, desired: stored | Self.building, ordering: .relaxed)
                if exchanged {
                    parents[slot].store(candidate, ordering: .relaxed)
                    counter.wrappingAdd(1, ordering: .relaxed)
                    return .added(key[0])
                }
                current = original
            }
            if current & ~Self.building == stored {
                if current & Self.building != 0 { keepSmallerParent(slot, candidate) }
                return .known
            }
            slot = (slot + 1) & (capacity - 1)
        }
    }

    /// Within the layer being built, the parent with the smaller key wins, whichever thread came first.
    private func keepSmallerParent(_ slot: Int, _ candidate: UInt32) {
        var current = parents[slot].load(ordering: .relaxed)
        // 0: the thread that claimed the slot has not written its parent yet.
        while current == 0 {
            _ = sched_yield()
            current = parents[slot].load(ordering: .relaxed)
        }
        while current != candidate && parentKey(candidate) < parentKey(current) {
            let (exchanged, original) = parents[slot].compareExchange(expected: current, desired: candidate, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }

    /// The key in the slot a parent field names.
    @inline(__always)
    private func parentKey(_ parent: UInt32) -> UInt64 {
        (keys[Int(parent) - 1].load(ordering: .relaxed) & ~Self.building) &- 1
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count { smcheck_prefetch_for_write(self.keys + Self.home(keys[i], capacity)) }
    }

    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? { slot(of: key[0]) == nil ? nil : key[0] }

    func closeLayer(_ added: UnsafeBufferPointer<UInt64>) {
        // No other thread writes between layers: a plain load and store, not a locked read-modify-write.
        for key in added {
            let word = keys + slot(of: key)!
            word.pointee.store(word.pointee.load(ordering: .relaxed) & ~Self.building, ordering: .relaxed)
        }
    }

    func parent(of id: UInt64) -> UInt64? {
        let parent = parents[slot(of: id)!].load(ordering: .relaxed)
        return parent == Self.none ? nil : parentKey(parent)
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) { key[0] = id }

    /// Doubles the table until `count + more` fits under the limit: every key moves to its slot in the new table,
    /// then every parent is renumbered through the old-to-new slot map.
    func grow(toHold more: Int) -> Bool {
        var newCapacity = capacity
        while count + more > newCapacity / 4 * 3 {
            guard newCapacity < Self.maximumCapacity else { return false }
            newCapacity *= 2
        }
        guard newCapacity > capacity else { return true }
        let (newKeys, newParents) = Self.allocate(newCapacity)
        let moved = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        defer { moved.deallocate() }
        for old in 0..<capacity {
            let stored = keys[old].load(ordering: .relaxed)
            guard stored != 0 else { continue }
            var slot = Self.home((stored & ~Self.building) &- 1, newCapacity)
            while newKeys[slot].load(ordering: .relaxed) != 0 { slot = (slot + 1) & (newCapacity - 1) }
            newKeys[slot].store(stored, ordering: .relaxed)
            moved[old] = UInt32(slot)
        }
        for old in 0..<capacity where keys[old].load(ordering: .relaxed) != 0 {
            let parent = parents[old].load(ordering: .relaxed)
            newParents[Int(moved[old])].store(parent == Self.none ? Self.none : moved[Int(parent) - 1] + 1, ordering: .relaxed)
        }
        free(keys)
        free(parents)
        keys = newKeys
        parents = newParents
        capacity = newCapacity
        limit = newCapacity / 4 * 3
        return true
    }
}
