extension Spec {
    /// A transition: what triggers it, where it goes, when it may fire and what it does.
    public struct Transition: Hashable, Sendable {
        public enum Trigger: Hashable, Sendable, CustomStringConvertible {
            /// A named event (declared, or an implicit `done.state.<name>`).
            case event(String)
            /// `"*"`: every event.
            case anyEvent
            /// An `always` transition.
            case eventless

            public var description: String {
                switch self {
                case .event(let name): name
                case .anyEvent: "*"
                case .eventless: "always"
                }
            }
        }

        public enum Target: Hashable, Sendable {
            /// Targetless: actions run, no state is exited or entered.
            case none
            /// One target, or several in distinct regions of one parallel state (a fork).
            case states([StateReference])
            /// Nondeterministic: the host (a resolver, the fuzzer, the explorer) picks one.
            case oneOf([StateReference])

            public var references: [StateReference] {
                switch self {
                case .none: []
                case .states(let refs), .oneOf(let refs): refs
                }
            }
        }

        public enum Guard: Hashable, Sendable, CustomStringConvertible {
            /// A boolean expression.
            case expression(Expression)
            /// `"?name"`: a predicate the host registers; a free boolean to the analyzer and the fuzzer.
            case opaque(String)
            /// `"else"`: true when no earlier transition of the same list is enabled.
            case otherwise

            public var description: String {
                switch self {
                case .expression(let e): e.text
                case .opaque(let name): "?" + name
                case .otherwise: "else"
                }
            }
        }

        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// The source is exited (and re-entered on a self-transition).
            case external
            /// The source is not exited when the targets are its descendants (SCXML `type="internal"`).
            case local
        }

        public var trigger: Trigger
        public var target: Target
        public var guardCondition: Guard?
        public var actions: [Action]
        public var kind: Kind
        public var description: String?
        @NotPartOfMeaning public var location: SourceLocation?
        /// Where the trigger (the key in `on`) is written.
        @NotPartOfMeaning public var triggerLocation: SourceLocation?

        public init(
            on trigger: Trigger, target: Target = .none, guard guardCondition: Guard? = nil, actions: [Action] = [],
            kind: Kind = .external, description: String? = nil, location: SourceLocation? = nil
        ) {
            self.trigger = trigger
            self.target = target
            self.guardCondition = guardCondition
            self.actions = actions
            self.kind = kind
            self.description = description
            self.location = location
        }
    }
}
