@_spi(Stepping) import SMEngine
import SMSpec

/// The configurations (active states and variable values) a campaign has reached, as AFL keeps its edges: a hash
/// of each into a fixed bitmap, so remembering costs no allocation and the memory stays 8 KB however many there
/// are. Two configurations that collide count as one; guidance loses a little, nothing else does.
///
/// Only the variables something about to happen reads take part: those the active states' transitions (guards and
/// actions) and entry and exit actions read, and those of the invariants. A counter left behind in a state that
/// resets it before reading it again then does not make every value of it a new configuration, which would bury
/// the configurations that matter among ones that do not.
struct ConfigurationMap {
    private static let bits = 1 << 16
    private var words = [UInt64](repeating: 0, count: bits / 64)
    /// Per state, the variables it reads, as bits (variable i is bit i % 64 of word i / 64).
    private let reads: [[UInt64]]
    private let alwaysRead: [UInt64]
    /// The variables the current configuration reads (reused, so inserting allocates nothing).
    private var relevant: [UInt64]

    init(machine: Machine) {
        let spec = machine.spec
        let variableWords = (spec.variables.count + 63) / 64
        func mask(_ variables: Set<Int>) -> [UInt64] {
            var result = [UInt64](repeating: 0, count: variableWords)
            for v in variables { result[v >> 6] |= 1 << UInt64(v & 63) }
            return result
        }
        reads = spec.states.map { state in
            var read = state.entry.variablesRead.union(state.exit.variablesRead)
            for t in state.transitions + state.eventless {
                let transition = spec.transitions[t]
                if case .expression(let e, _) = transition.guardCondition { read.formUnion(e.variablesRead) }
                read.formUnion(transition.actions.variablesRead)
            }
            return mask(read)
        }
        alwaysRead = mask(spec.invariants.reduce(into: Set<Int>()) { $0.formUnion($1.expression.variablesRead) })
        relevant = alwaysRead
    }

    /// Marks the context's current configuration; true when it was not marked before.
    mutating func insert(_ context: StepContext) -> Bool {
        var hash = Fingerprint.start
        for i in relevant.indices { relevant[i] = alwaysRead[i] }
        for (w, word) in context.configurationWords.enumerated() {
            hash = Fingerprint.mix(hash ^ word)
            var bits = word
            while bits != 0 {
                let state = w << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                for i in relevant.indices { relevant[i] |= reads[state][i] }
            }
        }
        for (v, value) in context.variableSlots.enumerated() where relevant[v >> 6] & (1 << UInt64(v & 63)) != 0 {
            hash = Fingerprint.mix(hash ^ UInt64(bitPattern: Int64(value)))
        }
        let bit = Int(hash % UInt64(Self.bits))
        let mask: UInt64 = 1 << UInt64(bit & 63)
        if words[bit >> 6] & mask != 0 { return false }
        words[bit >> 6] |= mask
        return true
    }
}
