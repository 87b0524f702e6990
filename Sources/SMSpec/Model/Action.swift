extension Spec {
    /// Executable content: what entry, exit and transition blocks do.
    public struct Action: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// Simultaneous assignment: every right-hand side sees the values from before the action.
            case assign([Assignment])
            /// An internal event, processed in the same macrostep.
            case raise(EventInvocation)
            /// An external event, appended to the bounded external queue.
            case send(EventInvocation)
            case ifThen(condition: Expression, then: [Action], else: [Action])
            /// A host callback registered under this name.
            case call(String)
        }

        public var kind: Kind
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ kind: Kind, location: SourceLocation? = nil) {
            self.kind = kind
            self.location = location
        }

        public static func assign(_ variable: String, _ value: Expression) -> Action {
            Action(.assign([Assignment(variable: variable, value: value)]))
        }
        public static func raise(_ event: String, _ arguments: [EventArgument] = []) -> Action {
            Action(.raise(EventInvocation(event: event, arguments: arguments)))
        }
        public static func send(_ event: String, _ arguments: [EventArgument] = []) -> Action {
            Action(.send(EventInvocation(event: event, arguments: arguments)))
        }
        public static func call(_ name: String) -> Action { Action(.call(name)) }
    }

    public struct Assignment: Hashable, Sendable {
        public var variable: String
        public var value: Expression
        @NotPartOfMeaning public var location: SourceLocation?

        public init(variable: String, value: Expression, location: SourceLocation? = nil) {
            self.variable = variable
            self.value = value
            self.location = location
        }
    }

    /// An event with argument expressions, as `raise` and `send` write it.
    public struct EventInvocation: Hashable, Sendable {
        public var event: String
        public var arguments: [EventArgument]
        @NotPartOfMeaning public var location: SourceLocation?

        public init(event: String, arguments: [EventArgument] = [], location: SourceLocation? = nil) {
            self.event = event
            self.arguments = arguments
            self.location = location
        }
    }

    public struct EventArgument: Hashable, Sendable {
        public var name: String
        public var value: Expression
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ name: String, _ value: Expression, location: SourceLocation? = nil) {
            self.name = name
            self.value = value
            self.location = location
        }
    }
}

extension Spec.Action {
    /// The deepest `if` actions may nest (an `if` in a branch of another is one level deeper; in SCXML each `<elseif>`
    /// is an `if` inside the `else` of the branch before it). Walks over actions recurse, so a spec deeper than this
    /// is refused at load rather than overflowing a stack.
    public static let maximumNesting = 200

    /// How deep `if` actions nest in `actions` (0 with none), found without recursion.
    public static func nesting(of actions: [Spec.Action]) -> Int {
        var deepest = 0
        var pending: [(actions: [Spec.Action], depth: Int)] = [(actions, 0)]
        while let (list, depth) = pending.popLast() {
            for action in list {
                guard case .ifThen(_, let thenActions, let elseActions) = action.kind else { continue }
                deepest = max(deepest, depth + 1)
                pending.append((thenActions, depth + 1))
                pending.append((elseActions, depth + 1))
            }
        }
        return deepest
    }
}
