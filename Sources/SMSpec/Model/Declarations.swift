extension Spec {
    /// A bounded variable of the machine.
    public struct Variable: Hashable, Sendable {
        public var name: String
        public var type: ValueType
        public var initial: Value
        public var description: String?
        @NotPartOfMeaning public var location: SourceLocation?

        public init(
            _ name: String, _ type: ValueType, initial: Value? = nil, description: String? = nil, location: SourceLocation? = nil
        ) {
            self.name = name
            self.type = type
            self.initial = initial ?? type.defaultValue
            self.description = description
            self.location = location
        }
    }

    /// A parameter of an event; its whole domain is explored and fuzzed.
    public struct Parameter: Hashable, Sendable {
        public var name: String
        public var type: ValueType
        public var description: String?
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ name: String, _ type: ValueType, description: String? = nil, location: SourceLocation? = nil) {
            self.name = name
            self.type = type
            self.description = description
            self.location = location
        }
    }

    /// An event the machine can receive, with its parameters.
    public struct EventDeclaration: Hashable, Sendable {
        public var name: String
        public var parameters: [Parameter]
        public var description: String?
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ name: String, parameters: [Parameter] = [], description: String? = nil, location: SourceLocation? = nil) {
            self.name = name
            self.parameters = parameters
            self.description = description
            self.location = location
        }
    }

    /// A named condition that must hold in every stable configuration.
    public struct Invariant: Hashable, Sendable {
        public var name: String
        public var expression: Expression
        public var description: String?
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ name: String, _ expression: Expression, description: String? = nil, location: SourceLocation? = nil) {
            self.name = name
            self.expression = expression
            self.description = description
            self.location = location
        }
    }
}
