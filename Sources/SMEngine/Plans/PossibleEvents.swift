/// Which events some active state has a transition for (guards aside), read off a packed key without decoding it:
/// every other event goes unhandled there, so the explorer skips it. One pass over the key's child fields in
/// document order: each field's value names its state's active child, which brings the events of the states it
/// activates and makes the fields below it count.
///
/// Raw tables, as `HotTables`: this runs once per explored state. One per thread (it keeps scratch).
package final class PossibleEvents {
    /// Words of a bitset over events.
    package let eventWords: Int
    private let fieldCount: Int
    /// The per-field tables.
    private let fields: Fields
    /// The events of the states active in every configuration.
    private let baseEvents: UnsafeMutablePointer<UInt64>
    /// Per choice: the events of the states it activates.
    private let choiceEvents: UnsafeMutablePointer<UInt64>

    package init(codec: StateCodec) {
        let machine = codec.machine
        let tree = machine.tree
        let eventCount = machine.eventCount
        let fields = codec.decodeFields
        eventWords = max(1, (eventCount + 63) / 64)
        fieldCount = fields.count
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
        self.baseEvents = HotTables.copy(baseEvents)
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
        self.fields = Fields(
            parent: HotTables.copy(parent), parentChoice: HotTables.copy(parentChoice),
            choice: HotTables.copy([Int](repeating: -1, count: max(1, fields.count))), word: HotTables.copy(fields.map(\.field.word)),
            shift: HotTables.copy(fields.map(\.field.shift)), mask: HotTables.copy(fields.map(\.field.mask)),
            valueStart: HotTables.copy(valueStart), valueChoice: HotTables.copy(valueChoice))
    }

    deinit {
        fields.deallocate()
        baseEvents.deallocate()
        choiceEvents.deallocate()
    }

    /// Writes the events some state active in `key` has a transition for (`eventWords` words); none when the machine
    /// halted.
    @inline(__always)
    package func write(_ key: UnsafePointer<UInt64>, into events: UnsafeMutablePointer<UInt64>) {
        // The tables in locals: the writes to `fields.choice` would otherwise make the compiler load every table's
        // address again for each field.
        let fields = fields
        let choiceEvents = choiceEvents
        let fieldCount = fieldCount
        if eventWords == 1 {
            // Most machines: the bits gather in a register.
            var bits = baseEvents[0]
            for field in 0..<fieldCount {
                let choice = fields.choice(field, key)
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
        for field in 0..<fieldCount {
            let choice = fields.choice(field, key)
            if choice == Fields.notCounted { continue }
            if choice == Fields.halted {
                for e in 0..<eventWords { events[e] = 0 }
                return
            }
            let row = choiceEvents + choice &* eventWords
            for e in 0..<eventWords { events[e] |= row[e] }
        }
    }

    /// The per-field tables: a value, so that a pass holds their addresses in locals.
    private struct Fields {
        /// Per field: the field whose choice makes it count (-1: it always counts), and that choice. A field counts
        /// when that field counts and has that value: decided from its ancestors alone, so fields side by side (the
        /// regions of a parallel state) do not wait on each other.
        let parent: UnsafeMutablePointer<Int>
        let parentChoice: UnsafeMutablePointer<Int>
        /// Per field, while writing: the choice it names, or -1 when it does not count. One per thread, as the
        /// worker that owns it.
        let choice: UnsafeMutablePointer<Int>
        /// Per field: where it is in the key, and where its values' choices start in `valueChoice`.
        let word: UnsafeMutablePointer<Int>
        let shift: UnsafeMutablePointer<UInt64>
        let mask: UnsafeMutablePointer<UInt64>
        let valueStart: UnsafeMutablePointer<Int>
        /// Per field and value of the field: the choice it names (a value past the last choice names the last), or
        /// -1 when that choice halts the machine (a final child of the root: nothing is handled any more).
        let valueChoice: UnsafeMutablePointer<Int>

        func deallocate() {
            parent.deallocate(); parentChoice.deallocate(); choice.deallocate(); word.deallocate()
            shift.deallocate(); mask.deallocate(); valueStart.deallocate(); valueChoice.deallocate()
        }

        static let notCounted = -2
        static let halted = -1

        /// The choice `field` names in `key` (and remembers, for the fields below it), `notCounted` when the field
        /// does not count (its parent field names another choice), or `halted`. Document order: a field's parent
        /// field comes before it.
        @inline(__always)
        func choice(_ field: Int, _ key: UnsafePointer<UInt64>) -> Int {
            let parent = self.parent[field]
            if parent >= 0 && self.choice[parent] != parentChoice[field] {
                self.choice[field] = -1
                return Self.notCounted
            }
            let value = Int(truncatingIfNeeded: (key[word[field]] &>> shift[field]) & mask[field])
            let choice = valueChoice[valueStart[field] &+ value]
            self.choice[field] = choice
            return choice
        }
    }
}
