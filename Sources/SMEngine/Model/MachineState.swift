/// Everything that determines what a machine does next: the active states, the variables and the history memory.
///
/// A value: the step function maps one `MachineState` and an event to the next, and two equal states behave the
/// same forever after.
public struct MachineState: Hashable, Sendable {
    /// Active states, closed upward (an active state's ancestors are active); the root (0) is always a member.
    public var configuration: StateSet
    /// One value per declared variable, in declaration order.
    public var variables: [Int]
    /// For each history state (in `Machine.historyStates` order): the states it recorded, or nil before its parent
    /// was first left.
    public var history: [StateSet?]

    package init(configuration: StateSet, variables: [Int], history: [StateSet?]) {
        self.configuration = configuration
        self.variables = variables
        self.history = history
    }
}
