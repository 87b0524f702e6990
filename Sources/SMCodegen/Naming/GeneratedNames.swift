import SMEngine
import SMSpec

/// Every Swift name the generated code declares for a spec, chosen once so that all emitters agree and no two
/// collide: types, cases, properties, hook requirements and the functions of the machine's type (`members`).
struct GeneratedNames {
    /// The machine's type (`Rocket`) and the top-level types named after it.
    let typeName: String
    let errorType: String
    let hooksProtocol: String
    let choiceHooksType: String

    /// Per state: a lower-camel stem unique among states (`countdown`, or the path's words when names repeat).
    let stateStem: [String]
    /// Per compound state (and the root, index 0): the enum of its children and its property in `Configuration`.
    let regionEnum: [Int: String]
    let regionProperty: [Int: String]
    /// Per state with a compound parent (or the root as parent): its case in the parent's enum.
    let regionCase: [Int: String]
    /// Per child of a parallel state: the `Configuration` flag that says it is active.
    let activeFlag: [Int: String]

    /// Per event (declared and implicit): the case in `Event` (declared) or in the internal `Raised` enum (done events).
    let eventCase: [String]
    /// Per declared event: its parameters' labels in `Event`.
    let parameterLabels: [[String]]

    let variableProperty: [String]
    /// The Swift type of each enum domain, by its values.
    let enumTypes: [[String]: String]
    /// The cases of each enum type, by its values.
    let enumCases: [[String]: [String]]

    let opaqueGuardHook: [String]
    let callbackHook: [String]
    /// The hook that picks a `oneOf` target, when the spec has one.
    let chooseTargetHook: String
    /// Per `oneOf` transition: its case in the `OneOf` enum.
    let oneOfCase: [Int: String]

    /// The functions of the machine's type named after states, transitions, events and enum types (`enterCountdown`,
    /// `enterTargets3`, `handleLaunch`), unique among all its members, and the history properties of `Current`.
    let members: MemberNames

    init(machine: Machine, typeName requested: String?) {
        let spec = machine.spec
        let derived = SwiftIdentifier.upperCamel(spec.name, fallback: "GeneratedMachine")
        // A type named like one the generated code uses (String, Error, ...) would shadow it in the whole module, one
        // named like a type it nests (Event) would hide itself inside, and a keyword (Self, Any) names no type.
        typeName = requested ?? (Self.problem(withTypeName: derived) == nil ? derived : derived + "Machine")
        errorType = typeName + "Error"
        hooksProtocol = typeName + "Hooks"
        choiceHooksType = typeName + "ChoiceHooks"

        var types = IdentifierScope(
            reserved: Self.nestedTypeNames.union([
                // The types declared beside the machine's: a nested type of one of these names would hide it inside.
                typeName, errorType, hooksProtocol, choiceHooksType, typeName + "ConformanceError",
                // Standard library and SMFuzz names the generated code spells inside the type.
                "Error", "String", "Int", "Bool", "UInt64", "Range", "Set", "Array", "Dictionary", "Optional", "Never", "Hasher",
                "Hashable", "Equatable", "Sendable", "Sequence", "IteratorProtocol", "CaseIterable", "Self", "Value", "ObservedState",
                "StateMachineImplementation", "NSRecursiveLock", "Character", "Double", "Void", "Any", "AnyObject", "Type",
            ]))

        // States: a stem from the name when it is unique, else from the path.
        var nameCounts: [String: Int] = [:]
        for state in spec.states.dropFirst() { nameCounts[state.name, default: 0] += 1 }
        // Stems name `StateID`'s cases.
        var stems = IdentifierScope(reserved: ["topLevel", "allCases", "rawValue", "hashValue"], namesCases: true)
        stateStem = spec.states.map { state in
            if state.index == 0 { return "topLevel" }
            let source = nameCounts[state.name] == 1 ? state.name : state.path
            return stems.claim(SwiftIdentifier.lowerCamel(source, fallback: "state"))
        }

        var configuration = IdentifierScope(reserved: ["hashValue"])
        var enums: [Int: String] = [:]
        var properties: [Int: String] = [:]
        var cases: [Int: String] = [:]
        var flags: [Int: String] = [:]
        for state in spec.states where state.kind == .compound {
            enums[state.index] = types.claim(state.index == 0 ? "TopLevel" : SwiftIdentifier.capitalized(stateStem[state.index]))
            properties[state.index] = configuration.claim(stateStem[state.index])
            var caseScope = IdentifierScope(reserved: ["hashValue"], namesCases: true)
            for child in state.children where spec.states[child].kind != .history {
                cases[child] = caseScope.claim(SwiftIdentifier.lowerCamel(spec.states[child].name, fallback: "state"))
            }
        }
        for state in spec.states where state.kind == .parallel {
            for child in state.children where spec.states[child].kind != .history {
                flags[child] = configuration.claim("active" + SwiftIdentifier.capitalized(stateStem[child]))
            }
        }
        regionEnum = enums
        regionProperty = properties
        regionCase = cases
        activeFlag = flags

        var eventScope = IdentifierScope(reserved: ["hashValue"], namesCases: true)
        var raisedScope = IdentifierScope(reserved: ["event"], namesCases: true)
        eventCase = spec.events.map { event in
            if let state = event.doneStateOf {
                return raisedScope.claim(
                    "doneState" + SwiftIdentifier.capitalized(SwiftIdentifier.lowerCamel(spec.states[state].path, fallback: "state")))
            }
            return eventScope.claim(SwiftIdentifier.lowerCamel(event.name, fallback: "event"))
        }
        parameterLabels = spec.events.prefix(spec.declaredEventCount).map { event in
            var labels = IdentifierScope()
            return event.parameters.map { labels.claim(SwiftIdentifier.lowerCamel($0.name, fallback: "value")) }
        }

        var variableScope = IdentifierScope(reserved: ["hashValue"])
        variableProperty = spec.variables.map { variableScope.claim(SwiftIdentifier.lowerCamel($0.name, fallback: "value")) }

        // One Swift enum per distinct list of values, named after its first user.
        var enumTypes: [[String]: String] = [:]
        var enumCases: [[String]: [String]] = [:]
        var declaredEnums: [(values: [String], name: String)] = []
        func declare(_ type: ValueType, name: @autoclosure () -> String) {
            guard case .enumeration(let values) = type, enumTypes[values] == nil else { return }
            enumTypes[values] = types.claim(SwiftIdentifier.upperCamel(name(), fallback: "Value"))
            declaredEnums.append((values, enumTypes[values] ?? "Value"))
            var caseScope = IdentifierScope(reserved: ["allCases", "rawValue", "hashValue"], namesCases: true)
            enumCases[values] = values.map { caseScope.claim(SwiftIdentifier.lowerCamel($0, fallback: "value")) }
        }
        for variable in spec.variables { declare(variable.type, name: variable.name) }
        for event in spec.events {
            for parameter in event.parameters { declare(parameter.type, name: event.name + " " + parameter.name) }
        }
        self.enumTypes = enumTypes
        self.enumCases = enumCases

        // The documented `chooseTarget` is the oneOf hook's: a guard or a callback of that name gets a suffix.
        var hooks = IdentifierScope(reserved: ["chooseTarget"])
        opaqueGuardHook = spec.opaqueGuards.map { hooks.claim(SwiftIdentifier.lowerCamel($0, fallback: "hostGuard")) }
        callbackHook = spec.callbacks.map { hooks.claim(SwiftIdentifier.lowerCamel($0, fallback: "hostCall")) }
        chooseTargetHook = "chooseTarget"
        var oneOfScope = IdentifierScope(namesCases: true)
        var oneOf: [Int: String] = [:]
        for transition in spec.transitions where transition.isOneOf {
            let trigger = transition.triggerText == "*" ? "any" : transition.triggerText
            oneOf[transition.index] = oneOfScope.claim(
                stateStem[transition.source] + "On" + SwiftIdentifier.upperCamel(trigger, fallback: "Event"))
        }
        oneOfCase = oneOf
        members = MemberNames(machine: machine, stateStem: stateStem, eventCase: eventCase, enumTypes: declaredEnums)
    }

