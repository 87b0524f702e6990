extension Spec {
    /// A bounded variable of the machine.
    public struct Variable: Hashable, Sendable {
        public var name: String
        public var type: ValueType
        public var initial: Value
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ name: String, _ type: ValueType, initial: Value? = nil, location: SourceLocation? = nil) {
            self.name = name
            self.type = type
            self.initial = initial ?? type.defaultValue
            self.location = location
        }
    }

    /// A parameter of an event; its whole domain is explored and fuzzed.
    public struct Parameter: Hashable, Sendable {
        public var name: String
        public var type: ValueType
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ name: String, _ type: ValueType, location: SourceLocation? = nil) {
            self.name = name
            self.type = type
            self.location = location
        }
    }

    /// An event the machine can receive, with its parameters.
    public struct EventDeclaration: Hashable, Sendable {
        public var name: String
        public var parameters: [Parameter]
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ name: String, parameters: [Parameter] = [], location: SourceLocation? = nil) {
            self.name = name
            self.parameters = parameters
            self.location = location
        }
    }

    /// A named condition that must hold in every stable configuration.
    public struct Invariant: Hashable, Sendable {
        public var name: String
        public var expression: Expression
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ name: String, _ expression: Expression, location: SourceLocation? = nil) {
            self.name = name
            self.expression = expression
            self.location = location
        }
    }
}
