import Foundation

/// The compact store for keys of one word (`--compact`), filled from every thread: a `CompactStateSet` per slice,
/// a few bytes a configuration, and each layer's keys and parents on disk, in key order (`RecordFile`).
///
/// A key is numbered without gaps when memory comes first (`--compact`; `MixedRadixIndex`: a region of three states
/// takes 1.6 bits, not 2), and the number goes once through a bijection of its bits (`CompactStateSet.permute`):
/// the top bits of the result choose the slice, and the slice's set takes the rest, so those bits are not stored
/// either. A state's id and handle are its key. The partitioned search keeps each new state's parent beside it in the next layer (the pair's entry) and
/// hands the layer over in key order once it is complete (`sealLayer`), to be appended to the records: a state's
/// parent is then found by a binary search of its layer's records.
final class CompactVisitedStore: KeyOrderedStore, @unchecked Sendable {
    /// Keys of fewer bits leave slices too small for the compact set; they go to the compact store of long keys
    /// (`WideCompactVisitedStore`), which takes any.
    static let minimumBits = 12
    /// Every key of a word: no value is reserved (a parent is read only past layer 0, so the initial state's record
    /// needs no mark), where the hashed store keeps `key + 1` and stops at 62 bits.
    static let maximumBits = 64
    private static let sliceBits = StoreSlices.count.trailingZeroBitCount

    var keyWords: Int { 1 }
    let isConcurrent = true
    let kind = "compact"
    /// Numbers the keys, when their fields take fewer values than their bits hold; nil: a key is its own number.
    private let index: MixedRadixIndex?
    private let keyMask: UInt64
    private let permutationShift: UInt64
    /// A permuted key's slice is the permuted key shifted right by this; the rest goes to the slice's set.
    private let sliceShift: UInt64
    private let restMask: UInt64
    /// The slices' sets; `slices` holds them for the hot path, unretained (`sets` keeps them).
    private let sets: [CompactStateSet]
    private let slices: UnsafeMutablePointer<Unmanaged<CompactStateSet>>
    private let records: RecordFile
    /// The index of each layer's first record; the last entry is the number of records.
    private var layerStart: [UInt64] = [0]

    var count: Int { (0..<StoreSlices.count).reduce(0) { total, s in total + withSet(s) { $0.stored } } }
    /// The sets, the records waiting to be written, and where each layer starts (a deep, narrow space has a layer
    /// per state).
    var bytes: Int { sets.reduce(0) { $0 + $1.bytes } + records.bufferedBytes + layerStart.capacity * 8 }

    /// A store for keys numbered by `index` (nil: keys of `bits` bits, each its own number), whose numbers take
    /// `bits` bits. A store with nowhere to write its records says so in `failure`.
    init(bits: Int, index: MixedRadixIndex? = nil, in parent: URL? = nil) {
        precondition((Self.minimumBits...Self.maximumBits).contains(bits) && (index == nil || index!.bits == bits))
        self.index = index
        keyMask = CompactStateSet.mask(bits: bits)
        permutationShift = CompactStateSet.permutationShift(bits: bits)
        sliceShift = UInt64(bits - Self.sliceBits)
        restMask = CompactStateSet.mask(bits: bits - Self.sliceBits)
        sets = (0..<StoreSlices.count).map { _ in
            CompactStateSet(wordBits: [bits - Self.sliceBits], tableBits: 8)
        }
        slices = .allocate(capacity: StoreSlices.count)
        slices.initialize(from: sets.map { Unmanaged.passUnretained($0) }, count: StoreSlices.count)
        // Small chunks: the records waiting to be written count in the store's bytes.
        records = RecordFile(kind: "compact", recordWords: 2, in: parent, chunkRecords: 1 << 12)
    }

    deinit { slices.deallocate() }

    /// The set of slice `s`, without retaining it (two retains a key otherwise).
    @inline(__always)
    private func withSet<Result>(_ s: Int, _ body: (CompactStateSet) -> Result) -> Result {
        slices[s]._withUnsafeGuaranteedRef(body)
    }

    var failure: String? { records.failure ?? sets.lazy.compactMap(\.failure).first }

    @inline(__always)
    private func permuted(_ key: UInt64) -> UInt64 {
        CompactStateSet.permute(index.map { UInt64($0.index(of: key)) } ?? key, mask: keyMask, shift: permutationShift)
    }

    @inline(__always)
    func slice(of key: UnsafePointer<UInt64>) -> Int { Int(truncatingIfNeeded: permuted(key[0]) &>> sliceShift) }

    // MARK: Inserting

