/// For each event, which of the leaves that handle it (themselves or through an ancestor) are active in a packed
/// key, found without decoding it. A step that handles nothing is recorded as unhandled in the active states
/// (`CoverageRecorder.unhandledIn`); the guard checks consult that record for exactly these leaves, so when a plan
/// answers "unhandled" (`StepPlanCache`) these are the states to record.
///
/// Grouped by parent: a leaf is active when its parent is and the parent's child field names it, so a flat machine
/// whose hundred states handle an event costs one field read, not a hundred. A parent with many children of which
/// few handle the event lists just those (child index, leaf) pairs, so a flat machine of thousands of states, each
/// handling events of its own, does not get a table of every child for every event. Raw tables, as `HotTables`.
package final class UnhandledLeaves: @unchecked Sendable {
    private let stateWords: Int
    /// Per event, its groups: `groupStart[event] ..< groupStart[event + 1]`.
    private let groupStart: UnsafeMutablePointer<Int32>
    /// Per group of a compound parent, whether its leaves are (child index, leaf) pairs rather than a leaf (or -1)
    /// per child index.
    private let isSparse: UnsafeMutablePointer<Bool>
    /// Per group, its conditions `conditionStart[g] ..< conditionStart[g + 1]`: the parent is active when
    /// `(key[word] & mask) == value` for each.
    private let conditionStart: UnsafeMutablePointer<Int32>
    /// Per group, the parent's child field (word -1: a parallel parent, all of whose children are active with it).
    private let fieldWord: UnsafeMutablePointer<Int32>
    private let fieldShift: UnsafeMutablePointer<UInt64>
    private let fieldMask: UnsafeMutablePointer<UInt64>
    /// Per group, its leaves `leafStart[g] ..< leafStart[g + 1]`: for a compound parent, the leaf (or -1) of each
    /// child index, or the pairs (`isSparse`); for a parallel one, the leaves.
    private let leafStart: UnsafeMutablePointer<Int32>
    private let conditionWord: UnsafeMutablePointer<Int32>
    private let conditionMask: UnsafeMutablePointer<UInt64>
    private let conditionValue: UnsafeMutablePointer<UInt64>
    private let leafPool: UnsafeMutablePointer<Int32>

    package init(codec: StateCodec) {
        let machine = codec.machine
        let spec = machine.spec
        let tree = machine.tree
        stateWords = machine.words
        var groupStart: [Int32] = [0]
        var isSparse: [Bool] = []
        var conditionStart: [Int32] = [0]
        var fieldWord: [Int32] = []
        var fieldShift: [UInt64] = []
        var fieldMask: [UInt64] = []
        var leafStart: [Int32] = [0]
        var conditionWord: [Int32] = []
        var conditionMask: [UInt64] = []
        var conditionValue: [UInt64] = []
        var leafPool: [Int32] = []
        // The leaves that handle each event, themselves or through an ancestor, in the tree's order of leaves: found
        // once from each state's events, not by asking every leaf about every event.
        let eventsOf: [Set<Int>] = spec.states.map { state in Set(state.transitions.flatMap { spec.transitions[$0].matchedEvents }) }
        var handlingLeaves = [[Int]](repeating: [], count: machine.eventCount)
        for leaf in tree.leaves {
            let events = ([leaf] + spec.ancestors(of: leaf)).reduce(into: Set<Int>()) { $0.formUnion(eventsOf[$1]) }
            for event in events.sorted() where event < machine.eventCount { handlingLeaves[event].append(leaf) }
        }
        for event in 0..<machine.eventCount {
            let handling = handlingLeaves[event]
            var byParent: [Int: [Int]] = [:]
            for leaf in handling { byParent[tree.parent[leaf], default: []].append(leaf) }
            // A set: a flat machine's root may have thousands of leaves that handle the event.
            let handles = Set(handling)
            for parent in byParent.keys.sorted() {
                var state = parent
                while tree.parent[state] >= 0 {
                    let up = tree.parent[state]
                    if let field = codec.childField[up], field.mask != 0 {
                        conditionWord.append(Int32(field.word))
                        conditionMask.append(field.mask << field.shift)
                        conditionValue.append(UInt64(codec.childIndex[state]) << field.shift)
                    }
                    state = up
                }
                conditionStart.append(Int32(conditionWord.count))
                if let field = codec.childField[parent] {
                    fieldWord.append(Int32(field.word))
                    fieldShift.append(field.shift)
                    fieldMask.append(field.mask)
                    let children = codec.selectable[parent]
                    let members = byParent[parent]!
                    if members.count * 8 < children.count {
                        isSparse.append(true)
                        for leaf in members { leafPool += [Int32(codec.childIndex[leaf]), Int32(leaf)] }
                    } else {
                        isSparse.append(false)
                        leafPool += children.map { Int32(handles.contains($0) ? $0 : -1) }
                    }
                } else {
                    isSparse.append(false)
                    fieldWord.append(-1)
                    fieldShift.append(0)
                    fieldMask.append(0)
                    leafPool += byParent[parent]!.map { Int32($0) }
                }
                leafStart.append(Int32(leafPool.count))
            }
            groupStart.append(Int32(fieldWord.count))
        }
        self.groupStart = HotTables.copy(groupStart)
        self.isSparse = HotTables.copy(isSparse)
        self.conditionStart = HotTables.copy(conditionStart)
        self.fieldWord = HotTables.copy(fieldWord)
        self.fieldShift = HotTables.copy(fieldShift)
        self.fieldMask = HotTables.copy(fieldMask)
        self.leafStart = HotTables.copy(leafStart)
        self.conditionWord = HotTables.copy(conditionWord)
        self.conditionMask = HotTables.copy(conditionMask)
        self.conditionValue = HotTables.copy(conditionValue)
        self.leafPool = HotTables.copy(leafPool)
    }

    deinit {
        groupStart.deallocate(); isSparse.deallocate(); conditionStart.deallocate(); fieldWord.deallocate(); fieldShift.deallocate()
        fieldMask.deallocate(); leafStart.deallocate(); conditionWord.deallocate(); conditionMask.deallocate()
        conditionValue.deallocate(); leafPool.deallocate()
    }

    /// The bits of a key (`words` words) that decide which leaves handling `event` are active.
    package func keyBits(of event: Int, words: Int) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: words)
        for group in Int(groupStart[event])..<Int(groupStart[event + 1]) {
            for c in Int(conditionStart[group])..<Int(conditionStart[group + 1]) { bits[Int(conditionWord[c])] |= conditionMask[c] }
            if fieldWord[group] >= 0 { bits[Int(fieldWord[group])] |= fieldMask[group] << fieldShift[group] }
        }
        return bits
    }

    /// Writes the leaves handling `event` that are active in `key` into `states` (a configuration's words).
    @inline(__always)
    package func write(_ event: Int, in key: UnsafePointer<UInt64>, into states: UnsafeMutablePointer<UInt64>) {
        for w in 0..<stateWords { states[w] = 0 }
        groups: for group in Int(groupStart[event])..<Int(groupStart[event + 1]) {
            for c in Int(conditionStart[group])..<Int(conditionStart[group + 1])
            where key[Int(conditionWord[c])] & conditionMask[c] != conditionValue[c] {
                continue groups
            }
            let first = Int(leafStart[group])
            if fieldWord[group] >= 0 {
                let value = Int(truncatingIfNeeded: (key[Int(fieldWord[group])] >> fieldShift[group]) & fieldMask[group])
                if isSparse[group] {
                    for i in stride(from: first, to: Int(leafStart[group + 1]), by: 2) where Int(leafPool[i]) == value {
                        let leaf = Int(leafPool[i + 1])
                        states[leaf >> 6] |= 1 << UInt64(leaf & 63)
                        break
                    }
                    continue
                }
                let leaf = Int(leafPool[first + min(value, Int(leafStart[group + 1]) - 1 - first)])
                if leaf >= 0 { states[leaf >> 6] |= 1 << UInt64(leaf & 63) }
            } else {
                for i in first..<Int(leafStart[group + 1]) {
                    let leaf = Int(leafPool[i])
                    states[leaf >> 6] |= 1 << UInt64(leaf & 63)
                }
            }
        }
    }
}
