import Foundation

/// For keys longer than a word: keys in discovery order in one flat buffer, parents as indices, and a table of
/// indices with linear probing. Single-threaded: `isConcurrent` is false, so the explorer never inserts from two
/// threads, and discovery order (the ids) is the same on every run.
final class WideHashedVisitedStore: VisitedStore, @unchecked Sendable {
    let keyWords: Int
    let isConcurrent = false
    let kind = "wide hashed"
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
        Int(truncatingIfNeeded: PackedKey.mix(key, keyWords, from: PackedKey.golden))
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
        var slot = hash(key) & tableMask
        while table[slot] != 0 {
            if equals(Int(table[slot]) - 1, key) { return .known }
            slot = (slot + 1) & tableMask
        }
        if stored == storedCapacity { growStorage() }
        let index = stored
        (keys + index * keyWords).update(from: key, count: keyWords)
        parents[index] = UInt32(truncatingIfNeeded: parent)
        stored += 1
        table[slot] = UInt32(index + 1)
        if stored * 10 > (tableMask + 1) * 7 { growTable() }
        return .added(UInt64(index))
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
