/// A visited store that the partitioned search fills (`Explorer.searchPartitioned`): split by key into
/// `StoreSlices.count` slices, each taking inserts from one thread at a time, in the order of the layer.
///
/// The search keeps a layer as entries of the key's `keyWords` words, then what `insert` answered for the key
/// (`.added(entry)`); `parentHandle(key:entry:)` makes of an entry the handle its successors are inserted with, and
/// `id(key:entry:)` the state's id.
protocol PartitionedStore: VisitedStore {
    /// The slice of `key`, below `StoreSlices.count`.
    func slice(of key: UnsafePointer<UInt64>) -> Int
    /// Starts loading `key`'s first slot into the cache; returns what `insert(_:from:parent:)` takes, so a key is
    /// hashed once.
    func touch(_ key: UnsafePointer<UInt64>) -> Int
    /// Records `key`, whose `touch` answered `home`, as reached from the state with handle `parent`, unless it was
    /// reached before. Only one thread at a time inserts into a slice. `.full` when the store must grow first.
    func insert(_ key: UnsafePointer<UInt64>, from home: Int, parent: UInt64) -> Insertion
    /// The handle to insert the successors of the layer's entry (`key`, `entry`) with.
    func parentHandle(key: UnsafePointer<UInt64>, entry: UInt64) -> UInt64
    /// The id of the state of the layer's entry (`key`, `entry`).
    func id(key: UnsafePointer<UInt64>, entry: UInt64) -> UInt64
    /// Where a handle held from before the last `grow` is now.
    func movedHandle(_ handle: UInt64) -> UInt64
    /// Takes a layer as the search will expand it, also the part of a layer stored when the search stopped in its
    /// middle: puts its entries in the order the store keeps layers in (a store whose ids are keys, in key order,
    /// so that the first parent to reach a key is the smallest); with `parts` > 1, `run` runs that many threads for
    /// the work.
    func seal(_ layer: inout [UInt64], scratch: inout [UInt64], parts: Int, run: ((Int) -> Void) -> Void)
    /// Why the store cannot go on (it could not write its records), when that happened.
    var failure: String? { get }
    /// Writes `key` as the search's arena keeps it for this store (`keyWords` words: the key, or what its slots take
    /// of it, so the inserts need not work it out again) and returns its slice.
    func arenaForm(of key: UnsafePointer<UInt64>, into form: UnsafeMutablePointer<UInt64>) -> Int
    /// The key whose arena form is `form`.
    func key(ofArenaForm form: UnsafePointer<UInt64>, into key: UnsafeMutablePointer<UInt64>)
    /// Inserts the arena's entries `first ..< end` of slice `s` (each a key's arena form, then its parent's handle,
    /// as `insert(_:from:parent:)` takes them), in order. For each new key, writes its position and what the layer
    /// keeps beside it (`.added`) to `added`, two words; returns how many were new and, when the store is full
    /// before the end, the position of the first entry not inserted.
    func insert(arena entries: UnsafePointer<UInt64>, from first: Int, to end: Int, slice s: Int, added: UnsafeMutablePointer<UInt64>)
        -> (added: Int, full: Int?)
}

extension PartitionedStore {
    /// The key itself.
    func arenaForm(of key: UnsafePointer<UInt64>, into form: UnsafeMutablePointer<UInt64>) -> Int {
        form.update(from: key, count: keyWords)
        return slice(of: key)
    }

    func key(ofArenaForm form: UnsafePointer<UInt64>, into key: UnsafeMutablePointer<UInt64>) { key.update(from: form, count: keyWords) }

    /// One key at a time, each slot loading a few keys ahead.
    func insert(arena entries: UnsafePointer<UInt64>, from first: Int, to end: Int, slice s: Int, added: UnsafeMutablePointer<UInt64>)
        -> (added: Int, full: Int?)
    {
        let entryWords = keyWords + 1
        // The first slots of the next `ahead` entries, loading into the cache while this one is inserted.
        let ahead = 8
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: ahead) { homes in
            for i in first..<min(end, first + ahead) { homes[i & (ahead - 1)] = touch(entries + entryWords * i) }
            var count = 0
            var i = first
            while i < end {
                let home = homes[i & (ahead - 1)]
                if i + ahead < end { homes[i & (ahead - 1)] = touch(entries + entryWords * (i + ahead)) }
                let key = entries + entryWords * i
                switch insert(key, from: home, parent: key[keyWords]) {
                case .known:
                    break
                case .added(let entry):
                    added[2 * count] = UInt64(i)
                    added[2 * count + 1] = entry
                    count += 1
                case .full:
                    return (count, i)
                }
                i += 1
            }
            return (count, nil)
        }
    }
    func seal(_ layer: inout [UInt64], scratch: inout [UInt64]) { seal(&layer, scratch: &scratch, parts: 1, run: { $0(0) }) }
}

/// A partitioned store for keys of one word whose ids are the keys: a layer is sealed in key order.
protocol KeyOrderedStore: PartitionedStore {
    /// Takes a layer sealed in key order: (key, entry) pairs.
    func sealLayer(_ pairs: UnsafeBufferPointer<UInt64>)
}

extension KeyOrderedStore {
    /// Puts a layer's (key, entry) pairs in key order and hands them to `sealLayer`; each pass of the sort is split
    /// between `parts` threads (`RadixSort.sortPairs`).
    func seal(_ layer: inout [UInt64], scratch: inout [UInt64], parts: Int, run: ((Int) -> Void) -> Void) {
        RadixSort.sortPairs(&layer, scratch: &scratch, parts: parts, run: run)
        layer.withUnsafeBufferPointer { sealLayer($0) }
    }

    @inline(__always)
    func id(key: UnsafePointer<UInt64>, entry: UInt64) -> UInt64 { key[0] }
}

/// The number of slices of a partitioned store: fixed, so the order of inserts, hence parents and traces, does not
/// depend on the number of threads.
enum StoreSlices {
    static let count = 16
}
