import Foundation
import SMTestSupport
import Testing

@testable import SMAnalyzer

/// The stores on their own, layer by layer as the explorer drives them: a tree of keys whose parent links must
/// survive growth, closed layers and a parent in any slot (slot 0 included).
@Suite("Visited stores")
struct VisitedStoreTests {
    /// Layer `d` holds keys `d * width + i`; key `(d, i)` is reached from `(d - 1, i)` and `(d - 1, (i + 1) % width)`,
    /// the second inserted first, so the store must keep the smaller parent key whichever came first; or, for a
    /// store that keeps the first parent (`inKeyOrder`), the parents in key order, as the explorer inserts into it.
    /// With `index`, the scrambled numbers (below 2^`bits`, at most its count) are indices, and the keys theirs.
    /// With `closesDuringNext`, a layer is closed halfway through inserting the next (`openLayerBeforeClosingLast`),
    /// whose parents also reach each key of the layer before again, from a sibling: a settled key, whose parent stays.
    static func build(
        _ store: some VisitedStore, layers: Int, width: Int, scramble: UInt64, bits: UInt64 = 40, inKeyOrder: Bool = false,
        index: MixedRadixIndex? = nil, insertingThreads: ((Int) -> Int)? = nil, closesDuringNext: Bool = false
    ) {
        // An odd multiplier modulo 2^bits maps distinct numbers to distinct keys.
        let mask = CompactStateSet.mask(bits: Int(bits))
        func key(_ d: Int, _ i: Int) -> UInt64 {
            let number = (UInt64(d * width + i) &* scramble) & mask
            return index.map { $0.key(at: Int(number)) } ?? number
        }
        let buffer = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        defer { buffer.deallocate() }
        buffer[0] = key(0, 0)
        _ = store.insertRoot(buffer)
        var previous: [UInt64] = [key(0, 0)]
        /// The last layer's additions, while they are not closed.
        var unclosed: [UInt64] = []
        for d in 1..<layers {
            if let insertingThreads { store.insertingThreads(insertingThreads(d)) }
            let closesLate = closesDuringNext && d > 1
            if closesLate { store.openLayerBeforeClosingLast() }
            var added: [UInt64] = []
            /// The layer as the partitioned search keeps it: (key, entry) pairs.
            var pairs: [UInt64] = []
            var overflow: [(key: UInt64, parent: UInt64)] = []
            for i in 0..<width {
                if closesLate {
                    if i == width / 2 { store.closeLayer(unclosed) }
                    buffer[0] = previous[i]
                    let again = store.insert(buffer, parent: store.handle(of: previous[(i + 1) % width]))
                    #expect(again == .known, "key \(previous[i]) of layer \(d - 1), reached again from layer \(d - 1)")
                }
                let parents = d == 1 ? [0] : [(i + 1) % width, i]
                for parentIndex in inKeyOrder ? parents.sorted(by: { previous[$0] < previous[$1] }) : parents {
                    buffer[0] = key(d, i)
                    switch store.insert(buffer, parent: store.handle(of: previous[parentIndex])) {
                    case .added(let id):
                        added.append(id)
                        pairs += [key(d, i), id]
                    case .known: break
                    case .full: overflow.append((key(d, i), previous[parentIndex]))
                    }
                }
            }
            if !overflow.isEmpty {
                #expect(store.grow(toHold: overflow.count))
                for (k, parent) in overflow {
                    buffer[0] = k
                    if case .added(let id) = store.insert(buffer, parent: store.handle(of: parent)) {
                        added.append(id)
                        pairs += [k, id]
                    }
                }
            }
            if closesDuringNext { unclosed = added } else { store.closeLayer(added) }
            if let partitioned = store as? any PartitionedStore {
                var scratch: [UInt64] = []
                partitioned.seal(&pairs, scratch: &scratch)
            }
            previous = (0..<width).map { key(d, $0) }
        }
        store.closeLayer(unclosed)
        // Every key's parent is the smaller of its two parents' keys, through every growth.
        for d in 1..<layers {
            for i in 0..<width {
                buffer[0] = key(d, i)
                guard let id = store.lookup(buffer) else {
                    Issue.record("key \(key(d, i)) at layer \(d) is not in the store")
                    continue
                }
                let candidates = d == 1 ? [key(0, 0)] : [key(d - 1, i), key(d - 1, (i + 1) % width)]
                guard let parent = store.parent(of: id, depth: d) else {
                    Issue.record("key \(key(d, i)) at layer \(d) has no parent")
                    continue
                }
                store.key(of: parent, into: buffer)
                #expect(buffer[0] == candidates.min(), "key \(key(d, i)) at layer \(d)")
            }
        }
        buffer[0] = key(0, 0)
        #expect(store.parent(of: store.lookup(buffer)!, depth: 0) == nil)
        #expect(store.count == 1 + (layers - 1) * width)
    }