    /// The initial state is layer 0, its parent none: its record's parent is never read (`parent(of:depth:)`).
    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        _ = insert(key, from: touch(key), parent: UInt64.max)
        [key[0], UInt64.max].withUnsafeBufferPointer { sealLayer($0) }
        return key[0]
    }

    func handle(of id: UInt64) -> UInt64 { id }

    @inline(__always)
    func parentHandle(key: UnsafePointer<UInt64>, entry: UInt64) -> UInt64 { key[0] }

    @inline(__always)
    func movedHandle(_ handle: UInt64) -> UInt64 { handle }

    /// The permuted key, its first slot loading into the cache.
    @inline(__always)
    func touch(_ key: UnsafePointer<UInt64>) -> Int {
        let permuted = permuted(key[0])
        withSet(Int(truncatingIfNeeded: permuted &>> sliceShift)) { $0.touch(spreadFirst: permuted & restMask) }
        return Int(truncatingIfNeeded: permuted)
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count { _ = touch(keys + i) }
    }

    /// The permuted key: the inserts take its slice's set's part of it as it is.
    @inline(__always)
    func arenaForm(of key: UnsafePointer<UInt64>, into form: UnsafeMutablePointer<UInt64>) -> Int {
        let permuted = permuted(key[0])
        form[0] = permuted
        return Int(truncatingIfNeeded: permuted &>> sliceShift)
    }

    func key(ofArenaForm form: UnsafePointer<UInt64>, into key: UnsafeMutablePointer<UInt64>) {
        let number = CompactStateSet.unpermute(form[0], mask: keyMask, shift: permutationShift)
        key[0] = index.map { $0.key(at: Int(number)) } ?? number
    }

    /// The slice's set takes the whole run at once (`CompactStateSet.insert(batch:)`); a new key's entry is its parent.
    func insert(arena entries: UnsafePointer<UInt64>, from first: Int, to end: Int, slice s: Int, added: UnsafeMutablePointer<UInt64>)
        -> (added: Int, full: Int?)
    {
        guard end > first else { return (0, nil) }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: end - first) { new in
            let (count, taken) = withSet(s) { set in
                set.insert(batch: entries + 2 * first, stride: 2, count: end - first, mask: restMask, new: new.baseAddress!)
            }
            for n in 0..<count {
                let i = first + Int(new[n])
                added[2 * n] = UInt64(i)
                added[2 * n + 1] = entries[2 * i + 1]
            }
            // A set that could not grow takes no more: the search stops there, as it does when a store cannot grow.
            return (count, taken < end - first ? first + taken : nil)
        }
    }

    /// `.added(parent)`: the entry the search keeps beside a new key is its parent, for `sealLayer`.
    @inline(__always)
    func insert(_ key: UnsafePointer<UInt64>, from home: Int, parent: UInt64) -> Insertion {
        let permuted = UInt64(truncatingIfNeeded: home)
        var rest = permuted & restMask
        return withSet(Int(truncatingIfNeeded: permuted &>> sliceShift)) { set in
            if set.insert(&rest) { return .added(parent) }
            return set.failure == nil ? .known : .full
        }
    }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion { insert(key, from: touch(key), parent: parent) }

    /// True unless a slice could not grow: the sets grow as they fill, each on the thread inserting into it.
    func grow(toHold more: Int) -> Bool { failure == nil }

    func closeLayer(_ added: UnsafeBufferPointer<UInt64>) {}

    func sealLayer(_ pairs: UnsafeBufferPointer<UInt64>) {
        records.append(records: pairs)
        layerStart.append(records.count)
    }

    // MARK: Reading

    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? {
        // Any key: one with a field beyond its values has no number, and was not visited.
        if let index, index.validIndex(of: key[0]) == nil { return nil }
        let permuted = permuted(key[0])
        var rest = permuted & restMask
        return withSet(Int(truncatingIfNeeded: permuted &>> sliceShift)) { $0.contains(&rest) } ? key[0] : nil
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) { key[0] = id }

    /// The parent in `id`'s record, found by a binary search of layer `depth`'s records (in key order). Nil for the
    /// initial state, and for a state whose record cannot be read (`failure` says why).
    func parent(of id: UInt64, depth: Int) -> UInt64? {
        guard depth > 0 else { return nil }
        precondition(depth + 1 < layerStart.count, "the compact store has no layer \(depth)")
        var low = layerStart[depth]
        var high = layerStart[depth + 1]
        while low < high {
            let middle = low + (high - low) / 2
            guard let (key, parent) = records.withRecord(middle, { ($0[0], $0[1]) }) else { return nil }
            if key == id { return parent }
            if key < id { low = middle + 1 } else { high = middle }
        }
        preconditionFailure("configuration \(id) is not in layer \(depth) of the compact store")
    }
}
