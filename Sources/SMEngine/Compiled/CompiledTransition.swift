import SMSpec

/// A transition with everything the step needs precomputed: its guard as bytecode, and for each way its target
/// can resolve (one, or one per `oneOf` option) the transition domain, the exit mask and the entry order, unless a
/// history target makes them depend on the run.
package final class CompiledTransition: Sendable {
    package enum Guard: Sendable {
        case none
        case program(Program)
        case opaque(id: Int)
        case otherwise
    }

    /// One way the targets can resolve.
    package struct Option: Sendable {
        package let targets: [Int]
        /// A target is a history state, or entering the targets passes through one (an initial state that is a
        /// history state): what is entered, and with a history target the domain and exits, depend on the run.
        package let isDynamic: Bool
        /// Valid when not dynamic.
        package let domain: Int
        /// The proper descendants of the domain: `configuration ∩ exitMask` is the exit set.
        package let exitMask: StateSet
        /// States to enter, in document order, when this transition is the only one of its microstep.
        package let entryOrder: [Int]
    }

    package let index: Int
    package let source: Int
    package let isLocal: Bool
    package let isOneOf: Bool
    package let guardCondition: Guard
    package let actions: [CompiledAction]
    /// Empty for targetless transitions; one option, or one per `oneOf` target.
    package let options: [Option]
    package let location: Spec.SourceLocation?

    package var isTargetless: Bool { options.isEmpty }

    init(_ transition: ResolvedTransition, tree: StateTree) {
        index = transition.index
        source = transition.source
        isLocal = transition.kind == .local
        isOneOf = transition.isOneOf
        location = transition.location
        switch transition.guardCondition {
        case nil: guardCondition = .none
        case .expression(let typed, _): guardCondition = .program(Program(typed))
        case .opaque(let id, _): guardCondition = .opaque(id: id)
        case .otherwise: guardCondition = .otherwise
        }
        actions = CompiledAction.compile(transition.actions)
        let targetLists: [[Int]] =
            transition.targets.isEmpty ? [] : (transition.isOneOf ? transition.targets.map { [$0] } : [transition.targets])
        options = targetLists.map { targets in
            let domain = tree.domain(source: transition.source, targets: targets, isLocal: transition.kind == .local)
            var entry = EntrySet(tree: tree, history: [])
            entry.add(targets: targets, domain: domain)
            if entry.passedThroughHistory {
                return Option(targets: targets, isDynamic: true, domain: -1, exitMask: StateSet(capacity: tree.count), entryOrder: [])
            }
            return Option(
                targets: targets, isDynamic: false, domain: domain, exitMask: tree.descendants[domain],
                entryOrder: Array(entry.statesToEnter))
        }
    }
}

/// Executable content compiled: expressions as bytecode, names as slots.
///
/// Kept small (a few words per case, locations behind a reference) so the step reads each action in place: a
/// large payload is copied out of the array, retaining everything it holds, on every step.
package enum CompiledAction: Sendable {
    /// Where an action is in the spec: read only for an error message.
    package final class Site: Sendable {
        package let location: Spec.SourceLocation?
        init(_ location: Spec.SourceLocation?) { self.location = location }
    }

    package struct Assignment: Sendable {
        package let variable: Int
        package let value: Program
        package let site: Site
        package var location: Spec.SourceLocation? { site.location }
    }

    case assign([Assignment])
    case raise(event: Int, arguments: [Program], site: Site)
    case send(event: Int, arguments: [Program], site: Site)
    /// The only recursive case is boxed.
    indirect case ifThen(Program, then: [CompiledAction], else: [CompiledAction], site: Site)
    case call(id: Int)

    static func compile(_ actions: [ResolvedAction]) -> [CompiledAction] {
        actions.map { action in
            switch action.kind {
            case .assign(let assignments):
                return .assign(
                    assignments.map {
                        Assignment(variable: $0.variable, value: Program($0.value), site: Site($0.location ?? action.location))
                    })
            case .raise(let event, let arguments):
                return .raise(event: event, arguments: arguments.map(Program.init), site: Site(action.location))
            case .send(let event, let arguments):
                return .send(event: event, arguments: arguments.map(Program.init), site: Site(action.location))
            case .ifThen(let condition, let thenActions, let elseActions):
                return .ifThen(Program(condition), then: compile(thenActions), else: compile(elseActions), site: Site(action.location))
            case .call(let id, _):
                return .call(id: id)
            }
        }
    }
}
