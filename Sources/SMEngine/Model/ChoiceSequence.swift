/// Outcomes of opaque guards and `oneOf` targets, as a sequence of choices: the explorer enumerates them, the
/// fuzzer draws them, a replay feeds them back.
///
/// Each choice point takes the next value (0 when the sequence is exhausted) and records how many values it had,
/// so a caller can walk every combination.
public struct ChoiceSequence: Hashable, Sendable {
    /// The values to use, in order: for an opaque guard 0 = false, 1 = true; for `oneOf`, the option's index.
    public var values: [Int]
    /// How many values each choice point met so far had (2 for a guard, the option count for `oneOf`).
    package private(set) var arities: [Int] = []
    private var cursor = 0

    public init(_ values: [Int] = []) { self.values = values }

    /// Why a search that starts from one start is incomplete when the start meets a choice: the explorer and symbolic
    /// verification take the start with every choice at its first outcome (a trace has no place for the start's
    /// choices), so what only another outcome reaches is not ruled out.
    package static let startOutcomesNotExplored =
        "the start meets an opaque guard or a oneOf target and only its first outcome was searched (false, the first option)"

    /// The values actually used, one per choice point met.
    package var used: [Int] { (0..<cursor).map { $0 < values.count ? values[$0] : 0 } }

    mutating func next(arity: Int) -> Int {
        defer { cursor += 1 }
        arities.append(arity)
        guard cursor < values.count else { return 0 }
        return min(max(values[cursor], 0), arity - 1)
    }

    /// Moves to the combination after the one the last run used, odometer style: the last choice point with
    /// another value to try moves on, and every choice point after it starts over (at 0, by being left out).
    /// Returns false when every combination of the choice points met has been tried.
    package mutating func advance() -> Bool {
        var next = Array((values + Array(repeating: 0, count: max(0, arities.count - values.count))).prefix(arities.count))
        var position = next.count - 1
        while position >= 0 && next[position] + 1 >= arities[position] { position -= 1 }
        guard position >= 0 else { return false }
        next[position] += 1
        reset(Array(next.prefix(position + 1)))
        return true
    }

    /// Starts the same values over for another call.
    mutating func rewind() {
        if !arities.isEmpty { arities.removeAll(keepingCapacity: true) }
        cursor = 0
    }

    /// Starts over for another step, keeping nothing.
    package mutating func reset(_ values: [Int] = []) {
        self.values = values
        arities.removeAll(keepingCapacity: true)
        cursor = 0
    }
}
