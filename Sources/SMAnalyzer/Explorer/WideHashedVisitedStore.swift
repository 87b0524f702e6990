import CPlatform
import Foundation

/// For keys longer than a word: keys in discovery order in one flat buffer, parents as indices, and a table of
/// indices with linear probing, each beside 32 bits of its key's hash (so a probe past other keys reads the table
/// alone, not their keys). Inserts come from one thread: `isConcurrent` is false, so the explorer has the other
/// threads only look keys up, and discovery order (the ids) is the same on every run.
final class WideHashedVisitedStore: VisitedStore, @unchecked Sendable {
    let keyWords: Int
    let isConcurrent = false
    let kind = "wide hashed"
    private var keys: UnsafeMutablePointer<UInt64>
    private var parents: UnsafeMutablePointer<UInt32>
    private var stored = 0
    private var storedCapacity = 1 << 12
    /// Per slot: the high 32 bits of the key's hash, then the index + 1 of its state in the low 32 bits (0: empty).
    private var table: UnsafeMutablePointer<UInt64>
    private var tableMask: Int

    var count: Int { stored }
    var bytes: Int { stored * (keyWords * 8 + 4) + (tableMask + 1) * 8 }

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
    private func hash(_ key: UnsafePointer<UInt64>) -> UInt64 { PackedKey.mix(key, keyWords, from: PackedKey.golden) }

    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt64 { hash & 0xFFFF_FFFF_0000_0000 }

    /// The slot holding `key` (its entry's low half is its index + 1), or the empty slot where it would go.
    @inline(__always)
    private func probe(_ key: UnsafePointer<UInt64>, _ hash: UInt64) -> Int {
        let tag = Self.tag(hash)
        var slot = Int(truncatingIfNeeded: hash) & tableMask
        while true {
            let entry = table[slot]
            if entry == 0 || (entry & 0xFFFF_FFFF_0000_0000 == tag && equals(Int(entry & 0xFFFF_FFFF) - 1, key)) { return slot }
            slot = (slot + 1) & tableMask
        }
    }

    @inline(__always)
    private func equals(_ index: Int, _ key: UnsafePointer<UInt64>) -> Bool {
        let stored = keys + index * keyWords
        for w in 0..<keyWords where stored[w] != key[w] { return false }
        return true
    }

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        guard case .added(let id) = insert(key, parent: UInt64(UInt32.max)) else { preconditionFailure("an empty store knows no key") }
        return id
    }

    func handle(of id: UInt64) -> UInt64 { id }

    /// Single-threaded, in a fixed order: the first parent found is the smallest in that order.
    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion {
        let hash = hash(key)
        let slot = probe(key, hash)
        guard table[slot] == 0 else { return .known }
        if stored == storedCapacity { growStorage() }
        let index = stored
        (keys + index * keyWords).update(from: key, count: keyWords)
        parents[index] = UInt32(truncatingIfNeeded: parent)
        stored += 1
        table[slot] = Self.tag(hash) | UInt64(index + 1)
        if stored * 10 > (tableMask + 1) * 7 { growTable() }
        return .added(UInt64(index))
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count { smcheck_prefetch_for_write(table + (Int(truncatingIfNeeded: hash(keys + i * keyWords)) & tableMask)) }
    }

    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? {
        let entry = table[probe(key, hash(key))]
        return entry == 0 ? nil : (entry & 0xFFFF_FFFF) - 1
    }

    func closeLayer(_ added: UnsafeBufferPointer<UInt64>) {}

    func parent(of id: UInt64, depth: Int) -> UInt64? {
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
        // In discovery order: the keys are read as they lie in memory.
        for index in 0..<stored {
            let hash = hash(keys + index * keyWords)
            var slot = Int(truncatingIfNeeded: hash) & tableMask
            while table[slot] != 0 { slot = (slot + 1) & tableMask }
            table[slot] = Self.tag(hash) | UInt64(index + 1)
        }
    }
}
