@_spi(Stepping) public import SMEngine
import SMSpec

/// Decides whether a concurrent history is explained by the spec: whether some order of its operations that keeps
/// real-time order (an operation that returned before another was called comes first) gives, step by step with the
/// engine, what each operation returned and what the machine showed at the end.
///
/// The search is Wing and Gong's, with Lowe's memoization: a depth-first walk over the operations that may come
/// next, remembering every (operations done, spec state) pair already tried, so each is explored once. Choices of
/// the spec (opaque guards, `oneOf` targets) are tried all ways.
///
/// Cost: at most 2^n × (spec states) pairs for n operations, far fewer in practice; histories hold at most 64.
struct LinearizabilityChecker {
    let machine: Machine
    private let context: StepContext

    /// Operations a history may have: one bit each.
    static let maximumOperations = 64

    init(machine: Machine) {
        self.machine = machine
        context = StepContext(machine: machine)
    }

    enum Verdict {
        /// The operations in an order that explains them (indices into `history.operations`).
        case linearizable([Int])
        /// Nothing explains them: the longest order that explained a prefix, and why nothing could follow it.
        case notLinearizable(longest: [Int], stuck: [String])
        /// Nothing tried explains them, but a step had more combinations of choices than were tried.
        case undecided(String)
    }

    /// Combinations of choices tried per step, as exploration tries them: an event whose step meets a hundred
    /// opaque guards has 2^100.
    static let maximumChoiceCombinations = 1024

    private struct Visit: Hashable {
        let done: UInt64
        let state: MachineState
    }

    func check(_ history: ConcurrentHistory) -> Verdict {
        let operations = history.operations
        precondition(operations.count <= Self.maximumOperations)
        let all: UInt64 = operations.count == 64 ? ~0 : (1 << UInt64(operations.count)) - 1
        guard let start = try? machine.initialState().state else {
            return .notLinearizable(longest: [], stuck: ["the spec's start fails"])
        }
        var visited = Set<Visit>()
        var stack: [(done: UInt64, state: MachineState, order: [Int])] = [(0, start, [])]
        var longest: (order: [Int], state: MachineState) = ([], start)
        var successors: [Step: [Successor]] = [:]
        while let (done, state, order) = stack.popLast() {
            if order.count > longest.order.count { longest = (order, state) }
            if done == all {
                if machine.differences(history.final, from: state.configuration, variables: state.variables).isEmpty {
                    return .linearizable(order)
                }
                continue
            }
            guard visited.insert(Visit(done: done, state: state)).inserted else { continue }
            for candidate in Self.candidates(operations, done: done).reversed() {
                let key = Step(state: state, event: operations[candidate].event)
                if successors[key] == nil { successors[key] = self.successors(of: state, operations[candidate].event) }
                for next in successors[key]! where explains(operations[candidate].outcome, next) {
                    stack.append((done | 1 << UInt64(candidate), next.state, order + [candidate]))
                }
            }
        }
        if successors.values.contains(where: { $0.count > Self.maximumChoiceCombinations }) {
            return .undecided(
                "a step met more than \(Self.maximumChoiceCombinations) combinations of opaque guards and oneOf targets; the orders tried with the first ones explain nothing, and the rest were not tried"
            )
        }
        return .notLinearizable(longest: longest.order, stuck: stuck(history, after: longest))
    }

    /// The operations not done yet that may come next: none of the others not done returned before they were called.
    static func candidates(_ operations: [ConcurrentOperation], done: UInt64) -> [Int] {
        let pending = operations.indices.filter { done & (1 << UInt64($0)) == 0 }
        return pending.filter { o in
            !pending.contains { other in other != o && operations[other].returned < operations[o].invoked }
        }
    }

    private struct Step: Hashable {
        let state: MachineState
        let event: EventInstance
    }

    /// What the spec can do with an event: its state after, or a rejection (any engine error; the runtime rolls
    /// back and throws), once per combination of choices.
    private struct Successor {
        let rejection: String?
        let state: MachineState
    }

    /// Every outcome of the event, once per combination of choices; one more than the limit when there are more.
    private func successors(of state: MachineState, _ event: EventInstance) -> [Successor] {
        var result: [Successor] = []
        var choices: [Int] = []
        while result.count <= Self.maximumChoiceCombinations {
            context.load(state)
            context.useChoices(choices)
            do {
                try context.process(event)
                result.append(Successor(rejection: nil, state: context.snapshot()))
            } catch {
                result.append(Successor(rejection: error.message, state: state))
            }
            guard let next = context.nextChoices() else { return result }
            choices = next
        }
        return result
    }

    private func explains(_ outcome: ConcurrentOperation.Outcome, _ next: Successor) -> Bool {
        switch (outcome, next.rejection) {
        case (.rejected, .some): true
        case (.observed(let observation), nil):
            machine.differences(observation, from: next.state.configuration, variables: next.state.variables).isEmpty
        default: false
        }
    }

    /// Why nothing can follow the longest explained order: each operation that could come next, and what the spec
    /// does with it there; or, when every operation was placed, how the end differs.
    private func stuck(_ history: ConcurrentHistory, after longest: (order: [Int], state: MachineState)) -> [String] {
        let operations = history.operations
        let done = longest.order.reduce(UInt64(0)) { $0 | 1 << UInt64($1) }
        let state = longest.state
        guard longest.order.count < operations.count else {
            let differences = machine.differences(history.final, from: state.configuration, variables: state.variables)
            return ["at the end the implementation shows \(history.final): " + differences.joined(separator: "; ")]
        }
        return Self.candidates(operations, done: done).map { candidate in
            let operation = operations[candidate]
            let what = "\(ConcurrentOperation.describe(operation, machine: machine)) → \(operation.outcome)"
            let options = successors(of: state, operation.event)
            let reasons = options.map { next -> String in
                switch (operation.outcome, next.rejection) {
                case (.rejected, nil): return "the spec accepts it"
                case (.observed, .some(let message)): return "the spec rejects it: \(message)"
                case (.observed(let observation), nil):
                    return machine.differences(observation, from: next.state.configuration, variables: next.state.variables).joined(
                        separator: "; ")
                case (.rejected, .some): return "the spec rejects it too"
                }
            }
            return "\(what): " + Array(Set(reasons)).sorted().joined(separator: ", or ")
        }
    }

}

extension ConcurrentOperation {
    /// `thread 2: tick`, or `fire` for the prefix.
    public static func describe(_ operation: ConcurrentOperation, machine: Machine) -> String {
        (operation.thread.map { "thread \($0 + 1): " } ?? "") + machine.describe(operation.event)
    }
}

extension ConcurrentOperation.Outcome: CustomStringConvertible {
    public var description: String {
        switch self {
        case .observed(let observation): "\(observation)"
        case .rejected(let message): "rejected (\(message))"
        }
    }
}

extension ObservedState: CustomStringConvertible {
    /// As `smcheck run` prints a state: the states joined by `,`, a space, `name=value` joined by `,`.
    public var description: String {
        let states = self.states.sorted().joined(separator: ",")
        let values = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        return values.isEmpty ? states : states + " " + values
    }
}
