/// A trace as a reader steps through it on the diagram: the configuration after the start and after each event,
/// computed by the engine when the report is written.
public struct TracePlayback: Sendable, Equatable {
    /// What the trace shows, e.g. `SM006 invariant violated`.
    public var title: String
    /// The start first, then one step per event; a step that fails ends the playback.
    public var steps: [Step]

    public init(title: String, steps: [Step]) {
        self.title = title
        self.steps = steps
    }

    public struct Step: Sendable, Equatable {
        /// `start`, or the event with its arguments and choices.
        public var label: String
        /// The SVG element ids of the active states (every level, not only leaves).
        public var activeStates: [String]
        /// The full paths of the active leaf states, for reading.
        public var leaves: [String]
        /// The SVG element ids of the transitions the step took, in order.
        public var transitions: [String]
        /// Every variable with its value after the step.
        public var variables: [Variable]
        /// What is wrong after the step: the error that stopped it, violated invariants.
        public var problems: [String]

        public init(
            label: String, activeStates: [String], leaves: [String], transitions: [String], variables: [Variable], problems: [String]
        ) {
            self.label = label
            self.activeStates = activeStates
            self.leaves = leaves
            self.transitions = transitions
            self.variables = variables
            self.problems = problems
        }
    }

    public struct Variable: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }
}
