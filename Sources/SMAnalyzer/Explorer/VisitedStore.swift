/// The set of configurations found so far, with a parent for each so any of them gets a shortest trace.
///
/// The layouts, chosen by the size of the packed key (`Explorer.makeStore`):
/// - `DenseVisitedStore` when the key fits in 28 bits: one 32-bit slot per possible key (`MixedRadixIndex` numbers
///   them without gaps), holding the parent's slot.
/// - `CompactVisitedStore` when it fits in one word: exact tables of a few bytes a key (numbered without gaps too for
///   `--compact`), the parents on disk; or, when there is no disk, `HashedVisitedStore` for keys of up to 62 bits: a table of keys
///   with linear probing and, beside it, each state's parent as a slot number (wider keys of a word then go to the
///   wide store). All three insert from every thread at once.
/// - `WideCompactVisitedStore` for longer keys (and for `--compact` on keys the one-word compact store does not
///   take): the same exact tables, for keys of any length, the states and their parents on disk; every thread
///   inserts. With no disk, `WideHashedVisitedStore`: keys in discovery order and a table of indices; one thread.
/// - `LayeredStore` for a breadth-first bitstate search, `BitstateVisitedStore` for a depth-first one.
///
/// A state's id is its key (dense, compact, hashed), its discovery index (wide hashed, layered) or its place among
/// its slice's records (wide compact). Its handle, what `insert` takes as the parent, is the id (compact, wide,
/// layered) or the slot (dense, hashed); a handle is valid until the layer ends.
protocol VisitedStore: AnyObject, Sendable {
    /// Words per key.
    var keyWords: Int { get }
    var count: Int { get }
    /// Bytes held for the visited states (not counting frontiers).
    var bytes: Int { get }
    /// Which layout this is, for statistics: "dense", "hashed", "compact", "wide compact", "wide hashed", ….
    var kind: String { get }
    /// Records the initial state; returns its id.
    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64
    /// The handle of a visited state, to pass to `insert` as the parent of its successors.
    func handle(of id: UInt64) -> UInt64
    /// Records `key` as reached from the state with handle `parent` in the layer being built. When the key was
    /// already reached in this layer, keeps the smaller parent (so traces do not depend on thread timing).
    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion
    /// Starts loading the slots of `count` keys (`keyWords` each) into the cache, so the inserts that follow
    /// overlap their memory latency instead of waiting for each miss in turn.
    func touch(_ keys: UnsafePointer<UInt64>, count: Int)
    /// `touch`, writing to `slots` where each key's slot is, for `insert(_:at:parent:)`: a store whose slots take
    /// work to find (the dense store's mixed radix) finds each once.
    func touch(_ keys: UnsafePointer<UInt64>, count: Int, slots: UnsafeMutablePointer<UInt64>)
    /// `insert(_:parent:)` of a key whose slot `touch(_:count:slots:)` wrote.
    func insert(_ key: UnsafePointer<UInt64>, at slot: UInt64, parent: UInt64) -> Insertion
    /// The id of `key` when it was visited; `UInt64.max` from a store that knows which keys it holds but not their
    /// ids (wide compact, layered).
    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64?
    /// Makes room for at least `more` states beyond the current count; only between layers (no insert running).
    /// False when the store cannot get that big.
    func grow(toHold more: Int) -> Bool
    /// Called with ids a layer added, once the layer is complete: between layers, or, after
    /// `openLayerBeforeClosingLast`, while the next one is expanded.
    func closeLayer(_ added: UnsafeBufferPointer<UInt64>)
    /// Starts a layer before the last one is closed: the threads that added the last one's states close them while
    /// this one is expanded, each its own (`closeLayer`), and inserts meanwhile tell the two layers apart. At most
    /// one layer is left open so.
    func openLayerBeforeClosingLast()
    /// The parent's id, or nil for the initial state; `depth` is the state's (the compact store finds a state's
    /// record among its layer's).
    func parent(of id: UInt64, depth: Int) -> UInt64?
    /// Writes the key of `id`.
    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>)
    /// Whether `insert` may be called from several threads at once.
    var isConcurrent: Bool { get }
    /// How many threads insert from now until the next call (the search says so before each layer it expands):
    /// while one does, a store may claim its slots without locked instructions.
    func insertingThreads(_ threads: Int)
}

/// What `VisitedStore.insert` did with a key.
enum Insertion: Equatable {
    /// The key is new; this is its id.
    case added(UInt64)
    /// The key was visited before.
    case known
    /// The key is new but the store is full until it grows between layers: the caller keeps it for then.
    case full
}

extension VisitedStore {
    func grow(toHold more: Int) -> Bool { true }

    func insertingThreads(_ threads: Int) {}

    func openLayerBeforeClosingLast() {}

    /// Slots of 0: `insert(_:at:parent:)` finds the slot again.
    func touch(_ keys: UnsafePointer<UInt64>, count: Int, slots: UnsafeMutablePointer<UInt64>) {
        touch(keys, count: count)
        slots.initialize(repeating: 0, count: count)
    }

    func insert(_ key: UnsafePointer<UInt64>, at slot: UInt64, parent: UInt64) -> Insertion { insert(key, parent: parent) }

    func closeLayer(_ added: [UInt64]) { added.withUnsafeBufferPointer { closeLayer($0) } }
}
