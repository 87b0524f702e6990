import SMTestSupport
import Testing

@testable import SMAnalyzer

/// The compact store's set against a plain `Set`: the same answers for every key, through growth of the table and
/// of its distances, whatever the key's shape, with every run of slots kept in Robin Hood order.
@Suite("Compact state set")
struct CompactStateSetTests {
    /// Key shapes: one word narrower than the table, one of the philosophers' width, a full word, and keys of several
    /// words whose slots are narrow or wider than a word (the two paths), with a word of no bits among them.
    static let shapes: [[Int]] = [[9], [42], [64], [30, 20], [64, 0, 64], [5, 64, 3]]

    /// Random keys of a shape, in a few clusters (keys that differ in a few low bits, or only in their later words).
    static func keys(_ shape: [Int], count: Int, seed: UInt64) -> [[UInt64]] {
        var random = SeededRandom(seed: seed)
        func value(_ bits: Int) -> UInt64 { bits == 0 ? 0 : UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64(64 - bits) }
        var keys: [[UInt64]] = []
        while keys.count < count {
            let base = shape.map(value)
            for delta in 0..<8 where keys.count < count {
                var key = base
                // Vary the last word with bits in it, so some keys share every other word.
                if let last = shape.lastIndex(where: { $0 > 0 }) {
                    key[last] = (key[last] ^ UInt64(delta)) & (shape[last] == 64 ? ~0 : (1 << UInt64(shape[last])) - 1)
                }
                keys.append(key)
            }
        }
        return keys
    }

    /// The key as the compact stores hand it to the set: its first word spread (`CompactStateSet.spread`), a bijection
    /// for each value of the other words, so spread keys are as distinct as the keys.
    static func spread(_ key: [UInt64], _ shape: [Int]) -> [UInt64] {
        var spread = key
        spread[0] = key.withUnsafeBufferPointer {
            CompactStateSet.spread(
                $0.baseAddress!, words: shape.count, mask: CompactStateSet.mask(bits: shape[0]),
                shift: CompactStateSet.permutationShift(bits: shape[0]))
        }
        return spread
    }

    @Test("answers as a Set does, through growth", arguments: shapes, [2, 8])
    func agreesWithSet(shape: [Int], distanceBits: Int) {
        // Two distance bits allow one slot of displacement: the distances must grow many times.
        let set = CompactStateSet(wordBits: shape, tableBits: 4, distanceBits: distanceBits)
        var reference = Set<[UInt64]>()
        let all = Self.keys(shape, count: 6_000, seed: UInt64(shape.reduce(7, &+) &* 31 &+ distanceBits))
        let (inserted, absent) = (all[..<4_000], all[4_000...])
        for key in inserted + inserted.prefix(500) {
            let new = Self.spread(key, shape).withUnsafeBufferPointer { set.insert($0.baseAddress!) }
            #expect(new == reference.insert(key).inserted, "\(key)")
        }
        #expect(set.stored == reference.count)
        #expect(set.failure == nil)
        // Every run in the order of its keys' homes, which is what lets a probe for an absent key stop early.
        #expect(set.isInRobinHoodOrder)
        for key in all {
            let found = Self.spread(key, shape).withUnsafeBufferPointer { set.contains($0.baseAddress!) }
            #expect(found == reference.contains(key), "\(key)")
        }
        // Nine bits have 512 keys, all inserted; wider keys must leave some absent for the lookups to say anything.
        #expect(shape == [9] ? reference.count == 512 : absent.contains { !reference.contains($0) })
    }

    /// Shapes of one word, whose slots are narrow or (with 64 bits and long distances) wider than a word.
    @Test("takes keys in batches as it takes them one by one, a caller's bits above them dropped", arguments: [[9], [42], [64]], [2, 8])
    func batchesAgreeWithSet(shape: [Int], distanceBits: Int) {
        let set = CompactStateSet(wordBits: shape, tableBits: 4, distanceBits: distanceBits)
        var reference = Set<[UInt64]>()
        let keys = Self.keys(shape, count: 3_000, seed: UInt64(shape.reduce(11, &+) &* 17 &+ distanceBits))
        // Batches of every size from 1 up, each key once or twice, with a slice number above a one-word key's bits.
        let stream = (keys + keys.prefix(700)).map { Self.spread($0, shape) }
        let slice: UInt64 = shape[0] == 64 ? 0 : 5 << UInt64(shape[0])
        var start = 0
        var size = 1
        while start < stream.count {
            let batch = stream[start..<min(stream.count, start + size)]
            // Two words an entry, as the arena keeps them: the first word (with the slice), then anything.
            let entries: [UInt64] = batch.flatMap { key -> [UInt64] in [key[0] | slice, 99] }
            var new = [Int32](repeating: -1, count: batch.count)
            let (added, taken) = entries.withUnsafeBufferPointer { entries in
                set.insert(
                    batch: entries.baseAddress!, stride: 2, count: batch.count, mask: CompactStateSet.mask(bits: shape[0]), new: &new)
            }
            #expect(taken == batch.count)
            let expected = batch.enumerated().filter { reference.insert(keys[(start + $0.offset) % keys.count]).inserted }.map {
                Int32($0.offset)
            }
            #expect(Array(new.prefix(added)) == expected, "batch at \(start)")
            start += size
            size = size % 37 + 1
        }
        #expect(set.stored == reference.count && set.failure == nil && set.isInRobinHoodOrder)
        for key in keys { #expect(Self.spread(key, shape).withUnsafeBufferPointer { set.contains($0.baseAddress!) }) }
    }

    @Test("unpermute undoes permute", arguments: [12, 13, 37, 42, 63, 64])
    func unpermuteUndoesPermute(bits: Int) {
        var random = SeededRandom(seed: UInt64(bits))
        let mask = CompactStateSet.mask(bits: bits)
        let shift = CompactStateSet.permutationShift(bits: bits)
        for _ in 0..<2_000 {
            let word = UInt64.random(in: 0...UInt64.max, using: &random) & mask
            let permuted = CompactStateSet.permute(word, mask: mask, shift: shift)
            #expect(permuted & ~mask == 0 && CompactStateSet.unpermute(permuted, mask: mask, shift: shift) == word)
        }
    }

    @Test("a key of no bits (a machine of one configuration) is stored once")
    func emptyKey() {
        let set = CompactStateSet(wordBits: [0])
        var key: UInt64 = 0
        #expect(set.insert(&key))
        #expect(!set.insert(&key))
        #expect(set.contains(&key) && set.stored == 1)
    }

    @Test("a slot takes the key's bits less those its home gives, and the table stays at most 90% full")
    func size() {
        let set = CompactStateSet(wordBits: [42])
        for key in Self.keys([42], count: 200_000, seed: 3) {
            _ = Self.spread(key, [42]).withUnsafeBufferPointer { set.insert($0.baseAddress!) }
        }
        // 200,000 keys need 2^18 slots; a slot: 42 - 18 remainder bits and the distance's.
        #expect(set.tableBits == 18)
        #expect(set.bytes * 8 < (1 << 18) * (42 - 18 + set.distanceBits) + 128)
        #expect(Double(set.stored) <= CompactStateSet.maximumLoad * Double(1 << set.tableBits))
    }
}
