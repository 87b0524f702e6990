import Foundation
@_spi(Stepping) import SMEngine

/// The compact store for keys of any length (`--compact`, and keys longer than a word when there is a disk), filled
/// from every thread: the keys split into `StoreSlices.count` slices, each an exact `CompactStateSet` of a few bytes
/// a configuration, and each slice's states with their parents on disk, in the order the slice took them (a
/// `RecordFile` per slice).
///
/// A key's first word is spread once (`CompactStateSet.spread`, keyed by the other words): its top bits choose the
/// slice, and the slice's set takes the rest of it, so those bits are not stored.
///
/// A state's id is its slice and its place among the slice's records (`place << 4 | slice`), so its record, its key
/// and its parent, is read directly. A layer is sealed in key order (the last word the most significant), so the
/// first parent to reach a key in a layer, its parent, is the smallest, as in the stores whose ids are keys; and
/// states expanded one after the other are alike, which the step memos and the decoded checkpoint make use of.
/// (Where several configurations of a layer show one finding, the explorer shows the one of the smallest id:
/// here not the smallest key, but as deterministic.) Each slice's records are a file of its own: a big search holds
/// 16 descriptors while its exploration lives.
final class WideCompactVisitedStore: PartitionedStore, @unchecked Sendable {
    private static let sliceBits = UInt64(StoreSlices.count.trailingZeroBitCount)
    /// Records a slice keeps in memory before it writes them: 16 slices hold 16 such chunks.
    private static let chunkRecords = 1 << 10

    let keyWords: Int
    let isConcurrent = true
    let kind = "wide compact"
    /// One slice's set and records, unretained for the hot path (`sets` and `files` keep them).
    private struct Slice {
        let set: Unmanaged<CompactStateSet>
        let records: Unmanaged<RecordFile>
    }
    private let sets: [CompactStateSet]
    private let files: [RecordFile]
    private let slices: UnsafeMutablePointer<Slice>
    /// The used bits of the first key word, and the shift of their permutation.
    private let firstMask: UInt64
    private let permutationShift: UInt64
    /// A spread first word's slice is the word shifted right by this (0 for a word of 4 bits or fewer: the word is
    /// the slice); the rest of it, under `restMask`, goes to the slice's set.
    private let sliceShift: UInt64
    private let restMask: UInt64

    var count: Int { sets.reduce(0) { $0 + $1.stored } }
    var bytes: Int { sets.reduce(0) { $0 + $1.bytes } + files.reduce(0) { $0 + $1.bufferedBytes } }
    var failure: String? { files.lazy.compactMap(\.failure).first ?? sets.lazy.compactMap(\.failure).first }

    /// A store for keys of `wordBits.count` words, each using its low `wordBits[w]` bits (as `StateCodec` packs
    /// them); its records go under `parent` (by default `TMPDIR`). A store with nowhere to write its records says so
    /// in `failure`.
    init(wordBits: [Int], in parent: URL? = nil) {
        keyWords = wordBits.count
        let firstBits = wordBits[0]
        firstMask = CompactStateSet.mask(bits: firstBits)
        permutationShift = CompactStateSet.permutationShift(bits: firstBits)
        // A first word shorter than the slice bits fills fewer slices (a search of a few configurations).
        let restBits = firstBits - min(firstBits, Int(Self.sliceBits))
        sliceShift = UInt64(restBits)
        restMask = CompactStateSet.mask(bits: restBits)
        let setBits = [restBits] + wordBits.dropFirst()
        sets = (0..<StoreSlices.count).map { _ in CompactStateSet(wordBits: setBits, tableBits: 8) }
        files = (0..<StoreSlices.count).map { _ in
            RecordFile(kind: "compact", recordWords: wordBits.count + 1, in: parent, chunkRecords: Self.chunkRecords)
        }
        slices = .allocate(capacity: StoreSlices.count)
        for s in 0..<StoreSlices.count {
            (slices + s).initialize(to: Slice(set: .passUnretained(sets[s]), records: .passUnretained(files[s])))
        }
    }

    deinit { slices.deallocate() }

    @inline(__always)
    private func spread(_ key: UnsafePointer<UInt64>) -> UInt64 {
        CompactStateSet.spread(key, words: keyWords, mask: firstMask, shift: permutationShift)
    }

    /// The slice of a spread first word.
    @inline(__always)
    private func slice(spread: UInt64) -> Int { Int(truncatingIfNeeded: spread >> sliceShift) }

