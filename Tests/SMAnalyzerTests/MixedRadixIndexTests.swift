import SMTestSupport
import Testing

@testable import SMAnalyzer

@Suite("Numbering keys in a mixed radix")
struct MixedRadixIndexTests {
    /// Every key of fields with these value counts (from bit 0 up, each in the bits its count needs), in key order.
    static func keys(of counts: [Int]) -> (fields: [(shift: Int, values: Int)], keys: [UInt64]) {
        var fields: [(shift: Int, values: Int)] = []
        var shift = 0
        for count in counts {
            fields.append((shift, count))
            shift += Int.bitWidth - (count - 1).leadingZeroBitCount
        }
        var keys: [UInt64] = [0]
        for field in fields {
            keys = keys.flatMap { key in (0..<field.values).map { key | UInt64($0) << UInt64(field.shift) } }
        }
        return (fields, keys.sorted())
    }

    @Test(
        "the keys in order get the indices 0, 1, 2 and so on, and each index gives its key back",
        arguments: [[3, 2, 5, 4, 7], [2, 4, 3], [150, 2], [5], [4, 8, 2], [3, 3, 3, 3, 3, 3, 3], [300, 2, 2, 2, 2, 2, 2, 2, 2, 3]])
    func gapless(counts: [Int]) throws {
        let (fields, keys) = Self.keys(of: counts)
        let index = try #require(MixedRadixIndex(fields: fields, limit: 1 << 28))
        #expect(index.count == counts.reduce(1, *))
        #expect(keys.count == index.count)
        for (expected, key) in keys.enumerated() {
            guard index.index(of: key) == expected, index.validIndex(of: key) == expected, index.key(at: expected) == key else {
                let valid = index.validIndex(of: key).map(String.init) ?? "none"
                Issue.record(
                    "key \(key): index \(index.index(of: key)), valid \(valid), expected \(expected), its key \(index.key(at: expected))")
                return
            }
        }
        // Only counts that are powers of two: one digit, and a key is its own index.
        #expect(index.isIdentity == (counts.dropLast().allSatisfy { $0.nonzeroBitCount == 1 }))
    }

    @Test("keys past 32 bits, and weights past 2^31: the index is the mixed-radix number of the fields")
    func wideKeys() throws {
        // 17 fields of three values (34 bits, five bytes of tables), then 3 and 2^30 values (32 bits).
        let threes = try #require(MixedRadixIndex(fields: (0..<17).map { (2 * $0, 3) }, limit: .max))
        #expect(threes.count == 129_140_163 && threes.bits == 27)
        var random = SeededRandom(seed: 17)
        var samples: [(key: UInt64, index: Int)] = []
        for _ in 0..<2_000 {
            let digits = (0..<17).map { _ in Int.random(in: 0..<3, using: &random) }
            let key = digits.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(2 * $1.offset) }
            let index = digits.reversed().reduce(0) { $0 * 3 + $1 }
            samples.append((key, index))
            #expect(threes.index(of: key) == index && threes.validIndex(of: key) == index && threes.key(at: index) == key)
        }
        let byKey = samples.sorted { $0.key < $1.key }.map(\.index)
        #expect(byKey == byKey.sorted(), "a greater key has a greater index")
        let big = try #require(MixedRadixIndex(fields: [(0, 3), (2, 1 << 30)], limit: 1 << 32))
        let top = UInt64(2) | UInt64((1 << 30) - 1) << 2
        #expect(big.index(of: top) == 2 + 3 * ((1 << 30) - 1) && big.key(at: big.count - 1) == top)
        // A whole word: 3 × (2^61 + 1) numbers, where a byte of the top field's bits weighs more than an Int holds.
        let whole = try #require(MixedRadixIndex(fields: [(0, 3), (2, (1 << 61) + 1)], limit: .max))
        let last = UInt64(2) | UInt64(1 << 61) << 2
        #expect(whole.bits == 63 && whole.validIndex(of: last) == whole.count - 1 && whole.key(at: whole.count - 1) == last)
        #expect(whole.validIndex(of: UInt64(2) | UInt64((1 << 61) + 1) << 2) == nil)
    }

    @Test("a key with a field beyond its values, or bits above the fields, has no index")
    func invalidKeys() throws {
        let index = try #require(MixedRadixIndex(fields: [(0, 3), (2, 2), (3, 150)], limit: 1 << 28))
        #expect(index.validIndex(of: 0b1_10) == 2 + 3 * 1)
        #expect(index.validIndex(of: 3) == nil, "3 in a field of 3 values")
        #expect(index.validIndex(of: 149 << 3) == 149 * 3 * 2)
        #expect(index.validIndex(of: 150 << 3) == nil, "150 in a field of 150 values")
        #expect(index.validIndex(of: 1 << 11) == nil, "a bit above the fields")
    }

    @Test("more indices than the limit: no index; no fields: one index, the empty key's")
    func limits() throws {
        let counters = [(0, 2), (1, 150), (9, 150), (17, 150)]
        #expect(MixedRadixIndex(fields: counters, limit: 6_749_999) == nil)
        #expect(try #require(MixedRadixIndex(fields: counters, limit: 6_750_000)).count == 6_750_000)
        // 2^30 × 3: past a limit of 2^31, within one of 2^32.
        #expect(MixedRadixIndex(fields: [(0, 1 << 30), (30, 3)], limit: 1 << 31) == nil)
        #expect(try #require(MixedRadixIndex(fields: [(0, 1 << 30), (30, 3)], limit: 1 << 32)).count == 3 << 30)
        let empty = try #require(MixedRadixIndex(fields: [], limit: 1))
        #expect(empty.count == 1 && empty.index(of: 0) == 0 && empty.key(at: 0) == 0)
    }
}
