import CPlatform
import Foundation

/// For keys of one word (at most 62 bits) too sparse for the dense store: open-addressing tables of keys with linear
/// probing and, beside them, each state's parent as a slot number (12 bytes a slot), split by hash into
/// `sliceCount` slices that each take inserts from one thread at a time. The explorer fills it in two phases per
/// round of a layer (`Explorer.searchPartitioned`): the threads expand states and keep their successors by slice,
/// then each thread inserts whole slices, in the order of the layer. No insert needs an atomic operation or waits
/// on another thread, and the first parent to reach a key in that order is its parent: with the layer in key order,
/// the smallest, as in the dense store, whatever the number of threads.
///
/// A state's handle is its slot (`slice << sliceBits | slot`), its id its key. The slices grow together, between
/// the phases (`grow(toHold:)`), which moves keys to new slots: `movedHandle` says where, for the handles the
/// explorer holds.
final class HashedVisitedStore: KeyOrderedStore, @unchecked Sendable {
    /// Keys of up to this many bits: `key + 1` is stored so that 0 marks an empty slot.
    static let maximumBits = 62
    static let sliceCount = StoreSlices.count
    private static let sliceShift = 60
    /// The parent slot of the initial state.
    private static let none: UInt32 = UInt32.max
    /// Slot numbers + 1 must stay below `none`.
    private static let maximumCapacity = 1 << 31

    var keyWords: Int { 1 }
    let isConcurrent = true
    let kind = "hashed"
    /// key + 1, or 0.
    private var keys: UnsafeMutablePointer<UInt64>
    /// The parent's handle + 1 (`none` for the initial state).
    private var parents: UnsafeMutablePointer<UInt32>
    /// Slots per slice, as a power of two.
    private(set) var sliceBits: Int
    /// Per slice, the keys it holds, a cache line apart (each slice's count is written by one thread).
    private let counts: UnsafeMutablePointer<Int>
    private static let countStride = 8
    /// Where each handle of the table before the last growth moved.
    private var moved: UnsafeMutablePointer<UInt32>?

    var count: Int { (0..<Self.sliceCount).reduce(0) { $0 + counts[$1 * Self.countStride] } }
    private var capacity: Int { Self.sliceCount << sliceBits }
    /// Inserts into a slice stop at three quarters of its slots until the table grows.
    private var sliceLimit: Int { (1 << sliceBits) / 4 * 3 }
    var bytes: Int { capacity * (MemoryLayout<UInt64>.size + MemoryLayout<UInt32>.size) }

    /// Slices of `1 << sliceBits` slots (at least 4: a probe needs an empty slot to end on).
    init(sliceBits: Int = 12) {
        self.sliceBits = max(2, sliceBits)
        counts = .allocate(capacity: Self.sliceCount * Self.countStride)
        counts.initialize(repeating: 0, count: Self.sliceCount * Self.countStride)
        (keys, parents) = Self.allocate(Self.sliceCount << self.sliceBits)
    }

    deinit {
        free(keys)
        free(parents)
        counts.deallocate()
        moved?.deallocate()
    }

    private static func allocate(_ capacity: Int) -> (UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt32>) {
        // calloc: zero pages cost nothing until touched.
        let keys = calloc(capacity, MemoryLayout<UInt64>.stride)!.bindMemory(to: UInt64.self, capacity: capacity)
        let parents = calloc(capacity, MemoryLayout<UInt32>.stride)!.bindMemory(to: UInt32.self, capacity: capacity)
        return (keys, parents)
    }

    @inline(__always)
    private static func hash(_ key: UInt64) -> UInt64 {
        var h = key &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }

    /// The slice a key belongs to.
    @inline(__always)
    func slice(of key: UInt64) -> Int { Int(truncatingIfNeeded: Self.hash(key) >> UInt64(Self.sliceShift)) }

    @inline(__always)
    func slice(of key: UnsafePointer<UInt64>) -> Int { slice(of: key[0]) }

    /// A layer's entries are the states' own handles.
    @inline(__always)
    func parentHandle(key: UnsafePointer<UInt64>, entry: UInt64) -> UInt64 { entry }

    /// The parents are in the table already.
    func sealLayer(_ pairs: UnsafeBufferPointer<UInt64>) {}

    let failure: String? = nil

    /// The key's first slot in its slice, as a handle.
    @inline(__always)
    private func home(_ key: UInt64) -> Int {
        let h = Self.hash(key)
        let slice = Int(truncatingIfNeeded: h >> UInt64(Self.sliceShift))
        return slice << sliceBits | Int(truncatingIfNeeded: h) & ((1 << sliceBits) - 1)
    }

    /// The next slot of a probe: the slot after, wrapping within the slice.
    @inline(__always)
    private func next(_ handle: Int) -> Int {
        let mask = (1 << sliceBits) - 1
        return handle & ~mask | (handle + 1) & mask
    }

