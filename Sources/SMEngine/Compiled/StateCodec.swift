/// Packs a machine state into a few 64-bit words and back: the key the explorer stores for every configuration.
///
/// Only what can vary is stored:
/// - for each compound state, the index of its active child (parallel states and leaves need nothing);
/// - each variable as the number of steps from the least value it can take (`VariableSteps`: a credit that only moves
///   in fives is stored in fives, a variable nothing assigns not at all), in just the bits those values need;
/// - each history state's memory: shallow history of a compound parent as its remembered child (+1, 0 = nothing),
///   of a parallel parent as one bit; deep history as a bit plus the child indices below its parent at exit time.
///
/// Fields never straddle a word, so encoding and decoding are shifts and masks.
///
/// A class: its tables are read on every explored state, and a struct this size held by a class was copied (144
/// bytes) before each use.
package final class StateCodec: Sendable {
    /// 64-bit words per packed state.
    package let words: Int
    /// Bits actually used.
    package let bits: Int
    /// Per word, how many of its low bits fields use (the rest are always zero).
    package let wordBits: [Int]
    /// Every field of more than one value, word by word from the lowest bits up: where it lies and how many values
    /// it takes (fewer than its bits hold when that is not a power of two), so a store can number keys densely.
    package let fieldValues: [(word: Int, shift: Int, values: Int)]

    struct Field: Sendable {
        let word: Int
        let shift: UInt64
        let mask: UInt64
    }

    let machine: Machine
    let parents: [Int32]
    private let stateWords: Int
    /// For each compound state (by id), its field; nil for other states.
    let childField: [Field?]
    /// For each state: its index among its parent's non-history children.
    let childIndex: [Int]
    /// For each compound state: its non-history children in order.
    let selectable: [[Int]]
    let variableFields: [Field]
    /// Per variable: the least value it can take, the step between its values, and the greatest (`VariableSteps`).
    let variableMinimum: [Int]
    let variableStep: [Int]
    let variableMaximum: [Int]
    /// Per history state: the field of its "recorded" marker (shallow: the remembered child + 1; others: 1 bit).
    let historyFields: [Field]
    /// Per deep history state: the fields of the compound states in its parent's subtree (parent first).
    let deepFields: [[(state: Int, field: Field)]]
    /// Whether the machine has a top-level final state (only then can a decoded state be halted).
    private let haltable: Bool
    /// Flat tables for decoding, so a state's configuration comes from one pass over the child fields:
    /// - `decodeBase`: the states active in every configuration (the root, and below it through parallel states);
    /// - per child field, in document order (a field's state is decided before its own field is read): the state
    ///   it belongs to, where it lies in the key, and its choices' range in `choiceStart`;
    /// - per choice, the states it activates in `activatedPool[activatedStart[c] ..< activatedStart[c + 1]]`: the
    ///   child itself and, through parallel states, its descendants down to the next states with fields.
    let decodeBase: [UInt64]
    let decodeFields: [DecodeField]
    let activatedStart: [Int32]
    let activatedPool: [Int32]

    struct DecodeField: Sendable {
        let state: Int32
        let field: Field
        let firstChoice: Int32
        let choiceCount: Int32
    }

    package init(machine: Machine) {
        self.machine = machine
        let tree = machine.tree
        parents = tree.parent.map { Int32($0) }
        stateWords = tree.words
        var layout = Layout()
        var childIndex = Array(repeating: 0, count: tree.count)
        var selectable = Array(repeating: [Int](), count: tree.count)
        var childField = [Field?](repeating: nil, count: tree.count)
        for state in 0..<tree.count {
            let choices = tree.children[state].filter { tree.kind[$0] != .history }
            for (i, child) in choices.enumerated() { childIndex[child] = i }
            if tree.kind[state] == .compound || (state == 0 && !choices.isEmpty) {
                selectable[state] = choices
                childField[state] = layout.field(values: choices.count)
            }
        }
        self.childIndex = childIndex
        self.selectable = selectable
        self.childField = childField
        let steps = VariableSteps(machine: machine)
        variableFields = steps.values.map { layout.field(values: $0) }
        variableMinimum = steps.base
        variableStep = steps.step
        variableMaximum = steps.values.indices.map { steps.base[$0] + (steps.values[$0] - 1) * steps.step[$0] }
        var history: [Field] = []
        var deep: [[(Int, Field)]] = []
        for h in tree.historyStates {
            let parent = tree.parent[h]
            let isDeep = machine.spec.states[h].historyDepth == .deep
            if !isDeep && tree.kind[parent] == .compound {
                history.append(layout.field(values: selectable[parent].count + 1))
                deep.append([])
            } else {
                history.append(layout.field(values: 2))
                let subtree = [parent] + tree.descendants[parent].filter { childField[$0] != nil }
                deep.append(isDeep ? subtree.filter { childField[$0] != nil }.map { ($0, layout.field(values: selectable[$0].count)) } : [])
            }
        }
        historyFields = history
        deepFields = deep
        haltable = !tree.haltingStates.isEmpty
        // What a state activates with it: itself and, below parallel states, every state down to those with fields.
        func activated(_ state: Int) -> [Int32] {
            var found: [Int32] = []
            var stack = [state]
            while let next = stack.popLast() {
                found.append(Int32(next))
                if childField[next] == nil && tree.kind[next] == .parallel {
                    stack += tree.children[next].filter { tree.kind[$0] != .history }.reversed()
                }
            }
            return found
        }
        var base = [UInt64](repeating: 0, count: tree.words)
        for state in activated(0) { base[Int(state) >> 6] |= 1 << UInt64(state & 63) }
        var fields: [DecodeField] = []
        var start: [Int32] = [0]
        var pool: [Int32] = []
        // Document order, parents first, without recursion.
        var order: [Int] = []
        var stack = [0]
        while let state = stack.popLast() {
            order.append(state)
            stack += tree.children[state].reversed()
        }
        for state in order {
            guard let field = childField[state] else { continue }
            fields.append(
                DecodeField(
                    state: Int32(state), field: field, firstChoice: Int32(start.count - 1), choiceCount: Int32(selectable[state].count)))
            for choice in selectable[state] {
                pool += activated(choice)
                start.append(Int32(pool.count))
            }
        }
        decodeBase = base
        decodeFields = fields
        activatedStart = start
        activatedPool = pool
        words = layout.wordCount
        bits = layout.usedBits
        wordBits = (0..<layout.wordCount).map { $0 < layout.word ? layout.wordEnds[$0] : Int(layout.bit) }
        fieldValues = layout.fieldValues
    }

    /// Allocates fields word by word without straddling.
    private struct Layout {
        var word = 0
        var bit: UInt64 = 0
        var usedBits = 0
        /// The bits used by each word before the current one.
        var wordEnds: [Int] = []
        var fieldValues: [(word: Int, shift: Int, values: Int)] = []

        var wordCount: Int { bit == 0 ? max(1, word) : word + 1 }

        mutating func field(values: Int) -> Field {
            let width = values <= 1 ? 0 : UInt64(Int.bitWidth - (values - 1).leadingZeroBitCount)
            if bit + width > 64 {
                wordEnds.append(Int(bit))
                word += 1
                bit = 0
            }
            let field = Field(word: word, shift: bit, mask: width == 0 ? 0 : (width == 64 ? ~0 : (1 << width) - 1))
            if width > 0 { fieldValues.append((word, Int(bit), values)) }
            bit += width
            usedBits += Int(width)
            return field
        }
    }

    @inline(__always)
    private func write(_ value: Int, _ field: Field, _ key: UnsafeMutablePointer<UInt64>) {
        key[field.word] |= (UInt64(truncatingIfNeeded: value) & field.mask) << field.shift
    }

    @inline(__always)
    func read(_ field: Field, _ key: UnsafePointer<UInt64>) -> Int {
        Int(truncatingIfNeeded: (key[field.word] >> field.shift) & field.mask)
    }

    // MARK: - Encoding

    /// Writes the context's current state into `key` (`words` words).
    package func encode(_ context: StepContext, into key: UnsafeMutablePointer<UInt64>) {
        for w in 0..<words { key[w] = 0 }
        let configuration = context.configuration
        for w in 0..<stateWords {
            var bits = configuration[w]
            while bits != 0 {
                let state = w << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                let parent = Int(parents[state])
                if parent >= 0, let field = childField[parent] { write(childIndex[state], field, key) }
            }
        }
        let variables = context.variables
        // Every variable checked, a constant (no bits) too: off the path that explores, on those that look states up.
        for i in variableFields.indices {
            let steps = stepsFromMinimum(variables[i], of: i)
            if variableFields[i].mask != 0 { write(steps, variableFields[i], key) }
        }
        if !historyFields.isEmpty { encodeHistory(context.core.history, into: key) }
    }

    /// How many steps `value` is from `minimum`, on steps of `step` up to `maximum` (a variable's, `VariableSteps`);
    /// nil when it is off them. Everything that stores a variable in a key goes through this: the codec, the engine's
    /// key tracking and the plans.
    @inline(__always)
    static func steps(of value: Int, minimum: Int, step: Int, maximum: Int) -> Int? {
        guard value >= minimum && value <= maximum else { return nil }
        let offset = value &- minimum
        if step == 1 { return offset }
        return offset % step == 0 ? offset / step : nil
    }

    /// How many steps `value` is from variable `variable`'s least value, on that variable's steps; nil when off them.
    @inline(__always)
    private func steps(of value: Int, variable: Int) -> Int? {
        Self.steps(of: value, minimum: variableMinimum[variable], step: variableStep[variable], maximum: variableMaximum[variable])
    }

    /// How many steps `value` is from variable `variable`'s least value. A value off its steps would be stored as
    /// another's: `VariableSteps` is wrong if one ever comes, and this stops rather than lose a state.
    @inline(__always)
    func stepsFromMinimum(_ value: Int, of variable: Int) -> Int {
        guard let steps = steps(of: value, variable: variable) else {
            preconditionFailure(
                "variable \(variable) took \(value), which its assignments do not allow (\(variableMinimum[variable]) to \(variableMaximum[variable]) in steps of \(variableStep[variable]))"
            )
        }
        return steps
    }

    /// Whether every variable's value in `context` is one the codec can store: within its range and on its steps (a
    /// state given from outside may have any value).
    package func canEncode(_ context: StepContext) -> Bool {
        let variables = context.variables
        return variableFields.indices.allSatisfy { steps(of: variables[$0], variable: $0) != nil }
    }

    func encodeHistoryFields(_ history: [StateSet?], into key: UnsafeMutablePointer<UInt64>) { encodeHistory(history, into: key) }

    private func encodeHistory(_ history: [StateSet?], into key: UnsafeMutablePointer<UInt64>) {
        let tree = machine.tree
        for (i, h) in tree.historyStates.enumerated() {
            guard let recorded = history[i] else { continue }
            let parent = tree.parent[h]
            if deepFields[i].isEmpty {
                if tree.kind[parent] == .compound, let child = recorded.first {
                    write(childIndex[child] + 1, historyFields[i], key)
                } else {
                    write(1, historyFields[i], key)
                }
                continue
            }
            write(1, historyFields[i], key)
            for leaf in recorded {
                var state = leaf
                while state != parent {
                    let up = tree.parent[state]
                    if let entry = deepFields[i].first(where: { $0.state == up }) { write(childIndex[state], entry.field, key) }
                    state = up
                }
            }
        }
    }

    // MARK: - Decoding

    /// Makes the state packed in `key` the context's current state.
    package func decode(_ key: UnsafePointer<UInt64>, into context: StepContext) {
        let configuration = context.configuration
        for w in 0..<stateWords { configuration[w] = decodeBase[w] }
        for field in decodeFields {
            let state = Int(field.state)
            guard configuration[state >> 6] & (1 << UInt64(state & 63)) != 0 else { continue }
            let choice = Int(field.firstChoice) + min(read(field.field, key), Int(field.choiceCount) - 1)
            for i in Int(activatedStart[choice])..<Int(activatedStart[choice + 1]) {
                let active = Int(activatedPool[i])
                configuration[active >> 6] |= 1 << UInt64(active & 63)
            }
        }
        if haltable { context.core.isHalted = context.core.computeHalted() }
        decodeData(key, into: context)
    }

    /// Unpacks all but the configuration (variables, history): for a caller that knows the configuration already,
    /// because the key's child fields (`configurationMask`) equal those of a state it decoded.
    package func decodeData(_ key: UnsafePointer<UInt64>, into context: StepContext) {
        let variables = context.variables
        for i in variableFields.indices { variables[i] = variableMinimum[i] + read(variableFields[i], key) * variableStep[i] }
        if !historyFields.isEmpty { context.core.history = decodeHistory(key) }
        if let tracking = context.core.tracking { tracking.key.update(from: key, count: words) }
    }

    /// The bits of a key that hold the configuration and the history (the child fields and the history fields):
    /// everything but the variables.
    package var controlMask: [UInt64] {
        var mask = configurationMask
        for field in historyFields + deepFields.flatMap({ $0.map(\.field) }) { mask[field.word] |= field.mask << field.shift }
        return mask
    }

    /// The bits of a key that hold the child fields: two keys that agree on them have the same configuration (and
    /// so handle the same events), whatever their variables and history.
    package var configurationMask: [UInt64] {
        var mask = [UInt64](repeating: 0, count: words)
        for field in childField.compactMap({ $0 }) { mask[field.word] |= field.mask << field.shift }
        return mask
    }

    /// The state packed in `key`, as a value.
    package func decode(_ key: UnsafePointer<UInt64>) -> MachineState {
        var configuration = StateSet(capacity: machine.stateCount)
        descend(from: 0, key: key) { configuration.insert($0) }
        let variables = variableFields.indices.map { variableMinimum[$0] + read(variableFields[$0], key) * variableStep[$0] }
        return MachineState(configuration: configuration, variables: variables, history: decodeHistory(key))
    }

    /// Visits `root` and every state active below it according to the child fields in `key`.
    private func descend(from root: Int, key: UnsafePointer<UInt64>, fields: [Int: Field]? = nil, _ visit: (Int) -> Void) {
        let tree = machine.tree
        withUnsafeTemporaryAllocation(of: Int.self, capacity: tree.count) { stack in
            var top = 0
            stack[0] = root
            while top >= 0 {
                let state = stack[top]
                top -= 1
                visit(state)
                switch tree.kind[state] {
                case .parallel:
                    for child in tree.children[state] where tree.kind[child] != .history {
                        top += 1
                        stack[top] = child
                    }
                case .compound:
                    guard let field = fields?[state] ?? childField[state] else { continue }
                    let choices = selectable[state]
                    top += 1
                    stack[top] = choices[min(read(field, key), choices.count - 1)]
                default:
                    break
                }
            }
        }
    }

    private func decodeHistory(_ key: UnsafePointer<UInt64>) -> [StateSet?] {
        let tree = machine.tree
        return tree.historyStates.enumerated().map { i, h -> StateSet? in
            let value = read(historyFields[i], key)
            guard value != 0 else { return nil }
            let parent = tree.parent[h]
            var recorded = StateSet(capacity: tree.count)
            if deepFields[i].isEmpty {
                if tree.kind[parent] == .compound {
                    recorded.insert(selectable[parent][value - 1])
                } else {
                    for child in tree.children[parent] where tree.kind[child] != .history { recorded.insert(child) }
                }
                return recorded
            }
            let fields = Dictionary(uniqueKeysWithValues: deepFields[i].map { ($0.state, $0.field) })
            descend(from: parent, key: key, fields: fields) { state in
                if state != parent && tree.leaves.contains(state) { recorded.insert(state) }
            }
            return recorded
        }
    }
}

