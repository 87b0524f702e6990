public import SMSpec

// The step as a pure function of values, for callers that do not keep a context: tests, replay, tools.
extension Machine {
    /// The machine's state after its start macrostep.
    public func initialState(choices: ChoiceSequence = ChoiceSequence(), recordingMicrosteps: Bool = false) throws(EngineError) -> Macrostep
    {
        try initialState(choices: choices, recordingMicrosteps: recordingMicrosteps, checkingInvariants: false).macrostep
    }

    /// `initialState`, also giving each invariant broken on the way, as `step(_:_:choices:recordingMicrosteps:
    /// checkingInvariants:)` does: at the end of the start's own macrostep, while the events it sent itself were
    /// still to be processed.
    package func initialState(choices: ChoiceSequence = ChoiceSequence(), recordingMicrosteps: Bool = false, checkingInvariants: Bool)
        throws(EngineError) -> (macrostep: Macrostep, brokenOnTheWay: [InvariantViolation])
    {
        let context = StepContext(machine: self)
        context.choices = choices
        context.recordsMicrosteps = recordingMicrosteps
        if checkingInvariants { context.recorder = CoverageRecorder(machine: self, checksInvariants: true) }
        try context.resetToInitialState()
        let brokenOnTheWay = context.recordedViolations.filter { context.invariantHolds($0.invariant) }
        return (Macrostep(event: nil, handled: true, microsteps: context.microsteps, state: context.snapshot()), brokenOnTheWay)
    }

    /// `(state, event, choices) -> (next state, microsteps)`: processes one external event to completion.
    ///
    /// Pure: the same arguments always give the same result, and nothing outside the returned value changes.
    public func step(
        _ state: MachineState, _ event: EventInstance, choices: ChoiceSequence = ChoiceSequence(),
        recordingMicrosteps: Bool = false
    ) throws(EngineError) -> Macrostep {
        try step(state, event, choices: choices, recordingMicrosteps: recordingMicrosteps, checkingInvariants: false).macrostep
    }

    /// `step`, also giving each invariant that was broken at the end of the event's own macrostep or of one for an
    /// event the machine sent itself (while sent events were still to be processed) and holds again at the end: the
    /// moments the checker checks besides the states between external events (`smcheck run` reports them as the
    /// checker does).
    package func step(
        _ state: MachineState, _ event: EventInstance, choices: ChoiceSequence = ChoiceSequence(), recordingMicrosteps: Bool = false,
        checkingInvariants: Bool
    ) throws(EngineError) -> (macrostep: Macrostep, brokenOnTheWay: [InvariantViolation]) {
        if let problem = problem(with: state) { throw EngineError(.invalidState, "not a state of '\(spec.name)': \(problem)") }
        let context = StepContext(machine: self)
        context.load(state)
        context.choices = choices
        context.recordsMicrosteps = recordingMicrosteps
        if checkingInvariants { context.recorder = CoverageRecorder(machine: self, checksInvariants: true) }
        let outcome = try context.process(event)
        let brokenOnTheWay = context.recordedViolations.filter { context.invariantHolds($0.invariant) }
        return (
            Macrostep(event: event, handled: outcome.handled, microsteps: context.microsteps, state: context.snapshot()), brokenOnTheWay
        )
    }

    /// An event instance from a name and arguments by parameter name; missing parameters are an error.
    public func eventInstance(_ name: String, _ arguments: [String: Value] = [:]) throws(EngineError) -> EventInstance {
        guard let declaration = spec.event(named: name), !declaration.isImplicit else {
            let suggestion = Suggestions.closest(to: name, in: spec.events.filter { !$0.isImplicit }.map(\.name))
            throw EngineError(
                .invalidEvent, "unknown event '\(Spec.Expression.excerpt(of: name))'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            )
        }
        for key in arguments.keys where !declaration.parameters.contains(where: { $0.name == key }) {
            throw EngineError(.invalidEvent, "event '\(name)' has no parameter '\(Spec.Expression.excerpt(of: key))'")
        }
        var values: [Int] = []
        for parameter in declaration.parameters {
            guard let value = arguments[parameter.name] else {
                throw EngineError(.invalidEvent, "event '\(name)' needs parameter '\(parameter.name)' (\(parameter.type))")
            }
            guard parameter.type.contains(value) else {
                throw EngineError(.invalidEvent, "'\(value)' is not a value of parameter '\(parameter.name)' (\(parameter.type))")
            }
            values.append(Self.encode(value, as: parameter.type))
        }
        return EventInstance(event: declaration.index, arguments: values)
    }

    /// The arguments of an event instance by parameter name.
    public func arguments(of event: EventInstance) -> [(name: String, value: Value)] {
        zip(spec.events[event.event].parameters, event.arguments).map { ($0.name, Self.decode($1, as: $0.type)) }
    }

    /// `name` or `name {"param": value}`: how traces and `smcheck run` write an event.
    public func describe(_ event: EventInstance) -> String {
        let name = spec.events[event.event].name
        let arguments = self.arguments(of: event)
        guard !arguments.isEmpty else { return name }
        return name + " {"
            + arguments.map { "\(JSONWriter.literal($0.name)): \(JSONWriter.string($0.value.json, style: .compact))" }
            .joined(separator: ", ") + "}"
    }

    /// The full paths of the active leaves, sorted.
    public func activeLeafPaths(_ configuration: StateSet) -> [String] {
        configuration.filter { tree.leaves.contains($0) }.map { path(of: $0) }.sorted()
    }

    /// The active leaves' paths for a message, joined with ", " (`activeLeafPaths`), cut after the first 20 as
    /// "… and 980 more": a machine of a thousand parallel regions would otherwise make a line of a thousand names.
    package func activeLeafList(_ configuration: StateSet) -> String { Self.list(activeLeafPaths(configuration)) }

    /// Names joined with ", " for a message, at most `limit` of them and how many more.
    package static func list(_ names: [String], limit: Int = 20) -> String {
        names.count <= limit
            ? names.joined(separator: ", ") : names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
    }

    /// Variables by name.
    public func variableValues(_ values: [Int]) -> [(name: String, value: Value)] {
        zip(spec.variables, values).map { ($0.name, Self.decode($1, as: $0.type)) }
    }

    /// The line `smcheck run` prints for a state: active leaves joined by `,`, a space, `name=value` joined by `,`.
    package func statusLine(_ state: MachineState) -> String {
        let leaves = activeLeafPaths(state.configuration).joined(separator: ",")
        let values = variableValues(state.variables).map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        return values.isEmpty ? leaves : leaves + " " + values
    }
}
