/// Which events some active state has a transition for (guards aside), read off a packed key without decoding it:
/// every other event goes unhandled there, so the explorer skips it. One pass over the key's child fields in
/// document order: each field's value names its state's active child, which brings the events of the states it
/// activates and makes the fields below it count.
///
/// Fields that always count and that no other field depends on (the flat regions of a parallel root) are read a few
/// at a time: two or more side by side in one word, up to 8 bits of the key index one table of their events together
/// (`FieldGroups`).
///
/// A machine whose child fields take at most `tableBits` bits (a flat machine of up to 4,096 states, most
/// hierarchical ones) has the answer for each of their values in one table, filled at the start: the pass over the
/// fields becomes a gather of those bits and one load.
///
/// Raw tables, as `HotTables`: this runs once per explored state. One per thread (it keeps scratch).
package final class PossibleEvents {
    /// Child fields of at most this many bits get the table of every configuration's events.
    package static let tableBits = 12
    /// Words of a bitset over events.
    package let eventWords: Int
    /// The per-field tables.
    private let fields: Fields
    /// The events of the states active in every configuration.
    private let baseEvents: UnsafeMutablePointer<UInt64>
    /// Per choice: the events of the states it activates.
    private let choiceEvents: UnsafeMutablePointer<UInt64>
    /// The fields read through `groups`' tables.
    private let groups: FieldGroups
    /// With child fields of at most `tableBits` bits: their bits gathered (as index 0 of a `FootprintIndex`), and
    /// per value the events (`eventWords` words each).
    private let configurationIndex: FootprintIndex?
    private let configurationEvents: UnsafeMutablePointer<UInt64>?

    /// `tabulating`: whether small child fields get the table of every configuration's events (filled by a
    /// `PossibleEvents` without one).
    package init(codec: StateCodec, tabulating: Bool = true) {
        let machine = codec.machine
        let tree = machine.tree
        let eventCount = machine.eventCount
        let fields = codec.decodeFields
        eventWords = max(1, (eventCount + 63) / 64)
        let fieldWords = max(1, (fields.count + 63) / 64)
        var fieldOf = [Int](repeating: -1, count: tree.count)
        for (i, field) in fields.enumerated() { fieldOf[Int(field.state)] = i }
        let eventWords = eventWords
        /// Adds the events of `states` and the fields they own.
        func add(_ states: [Int], events: inout [UInt64], at eventBase: Int, fields: inout [UInt64], at fieldBase: Int) {
            for state in states {
                for event in 0..<eventCount
                where machine.dispatchStart[state * eventCount + event] < machine.dispatchStart[state * eventCount + event + 1] {
                    events[eventBase + event >> 6] |= 1 << UInt64(event & 63)
                }
                if fieldOf[state] >= 0 { fields[fieldBase + fieldOf[state] >> 6] |= 1 << UInt64(fieldOf[state] & 63) }
            }
        }
        var baseEvents = [UInt64](repeating: 0, count: eventWords)
        var baseFields = [UInt64](repeating: 0, count: fieldWords)
        let base = (0..<tree.count).filter { codec.decodeBase[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }
        add(base, events: &baseEvents, at: 0, fields: &baseFields, at: 0)
        let choiceCount = codec.activatedStart.count - 1
        var choiceEvents = [UInt64](repeating: 0, count: max(1, choiceCount * eventWords))
        var choiceFields = [UInt64](repeating: 0, count: max(1, choiceCount * fieldWords))
        var choiceHalts = [Bool](repeating: false, count: max(1, choiceCount))
        for c in 0..<choiceCount {
            let states = codec.activatedPool[Int(codec.activatedStart[c])..<Int(codec.activatedStart[c + 1])].map { Int($0) }
            add(states, events: &choiceEvents, at: c * eventWords, fields: &choiceFields, at: c * fieldWords)
            choiceHalts[c] = tree.parent[states[0]] == 0 && tree.kind[states[0]] == .final
        }
        var valueStart: [Int] = []
        var valueChoice: [Int] = []
        for field in fields {
            valueStart.append(valueChoice.count)
            let last = Int(field.firstChoice + field.choiceCount - 1)
            for value in 0...Int(field.field.mask) {
                let choice = min(Int(field.firstChoice) + value, last)
                valueChoice.append(choiceHalts[choice] ? -1 : choice)
            }
        }
        self.choiceEvents = HotTables.copy(choiceEvents)
        var parent = [Int](repeating: -1, count: fields.count)
        var parentChoice = [Int](repeating: -1, count: fields.count)
        for c in 0..<choiceCount {
            for field in 0..<fields.count where choiceFields[c * fieldWords + field >> 6] & (1 << UInt64(field & 63)) != 0 {
                parentChoice[field] = c
                parent[field] = fields.firstIndex { Int($0.firstChoice) <= c && c < Int($0.firstChoice + $0.choiceCount) }!
            }
        }
        // A field of one value that always counts (a compound state's only child: the root's parallel state) names
        // the same choice in every key: its events join the base ones, and its choice is set once, for the fields
        // below it. Document order: a field's parent field comes before it.
        var constant = [Int?](repeating: nil, count: fields.count)
        func alwaysCounts(_ field: Int) -> Bool { parent[field] < 0 || constant[parent[field]] == parentChoice[field] }
        for field in 0..<fields.count where fields[field].field.mask == 0 && alwaysCounts(field) {
            let choice = valueChoice[valueStart[field]]
            guard choice >= 0 else { continue }
            constant[field] = choice
            for e in 0..<eventWords { baseEvents[e] |= choiceEvents[choice * eventWords + e] }
        }
        self.baseEvents = HotTables.copy(baseEvents)
        // A field goes into a group when it always counts, no other field needs its choice, none of its values halts,
        // and its values fit a group's table.
        let isParent = Set(parent.filter { $0 >= 0 })
        let groupable = (0..<fields.count).filter { field in
            constant[field] == nil && alwaysCounts(field) && !isParent.contains(field)
                && UInt64.bitWidth - fields[field].field.mask.leadingZeroBitCount <= FieldGroups.maximumBits
                && (0...Int(fields[field].field.mask)).allSatisfy { valueChoice[valueStart[field] + $0] >= 0 }
        }
        // A group of one field would cost more than reading the field: those stay with the others.
        let grouping = FieldGroups.grouping(
            groupable.map { field in
                FieldGroups.Member(
                    field: field, word: fields[field].field.word, shift: Int(fields[field].field.shift),
                    mask: fields[field].field.mask,
                    events: { value in
                        let choice = valueChoice[valueStart[field] + Int(value)]
                        return Array(choiceEvents[choice * eventWords..<(choice + 1) * eventWords])
                    })
            }
        ).filter { $0.count > 1 }
        groups = FieldGroups(grouping, eventWords: eventWords)
        let grouped = Set(grouping.joined().map(\.field))
        let others = (0..<fields.count).filter { !grouped.contains($0) && constant[$0] == nil }
        self.fields = Fields(
            entries: HotTables.copy(
                others.map { field in
                    Fields.Entry(
                        field: Int32(field), parent: Int32(parent[field]), parentChoice: Int32(parentChoice[field]),
                        word: Int32(fields[field].field.word), valueStart: Int32(valueStart[field]),
                        shift: UInt32(fields[field].field.shift), mask: fields[field].field.mask)
                }),
            count: others.count, choice: HotTables.copy(constant.map { $0 ?? -1 }),
            valueChoice: HotTables.copy(valueChoice))
        let mask = codec.configurationMask
        let bits = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        guard tabulating && bits <= Self.tableBits else {
            (configurationIndex, configurationEvents) = (nil, nil)
            return
        }
        // Index bit j is the j-th bit of the mask, word by word, lowest first: the order `FootprintIndex` gathers in.
        let positions: [(word: Int, bit: Int)] = mask.indices.flatMap { w -> [(word: Int, bit: Int)] in
            (0..<64).filter { mask[w] >> UInt64($0) & 1 != 0 }.map { (word: w, bit: $0) }
        }
        let plain = PossibleEvents(codec: codec, tabulating: false)
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: (1 << bits) * eventWords)
        let key = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        defer { key.deallocate() }
        for value in 0..<(1 << bits) {
            key.initialize(repeating: 0, count: codec.words)
            for (j, position) in positions.enumerated() where value >> j & 1 != 0 { key[position.word] |= 1 << UInt64(position.bit) }
            plain.write(key, into: table + value * eventWords)
        }
        (configurationIndex, configurationEvents) = (FootprintIndex(masks: [mask]), table)
    }

    /// Whether the events come from the table of every configuration's.
    package var isTabulated: Bool { configurationIndex != nil }

    deinit {
        configurationIndex?.deallocate()
        configurationEvents?.deallocate()
        fields.deallocate()
        baseEvents.deallocate()
        choiceEvents.deallocate()
        groups.deallocate()
    }

    /// Writes the events some state active in `key` has a transition for (`eventWords` words); none when the machine
    /// halted.
    @inline(__always)
    package func write(_ key: UnsafePointer<UInt64>, into events: UnsafeMutablePointer<UInt64>) {
        if let configurationIndex {
            let row = configurationEvents.unsafelyUnwrapped + configurationIndex.index(0, key) &* eventWords
            if eventWords == 1 {
                events[0] = row[0]
            } else {
                for e in 0..<eventWords { events[e] = row[e] }
            }
            return
        }
        // The tables in locals: the writes to `fields.choice` would otherwise make the compiler load every table's
        // address again for each field.
        let fields = fields
        let choiceEvents = choiceEvents
        if eventWords == 1 {
            // Most machines: the bits gather in a register.
            var bits = baseEvents[0] | groups.events(key)
            for i in 0..<fields.count {
                let choice = fields.choice(i, key)
                if choice == Fields.notCounted { continue }
                if choice == Fields.halted {
                    events[0] = 0
                    return
                }
                bits |= choiceEvents[choice]
            }
            events[0] = bits
            return
        }
        let eventWords = eventWords
        for e in 0..<eventWords { events[e] = baseEvents[e] }
        groups.addEvents(key, into: events)
        for i in 0..<fields.count {
            let choice = fields.choice(i, key)
            if choice == Fields.notCounted { continue }
            if choice == Fields.halted {
                for e in 0..<eventWords { events[e] = 0 }
                return
            }
            let row = choiceEvents + choice &* eventWords
            for e in 0..<eventWords { events[e] |= row[e] }
        }
    }

    /// The fields read one by one, each in one record, and the scratch of their choices: a value, so that a pass
    /// holds the three addresses in locals.
    private struct Fields {
        /// One field read one by one, in document order (a field's parent field comes before it).
        struct Entry {
            /// The field's number, in `choice`.
            let field: Int32
            /// The field whose choice makes it count (-1: it always counts), and that choice. A field counts when
            /// that field counts and has that value: decided from its ancestors alone, so fields side by side (the
            /// regions of a parallel state) do not wait on each other.
            let parent: Int32
            let parentChoice: Int32
            /// Where it is in the key, and where its values' choices start in `valueChoice`.
            let word: Int32
            let valueStart: Int32
            let shift: UInt32
            let mask: UInt64
        }

        let entries: UnsafeMutablePointer<Entry>
        let count: Int
        /// Per field, while writing: the choice it names, or -1 when it does not count (a field of one value that
        /// always counts keeps its one choice). One per thread, as the worker that owns it.
        let choice: UnsafeMutablePointer<Int>
        /// Per field and value of the field: the choice it names (a value past the last choice names the last), or
        /// -1 when that choice halts the machine (a final child of the root: nothing is handled any more).
        let valueChoice: UnsafeMutablePointer<Int>

        func deallocate() {
            entries.deallocate()
            choice.deallocate()
            valueChoice.deallocate()
        }

        static let notCounted = -2
        static let halted = -1

        /// The choice the `i`th entry's field names in `key` (and remembers, for the fields below it),
        /// `notCounted` when the field does not count (its parent field names another choice), or `halted`.
        @inline(__always)
        func choice(_ i: Int, _ key: UnsafePointer<UInt64>) -> Int {
            let entry = entries[i]
            if entry.parent >= 0 && choice[Int(entry.parent)] != Int(entry.parentChoice) {
                choice[Int(entry.field)] = -1
                return Self.notCounted
            }
            let value = Int(truncatingIfNeeded: (key[Int(entry.word)] &>> UInt64(entry.shift)) & entry.mask)
            let named = valueChoice[Int(entry.valueStart) &+ value]
            choice[Int(entry.field)] = named
            return named
        }
    }
}
