extension Spec {
    /// A state of the chart. Its name is its key in the parent's `states`; its path joins names from the root with `/`.
    public struct State: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// No children (the default without `states`).
            case atomic
            /// One child active at a time (the default with `states`).
            case compound
            /// Every child is an orthogonal region, all active at once.
            case parallel
            /// Entering it completes the parent (`done.state.<parent>`); at the top level it stops the machine.
            case final
            /// Remembers the parent's last active children; a transition to it restores them.
            case history
            /// A pseudostate left in the microstep after it is entered, through the first `always` whose guard holds.
            case choice
        }

        public enum HistoryDepth: String, Hashable, Sendable, CaseIterable {
            case shallow
            case deep
        }

        public var name: String
        public var kind: Kind
        /// For compound states: the initial child or descendant (default: the first child).
        public var initial: StateReference?
        public var children: [State]
        public var entry: [Action]
        public var exit: [Action]
        /// The transitions of `on`, in the order their keys are written; each carries its trigger.
        public var transitions: [Transition]
        /// Eventless transitions.
        public var always: [Transition]
        /// For history states.
        public var historyDepth: HistoryDepth
        /// For history states: where to go when the parent was never visited (default: the parent's initial).
        public var historyDefault: [StateReference]
        public var description: String?
        @NotPartOfMeaning public var location: SourceLocation?

        public init(
            _ name: String, kind: Kind? = nil, initial: StateReference? = nil, children: [State] = [],
            entry: [Action] = [], exit: [Action] = [], transitions: [Transition] = [], always: [Transition] = [],
            historyDepth: HistoryDepth = .shallow, historyDefault: [StateReference] = [], description: String? = nil,
            location: SourceLocation? = nil
        ) {
            self.name = name
            self.kind = kind ?? (children.isEmpty ? .atomic : .compound)
            self.initial = initial
            self.children = children
            self.entry = entry
            self.exit = exit
            self.transitions = transitions
            self.always = always
            self.historyDepth = historyDepth
            self.historyDefault = historyDefault
            self.description = description
            self.location = location
        }

        /// True for the kinds that are never stable members of a configuration a user sees.
        public var isPseudostate: Bool { kind == .history || kind == .choice }
    }
}