    @Test("the hashed store keeps parents through growth, whatever slot they sit in", arguments: [1, 0x9E37_79B9, 0xFFFF_FFFB])
    func hashed(scramble: UInt64) {
        // One slot a slice: the table grows many times and slot 0 holds parents early on.
        Self.build(HashedVisitedStore(sliceBits: 0), layers: 40, width: 50, scramble: scramble, inKeyOrder: true)
    }

    @Test(
        "the compact store finds each parent in its layer's records, in memory and on disk",
        arguments: [1, 0x9E37_79B9, 0xFFFF_FFFB])
    func compact(scramble: UInt64) {
        // 30,001 records: more than a few chunks (4,096), so the first layers' are read back from disk.
        let store = CompactVisitedStore(bits: 40)
        Self.build(store, layers: 31, width: 1_000, scramble: scramble, inKeyOrder: true)
        #expect(store.failure == nil)
    }

    @Test("the compact store keeps keys numbered without gaps: fewer bits a key, the same parents")
    func compactMixedRadix() throws {
        // 17 regions of three states: 34 bits a key, 27 a number (3^17 = 129,140,163).
        let index = try #require(MixedRadixIndex(fields: (0..<17).map { (2 * $0, 3) }, limit: .max))
        #expect(index.bits == 27)
        let store = CompactVisitedStore(bits: index.bits, index: index)
        Self.build(store, layers: 31, width: 1_000, scramble: 0x9E37_79B9, bits: 27, inKeyOrder: true, index: index)
        #expect(store.failure == nil)
    }

    @Test(
        "a compact store's arena forms give their keys back, and a slice's entries go in as one key at a time would",
        arguments: [false, true])
    func compactArena(numbered: Bool) throws {
        let index = try #require(MixedRadixIndex(fields: (0..<17).map { (2 * $0, 3) }, limit: .max))
        let store = numbered ? CompactVisitedStore(bits: index.bits, index: index) : CompactVisitedStore(bits: 34)
        var random = SeededRandom(seed: numbered ? 5 : 6)
        // Keys of 17 fields of three values, some twice: the explorer's successors, new and known.
        let distinct = (0..<5_000).map { _ in index.key(at: Int.random(in: 0..<index.count, using: &random)) }
        let keys = distinct + distinct.prefix(2_000)
        var slices = [[UInt64]](repeating: [], count: StoreSlices.count)
        for (i, key) in keys.enumerated() {
            var form: UInt64 = 0
            var back: UInt64 = 0
            let s = withUnsafePointer(to: key) { store.arenaForm(of: $0, into: &form) }
            withUnsafePointer(to: form) { store.key(ofArenaForm: $0, into: &back) }
            #expect(back == key && s == store.slice(of: [key]))
            // The entry: the form, then the parent, here the key's position.
            slices[s] += [form, UInt64(i)]
        }
        var reference = Set<UInt64>()
        for (s, entries) in slices.enumerated() {
            var added = [UInt64](repeating: 0, count: entries.count)
            let (count, full) = entries.withUnsafeBufferPointer {
                store.insert(arena: $0.baseAddress!, from: 0, to: entries.count / 2, slice: s, added: &added)
            }
            #expect(full == nil)
            let expected = (0..<entries.count / 2).filter { reference.insert(keys[Int(entries[2 * $0 + 1])]).inserted }
            // Each new key's position, and its parent as the entry the layer keeps beside it.
            #expect((0..<count).map { Int(added[2 * $0]) } == expected)
            #expect((0..<count).allSatisfy { added[2 * $0 + 1] == entries[2 * Int(added[2 * $0]) + 1] })
        }
        #expect(store.count == reference.count && reference.count == Set(distinct).count)
        #expect(distinct.allSatisfy { store.lookup([$0]) == $0 })
    }

