/// For each event, which of the leaves that handle it (themselves or through an ancestor) are active in a packed
/// key, found without decoding it. A step that handles nothing is recorded as unhandled in the active states
/// (`CoverageRecorder.unhandledIn`); the guard checks consult that record for exactly these leaves, so when a plan
/// answers "unhandled" (`StepPlanCache`) these are the states to record.
///
/// Grouped by parent: a leaf is active when its parent is and the parent's child field names it, so a flat machine
/// whose hundred states handle an event costs one field read, not a hundred.
package struct UnhandledLeaves: Sendable {
    private struct Group: Sendable {
        /// The parent is active when `(key[word] & mask) == value` for each of its conditions.
        let conditions: Range<Int>
        /// The parent's child field; nil for a parallel parent, all of whose children are active with it.
        let field: StateCodec.Field?
        /// For a compound parent, the leaf (or -1) of each child index; for a parallel one, the leaves.
        let leaves: Range<Int>
    }

    private let stateWords: Int
    private let groupStart: [Int]
    private let groups: [Group]
    private let conditionWord: [Int]
    private let conditionMask: [UInt64]
    private let conditionValue: [UInt64]
    private let leafPool: [Int]

    package init(codec: StateCodec) {
        let machine = codec.machine
        let spec = machine.spec
        let tree = machine.tree
        stateWords = machine.words
        var groupStart = [0]
        var groups: [Group] = []
        var conditionWord: [Int] = []
        var conditionMask: [UInt64] = []
        var conditionValue: [UInt64] = []
        var leafPool: [Int] = []
        for event in 0..<machine.eventCount {
            let handling = tree.leaves.filter { leaf in
                ([leaf] + spec.ancestors(of: leaf)).contains { s in
                    spec.states[s].transitions.contains { spec.transitions[$0].matchedEvents.contains(event) }
                }
            }
            var byParent: [Int: [Int]] = [:]
            for leaf in handling { byParent[tree.parent[leaf], default: []].append(leaf) }
            for parent in byParent.keys.sorted() {
                let first = conditionWord.count
                var state = parent
                while tree.parent[state] >= 0 {
                    let up = tree.parent[state]
                    if let field = codec.childField[up], field.mask != 0 {
                        conditionWord.append(field.word)
                        conditionMask.append(field.mask << field.shift)
                        conditionValue.append(UInt64(codec.childIndex[state]) << field.shift)
                    }
                    state = up
                }
                let start = leafPool.count
                let field = codec.childField[parent]
                if field != nil {
                    leafPool += codec.selectable[parent].map { byParent[parent]!.contains($0) ? $0 : -1 }
                } else {
                    leafPool += byParent[parent]!
                }
                groups.append(Group(conditions: first..<conditionWord.count, field: field, leaves: start..<leafPool.count))
            }
            groupStart.append(groups.count)
        }
        self.groupStart = groupStart
        self.groups = groups
        self.conditionWord = conditionWord
        self.conditionMask = conditionMask
        self.conditionValue = conditionValue
        self.leafPool = leafPool
    }

    /// Writes the leaves handling `event` that are active in `key` into `states` (a configuration's words).
    package func write(_ event: Int, in key: UnsafePointer<UInt64>, into states: UnsafeMutablePointer<UInt64>) {
        for w in 0..<stateWords { states[w] = 0 }
        for group in groups[groupStart[event]..<groupStart[event + 1]] {
            guard group.conditions.allSatisfy({ key[conditionWord[$0]] & conditionMask[$0] == conditionValue[$0] }) else { continue }
            if let field = group.field {
                let child = min((Int(truncatingIfNeeded: (key[field.word] >> field.shift) & field.mask)), group.leaves.count - 1)
                let leaf = leafPool[group.leaves.lowerBound + child]
                if leaf >= 0 { states[leaf >> 6] |= 1 << UInt64(leaf & 63) }
            } else {
                for leaf in leafPool[group.leaves] { states[leaf >> 6] |= 1 << UInt64(leaf & 63) }
            }
        }
    }
}
