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

    @Test("a small footprint's table gives back what it stored, whatever the bits outside the footprint")
    func memoRemembers() {
        let small = Self.mask
        let memo = StepMemo(footprints: [small, nil], words: 2)
        #expect(memo.hasOwnTable(0) && !memo.hasOwnTable(1))
        var successor: [UInt64] = [0, 0]
        let parent = Self.key(spreading: 5, under: small, noise: [0xAAAA_AAAA_AAAA_AAAA, 0x5555])
        let other = Self.key(spreading: 6, under: small, noise: [0xAAAA_AAAA_AAAA_AAAA, 0x5555])
        let stepped = zip(parent, small).map { $0 ^ $1 }
        #expect(memo.successor(0, of: parent, into: &successor) == .unknown)
        memo.store(0, parent: parent, successor: stepped, handled: true)
        memo.store(0, parent: other, successor: other, handled: false)
        #expect(memo.successor(0, of: parent, into: &successor) == .step)
        #expect(successor == stepped)
        // Other bits outside the footprint: the same step, applied to them.
        let moved = [parent[0] ^ ~small[0], parent[1]]
        #expect(memo.successor(0, of: moved, into: &successor) == .step)
        #expect(successor == [stepped[0] ^ ~small[0], stepped[1]])
        #expect(memo.successor(0, of: other, into: &successor) == .unhandled)
        #expect(memo.hitCount == 3)
    }

    @Test("a footprint gets a table of its own up to 12 bits, and tables of their own stop at a budget")
    func tablesOfTheirOwn() {
        let memo = StepMemo(footprints: [[0b111], [0x1FFF]], words: 1)
        #expect(memo.hasOwnTable(0) && !memo.hasOwnTable(1))
        var successor: [UInt64] = [0]
        #expect(memo.successor(0, of: [0b101], into: &successor) == .unknown)
        memo.store(0, parent: [0b101], successor: [0b110], handled: true)
        #expect(memo.known(0, [0xF0 | 0b101])?.handled == true, "bits outside the footprint do not matter")
        #expect(memo.known(0, [0b100]) == nil)
        // 12-bit footprints, one word: 64 tables of 4,096 two-word entries fill the budget of 2^19 words.
        let wide: [UInt64] = [0xFFF << 16]
        let many = StepMemo(footprints: Array(repeating: wide, count: 70), words: 1)
        #expect((0..<70).filter { many.hasOwnTable($0) }.count == 64)
    }
}

@Suite("The plans' memo")
struct PlanMemoTests {
    /// A plan that reads bits 0...7 and writes bits 4...11: its result copies bits 4...11 and keeps the others.
    static let reads: [UInt64] = [0xFF, 0]
    static let writes: [UInt64] = [0xFF0, 0]

    /// The result of plan `plan` from `parent`, when the memo has it.
    static func remembered(_ memo: PlanMemo, plan: Int32, _ parent: [UInt64], reads: [UInt64] = reads) -> (StepPlanCache.Answer, [UInt64]) {
        var successor: [UInt64] = [0, 0]
        let slot = memo.slot(plan, parent, under: reads, words: 2)
        let answer = memo.successor(at: slot, plan: plan, of: parent, under: reads, into: &successor, words: 2)
        return (answer, successor)
    }

    static func store(
        _ memo: PlanMemo, plan: Int32, _ parent: [UInt64], _ successor: [UInt64], handled: Bool = true, reads: [UInt64] = reads
    ) {
        let slot = memo.slot(plan, parent, under: reads, words: 2)
        memo.store(
            at: slot, plan: plan, parent: parent, under: reads, written: writes, successor: successor, handled: handled, words: 2)
    }

    @Test("a result is found for the same bits the plan reads and copies only the bits it wrote")
    func copiesWhatWasWritten() {
        let memo = PlanMemo(words: 2)
        let parent: [UInt64] = [0xF0F0_0000_0000_0A35, 7]
        let successor: [UInt64] = [0xF0F0_0000_0000_0C35, 7]
        #expect(Self.remembered(memo, plan: 1, parent).0 == .unknown)
        Self.store(memo, plan: 1, parent, successor)
        let (answer, found) = Self.remembered(memo, plan: 1, parent)
        #expect(answer == .step && found == successor)
        // Bits the plan neither reads nor writes differ: they are the new parent's, the written ones the result's.
        let elsewhere: [UInt64] = [0x0000_FFFF_0000_F035, 9]
        let (moved, stepped) = Self.remembered(memo, plan: 1, elsewhere)
        #expect(moved == .step)
        #expect(stepped == [0x0000_FFFF_0000_FC35, 9])
    }

    @Test("another plan's number or another value of what the plan reads finds nothing; a step that handled nothing is said so")
    func keyedOnPlanAndReads() {
        let memo = PlanMemo(words: 2)
        let parent: [UInt64] = [0x35, 0]
        Self.store(memo, plan: 1, parent, [0xC35, 0])
        #expect(Self.remembered(memo, plan: 2, parent).0 == .unknown, "a plan's new number does not find its old results")
        #expect(Self.remembered(memo, plan: 1, [0x36, 0]).0 == .unknown)
        Self.store(memo, plan: 3, [0x36, 0], [0x36, 0], handled: false)
        #expect(Self.remembered(memo, plan: 3, [0xF36, 5]).0 == .unhandled)
    }

    @Test("a key that hashes to a slot another key holds takes it")
    func directMapped() throws {
        let memo = PlanMemo(words: 2)
        let reads: [UInt64] = [0xF_FFFF, 0]
        let first: [UInt64] = [1, 0]
        let slot = memo.slot(1, first, under: reads, words: 2)
        // A key that differs in the bits the plan reads and hashes to the same slot (about 16 of 2^20, by chance).
        let other = (2..<(1 << 20)).lazy.map { (value: Int) -> [UInt64] in [UInt64(value), 0] }
            .first { (key: [UInt64]) in memo.slot(1, key, under: reads, words: 2) == slot }
        let second = try #require(other, "no key of 20 bits hashes to the slot of \(first)")
        Self.store(memo, plan: 1, first, first, reads: reads)
        #expect(Self.remembered(memo, plan: 1, first, reads: reads).0 == .step)
        Self.store(memo, plan: 1, second, second, reads: reads)
        #expect(Self.remembered(memo, plan: 1, first, reads: reads).0 == .unknown)
        #expect(Self.remembered(memo, plan: 1, second, reads: reads).0 == .step)
    }
}
