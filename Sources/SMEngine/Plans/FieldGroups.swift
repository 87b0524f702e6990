/// Fields of a packed key read together: fields in one word whose bits span at most `maximumBits` form a group,
/// and the group's bits index a table of the events its fields' values bring (`eventWords` words an entry). One
/// load and an OR a group, instead of a few loads a field: for `PossibleEvents`, whose fields here always count.
struct FieldGroups {
    /// A field to group: where it is, and the events each of its values brings.
    struct Member {
        /// The field's number, for the caller.
        let field: Int
        let word: Int
        let shift: Int
        let mask: UInt64
        let events: (UInt64) -> [UInt64]

        /// Bits of the field (its mask's: the low bits).
        var width: Int { UInt64.bitWidth - mask.leadingZeroBitCount }
        var end: Int { shift + width }
    }

    /// 256 entries a table: with a word of events each, 2 KB, so a handful stay in the L1 cache.
    static let maximumBits = 8

    let count: Int
    private let eventWords: Int
    /// Per group: its word, its shift and its mask; its table starts at `group * (1 << maximumBits) * eventWords`.
    private let word: UnsafeMutablePointer<Int>
    private let shift: UnsafeMutablePointer<UInt64>
    private let mask: UnsafeMutablePointer<UInt64>
    private let tables: UnsafeMutablePointer<UInt64>

    /// The groups `members` form: by word and then by shift, a group takes the next field while its span stays
    /// within `maximumBits`.
    static func grouping(_ members: [Member]) -> [[Member]] {
        var groups: [[Member]] = []
        for member in members.sorted(by: { ($0.word, $0.shift) < ($1.word, $1.shift) }) {
            if let group = groups.last, group[0].word == member.word, member.end - group[0].shift <= Self.maximumBits {
                groups[groups.count - 1].append(member)
            } else {
                groups.append([member])
            }
        }
        return groups
    }

    /// The tables of `groups` (from `grouping`).
    init(_ groups: [[Member]], eventWords: Int) {
        count = groups.count
        self.eventWords = eventWords
        let entries = 1 << Self.maximumBits
        var tables = [UInt64](repeating: 0, count: groups.count * entries * eventWords)
        let spans = groups.map { group in group.map(\.end).max()! - group[0].shift }
        for (g, group) in groups.enumerated() {
            let base = group[0].shift
            for index in 0..<(1 << spans[g]) {
                let entry = (g * entries + index) * eventWords
                for member in group {
                    let value = (UInt64(index) >> UInt64(member.shift - base)) & member.mask
                    for (e, bits) in member.events(value).enumerated() { tables[entry + e] |= bits }
                }
            }
        }
        word = HotTables.copy(groups.map { $0[0].word })
        shift = HotTables.copy(groups.map { UInt64($0[0].shift) })
        mask = HotTables.copy(spans.map { (1 << UInt64($0)) - 1 })
        self.tables = HotTables.copy(tables)
    }

    func deallocate() {
        word.deallocate()
        shift.deallocate()
        mask.deallocate()
        tables.deallocate()
    }

    /// The events the grouped fields of `key` bring, for one word of events.
    @inline(__always)
    func events(_ key: UnsafePointer<UInt64>) -> UInt64 {
        var bits: UInt64 = 0
        for g in 0..<count {
            let index = Int(truncatingIfNeeded: (key[word[g]] &>> shift[g]) & mask[g])
            bits |= tables[g &<< Self.maximumBits | index]
        }
        return bits
    }

    /// Adds the events the grouped fields of `key` bring to `events` (`eventWords` words).
    @inline(__always)
    func addEvents(_ key: UnsafePointer<UInt64>, into events: UnsafeMutablePointer<UInt64>) {
        for g in 0..<count {
            let index = Int(truncatingIfNeeded: (key[word[g]] &>> shift[g]) & mask[g])
            let row = tables + (g &<< Self.maximumBits | index) &* eventWords
            for e in 0..<eventWords { events[e] |= row[e] }
        }
    }
}
