import Atomics
import CPlatform
import Foundation

/// The set of configurations found so far, with a parent for each so any of them gets a shortest trace.
///
/// Two layouts, chosen by the size of the packed key:
/// - `DenseVisitedStore` when the key fits in 28 bits: one 32-bit slot per possible key, holding the parent's key.
///   Lookups are direct, slots are claimed with atomics so both cores insert at once, and the memory is paged in
///   only where states are (4 bytes per state when the reachable keys are dense, as in product state spaces).
/// - `HashedVisitedStore` otherwise: keys in a flat array in discovery order, parents as indices, and an
///   open-addressing table of 32-bit indices with linear probing.
///
/// A state's id is its key (dense) or its index (hashed).
protocol VisitedStore: AnyObject, Sendable {
    /// Words per key.
    var keyWords: Int { get }
    var count: Int { get }
    /// Bytes held for the visited states (not counting frontiers).
    var bytes: Int { get }
    /// Records the initial state; returns its id.
    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64
    /// Records `key` as reached from `parent` in the layer being built. Returns its id when it is new.
    /// When the key was already reached in this layer, keeps the smaller parent (so traces do not depend on
    /// thread timing).
    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> UInt64?
    /// Starts loading the slots of `count` keys (`keyWords` each) into the cache, so the inserts that follow
    /// overlap their memory latency instead of waiting for each miss in turn.
    func touch(_ keys: UnsafePointer<UInt64>, count: Int)
    /// The id of `key` when it was visited.
    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64?
    /// Called between layers, with the ids the layer added.
    func closeLayer(_ added: [UInt64])
    /// The parent's id, or nil for the initial state.
    func parent(of id: UInt64) -> UInt64?
    /// Writes the key of `id`.
    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>)
    /// Whether `insert` may be called from several threads at once.
    var isConcurrent: Bool { get }
}

/// One 32-bit slot per possible key: 0 = not visited, otherwise the parent's key + 1, with the top bit set while
/// the slot's layer is being built.
final class DenseVisitedStore: VisitedStore, @unchecked Sendable {
    static let maximumBits = 28
    private static let building: UInt32 = 1 << 31

    let keyWords = 1
    let isConcurrent = true
    private let slots: UnsafeMutablePointer<UnsafeAtomic<UInt32>.Storage>
    private let capacity: Int
    private let counter = ManagedAtomic<Int>(0)

    var count: Int { counter.load(ordering: .relaxed) }
    var bytes: Int { count * MemoryLayout<UInt32>.size }

    init(bits: Int) {
        capacity = 1 << max(bits, 0)
        // calloc: the pages of slots no state lands in are never touched.
        let raw = calloc(capacity, MemoryLayout<UnsafeAtomic<UInt32>.Storage>.stride)!
        slots = raw.bindMemory(to: UnsafeAtomic<UInt32>.Storage.self, capacity: capacity)
    }

    deinit { free(slots) }

    private func slot(_ key: UInt64) -> UnsafeAtomic<UInt32> { UnsafeAtomic(at: slots + Int(key)) }

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        slot(key[0]).store(UInt32(key[0]) + 1, ordering: .relaxed)
        counter.wrappingIncrement(ordering: .relaxed)
        return key[0]
    }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> UInt64? {
        let atomic = slot(key[0])
        let candidate = Self.building | (UInt32(parent) + 1)
        var current = atomic.load(ordering: .relaxed)
        while true {
            if current == 0 {
                let (exchanged, original) = atomic.compareExchange(expected: 0, desired: candidate, ordering: .relaxed)
                if exchanged {
                    counter.wrappingIncrement(ordering: .relaxed)
                    return key[0]
                }
                current = original
            } else if current & Self.building != 0 && candidate < current {
                let (exchanged, original) = atomic.compareExchange(expected: current, desired: candidate, ordering: .relaxed)
                if exchanged { return nil }
                current = original
            } else {
                return nil
            }
        }
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count where keys[i] < UInt64(capacity) { smcheck_prefetch_for_write(slots + Int(keys[i])) }
    }

    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? {
        guard key[0] < UInt64(capacity) else { return nil }
        return slot(key[0]).load(ordering: .relaxed) == 0 ? nil : key[0]
    }

    func closeLayer(_ added: [UInt64]) {
        for key in added {
            let atomic = slot(key)
            atomic.store(atomic.load(ordering: .relaxed) & ~Self.building, ordering: .relaxed)
        }
    }

    func parent(of id: UInt64) -> UInt64? {
        let value = UInt64(slot(id).load(ordering: .relaxed) & ~Self.building) - 1
        return value == id ? nil : value
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) { key[0] = id }
}