    @inline(__always)
    func slice(of key: UnsafePointer<UInt64>) -> Int { slice(spread: spread(key)) }

    /// Calls `body` with the key as its slice's set takes it: the rest of the spread first word, then the other words.
    /// `body` gets the set unretained: a closure that held it, or a method taken as a value, would cost a retain and
    /// a release per key.
    @inline(__always)
    private func withSetKey<Result>(
        _ key: UnsafePointer<UInt64>, spread: UInt64, _ body: (CompactStateSet, UnsafePointer<UInt64>) -> Result
    ) -> Result {
        let words = keyWords
        let set = slices[slice(spread: spread)].set
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { setKey in
            let setKey = setKey.baseAddress!
            setKey[0] = spread & restMask
            for w in 1..<max(1, words) { setKey[w] = key[w] }
            return set._withUnsafeGuaranteedRef { body($0, setKey) }
        }
    }

    // MARK: Inserting

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        guard case .added(let id) = insert(key, from: touch(key), parent: UInt64.max) else {
            preconditionFailure("an empty store knows no key")
        }
        return id
    }

    func handle(of id: UInt64) -> UInt64 { id }

    @inline(__always)
    func parentHandle(key: UnsafePointer<UInt64>, entry: UInt64) -> UInt64 { entry }

    @inline(__always)
    func id(key: UnsafePointer<UInt64>, entry: UInt64) -> UInt64 { entry }

    @inline(__always)
    func movedHandle(_ handle: UInt64) -> UInt64 { handle }

    /// The key's spread first word, its first slot loading into the cache.
    @inline(__always)
    func touch(_ key: UnsafePointer<UInt64>) -> Int {
        let spread = spread(key)
        slices[slice(spread: spread)].set._withUnsafeGuaranteedRef { $0.touch(spreadFirst: spread & restMask) }
        return Int(truncatingIfNeeded: spread)
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count { _ = touch(keys + i * keyWords) }
    }

    /// `.added(id)`: the entry the search keeps beside a new key is its id. `home` is what `touch` answered.
    @inline(__always)
    func insert(_ key: UnsafePointer<UInt64>, from home: Int, parent: UInt64) -> Insertion {
        let spread = UInt64(truncatingIfNeeded: home)
        let s = slice(spread: spread)
        guard withSetKey(key, spread: spread, { $0.insert($1) }) else {
            return slices[s].set._withUnsafeGuaranteedRef { $0.failure == nil } ? .known : .full
        }
        return slices[s].records._withUnsafeGuaranteedRef { records in
            let place = records.count
            records.append(key, parent)
            return .added(place << Self.sliceBits | UInt64(s))
        }
    }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion { insert(key, from: touch(key), parent: parent) }

    /// True unless a slice could not grow: the sets grow as they fill, each on the thread inserting into it.
    func grow(toHold more: Int) -> Bool { failure == nil }

    func closeLayer(_ added: UnsafeBufferPointer<UInt64>) {}

    /// Puts the layer in key order; its records were written as its states were added.
    func seal(_ layer: inout [UInt64], scratch: inout [UInt64], parts: Int, run: ((Int) -> Void) -> Void) {
        RadixSort.sortEntries(&layer, keyWords: keyWords, scratch: &scratch, parts: parts, run: run)
    }

    // MARK: Reading

    /// `UInt64.max` when the key was visited: the sets know keys, not ids.
    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? {
        let spread = spread(key)
        return withSetKey(key, spread: spread, { $0.contains($1) }) ? UInt64.max : nil
    }

    /// The record of `id`, read by `body`; nil when it cannot be read (`failure` says why).
    private func withRecord<Result>(_ id: UInt64, _ body: (UnsafePointer<UInt64>) -> Result) -> Result? {
        files[Int(id & (UInt64(StoreSlices.count) - 1))].withRecord(id >> Self.sliceBits, body)
    }

    /// Zeros when the record cannot be read (`failure` says why).
    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) {
        let words = keyWords
        if withRecord(id, { record in key.update(from: record, count: words) }) == nil {
            key.update(repeating: 0, count: words)
        }
    }

    /// Nil for the initial state, and for a state whose record cannot be read (`failure` says why).
    func parent(of id: UInt64, depth: Int) -> UInt64? {
        let words = keyWords
        let parent = withRecord(id) { $0[words] } ?? UInt64.max
        return parent == UInt64.max ? nil : parent
    }
}