    @Test("the compact store takes keys of a whole word, none reserved: the largest key is a parent past layer 0", arguments: [63, 64])
    func compactWholeWord(bits: UInt64) {
        // Times 2^64 - 1, layer d's one key is -d: layer 1's is all ones (under the mask of `bits`), the parent of
        // layer 2's.
        let chain = CompactVisitedStore(bits: Int(bits))
        Self.build(chain, layers: 8, width: 1, scramble: UInt64.max, bits: bits, inKeyOrder: true)
        // A tree whose keys spread over the whole word.
        let tree = CompactVisitedStore(bits: Int(bits))
        Self.build(tree, layers: 8, width: 100, scramble: 0x9E37_79B9_7F4A_7C15, bits: bits, inKeyOrder: true)
        #expect(chain.failure == nil && tree.failure == nil)
    }

    @Test(
        "the compact store of long keys reads each state's key and parent back by its id, from disk and from memory",
        arguments: [[64, 20], [64, 64, 3], [40, 40], [5], [3]])
    func wideCompact(wordBits: [Int]) throws {
        let store = WideCompactVisitedStore(wordBits: wordBits)
        let words = wordBits.count
        // Distinct keys under each word's bits: the i-th key's first word is i times an odd number (a bijection of
        // the first word's values); when it has fewer than 16 bits, the second word is the rest of i; the others a
        // function of i. 40,000 keys: past the 1,024 records a slice keeps in memory, so most are read back from
        // disk (keys of 3 or 5 bits: all of their values).
        let firstTells = wordBits[0] >= 16
        let distinct = firstTells ? Int.max : 1 << min(62, wordBits[0] + (words > 1 ? wordBits[1] : 0))
        let count = min(40_000, distinct)
        func key(_ i: Int) -> [UInt64] {
            (0..<words).map { w in
                let value =
                    w == 0
                    ? UInt64(i) &* 0x9E37_79B9_7F4A_7C15
                    : w == 1 && !firstTells ? UInt64(i >> wordBits[0]) : UInt64(i / 7) &* 0xBF58_476D_1CE4_E5B9 &+ UInt64(w)
                return value & CompactStateSet.mask(bits: wordBits[w])
            }
        }
        var ids: [UInt64] = []
        var parents: [Int?] = []
        for i in 0..<count {
            // The parent of key i is key i / 3, inserted before it.
            let parent = i == 0 ? nil : i / 3
            let insertion = key(i).withUnsafeBufferPointer { key in
                parent.map { store.insert(key.baseAddress!, parent: ids[$0]) } ?? .added(store.insertRoot(key.baseAddress!))
            }
            guard case .added(let id) = insertion else {
                Issue.record("key \(i) was not added: \(insertion)")
                return
            }
            ids.append(id)
            parents.append(parent)
        }
        #expect(store.count == count && Set(ids).count == count && store.failure == nil)
        let buffer = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        defer { buffer.deallocate() }
        for i in stride(from: 0, to: count, by: 1 + count / 5_000) {
            store.key(of: ids[i], into: buffer)
            #expect(Array(UnsafeBufferPointer(start: buffer, count: words)) == key(i), "key \(i)")
            #expect(store.parent(of: ids[i], depth: 1) == parents[i].map { ids[$0] }, "key \(i)")
            #expect(key(i).withUnsafeBufferPointer { store.lookup($0.baseAddress!) } != nil, "key \(i)")
            #expect(key(i).withUnsafeBufferPointer { store.insert($0.baseAddress!, parent: ids[0]) } == .known, "key \(i)")
        }
        // Keys never inserted (past the count, when the keys have room for more) are not there.
        for i in count..<min(distinct, count + 100) {
            #expect(key(i).withUnsafeBufferPointer { store.lookup($0.baseAddress!) } == nil, "key \(i)")
        }
    }

