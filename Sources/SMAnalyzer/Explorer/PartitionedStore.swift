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
}

extension PartitionedStore {
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
