/// Which events some active state has a transition for (guards aside), read off a packed key without decoding it:
/// every other event goes unhandled there, so the explorer skips it. One pass over the key's child fields in
/// document order: each field's value names its state's active child, which brings the events of the states it
/// activates and makes the fields below it count.
///
/// Raw tables, as `HotTables`: this runs once per explored state.
package final class PossibleEvents: @unchecked Sendable {
    /// Words of a bitset over events.
    package let eventWords: Int
    private let fieldCount: Int
    private let fieldWords: Int
    /// Whether some choice makes further fields count (a compound state below another's child); when none does,
    /// every field counts and they are read in a plain loop.
    private let isNested: Bool
    /// The events of the states active in every configuration, and the fields they make count.
    private let baseEvents: UnsafeMutablePointer<UInt64>
    private let baseFields: UnsafeMutablePointer<UInt64>
    /// Per field: where it is in the key, its first choice and how many it has.
    private let fieldWord: UnsafeMutablePointer<Int>
    private let fieldShift: UnsafeMutablePointer<UInt64>
    private let fieldMask: UnsafeMutablePointer<UInt64>
    private let firstChoice: UnsafeMutablePointer<Int>
    private let lastChoice: UnsafeMutablePointer<Int>
    /// Per choice: the events of the states it activates, the fields it makes count, and whether it halts the
    /// machine (a final child of the root: nothing is handled any more).
    private let choiceEvents: UnsafeMutablePointer<UInt64>
    private let choiceFields: UnsafeMutablePointer<UInt64>
    private let choiceHalts: UnsafeMutablePointer<Bool>

    package init(codec: StateCodec) {
        let machine = codec.machine
        let tree = machine.tree
        let eventCount = machine.eventCount
        let fields = codec.decodeFields
        eventWords = max(1, (eventCount + 63) / 64)
        fieldCount = fields.count
        fieldWords = max(1, (fields.count + 63) / 64)
        var fieldOf = [Int](repeating: -1, count: tree.count)
        for (i, field) in fields.enumerated() { fieldOf[Int(field.state)] = i }
        let eventWords = eventWords
        let fieldWords = fieldWords
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
        self.baseFields = HotTables.copy(baseFields)
        fieldWord = HotTables.copy(fields.map(\.field.word))
        fieldShift = HotTables.copy(fields.map(\.field.shift))
        fieldMask = HotTables.copy(fields.map(\.field.mask))
        firstChoice = HotTables.copy(fields.map { Int($0.firstChoice) })
        lastChoice = HotTables.copy(fields.map { Int($0.firstChoice + $0.choiceCount - 1) })
        self.choiceEvents = HotTables.copy(choiceEvents)
        self.choiceFields = HotTables.copy(choiceFields)
        self.choiceHalts = HotTables.copy(choiceHalts)
        isNested = choiceFields.contains { $0 != 0 }
    }

    deinit {
        baseEvents.deallocate(); baseFields.deallocate(); fieldWord.deallocate(); fieldShift.deallocate()
        fieldMask.deallocate(); firstChoice.deallocate(); lastChoice.deallocate(); choiceEvents.deallocate()
        choiceFields.deallocate(); choiceHalts.deallocate()
    }

    /// Writes the events some state active in `key` has a transition for (`eventWords` words); none when the machine
    /// halted.
    @inline(__always)
    package func write(_ key: UnsafePointer<UInt64>, into events: UnsafeMutablePointer<UInt64>) {
        for e in 0..<eventWords { events[e] = baseEvents[e] }
        if !isNested {
            // Every field counts (a parallel machine's regions): no field waits on another's value.
            for field in 0..<fieldCount {
                guard let choice = choice(field, key) else { return halt(events) }
                for e in 0..<eventWords { events[e] |= choiceEvents[choice * eventWords + e] }
            }
            return
        }
        if fieldWords == 1 {
            // The common case, with the fields that count in a register.
            var active = baseFields[0]
            while active != 0 {
                let field = active.trailingZeroBitCount
                active &= active - 1
                guard let choice = choice(field, key) else { return halt(events) }
                for e in 0..<eventWords { events[e] |= choiceEvents[choice * eventWords + e] }
                // Fields a choice brings in come after it in document order: the loop meets them.
                active |= choiceFields[choice]
            }
            return
        }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: fieldWords) { active in
            for w in 0..<fieldWords { active[w] = baseFields[w] }
            for field in 0..<fieldCount where active[field >> 6] & (1 << UInt64(field & 63)) != 0 {
                guard let choice = choice(field, key) else { return halt(events) }
                for e in 0..<eventWords { events[e] |= choiceEvents[choice * eventWords + e] }
                for w in 0..<fieldWords { active[w] |= choiceFields[choice * fieldWords + w] }
            }
        }
    }

    /// The choice a field's value names, or nil when it halts the machine.
    @inline(__always)
    private func choice(_ field: Int, _ key: UnsafePointer<UInt64>) -> Int? {
        let value = Int(truncatingIfNeeded: (key[fieldWord[field]] >> fieldShift[field]) & fieldMask[field])
        let choice = min(firstChoice[field] + value, lastChoice[field])
        return choiceHalts[choice] ? nil : choice
    }

    private func halt(_ events: UnsafeMutablePointer<UInt64>) {
        for e in 0..<eventWords { events[e] = 0 }
    }
}
