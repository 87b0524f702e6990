import SMEngine
import SMSolver
import SMSpec

/// One path of a symbolic macrostep while it runs: the engine's `StepCore` state with the control part concrete
/// and the values symbolic (expressions over the values before the step), plus the conditions that lead here.
struct PathState {
    var configuration: StateSet
    var history: [StateSet?]
    var halted = false
    var variables: [TypedExpression]
    /// The parameters of the event being handled, over the external event's parameters.
    var parameters: [TypedExpression] = []
    var currentEvent = -1
    /// The host's event of the macrostep, whose parameters the conditions name; nil at the start.
    var externalEvent: Int?
    var conditions: [Formula] = []
    var choices: [Int] = []
    /// The outcomes of the opaque guards asked in the current selection, by guard: one answer per selection, as the
    /// engine gives.
    var opaqueOutcomes: [Int: Bool] = [:]
    var internalQueue: [(event: Int, arguments: [TypedExpression])] = []
    var internalHead = 0
    var externalQueue: [(event: Int, arguments: [TypedExpression])] = []
    var externalHead = 0
    var drained = 0
    var selected: [(transition: Int, option: Int)] = []
    var microsteps = 0
    /// The transitions taken in this macrostep, oldest first (at most `recentCapacity`), for the loop error.
    var recent: [Int] = []
    var entered: StateSet
    var taken: Set<Int> = []
    var handledEvents: Set<Int> = []
    var overlaps: [SymbolicOverlap] = []
    /// The state at the end of each macrostep so far.
    var ends: [(control: ControlState, variables: [TypedExpression])] = []
    var hostHandled = false
    var failure: SymbolicFailure?

    static let recentCapacity = 64

    init(control: ControlState, variables: [TypedExpression], stateCount: Int) {
        configuration = control.configuration
        history = control.history
        self.variables = variables
        entered = StateSet(capacity: stateCount)
    }

    var control: ControlState { ControlState(configuration: configuration, history: history) }

    func isActive(_ state: Int) -> Bool { configuration.contains(state) }

    /// The path with one more condition.
    func assuming(_ condition: Formula) -> PathState {
        var copy = self
        // A loop of microsteps whose values were simplified asks the same question each time: once is enough.
        if !conditions.contains(condition) { copy.conditions.append(condition) }
        return copy
    }

    /// The path ended in the engine's error.
    func failing(_ kind: EngineError.Kind, _ summary: String, at location: Spec.SourceLocation?) -> PathState {
        var copy = self
        copy.failure = SymbolicFailure(kind: kind, summary: summary, location: location, variables: variables)
        return copy
    }

    func isSelected(_ t: Int) -> Bool { selected.contains { $0.transition == t } }

    mutating func recordEnd() { ends.append((control, variables)) }

    /// The finished path.
    var result: SymbolicPath {
        let outcome: SymbolicPath.Outcome = failure.map { .failure($0) } ?? .stable(control, variables: variables)
        return SymbolicPath(
            conditions: conditions, choices: choices, outcome: outcome, handled: hostHandled, entered: entered,
            taken: taken, handledEvents: handledEvents, overlaps: overlaps,
            // The explorer reports a failure, not invariants broken on the way to it.
            intermediate: failure == nil ? Array(ends.dropLast()) : [])
    }
}