    /// The slot holding `key`, or nil.
    private func slot(of key: UInt64) -> Int? {
        let stored = key &+ 1
        var slot = home(key)
        while true {
            let current = keys[slot]
            if current == stored { return slot }
            if current == 0 { return nil }
            slot = next(slot)
        }
    }

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        let slot = home(key[0])
        keys[slot] = key[0] &+ 1
        parents[slot] = Self.none
        counts[slice(of: key[0]) * Self.countStride] += 1
        return key[0]
    }

    func handle(of id: UInt64) -> UInt64 { UInt64(slot(of: id)!) }

    /// Records `key` as reached from the state with handle `parent`, unless it was reached before (by an earlier
    /// insert: the explorer inserts a layer's successors in the order of their parents). Only one thread at a time
    /// inserts into a slice. `.full` when the key's slice is at its limit: the table must grow first.
    @inline(__always)
    func insert(_ key: UInt64, parent: UInt64) -> Insertion { insert(key, from: home(key), parent: parent) }

    /// `insert(_:parent:)` with the key's first slot given, as `touch` returned it: a key is hashed once.
    @inline(__always)
    func insert(_ key: UnsafePointer<UInt64>, from home: Int, parent: UInt64) -> Insertion { insert(key[0], from: home, parent: parent) }

    @inline(__always)
    private func insert(_ key: UInt64, from home: Int, parent: UInt64) -> Insertion {
        let stored = key &+ 1
        var slot = home
        while true {
            let current = keys[slot]
            if current == stored { return .known }
            if current == 0 {
                let count = counts + (slot >> sliceBits) * Self.countStride
                guard count.pointee < sliceLimit else { return .full }
                keys[slot] = stored
                parents[slot] = UInt32(truncatingIfNeeded: parent &+ 1)
                count.pointee += 1
                return .added(UInt64(slot))
            }
            slot = next(slot)
        }
    }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion { insert(key[0], parent: parent) }

    /// Starts loading the first slot of `key`'s probe into the cache, and returns it, for `insert(_:from:parent:)`.
    @inline(__always)
    @discardableResult
    func touch(_ key: UnsafePointer<UInt64>) -> Int {
        let home = home(key[0])
        smcheck_prefetch_for_write(keys + home)
        return home
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count { touch(keys + i) }
    }

    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? { slot(of: key[0]) == nil ? nil : key[0] }

    func closeLayer(_ added: UnsafeBufferPointer<UInt64>) {}

    func parent(of id: UInt64, depth: Int) -> UInt64? {
        let parent = parents[slot(of: id)!]
        return parent == Self.none ? nil : keys[Int(parent) - 1] &- 1
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) { key[0] = id }

    /// The key of a handle.
    @inline(__always)
    func key(ofHandle handle: UInt64) -> UInt64 { keys[Int(handle)] &- 1 }

    /// Doubles every slice until each can take `more` keys beyond its count (the most any slice may get), moving
    /// every key to its slot in the new table and renumbering the parents; `movedHandle` then maps old handles to
    /// new ones. Only between the phases (no insert running). False when the table cannot get that big.
    func grow(toHold more: Int) -> Bool {
        var newBits = sliceBits
        let fullest = (0..<Self.sliceCount).map { counts[$0 * Self.countStride] }.max() ?? 0
        while fullest + more > (1 << newBits) / 4 * 3 {
            guard Self.sliceCount << (newBits + 1) <= Self.maximumCapacity else { return false }
            newBits += 1
        }
        guard newBits > sliceBits else {
            // Nothing moved: handles stay as they are.
            moved?.deallocate()
            moved = nil
            return true
        }
        let oldCapacity = capacity
        sliceBits = newBits
        let (newKeys, newParents) = Self.allocate(capacity)
        moved?.deallocate()
        let moved = UnsafeMutablePointer<UInt32>.allocate(capacity: oldCapacity)
        for old in 0..<oldCapacity {
            let stored = keys[old]
            guard stored != 0 else { continue }
            var slot = home(stored &- 1)
            while newKeys[slot] != 0 { slot = next(slot) }
            newKeys[slot] = stored
            moved[old] = UInt32(slot)
        }
        for old in 0..<oldCapacity where keys[old] != 0 {
            let parent = parents[old]
            newParents[Int(moved[old])] = parent == Self.none ? Self.none : moved[Int(parent) - 1] + 1
        }
        free(keys)
        free(parents)
        keys = newKeys
        parents = newParents
        self.moved = moved
        return true
    }

    /// Where the key of `handle` (a handle from before the last `grow`) is now.
    @inline(__always)
    func movedHandle(_ handle: UInt64) -> UInt64 { moved.map { UInt64($0[Int(handle)]) } ?? handle }
}