    @Test("records that cannot be written stay in memory, readable, and appending them ends")
    func recordsWithoutDisk() throws {
        let scratch = try ScratchDirectory()
        let gone = scratch.url.appendingPathComponent("gone")
        try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: false)
        // Writable when made, gone when the first chunk is due.
        let file = RecordFile(kind: "compact", recordWords: 2, in: gone, chunkRecords: 4)
        #expect(file.failure == nil)
        try FileManager.default.removeItem(at: gone)
        let words = (0..<40).map(UInt64.init)
        words.withUnsafeBufferPointer { file.append(records: $0) }
        #expect(file.failure?.hasPrefix("the compact search cannot make a directory for its layers in \(gone.path)") == true)
        #expect(file.count == 20)
        for i in 0..<20 {
            let record: [UInt64]? = file.withRecord(UInt64(i)) { [$0[0], $0[1]] }
            #expect(record == [UInt64(2 * i), UInt64(2 * i + 1)])
        }
    }

    @Test(
        "the dense store keeps the same parents, also once its array is backed by huge pages, as a store for one thread or for several",
        arguments: [(bits: 20, width: 50, threads: 1), (bits: 19, width: 500, threads: 1), (bits: 20, width: 50, threads: 2)])
    func dense(bits: Int, width: Int, threads: Int) throws {
        // The second: a 2 MB array, a slot in 64 taken at the 17th layer, when it is collapsed into a huge page
        // (`askForHugePagesWhenDense`) with 22 layers still to insert, and every parent read back after. The third:
        // a store for two threads, whose inserts claim a slot before reading it (`writesFirst`).
        let store = try #require(DenseVisitedStore(bits: bits, threads: threads))
        Self.build(store, layers: 40, width: width, scramble: 0x9E37_79B9, bits: UInt64(bits))
    }

    @Test("the dense store of a search for two threads keeps the same parents through layers one thread inserts alone")
    func denseAloneAndShared() throws {
        // Layers alternately told one and two threads: the lone ones claim slots and replace parents with plain
        // stores, and count the new states without a stripe of their own.
        let store = try #require(DenseVisitedStore(bits: 20, threads: 2))
        Self.build(store, layers: 40, width: 50, scramble: 0x9E37_79B9, bits: 20, insertingThreads: { $0 % 3 == 0 ? 2 : 1 })
    }

    @Test(
        "the dense store keeps the same parents when each layer is closed halfway through inserting the next, which reaches it again",
        arguments: [1, 2])
    func denseClosedDuringNextLayer(threads: Int) throws {
        // As the search does when two threads share consecutive layers: each closes its part of a layer while the
        // next is expanded, and the next layer's building bit tells its slots from the last one's.
        let store = try #require(DenseVisitedStore(bits: 20, threads: threads))
        Self.build(store, layers: 40, width: 50, scramble: 0x9E37_79B9, bits: 20, closesDuringNext: true)
    }

    @Test(
        "the dense store numbers keys whose fields are not powers of two without gaps, and keeps the same parents",
        arguments: [1, 2])
    func denseMixedRadix(threads: Int) throws {
        // Fields of 3, 2, 5, 2,000 and 100 values in 24 bits: 6,000,000 slots where the bits would give 16,777,216.
        let index = try #require(MixedRadixIndex(fields: [(0, 3), (2, 2), (3, 5), (6, 2_000), (17, 100)], limit: 1 << 28))
        #expect(index.count == 6_000_000)
        let store = try #require(DenseVisitedStore(index: index, threads: threads))
        Self.build(store, layers: 40, width: 500, scramble: 0x9E37_79B9, bits: 22, index: index)
    }

    @Test("the dense store's memory is the pages its states lie in, not four bytes a state")
    func densePages() throws {
        let store = try #require(DenseVisitedStore(bits: 24))
        #expect(store.bytes == 0)
        let key = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        defer { key.deallocate() }
        // Two states at the ends of a 64 MB array: two pages, or two huge pages where the kernel gives them always;
        // not the array.
        key[0] = 0
        _ = store.insertRoot(key)
        key[0] = (1 << 24) - 1
        _ = store.insert(key, parent: 0)
        let page = Int(getpagesize())
        #expect(store.count == 2)
        #expect(store.bytes >= 2 * page && store.bytes <= 2 * (2 << 20) && store.bytes % page == 0, "\(store.bytes) bytes")
    }
}