    /// Standard library and Foundation names the generated code uses at the top level of its module.
    static let shadowedNames: Set<String> = [
        "String", "Int", "Bool", "UInt64", "Error", "Never", "Array", "Set", "Dictionary", "Optional", "Result", "Hasher",
        "Hashable", "Equatable", "Sendable", "Sequence", "IteratorProtocol", "CaseIterable", "Range", "NSRecursiveLock",
        "ObservedState", "Value", "StateMachineImplementation", "CustomStringConvertible", "Foundation", "Swift",
        // Names the code around a generated type uses every day: declared in the user's target, the machine would
        // hide them there (`Task { ... }` would no longer compile).
        "Task", "Actor", "MainActor", "Timer", "Thread", "Process", "Progress", "Operation", "OperationQueue", "Date", "Data",
        "URL", "UUID", "Notification", "NotificationCenter", "Bundle", "Duration", "Clock", "Double", "Float", "Character",
        "Substring", "Void", "Any", "Mirror", "AsyncStream",
        // The standard library's other number types and everyday protocols: a machine named UInt8 compiled, and hid
        // the standard type in the rest of the target.
        "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "AnyObject", "AnyHashable", "Collection",
        "Comparable", "Codable", "Encodable", "Decodable", "Identifiable", "Numeric", "StringProtocol", "ClosedRange",
    ]

    /// The types the generated code declares inside the machine's type (and `Storage` inside the runtime's).
    static let nestedTypeNames: Set<String> = [
        "Event", "StateID", "Configuration", "Variables", "Shared", "OneOf", "Current", "Scratch", "Raised", "StateBits",
        "Selection", "RecentTransitions", "Tree", "EntryBuilder", "Hooks", "Kind", "Iterator", "Storage",
    ]

    /// Why `name` cannot name the generated type, or nil when it can.
    static func problem(withTypeName name: String) -> String? {
        if SwiftIdentifier.upperCamel(name, fallback: "") != name || name.first?.isUppercase != true {
            return "'\(name)' is not an UpperCamelCase Swift identifier"
        }
        if SwiftIdentifier.keywords.contains(name) { return "'\(name)' is a Swift keyword" }
        if shadowedNames.contains(name) {
            return "'\(name)' would hide the Swift type of that name from the generated code and the code around it"
        }
        if nestedTypeNames.contains(name) {
            return "'\(name)' is the name of a type the generated code declares inside the machine's type; add a word, like \(name)Machine"
        }
        return nil
    }

    /// The Swift type of a value of `type`.
    func swiftType(_ type: ValueType) -> String {
        switch type {
        case .bool: "Bool"
        case .int: "Int"
        case .enumeration(let values): enumTypes[values] ?? "Never"
        }
    }

    /// `Mode.auto`: an enum value as a qualified Swift expression.
    func enumValue(_ index: Int, of values: [String]) -> String {
        "\(typeName).\(enumTypes[values] ?? "Never").\(SwiftIdentifier.escaped(enumCases[values]?[index] ?? "value"))"
    }

    /// The name of a helper about a state: the kind + the state's stem, capitalized (`enterCountdown`), unless that
    /// names another member.
    func helper(_ kind: MemberNames.StateHelper, _ state: Int) -> String { members.helper(kind, state) }
}