/// Keys in discovery order in one flat buffer, parents as indices, and a table of indices with linear probing.
/// Single-threaded: `isConcurrent` is false, so the explorer never inserts from two threads.
final class HashedVisitedStore: VisitedStore, @unchecked Sendable {
    let keyWords: Int
    let isConcurrent = false
    private var keys: UnsafeMutablePointer<UInt64>
    private var parents: UnsafeMutablePointer<UInt32>
    private var stored = 0
    private var storedCapacity = 1 << 12
    /// Index + 1 of the state in each slot; 0 = empty.
    private var table: UnsafeMutablePointer<UInt32>
    private var tableMask: Int

    var count: Int { stored }
    var bytes: Int { stored * (keyWords * 8 + 4) + (tableMask + 1) * 4 }

    init(keyWords: Int) {
        self.keyWords = keyWords
        keys = .allocate(capacity: storedCapacity * keyWords)
        parents = .allocate(capacity: storedCapacity)
        tableMask = (1 << 13) - 1
        table = .allocate(capacity: tableMask + 1)
        table.initialize(repeating: 0, count: tableMask + 1)
    }

    deinit {
        keys.deallocate()
        parents.deallocate()
        table.deallocate()
    }

    @inline(__always)
    private func hash(_ key: UnsafePointer<UInt64>) -> Int {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        for w in 0..<keyWords {
            h = (h ^ key[w]) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        return Int(truncatingIfNeeded: h)
    }

    @inline(__always)
    private func equals(_ index: Int, _ key: UnsafePointer<UInt64>) -> Bool {
        let stored = keys + index * keyWords
        for w in 0..<keyWords where stored[w] != key[w] { return false }
        return true
    }

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        let id = insert(key, parent: UInt64(UInt32.max))!
        return id
    }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> UInt64? {
        var slot = hash(key) & tableMask
        while table[slot] != 0 {
            if equals(Int(table[slot]) - 1, key) { return nil }
            slot = (slot + 1) & tableMask
        }
        if stored == storedCapacity { growStorage() }
        let index = stored
        (keys + index * keyWords).update(from: key, count: keyWords)
        parents[index] = UInt32(truncatingIfNeeded: parent)
        stored += 1
        table[slot] = UInt32(index + 1)
        if stored * 10 > (tableMask + 1) * 7 { growTable() }
        return UInt64(index)
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {}

    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? {
        var slot = hash(key) & tableMask
        while table[slot] != 0 {
            if equals(Int(table[slot]) - 1, key) { return UInt64(table[slot] - 1) }
            slot = (slot + 1) & tableMask
        }
        return nil
    }

    func closeLayer(_ added: [UInt64]) {}

    func parent(of id: UInt64) -> UInt64? {
        let p = parents[Int(id)]
        return p == UInt32.max ? nil : UInt64(p)
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) {
        key.update(from: keys + Int(id) * keyWords, count: keyWords)
    }

    private func growStorage() {
        let newCapacity = storedCapacity * 2
        let newKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity * keyWords)
        newKeys.moveInitialize(from: keys, count: stored * keyWords)
        keys.deallocate()
        keys = newKeys
        let newParents = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        newParents.moveInitialize(from: parents, count: stored)
        parents.deallocate()
        parents = newParents
        storedCapacity = newCapacity
    }

    private func growTable() {
        let size = (tableMask + 1) * 2
        table.deallocate()
        table = .allocate(capacity: size)
        table.initialize(repeating: 0, count: size)
        tableMask = size - 1
        for index in 0..<stored {
            var slot = hash(keys + index * keyWords) & tableMask
            while table[slot] != 0 { slot = (slot + 1) & tableMask }
            table[slot] = UInt32(index + 1)
        }
    }
}