@Suite("Sorting a layer's ids")
struct RadixSortTests {
    @Test("a sort split between more threads than pairs leaves the extra threads nothing and sorts the rest")
    func fewerPairsThanThreads() {
        let helpers = HelperThreads(count: 2)
        defer { helpers.stop() }
        var pairs: [UInt64] = [9, 0, 3, 1]
        var scratch: [UInt64] = []
        RadixSort.sortPairs(&pairs, scratch: &scratch, parts: 3, run: helpers.run)
        #expect(pairs == [3, 1, 9, 0])
    }

    @Test(
        "the radix sort gives the standard sort's order, below and above the size where it takes over",
        arguments: [0, 1, 100, 511, 512, 5_000, 70_000])
    func agreesWithSort(count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 1)
        var keys = (0..<count).map { _ in UInt64.random(in: 0..<(1 << 28), using: &random) }
        let expected = keys.sorted()
        var scratch: [UInt64] = []
        RadixSort.sort(&keys, bits: 28, scratch: &scratch)
        #expect(keys == expected)
        // The scratch is kept and reused.
        RadixSort.sort(&keys, bits: 28, scratch: &scratch)
        #expect(keys == expected)
    }

    @Test(
        "keys of any width sort, in as few passes as 11-bit digits allow, split evenly (one digit, 10 and 11 bits, 12 in two, 42 in four)",
        arguments: [1, 10, 11, 12, 22, 23, 42, 63])
    func everyWidth(bits: Int) {
        var random = SeededRandom(seed: UInt64(bits))
        var keys = (0..<3_000).map { _ in UInt64.random(in: 0..<(1 << UInt64(bits)), using: &random) }
        let expected = keys.sorted()
        var scratch: [UInt64] = []
        RadixSort.sort(&keys, bits: bits, scratch: &scratch)
        #expect(keys == expected)
    }

    @Test("entries of keys of several words sort by key, the last word first, stably", arguments: [0, 1, 2, 100, 5_000, 70_000])
    func sortsEntries(count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 11)
        // Keys of three words, each of few values (equal keys keep their order), in high and low bits; the
        // companion numbers the entries as they came.
        let keys = (0..<count).map { _ in
            (0..<3).map { _ in UInt64.random(in: 0..<4, using: &random) << 40 | UInt64.random(in: 0..<3, using: &random) }
        }
        let entries = keys.enumerated().flatMap { $1 + [UInt64($0)] }
        let expected = keys.enumerated().sorted { a, b in
            (a.element[2], a.element[1], a.element[0], a.offset) < (b.element[2], b.element[1], b.element[0], b.offset)
        }.flatMap { $1 + [UInt64($0)] }
        var scratch: [UInt64] = []
        for threads in [1, 2, 3] {
            let helpers = HelperThreads(count: threads - 1)
            defer { helpers.stop() }
            var sorted = entries
            RadixSort.sortEntries(&sorted, keyWords: 3, scratch: &scratch, parts: threads, run: helpers.run)
            #expect(sorted == expected, "\(threads) threads")
        }
    }

    @Test("pairs sort by key, stably, each companion staying with its key", arguments: [0, 1, 2, 100, 5_000, 70_000])
    func sortsPairs(count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 7)
        // Few distinct keys, so equal keys must keep their order; companions number the pairs as they came.
        let keys = (0..<count).map { _ in UInt64.random(in: 0..<UInt64(max(1, count / 4)), using: &random) << 20 | 0xF }
        var pairs = keys.enumerated().flatMap { [$1, UInt64($0)] }
        let expected = keys.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.flatMap { [$1, UInt64($0)] }
        var scratch: [UInt64] = []
        let unsorted = pairs
        RadixSort.sortPairs(&pairs, scratch: &scratch)
        #expect(pairs == expected)
        // Each pass split between threads, as the explorer sorts a big layer: the same order.
        for threads in [2, 3] {
            let helpers = HelperThreads(count: threads - 1)
            defer { helpers.stop() }
            var copy = unsorted
            RadixSort.sortPairs(&copy, scratch: &scratch, parts: threads, run: helpers.run)
            #expect(copy == expected, "\(threads) threads")
        }
    }
}
