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
}
