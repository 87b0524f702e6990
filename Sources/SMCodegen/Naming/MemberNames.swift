import SMEngine
import SMSpec

/// The functions the generated code declares in the machine's type, all in one scope: the fixed ones the emitters
/// spell out (`send`, `exitSelection`, `enterStates`), the numbered ones of transitions (`effect3`, `enterTargets3`),
/// and the ones made from a spec's names: a state's stem (`enterCountdown`, `exitBelowFlight`), an event's case
/// (`handleLaunch`) or two enum types (`convertModeToPhase`). Made separately, a state named `targets0` or
/// `selection` declared a second `enterTargets0()` or `exitSelection()`, and an event named `doneStateP` a second
/// `handleDoneStateP()` beside the completion event's. The fixed names are reserved and the numbered ones claimed
/// first, so neither ever changes; a name from the spec that meets one of them, or another, gets a number
/// (`enterTargets02`).
struct MemberNames {
    /// The helpers made for a state from its stem.
    enum StateHelper: String, CaseIterable {
        /// Entering and leaving the state itself (every state but the root and history states).
        case enter, exit
        /// Walks over the active states below a state with children (and the root).
        case exitBelow, recordHistoryBelow, activeChildrenOf, activeLeavesBelow
    }

    /// Per helper kind, per state that can have one: its name.
    private let stateHelpers: [StateHelper: [Int: String]]
    /// Per transition with actions: the function that runs them.
    let effect: [Int: String]
    /// Per transition and target option: the function that enters the option's precomputed entry set.
    let targetEntry: [Int: [String]]
    /// Per event (declared and implicit): the handler that selects and takes its transitions.
    let handler: [String]
    /// Per event: the function that takes what the handler collected when several leaves select.
    let takeSelection: [String]
    /// Per enum type and enum type it is converted to (by their values): the conversion's name.
    let conversion: [[String]: [[String]: String]]
    /// Per history state: what it recorded, a property of `Current` (a scope of its own).
    let historyProperty: [Int: String]
    /// Every name of the machine's scope, reserved or claimed.
    let all: Set<String>

    /// The handler of the eventless transitions and its selection's taker: fixed, so reserved.
    static let eventlessHandler = "takeEventless"
    static let eventlessTakeSelection = "takeTakeEventlessSelection"

    /// The members the emitters declare in the machine's type under fixed names, the conformance file's included.
    static let fixedNames: Set<String> = [
        // The stored state, the public API and `Hashable`.
        "current", "scratch", "configuration", "variables", "isStarted", "isFinished", "activeStates", "isActive", "start",
        "send", "hash", "hashValue",
        // The macrostep and its messages.
        "startAndSend", "beginCall", "macrostep", "dispatch", "runToCompletion", "drainSent", "beginMicrostep",
        "beginMicrostepOfSelection", "infiniteLoop", "describeTransition", "validate", "describeVariables",
        "describeConfiguration", "evaluationFailure", "failingOperation", "rangeViolation", "argumentViolation", "queueOverflow",
        "incompleteChoice",
        // Walks below a transition domain, and the kernel.
        "exitBelow", "recordHistoryBelow", "enterStates", "exitToward", "enterToward", "selectedDomain", "resolveConflicts",
        "exitsOverlap", "exitSelection", "nearestDomain", "enterSelection",
        eventlessHandler, eventlessTakeSelection,
        // The conformance to StateMachineImplementation.
        "handle", "observation", "conformanceEvent",
    ]

    /// The fixed fields of `Current`, beside which the history properties are declared.
    static let currentFields: Set<String> = ["configuration", "variables", "isStarted", "isFinished", "hashValue"]

    /// `enumTypes`: the enum types by their values, in the order they were declared.
    init(machine: Machine, stateStem: [String], eventCase: [String], enumTypes: [(values: [String], name: String)]) {
        let spec = machine.spec
        var scope = IdentifierScope(reserved: Self.fixedNames)

        // Numbered names first: no name from the spec can take them.
        var effect: [Int: String] = [:]
        var targetEntry: [Int: [String]] = [:]
        for transition in spec.transitions {
            let t = transition.index
            if !transition.actions.isEmpty { effect[t] = scope.claim("effect\(t)") }
            targetEntry[t] = machine.targetOptions(of: t).indices.map { o in
                scope.claim(transition.isOneOf ? "enterTargets\(t)Option\(o)" : "enterTargets\(t)")
            }
        }
        self.effect = effect
        self.targetEntry = targetEntry

        // Then the states' helpers, a kind at a time, in document order.
        let hasHistory = spec.states.contains { $0.kind == .history }
        var stateHelpers: [StateHelper: [Int: String]] = [:]
        for kind in StateHelper.allCases {
            var names: [Int: String] = [:]
            for state in spec.states {
                let hasChildren = state.kind == .compound || state.kind == .parallel
                let applies =
                    switch kind {
                    case .enter, .exit: state.index != 0 && state.kind != .history
                    case .exitBelow: hasChildren
                    case .recordHistoryBelow, .activeChildrenOf, .activeLeavesBelow: hasChildren && hasHistory
                    }
                if applies { names[state.index] = scope.claim(kind.rawValue + SwiftIdentifier.capitalized(stateStem[state.index])) }
            }
            stateHelpers[kind] = names
        }
        self.stateHelpers = stateHelpers

        // Then the events' handlers, each with its selection's taker.
        var handler: [String] = []
        var takeSelection: [String] = []
        for event in spec.events {
            let name = scope.claim("handle" + SwiftIdentifier.capitalized(eventCase[event.index]))
            handler.append(name)
            takeSelection.append(scope.claim("take" + SwiftIdentifier.capitalized(name) + "Selection"))
        }
        self.handler = handler
        self.takeSelection = takeSelection

        // Then the conversions between enum types that an expression may need.
        var conversion: [[String]: [[String]: String]] = [:]
        for from in enumTypes {
            for to in enumTypes where to.values != from.values {
                conversion[from.values, default: [:]][to.values] = scope.claim("convert\(from.name)To\(to.name)")
            }
        }
        self.conversion = conversion
        all = scope.taken

        var fields = IdentifierScope(reserved: Self.currentFields)
        var historyProperty: [Int: String] = [:]
        for state in spec.states where state.kind == .history {
            historyProperty[state.index] = fields.claim("history" + SwiftIdentifier.capitalized(stateStem[state.index]))
        }
        self.historyProperty = historyProperty
    }

    /// The name of a helper about a state (`enterCountdown`).
    func helper(_ kind: StateHelper, _ state: Int) -> String {
        if let name = stateHelpers[kind]?[state] { return name }
        assertionFailure("no \(kind.rawValue) helper for state \(state)")
        return kind.rawValue + String(state)
    }
}
