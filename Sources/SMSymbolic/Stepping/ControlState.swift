package import SMEngine

/// The control part of a machine state: the active states and what the history states recorded. The symbolic step
/// keeps it concrete and the variables symbolic, so a macrostep from one control state is a finite set of paths.
package struct ControlState: Hashable, Sendable {
    package var configuration: StateSet
    /// Per history state, in `Machine.historyStates` order.
    package var history: [StateSet?]

    package init(configuration: StateSet, history: [StateSet?]) {
        self.configuration = configuration
        self.history = history
    }

    /// The control part of a concrete machine state.
    package init(_ state: MachineState) {
        self.init(configuration: state.configuration, history: state.history)
    }
}