/// The packed key kept up to date while the step runs: every activation, deactivation, assignment and history
/// record rewrites its field, so after a step the key is ready without encoding the whole state again.
/// Set up by `StepContext.trackPackedKey(with:)`; the explorer's hot loop reads it.
struct KeyTracking {
    let key: UnsafeMutablePointer<UInt64>
    let words: Int
    /// Per state: the word of its parent's child field (-1: none), the mask that clears it, and the value that
    /// says "this child".
    let stateWord: UnsafeMutablePointer<Int32>
    let stateClear: UnsafeMutablePointer<UInt64>
    let stateValue: UnsafeMutablePointer<UInt64>
    /// Per variable: word (-1: no bits, one value), shift, mask (before shifting), its least value and its step
    /// (`VariableSteps`).
    let variableWord: UnsafeMutablePointer<Int32>
    let variableShift: UnsafeMutablePointer<UInt64>
    let variableMask: UnsafeMutablePointer<UInt64>
    let variableMinimum: UnsafeMutablePointer<Int>
    let variableStep: UnsafeMutablePointer<Int>
    let variableMaximum: UnsafeMutablePointer<Int>
    /// Per key word: the bits that belong to history fields.
    let historyBits: UnsafeMutablePointer<UInt64>

    func deallocate() {
        key.deallocate(); stateWord.deallocate(); stateClear.deallocate(); stateValue.deallocate()
        variableWord.deallocate(); variableShift.deallocate(); variableMask.deallocate(); variableMinimum.deallocate()
        variableStep.deallocate(); variableMaximum.deallocate(); historyBits.deallocate()
    }

