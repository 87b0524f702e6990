/// A visited store for keys of one word that the partitioned search fills (`Explorer.searchPartitioned`): split by
/// key into `StoreSlices.count` slices, each taking inserts from one thread at a time, in the order of the layer.
///
/// The search keeps a layer as (key, entry) pairs in key order: the entry is what `insert` answered for the key
/// (`.added(entry)`), and `parentHandle(key:entry:)` makes of the pair the handle its successors are inserted with.
protocol PartitionedStore: VisitedStore {
    /// The slice of `key`, below `StoreSlices.count`.
    func slice(of key: UInt64) -> Int
    /// Starts loading `key`'s first slot into the cache; returns what `insert(_:from:parent:)` takes, so a key is
    /// hashed once.
    func touch(_ key: UInt64) -> Int
    /// Records `key`, whose `touch` answered `home`, as reached from the state with handle `parent`, unless it was
    /// reached before. Only one thread at a time inserts into a slice. `.full` when the store must grow first.
    func insert(_ key: UInt64, from home: Int, parent: UInt64) -> Insertion
    /// The handle to insert the successors of the layer's pair (`key`, `entry`) with.
    func parentHandle(key: UInt64, entry: UInt64) -> UInt64
    /// Where a handle held from before the last `grow` is now.
    func movedHandle(_ handle: UInt64) -> UInt64
    /// Takes a layer as the search will expand it: (key, entry) pairs in key order. Also the part of a layer stored
    /// when the search stopped in its middle.
    func sealLayer(_ pairs: UnsafeBufferPointer<UInt64>)
    /// Why the store cannot go on (it could not write its records), when that happened.
    var failure: String? { get }
}

extension PartitionedStore {
    /// Puts a layer's (key, entry) pairs in key order and hands them to `sealLayer`; with `parts` > 1, each pass of
    /// the sort is split between that many threads, which `run` runs (`RadixSort.sortPairs`).
    func seal(_ layer: inout [UInt64], scratch: inout [UInt64], parts: Int = 1, run: ((Int) -> Void) -> Void = { $0(0) }) {
        RadixSort.sortPairs(&layer, scratch: &scratch, parts: parts, run: run)
        layer.withUnsafeBufferPointer { sealLayer($0) }
    }
}

/// The number of slices of a partitioned store: fixed, so the order of inserts, hence parents and traces, does not
/// depend on the number of threads.
enum StoreSlices {
    static let count = 16
}
