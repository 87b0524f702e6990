import SMEngine
import SMSpec

/// What every emitter reads: the machine, its names and facts; and what they collect for the declarations that
/// come after them (enum conversions).
final class EmissionContext {
    let machine: Machine
    let spec: ResolvedSpec
    let names: GeneratedNames
    let facts: MachineFacts
    /// `public`, `package` or `internal`, with a trailing space (empty for internal).
    let access: String
    private(set) var conversions: [(from: [String], to: [String], table: [Int])] = []
    /// Some guard needs run-time checks (overflow, division by zero) and can throw.
    var hasCheckedGuards = false
    /// Some step can fail at run time. When none can, `start`, `send` and the step's helpers are plain functions
    /// (their callers write no `try`); set once the states, transitions and guards are known.
    var machineThrows = true

    /// ` throws(RocketError)` when the machine can fail, else nothing.
    var throwsClause: String { machineThrows ? " throws(\(names.errorType))" : "" }
    var tryPrefix: String { machineThrows ? "try " : "" }

    init(machine: Machine, names: GeneratedNames, access: String) {
        self.machine = machine
        self.spec = machine.spec
        self.names = names
        self.facts = MachineFacts(machine: machine)
        self.access = access
    }

    func record(_ used: [(from: [String], to: [String], table: [Int])]) {
        for conversion in used where !conversions.contains(where: { $0.from == conversion.from && $0.to == conversion.to }) {
            conversions.append(conversion)
        }
    }

    /// Swift for "the state is active", read from the typed configuration.
    func isActive(_ state: Int) -> String {
        guard state != 0 else { return "true" }
        let parent = spec.states[state].parent ?? 0
        if let flag = names.activeFlag[state] { return "current.configuration.\(flag)" }
        guard let property = names.regionProperty[parent], let value = names.regionCase[state] else { return "false" }
        return "current.configuration.\(SwiftIdentifier.escaped(property)) == .\(SwiftIdentifier.escaped(value))"
    }

    /// The hooks parameter of a step helper (`_ hooks: some RocketHooks`), or nothing for a spec without hooks.
    var hooksParameter: String { facts.hasHooks ? "_ hooks: some \(names.hooksProtocol)" : "" }
    /// The hooks argument of a call to a step helper.
    var hooksArgument: String { facts.hasHooks ? "hooks" : "" }

    /// `hooks` first, then `extra`, as a parameter list.
    func parameters(_ extra: [String]) -> String { ([hooksParameter].filter { !$0.isEmpty } + extra).joined(separator: ", ") }
    func arguments(_ extra: [String]) -> String { ([hooksArgument].filter { !$0.isEmpty } + extra).joined(separator: ", ") }

    /// The local names and types of an event's parameters, as handlers receive them (`eventTo`).
    func parameterLocals(_ event: Int) -> [(name: String, type: ValueType)] {
        guard event < spec.declaredEventCount else { return [] }
        return zip(names.parameterLabels[event], spec.events[event].parameters).map {
            ("event" + SwiftIdentifier.capitalized($0), $1.type)
        }
    }

    /// `ExpressionEmitter` for code that runs for `event` (nil: no parameters in scope).
    func expressionEmitter(event: Int?, what: String) -> ExpressionEmitter {
        ExpressionEmitter(
            names: names, spec: spec, isActive: { [unowned self] in self.isActive($0) },
            parameters: event.map(parameterLocals) ?? [], what: what)
    }
}

/// An emitter: something that writes part of the generated code from the shared context.
protocol ContextEmitter {
    var context: EmissionContext { get }
}

extension ContextEmitter {
    var spec: ResolvedSpec { context.spec }
    var names: GeneratedNames { context.names }
    var facts: MachineFacts { context.facts }
    var access: String { context.access }
    /// The machine's type name.
    var type: String { names.typeName }
    var errorType: String { names.errorType }
}