    @inline(__always)
    func activate(_ state: Int) {
        let w = Int(stateWord[state])
        if w >= 0 { key[w] = key[w] & stateClear[state] | stateValue[state] }
    }

    @inline(__always)
    func deactivate(_ state: Int) {
        let w = Int(stateWord[state])
        if w >= 0 { key[w] &= stateClear[state] }
    }

    @inline(__always)
    func assign(_ variable: Int, _ value: Int) {
        // A constant (no bits) is checked too: its one value is 0 steps.
        guard
            let steps = StateCodec.steps(
                of: value, minimum: variableMinimum[variable], step: variableStep[variable], maximum: variableMaximum[variable])
        else { preconditionFailure("variable \(variable) took \(value), which its assignments do not allow") }
        let w = Int(variableWord[variable])
        guard w >= 0 else { return }
        let shift = variableShift[variable], mask = variableMask[variable]
        key[w] = key[w] & ~(mask << shift) | (UInt64(truncatingIfNeeded: steps) & mask) << shift
    }

    func rewriteHistory(_ history: [StateSet?], codec: StateCodec) {
        for w in 0..<words { key[w] &= ~historyBits[w] }
        codec.encodeHistoryFields(history, into: key)
    }
}

extension StateCodec {
    func makeTracking() -> KeyTracking {
        func copy<T>(_ array: [T]) -> UnsafeMutablePointer<T> {
            let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(1, array.count))
            _ = UnsafeMutableBufferPointer(start: pointer, count: array.count).initialize(from: array)
            return pointer
        }
        let n = machine.stateCount
        var stateWord = [Int32](repeating: -1, count: n)
        var stateClear = [UInt64](repeating: ~0, count: n)
        var stateValue = [UInt64](repeating: 0, count: n)
        for state in 0..<n {
            let parent = Int(parents[state])
            guard parent >= 0, let field = childField[parent], field.mask != 0 else { continue }
            stateWord[state] = Int32(field.word)
            stateClear[state] = ~(field.mask << field.shift)
            stateValue[state] = (UInt64(childIndex[state]) & field.mask) << field.shift
        }
        var historyBits = [UInt64](repeating: 0, count: words)
        for field in historyFields + deepFields.flatMap({ $0.map(\.field) }) {
            historyBits[field.word] |= field.mask << field.shift
        }
        let key = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        key.initialize(repeating: 0, count: words)
        return KeyTracking(
            key: key, words: words, stateWord: copy(stateWord), stateClear: copy(stateClear), stateValue: copy(stateValue),
            variableWord: copy(variableFields.map { Int32($0.mask == 0 ? -1 : $0.word) }),
            variableShift: copy(variableFields.map(\.shift)), variableMask: copy(variableFields.map(\.mask)),
            variableMinimum: copy(variableMinimum), variableStep: copy(variableStep), variableMaximum: copy(variableMaximum),
            historyBits: copy(historyBits))
    }
}
