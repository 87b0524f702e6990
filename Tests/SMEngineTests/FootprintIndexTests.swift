import Testing

@testable import SMEngine

@Suite("Footprint indexes and the step memo's tables")
struct FootprintIndexTests {
    /// A region's field, a flag and a neighbour's flag in one word, and two bits in the next: five runs, 10 bits.
    static let mask: [UInt64] = [0b11 << 3 | 1 << 17 | 1 << 40 | 1 << 41 | 0b111 << 60, 0b11 << 5]

    /// Every key whose bits outside the mask are `noise`, with the mask's bits set from `value`'s, lowest first.
    static func key(spreading value: Int, under mask: [UInt64], noise: [UInt64]) -> [UInt64] {
        var key = zip(noise, mask).map { $0 & ~$1 }
        var next = 0
        for w in mask.indices {
            for bit in 0..<64 where mask[w] & (1 << UInt64(bit)) != 0 {
                if value & (1 << next) != 0 { key[w] |= 1 << UInt64(bit) }
                next += 1
            }
        }
        return key
    }

    @Test("the bits under a footprint number the values 0 ..< 2^bits, one each, whatever the other bits")
    func indexIsABijection() {
        let index = FootprintIndex(masks: [[], Self.mask])
        defer { index.deallocate() }
        let bits = Self.mask.reduce(0) { $0 + $1.nonzeroBitCount }
        for noise: [UInt64] in [[0, 0], [~0, ~0], [0x1234_5678_9ABC_DEF0, 0x0FED_CBA9_8765_4321]] {
            var seen = Set<Int>()
            for value in 0..<(1 << bits) {
                let key = Self.key(spreading: value, under: Self.mask, noise: noise)
                let i = key.withUnsafeBufferPointer { index.index(1, $0.baseAddress!) }
                #expect(i == value, "value \(value) with noise \(noise) came out as \(i)")
                seen.insert(i)
            }
            #expect(seen.count == 1 << bits)
        }
    }

    @Test("the memo gives back what it stored, for a small footprint (its own table) and a big one (the shared table)")
    func memoRemembersBothWays() {
        let small = Self.mask
        let big: [UInt64] = [0xFFFF_0000, 0]
        // Both footprints read a variable: bits outside the control mask.
        let control: [UInt64] = [0b11 << 3, 0]
        let memo = StepMemo(footprints: [small, big, nil], control: control, words: 2)
        #expect(memo.isMemoized(0) && memo.isMemoized(1) && !memo.isMemoized(2))
        #expect(memo.hasOwnTable(0) && !memo.hasOwnTable(1), "the small footprint has a table of its own, the big one shares")
        var successor: [UInt64] = [0, 0]
        for (instance, mask) in [(0, small), (1, big)] {
            let parent = Self.key(spreading: 5, under: mask, noise: [0xAAAA_AAAA_AAAA_AAAA, 0x5555])
            let other = Self.key(spreading: 6, under: mask, noise: [0xAAAA_AAAA_AAAA_AAAA, 0x5555])
            let stepped = zip(parent, mask).map { $0 ^ $1 }
            #expect(memo.successor(instance, of: parent, into: &successor) == .unknown)
            memo.store(instance, parent: parent, successor: stepped, handled: true)
            memo.store(instance, parent: other, successor: other, handled: false)
            #expect(memo.successor(instance, of: parent, into: &successor) == .step)
            #expect(successor == stepped)
            // Other bits outside the footprint: the same step, applied to them.
            let moved = [parent[0] ^ ~mask[0], parent[1]]
            #expect(memo.successor(instance, of: moved, into: &successor) == .step)
            #expect(successor == [stepped[0] ^ ~mask[0], stepped[1]])
            #expect(memo.successor(instance, of: other, into: &successor) == .unhandled)
        }
    }

    @Test("a footprint without variables is remembered only in a table of its own; tables of their own stop at a budget")
    func tablesOfTheirOwn() {
        // Control bits only: 3 bits get a table; 13 bits are left to the plans, keyed on the same bits.
        let control: [UInt64] = [0xFFFF]
        let memo = StepMemo(footprints: [[0b111], [0x1FFF]], control: control, words: 1)
        #expect(memo.isMemoized(0) && memo.hasOwnTable(0))
        #expect(!memo.isMemoized(1) && !memo.hasOwnTable(1))
        var successor: [UInt64] = [0]
        #expect(memo.successor(0, of: [0b101], into: &successor) == .unknown)
        memo.store(0, parent: [0b101], successor: [0b110], handled: true)
        #expect(memo.known(0, [0xF0 | 0b101])?.handled == true, "bits outside the footprint do not matter")
        #expect(memo.known(0, [0b100]) == nil)
        // 12-bit footprints with a variable bit, one word: 64 tables of 4,096 two-word entries fill the budget of
        // 2^19 words; the others share the hashed table, still remembered.
        let wide: [UInt64] = [0xFFF << 16]
        let many = StepMemo(footprints: Array(repeating: wide, count: 70), control: control, words: 1)
        #expect((0..<70).filter { many.hasOwnTable($0) }.count == 64)
        #expect((0..<70).allSatisfy { many.isMemoized($0) })
    }
}
