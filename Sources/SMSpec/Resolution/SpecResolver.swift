extension Spec {
    /// Resolves names, targets and expressions and checks every rule of the format that is not about JSON syntax.
    ///
    /// Every problem is reported, not only the first. The loader calls this for JSON specs; specs built in Swift get
    /// the same checks when they are compiled.
    public func resolve() throws(SpecError) -> ResolvedSpec {
        if let cachedResolution { return cachedResolution.resolved }
        return try resolve(rejected: RejectedDeclarations())
    }

    package func resolve(rejected: RejectedDeclarations) throws(SpecError) -> ResolvedSpec {
        var resolver = SpecResolver(spec: self, rejected: rejected)
        let resolved = resolver.run()
        if !resolver.diagnostics.isEmpty { throw SpecError(resolver.diagnostics) }
        return resolved
    }
}

/// The resolution pass: flattens the state tree in document order, builds name indices, and resolves and
/// type-checks everything that refers to something else.
/// Names whose declarations the decoder rejected (already reported), so their uses are not reported again.
package struct RejectedDeclarations {
    package var variables: Set<String> = []
    package var events: Set<String> = []
    /// Parameters by name, of whichever event.
    package var parameters: Set<String> = []
    /// The whole section was unusable (not an object): every name of that kind is unknown for that reason.
    package var allVariables = false
    package var allEvents = false

    package init() {}

    func isRejectedVariable(_ name: String) -> Bool { allVariables || variables.contains(name) }
    func isRejectedEvent(_ name: String) -> Bool { allEvents || events.contains(name) }
}

struct SpecResolver {
    let spec: Spec
    let rejected: RejectedDeclarations
    private(set) var diagnostics: [Diagnostic] = []

    // Flattened tree, filled by `flatten`.
    private var nodes: [Spec.State] = []
    private var parents: [Int?] = []
    private var paths: [String] = []
    private var depths: [Int] = []
    private var childLists: [[Int]] = []
    private var statesByName: [String: [Int]] = [:]
    private var statesByPath: [String: Int] = [:]

    private var eventIndex: [String: Int] = [:]
    /// For every descriptor that matches something other than `*`: the events it matches, in index order. Each event
    /// is listed under each of its token prefixes (`error.io.disk` under `error`, `error.io`, `error.io.disk`).
    private var eventsByDescriptor: [String: [Int]] = [:]
    private var events: [ResolvedEvent] = []
    private var variableBindings: [String: ExpressionScope.Binding] = [:]
    private var opaqueGuards: [String] = []
    private var callbacks: [String] = []
    /// How many `if` actions the action being resolved is inside (bounded: resolving recurses).
    private var ifNesting = 0

    init(spec: Spec, rejected: RejectedDeclarations = RejectedDeclarations()) {
        self.spec = spec
        self.rejected = rejected
    }

    private mutating func report(_ message: String, at location: Spec.SourceLocation?, suggestion: String? = nil, code: String? = nil) {
        let where_ = location ?? Spec.SourceLocation(file: spec.file, pointer: .root)
        diagnostics.append(Diagnostic(message, at: where_, suggestion: suggestion, code: code))
    }

    mutating func run() -> ResolvedSpec {
        // The top-level states' object has no location of its own: its first state's line and column stand in.
        let first = spec.states.first?.location
        let root = Spec.State(
            "", kind: .compound, initial: spec.initial, children: spec.states,
            location: Spec.SourceLocation(
                file: spec.file, pointer: "/states", line: first?.line, column: first?.column,
                elementPath: first?.elementPath == nil ? nil : "/scxml"))
        flatten(root, parent: nil, path: "", depth: 0)
        checkRegionCount()
        declareVariables()
        declareEvents()

        var resolvedStates: [ResolvedState] = []
        var transitions: [ResolvedTransition] = []
        for index in nodes.indices {
            let (state, stateTransitions) = resolveState(index, firstTransitionIndex: transitions.count)
            resolvedStates.append(state)
            transitions += stateTransitions
        }
        checkSameParentDuplicates()

        let invariants = spec.invariants.enumerated().compactMap { i, invariant -> ResolvedInvariant? in
            let scope = makeScope(parameters: nil, reason: "invariants hold in every configuration, not for one event")
            guard let typed = typeCheck(invariant.expression, scope: scope, expecting: .bool, what: "an invariant") else { return nil }
            return ResolvedInvariant(
                index: i, name: invariant.name, expression: typed, source: invariant.expression,
                location: invariant.location)
        }
        let reachable = spec.reachable.compactMap { ref -> (Int, Spec.StateReference)? in
            guard let index = resolveReference(ref) else { return nil }
            // A history state is never active: what it restores is, and its parent.
            guard nodes[index].kind != .history else {
                report(
                    "\(JSONWriter.quoted(paths[index])) is a history state, which is never active, so it cannot be listed as reachable; list its parent or the states it restores",
                    at: ref.location, suggestion: parents[index].flatMap { $0 == 0 ? nil : paths[$0] })
                return nil
            }
            return (index, ref)
        }
        return ResolvedSpec(
            spec: spec, states: resolvedStates, transitions: transitions, events: events, invariants: invariants,
            reachable: reachable, opaqueGuards: opaqueGuards, callbacks: callbacks)
    }

    // MARK: - Tree

    private mutating func flatten(_ state: Spec.State, parent: Int?, path: String, depth: Int) {
        let index = nodes.count
        nodes.append(state)
        parents.append(parent)
        paths.append(path)
        depths.append(depth)
        childLists.append([])
        if let parent { childLists[parent].append(index) }
        if index != 0 {
            statesByName[state.name, default: []].append(index)
            if statesByPath[path] == nil { statesByPath[path] = index }
        }
        for child in state.children {
            flatten(child, parent: index, path: path.isEmpty ? child.name : path + "/" + child.name, depth: depth + 1)
        }
    }

    /// Regions of parallel states are the configuration's independent parts: the explorer's tables grow with the
    /// square of their number (3,000 take half a gigabyte before the first step), so a spec may have so many.
    static let maximumRegions = 1_000

    private mutating func checkRegionCount() {
        let parallels = nodes.indices.filter { nodes[$0].kind == .parallel }
        let regions = parallels.reduce(0) { $0 + childLists[$1].count }
        guard regions > Self.maximumRegions, let largest = parallels.max(by: { childLists[$0].count < childLists[$1].count }) else {
            return
        }
        report(
            "the spec's parallel states have \(regions) regions in all (this one \(childLists[largest].count)); smcheck reads at most \(Self.maximumRegions): model what the regions share as a variable, or as fewer regions",
            at: nodes[largest].location)
    }

    /// " (first at line 3, column 5)" for a duplicate whose first occurrence is known, else nothing.
    private static func firstAt(_ location: Spec.SourceLocation?) -> String {
        location.map { " (first at \($0.placeInFile))" } ?? ""
    }

    /// Same-parent duplicates cannot come from JSON (the decoder reports duplicate keys) but can from Swift.
    private mutating func checkSameParentDuplicates() {
        for (parent, children) in childLists.enumerated() {
            var first: [String: Int] = [:]
            for child in children {
                guard let earlier = first[nodes[child].name] else {
                    first[nodes[child].name] = child
                    continue
                }
                let owner = parent == 0 ? "the top level" : "\(JSONWriter.quoted(paths[parent]))"
                report(
                    "duplicate state name \(JSONWriter.quoted(nodes[child].name)) in \(owner)\(Self.firstAt(nodes[earlier].location))",
                    at: nodes[child].location, code: "SM003")
            }
        }
    }

    /// Resolves a state reference by path (contains `/`) or unique bare name, reporting what is wrong otherwise.
    mutating func resolveReference(_ reference: Spec.StateReference, what: String = "state") -> Int? {
        switch lookup(reference.text) {
        case .success(let index): return index
        case .failure(let error):
            if reference.location?.elementPath == nil, let path = xstatePath(reference.text) {
                report(
                    error.message + "; a path is written with '/', without XState's '#' and dots", at: reference.location,
                    suggestion: path)
                return nil
            }
            report(error.message, at: reference.location, suggestion: error.suggestion)
            return nil
        }
    }

    /// The path meant by an XState target (`#machine.a.b`, `#b`, `.child`, `a.b`) when it names a state here.
    private func xstatePath(_ text: String) -> String? {
        guard text.hasPrefix("#") || text.contains(".") else { return nil }
        let components = text.drop { $0 == "#" }.split(separator: ".").map(String.init)
        guard !components.isEmpty else { return nil }
        // `#light.green` starts with the machine's id, which is its name here.
        let candidates = components.count > 1 ? [components, Array(components.dropFirst())] : [components]
        for candidate in candidates {
            let path = candidate.joined(separator: "/")
            if case .success = lookup(path) { return path }
        }
        return nil
    }

    private func lookup(_ text: String) -> Result<Int, ExpressionError> {
        Self.lookup(text, byName: statesByName, byPath: statesByPath, paths: paths)
    }

    static func lookup(_ text: String, byName: [String: [Int]], byPath: [String: Int], paths: [String]) -> Result<Int, ExpressionError> {
        if text.contains("/") {
            if let index = byPath[text] { return .success(index) }
            // A path may leave out leading names when what is left is unique: "b2/b21" for "b/b2/b21".
            let suffix = "/" + text
            let matches = paths.indices.filter { paths[$0].hasSuffix(suffix) }
            if matches.count == 1 { return .success(matches[0]) }
            if matches.count > 1 {
                let candidates = matches.map { JSONWriter.quoted(paths[$0]) }.joined(separator: ", ")
                return .failure(
                    ExpressionError(
                        "ambiguous path \(JSONWriter.quoted(text)): \(matches.count) states end with it (\(candidates)); write more of the path",
                        at: 0))
            }
            return .failure(
                ExpressionError(
                    "no state has the path \(JSONWriter.quoted(text))", at: 0,
                    suggestion: Suggestions.closest(to: text, in: paths.dropFirst())))
        }
        let matches = byName[text] ?? []
        switch matches.count {
        case 1:
            return .success(matches[0])
        case _ where byPath[text] != nil:
            // A top-level state's path is its name: that name, given where others share it, is its path.
            return .success(byPath[text]!)
        case 0:
            let lastComponents = byName.keys
            return .failure(
                ExpressionError(
                    "unknown state \(JSONWriter.quoted(text))", at: 0,
                    suggestion: Suggestions.closest(to: text, in: lastComponents)))
        default:
            let candidates = matches.map { JSONWriter.quoted(paths[$0]) }.joined(separator: ", ")
            return .failure(
                ExpressionError(
                    "ambiguous state name \(JSONWriter.quoted(text)): \(matches.count) states have it (\(candidates)); write the path",
                    at: 0))
        }
    }

    // MARK: - Declarations

    private mutating func declareVariables() {
        for (i, variable) in spec.variables.enumerated() {
            if let earlier = variableBindings[variable.name] {
                report(
                    "duplicate variable \(JSONWriter.quoted(variable.name))\(Self.firstAt(spec.variables[earlier.index].location))",
                    at: variable.location)
                continue
            }
            if !variable.name.isIdentifier {
                report(SpecMessages.invalidName("variable name", variable.name), at: variable.location)
            }
            if variable.type.cardinality > 0, !variable.type.contains(variable.initial) {
                report(
                    "the initial value \(variable.initial) of \(JSONWriter.quoted(variable.name)) is not in \(variable.type)",
                    at: variable.location)
            }
            variableBindings[variable.name] = .init(index: i, type: variable.type)
        }
    }

    private mutating func declareEvents() {
        for declaration in spec.events {
            if eventIndex[declaration.name] != nil {
                report("duplicate event \(JSONWriter.quoted(declaration.name))", at: declaration.location)
                continue
            }
            // Each token prefix is a descriptor the event is listed under: a name of n tokens costs n^2 characters.
            let tokens = declaration.name.utf8.count { $0 == UInt8(ascii: ".") } + 1
            if tokens > EventDescriptor.maximumTokens {
                report(
                    "the event name has \(tokens) parts separated by dots; smcheck reads at most \(EventDescriptor.maximumTokens): name it more briefly",
                    at: declaration.location)
            }
            eventIndex[declaration.name] = events.count
            events.append(
                ResolvedEvent(
                    index: events.count, name: declaration.name, parameters: declaration.parameters,
                    doneStateOf: nil, location: declaration.location))
        }
        // Implicit completion events for every compound and parallel state, named as a target would name it.
        for index in nodes.indices.dropFirst() where nodes[index].kind == .compound || nodes[index].kind == .parallel {
            let reference = statesByName[nodes[index].name]?.count == 1 ? nodes[index].name : paths[index]
            let name = "done.state." + reference
            eventIndex[name] = events.count
            events.append(
                ResolvedEvent(index: events.count, name: name, parameters: [], doneStateOf: index, location: nodes[index].location))
        }
        for event in events {
            // A name of too many parts is refused above, and not listed.
            for prefix in EventDescriptor.prefixes(of: event.name) ?? [] {
                eventsByDescriptor[String(prefix), default: []].append(event.index)
            }
        }
    }

    private func makeScope(parameters: [Spec.Parameter]?, reason: String) -> ExpressionScope {
        let byName = statesByName, byPath = statesByPath, paths = self.paths
        var parameterBindings: [String: ExpressionScope.Binding]?
        if let parameters {
            parameterBindings = [:]
            for (i, p) in parameters.enumerated() { parameterBindings?[p.name] = .init(index: i, type: p.type) }
        }
        var scope = ExpressionScope(
            variables: variableBindings, parameters: parameterBindings, noParametersReason: reason,
            resolveState: { SpecResolver.lookup($0, byName: byName, byPath: byPath, paths: paths) })
        scope.rejectedVariables = rejected.allVariables ? Set(spec.variables.map(\.name)).union(rejected.variables) : rejected.variables
        scope.rejectedParameters = rejected.parameters
        return scope
    }

    private mutating func typeCheck(_ expression: Spec.Expression, scope: ExpressionScope, expecting: ExpressionType?, what: String)
        -> TypedExpression?
    {
        var parsed: ExpressionSyntax?
        do {
            let syntax = try ExpressionParser.parse(expression.text)
            parsed = syntax
            return try TypeChecker(scope: scope).check(syntax, expecting: expecting).0
        } catch {
            if error.isConsequence || rejected.allVariables && error.message.hasPrefix("unknown variable") { return nil }
            var message = error.message
            if message.hasPrefix("expected ") { message = "\(what) must be " + message.dropFirst("expected ".count) }
            // A guard that is one unknown name is most often a named guard, as XState and hand-written machines have.
            if what == "a guard", case .variable(let name)? = parsed?.kind, message.hasPrefix("unknown variable"),
                name.unicodeScalars.count <= 100
            {
                let fromSCXML = expression.location?.elementPath != nil
                message +=
                    fromSCXML
                    ? "; a condition the host decides is written smcheck:cond=\"?\(name)\" in place of cond"
                    : "; a condition the host decides is written \"?\(name)\""
            }
            // The written text: the column points into it.
            report(
                "in \(JSONWriter.quoted(Spec.Expression.excerpt(of: expression.writtenText ?? expression.text))): \(message)",
                at: expression.location(ofOffset: error.offset)
                    ?? expression.location, suggestion: error.suggestion)
            return nil
        }
    }

    // MARK: - States

    private mutating func resolveState(_ index: Int, firstTransitionIndex: Int) -> (ResolvedState, [ResolvedTransition]) {
        let state = nodes[index]
        let children = childLists[index]
        let isRoot = index == 0
        let what = isRoot ? "the machine" : "state \(JSONWriter.quoted(paths[index]))"
        checkKindRules(index, what: what)

        // Initial target of compound states and the root.
        var initial: Int?
        if state.kind == .compound, !children.isEmpty {
            if let reference = state.initial {
                if let target = resolveReference(reference) {
                    if target == index || !isDescendant(target, of: index) {
                        report(
                            "the initial state \(JSONWriter.quoted(reference.text)) of \(what) is not one of its descendants",
                            at: reference.location, suggestion: Suggestions.closest(to: reference.text, in: children.map { nodes[$0].name })
                        )
                    } else {
                        // A history state is allowed (SCXML): the first entry takes its default, later ones restore it.
                        initial = target
                    }
                }
            } else {
                initial = children.first { nodes[$0].kind != .history }
                if initial == nil {
                    report("\(what) has only history children; it needs a state to enter", at: state.location)
                }
            }
        } else if let reference = state.initial, state.kind != .parallel {
            report("\"initial\" only applies to compound states, and \(what) is \(state.kind.rawValue)", at: reference.location)
        }

        // History defaults.
        var historyDefault: [Int] = []
        if state.kind == .history {
            for reference in state.historyDefault {
                guard let target = resolveReference(reference) else { continue }
                if let parent = parents[index], !isDescendant(target, of: parent) || target == parent {
                    report(
                        "the default target \(JSONWriter.quoted(reference.text)) of history state \(JSONWriter.quoted(paths[index])) must be inside its parent",
                        at: reference.location)
                } else if nodes[target].kind == .history && parents[target] == parents[index] {
                    // A history of the same parent could lead back here; one deeper down cannot.
                    report(
                        "the default target \(JSONWriter.quoted(reference.text)) of history state \(JSONWriter.quoted(paths[index])) is a history state of the same parent; name the states to enter",
                        at: reference.location)
                } else {
                    historyDefault.append(target)
                }
            }
            // Several default targets are a fork, under the same rule as a transition's.
            if historyDefault.count > 1 && historyDefault.count == state.historyDefault.count {
                checkFork(historyDefault, references: state.historyDefault)
            }
        } else if !state.historyDefault.isEmpty {
            report("\"target\" (a history default) only applies to history states", at: state.historyDefault[0].location)
        }

        let entryScope = makeScope(parameters: nil, reason: "entry and exit actions run for whichever event caused the transition")
        let entry = resolveActions(state.entry, scope: entryScope)
        let exit = resolveActions(state.exit, scope: entryScope)

        var transitions: [ResolvedTransition] = []
        var onIndices: [Int] = []
        var eventlessIndices: [Int] = []
        var listStart = firstTransitionIndex
        var previousTrigger: Spec.Transition.Trigger?
        for transition in state.transitions + state.always {
            let transitionIndex = firstTransitionIndex + transitions.count
            if transition.trigger != previousTrigger { listStart = transitionIndex }
            previousTrigger = transition.trigger
            if let resolved = resolveTransition(transition, source: index, index: transitionIndex, listStart: listStart) {
                transitions.append(resolved)
                if transition.trigger == .eventless { eventlessIndices.append(transitionIndex) } else { onIndices.append(transitionIndex) }
            } else {
                // Keep numbering dense even when a transition fails to resolve; the spec is rejected anyway.
                transitions.append(
                    ResolvedTransition(
                        index: transitionIndex, source: index, trigger: .eventless, matchedEvents: [], targets: [], isOneOf: false,
                        guardCondition: nil, actions: [], kind: .external, listStart: listStart,
                        location: transition.location))
            }
        }

        let resolved = ResolvedState(
            index: index, name: state.name, path: paths[index], kind: isRoot ? .compound : state.kind, parent: parents[index],
            children: children, depth: depths[index], initial: initial, entry: entry, exit: exit, transitions: onIndices,
            eventless: eventlessIndices, historyDepth: state.historyDepth, historyDefault: historyDefault,
            description: state.description, location: state.location)
        return (resolved, transitions)
    }

    private func isDescendant(_ state: Int, of ancestor: Int) -> Bool {
        var current: Int? = state
        while let c = current {
            if c == ancestor { return true }
            current = parents[c]
        }
        return false
    }

    private mutating func checkKindRules(_ index: Int, what: String) {
        let state = nodes[index]
        guard index != 0 else { return }
        let children = childLists[index]
        let parentKind = parents[index].map { $0 == 0 ? Spec.State.Kind.compound : nodes[$0].kind }
        switch state.kind {
        case .atomic:
            if !children.isEmpty {
                report("\(what) is atomic but has child states; remove \"type\" or make it compound", at: state.location)
            }
        case .compound:
            if children.isEmpty { report("\(what) is compound but has no child states", at: state.location) }
        case .parallel:
            if children.isEmpty {
                report("\(what) is parallel but has no regions (child states)", at: state.location)
            } else if children.allSatisfy({ nodes[$0].kind == .history }) {
                // A history state is no region: entering the parallel state would enter nothing.
                report("\(what) has only history children; a parallel state needs a region (a child state) to enter", at: state.location)
            }
            if state.initial != nil {
                report("\(what) is parallel: it enters all its regions, so \"initial\" does not apply", at: state.initial?.location)
            }
        case .final:
            if !children.isEmpty { report("final \(what) cannot have child states", at: state.location) }
            if !state.transitions.isEmpty || !state.always.isEmpty {
                report("final \(what) cannot have transitions; a final state is never left by its own transitions", at: state.location)
            }
        case .history:
            if !children.isEmpty || !state.transitions.isEmpty || !state.always.isEmpty || !state.entry.isEmpty || !state.exit.isEmpty {
                report("history \(what) is a pseudostate: it can only have \"history\" and \"target\"", at: state.location)
            }
            if parents[index] == 0 {
                report("history \(what) is at the top level; the root is never left, so there is nothing to remember", at: state.location)
            } else if parentKind != .compound && parentKind != .parallel {
                report("history \(what) must be the child of a compound or parallel state", at: state.location)
            }
        case .choice:
            if state.always.isEmpty {
                report(
                    "choice \(what) has no \"always\" transitions; a choice needs guarded branches (end with an unguarded or \"else\" one)",
                    at: state.location)
            }
            if !children.isEmpty || !state.transitions.isEmpty || !state.entry.isEmpty || !state.exit.isEmpty {
                report("choice \(what) is a pseudostate: it can only have \"always\" transitions", at: state.location)
            }
            for branch in state.always where branch.target.references.isEmpty {
                report(
                    "every branch of choice \(what) needs a target; the choice must be left in the microstep after it is entered",
                    at: branch.location)
            }
        }
        if parentKind == .parallel && state.kind == .history {
            // Allowed: a history child of a parallel state remembers the regions' configurations.
        }
    }

    // MARK: - Transitions

    private mutating func resolveTransition(_ transition: Spec.Transition, source: Int, index: Int, listStart: Int) -> ResolvedTransition? {
        var trigger: ResolvedTrigger = .eventless
        var matchedEvents: [Int] = []
        var scope: ExpressionScope
        switch transition.trigger {
        case .eventless:
            scope = makeScope(parameters: nil, reason: "\"always\" transitions have no event")
        case .anyEvent, .event:
            let text = transition.trigger.description
            guard let matched = resolveDescriptors(text, at: transition.triggerLocation ?? transition.location) else { return nil }
            trigger = .descriptors(text)
            matchedEvents = matched
            // `event.x` is available when every matched event has the same parameters, so one slot means one thing.
            let parameterLists = Set(matched.map { events[$0].parameters })
            scope = makeScope(
                parameters: parameterLists.count == 1 ? events[matched[0]].parameters : nil,
                reason: "\(JSONWriter.quoted(text)) matches events with different parameters")
        }

        var targets: [Int] = []
        var isOneOf = false
        var targetsResolved = true
        switch transition.target {
        case .none: break
        case .states(let references):
            targets = references.compactMap { resolveReference($0) }
            targetsResolved = targets.count == references.count
            if targetsResolved && targets.count > 1 { checkFork(targets, references: references) }
        case .oneOf(let references):
            targets = references.compactMap { resolveReference($0) }
            targetsResolved = targets.count == references.count
            isOneOf = true
        }
        for (target, reference) in zip(targets, transition.target.references) where target == 0 {
            report("the root cannot be a target", at: reference.location)
        }

        var guardCondition: ResolvedGuard?
        switch transition.guardCondition {
        case nil: break
        case .otherwise: guardCondition = .otherwise
        case .opaque(let name):
            if let id = opaqueGuards.firstIndex(of: name) {
                guardCondition = .opaque(id: id, name: name)
            } else {
                opaqueGuards.append(name)
                guardCondition = .opaque(id: opaqueGuards.count - 1, name: name)
            }
        case .expression(let expression):
            if let typed = typeCheck(expression, scope: scope, expecting: .bool, what: "a guard") {
                guardCondition = .expression(typed, expression)
            } else {
                targetsResolved = false
            }
        }

        let actions = resolveActions(transition.actions, scope: scope)
        guard targetsResolved else { return nil }
        return ResolvedTransition(
            index: index, source: source, trigger: trigger, matchedEvents: matchedEvents, targets: targets, isOneOf: isOneOf,
            guardCondition: guardCondition, actions: actions, kind: transition.kind, listStart: listStart,
            location: transition.location)
    }

    /// The events a trigger's descriptors match, in index order; nil (after reporting) when a descriptor matches
    /// none, as a misspelled event name would.
    private mutating func resolveDescriptors(_ trigger: String, at location: Spec.SourceLocation?) -> [Int]? {
        let descriptors = EventDescriptor.descriptors(in: trigger)
        if descriptors.isEmpty {
            report("an empty event name; name an event, several separated by spaces, or \"*\" for every event", at: location)
            return nil
        }
        var matched = Set<Int>()
        var complete = true
        for descriptor in descriptors {
            if let matches = resolveDescriptor(descriptor, at: location) { matched.formUnion(matches) } else { complete = false }
        }
        return complete ? matched.sorted() : nil
    }

    /// The events one descriptor matches; nil (after reporting, unless the event's declaration was rejected) when a
    /// named descriptor matches none. `*` matches every event, even when there are none.
    private mutating func resolveDescriptor(_ descriptor: Substring, at location: Spec.SourceLocation?) -> [Int]? {
        if descriptor == "*" { return events.map(\.index) }
        if let problem = SpecMessages.descriptorProblem(descriptor) {
            report(problem.message, at: location, suggestion: problem.suggestion)
            return nil
        }
        let name = String(descriptor)
        // `error.*` means `error`; the completion events are looked up by the stem too.
        let stem = descriptor.hasSuffix(".*") ? String(descriptor.dropLast(2)) : name
        let completedState = stem.hasPrefix("done.state.") ? String(stem.dropFirst("done.state.".count)) : nil
        var matches = eventsByDescriptor[stem] ?? []
        // A completion event may name its state by a shorter path than the event's own name uses.
        if let completedState, case .success(let state) = lookup(completedState),
            let event = events.first(where: { $0.doneStateOf == state }), !matches.contains(event.index)
        {
            matches.append(event.index)
        }
        if !matches.isEmpty { return matches }
        if rejected.isRejectedEvent(name) && completedState == nil { return nil }
        if name.hasPrefix("done.") && (stem == "done" || stem == "done.state") {
            report(
                "\(JSONWriter.quoted(name)) never happens: no state is compound or parallel, so the machine raises no done.state.<state> event",
                at: location)
            return nil
        }
        if let completedState {
            switch lookup(completedState) {
            case .success(let state):
                report(
                    "\(JSONWriter.quoted(name)) never happens: \(JSONWriter.quoted(paths[state])) is not a compound or parallel state",
                    at: location)
            case .failure(let error):
                report(
                    "\(JSONWriter.quoted(name)) names no state: \(error.message)", at: location,
                    suggestion: error.suggestion.map { "done.state." + $0 })
            }
            return nil
        }
        if name.hasPrefix("done.") {
            report("\(JSONWriter.quoted(name)) never happens: \(SpecMessages.doneEventsReserved)", at: location)
            return nil
        }
        let declared = events.filter { !$0.isImplicit }.map(\.name)
        let suggestion = Suggestions.closest(to: name, in: declared)
        let hint =
            suggestion != nil
            ? "" : declared.isEmpty ? "; the spec declares no events (add them under \"events\")" : "; declare it under \"events\""
        report("undeclared event \(JSONWriter.quoted(name))\(hint)", at: location, suggestion: suggestion)
        return nil
    }

    /// Fork targets must lie in distinct regions of one parallel state: every pair's nearest common ancestor is a
    /// parallel state, and they sit under different children of it.
    private mutating func checkFork(_ targets: [Int], references: [Spec.StateReference]) {
        for i in targets.indices {
            for j in targets.indices where j > i {
                let a = targets[i], b = targets[j]
                if a == b {
                    report("fork target \(JSONWriter.quoted(references[j].text)) is listed twice", at: references[j].location)
                    continue
                }
                if isDescendant(a, of: b) || isDescendant(b, of: a) {
                    report(
                        "fork targets \(JSONWriter.quoted(references[i].text)) and \(JSONWriter.quoted(references[j].text)) are nested; a fork needs states in distinct regions of one parallel state",
                        at: references[j].location)
                    continue
                }
                var ancestor = parents[a]
                while let c = ancestor, !isDescendant(b, of: c) { ancestor = parents[c] }
                if let lca = ancestor, nodes[lca].kind != .parallel || lca == 0 {
                    let place = lca == 0 ? "at the top level" : "in \(nodes[lca].kind.rawValue) state \(JSONWriter.quoted(paths[lca]))"
                    report(
                        "fork targets \(JSONWriter.quoted(references[i].text)) and \(JSONWriter.quoted(references[j].text)) are not in distinct regions of one parallel state (they meet \(place), where only one child is active)",
                        at: references[j].location)
                }
            }
        }
    }

    // MARK: - Actions

    private mutating func resolveActions(_ actions: [Spec.Action], scope: ExpressionScope) -> [ResolvedAction] {
        actions.compactMap { resolveAction($0, scope: scope) }
    }

    private mutating func resolveAction(_ action: Spec.Action, scope: ExpressionScope) -> ResolvedAction? {
        switch action.kind {
        case .assign(let assignments):
            var resolved: [ResolvedAssignment] = []
            var seen: Set<String> = []
            for assignment in assignments {
                guard let binding = variableBindings[assignment.variable] else {
                    if rejected.isRejectedVariable(assignment.variable) { continue }
                    let hint = spec.variables.isEmpty ? "; the spec declares no variables" : ""
                    report(
                        "assignment to undeclared variable \(JSONWriter.quoted(assignment.variable))\(hint)",
                        at: assignment.location ?? action.location,
                        suggestion: Suggestions.closest(to: assignment.variable, in: variableBindings.keys))
                    continue
                }
                if !seen.insert(assignment.variable).inserted {
                    report(
                        "\(JSONWriter.quoted(assignment.variable)) is assigned twice in one action",
                        at: assignment.location ?? action.location)
                }
                guard
                    let typed = typeCheck(
                        assignment.value, scope: scope, expecting: ExpressionType(binding.type),
                        what: "the value of \(JSONWriter.quoted(assignment.variable))")
                else { continue }
                resolved.append(ResolvedAssignment(variable: binding.index, value: typed, location: assignment.location))
            }
            return ResolvedAction(kind: .assign(resolved), location: action.location)
        case .raise(let invocation), .send(let invocation):
            let isRaise = if case .raise = action.kind { true } else { false }
            guard let (event, arguments) = resolveInvocation(invocation, scope: scope, verb: isRaise ? "raise" : "send") else { return nil }
            return ResolvedAction(
                kind: isRaise ? .raise(event: event, arguments: arguments) : .send(event: event, arguments: arguments),
                location: action.location)
        case .ifThen(let condition, let thenActions, let elseActions):
            ifNesting += 1
            defer { ifNesting -= 1 }
            guard ifNesting <= Spec.Action.maximumNesting else {
                report(
                    "\"if\" actions nest deeper than \(Spec.Action.maximumNesting) levels here; smcheck reads at most that many: choose among the cases with a transition each, or with a choice state",
                    at: action.location)
                return nil
            }
            let typed = typeCheck(condition, scope: scope, expecting: .bool, what: "the condition of \"if\"")
            let thenResolved = resolveActions(thenActions, scope: scope)
            let elseResolved = resolveActions(elseActions, scope: scope)
            guard let typed else { return nil }
            return ResolvedAction(kind: .ifThen(typed, then: thenResolved, else: elseResolved), location: action.location)
        case .call(let name):
            if let id = callbacks.firstIndex(of: name) { return ResolvedAction(kind: .call(id: id, name: name), location: action.location) }
            callbacks.append(name)
            return ResolvedAction(kind: .call(id: callbacks.count - 1, name: name), location: action.location)
        }
    }

    private mutating func resolveInvocation(_ invocation: Spec.EventInvocation, scope: ExpressionScope, verb: String)
        -> (Int, [TypedExpression])?
    {
        guard let index = eventIndex[invocation.event], !events[index].isImplicit else {
            // A malformed name is wrong where it is used too, declared or not (SCXML infers events from uses).
            if !invocation.event.hasPrefix("done."), let problem = SpecMessages.eventNameProblem(invocation.event) {
                report(problem.message, at: invocation.location, suggestion: problem.suggestion)
                return nil
            }
            if rejected.isRejectedEvent(invocation.event) && !invocation.event.hasPrefix("done.") { return nil }
            let declared = events.filter { !$0.isImplicit }.map(\.name)
            let message =
                invocation.event.hasPrefix("done.state.")
                ? "\(JSONWriter.quoted(invocation.event)) is raised by the machine itself when a state completes; it cannot be \(verb == "raise" ? "raised" : "sent")"
                : invocation.event.hasPrefix("done.")
                    ? "\(JSONWriter.quoted(invocation.event)) cannot be \(verb == "raise" ? "raised" : "sent"): \(SpecMessages.doneEventsReserved)"
                    : "\(verb) of undeclared event \(JSONWriter.quoted(invocation.event)); declare it under \"events\""
            report(message, at: invocation.location, suggestion: Suggestions.closest(to: invocation.event, in: declared))
            return nil
        }
        let parameters = events[index].parameters
        var arguments: [TypedExpression?] = Array(repeating: nil, count: parameters.count)
        var ok = true
        for argument in invocation.arguments {
            guard let p = parameters.firstIndex(where: { $0.name == argument.name }) else {
                let hint = parameters.isEmpty ? "; \(JSONWriter.quoted(invocation.event)) has no parameters" : ""
                report(
                    "\(JSONWriter.quoted(invocation.event)) has no parameter \(JSONWriter.quoted(argument.name))\(hint)",
                    at: argument.location ?? invocation.location,
                    suggestion: Suggestions.closest(to: argument.name, in: parameters.map(\.name)))
                ok = false
                continue
            }
            guard
                let typed = typeCheck(
                    argument.value, scope: scope, expecting: ExpressionType(parameters[p].type),
                    what: "parameter \(JSONWriter.quoted(argument.name))")
            else { ok = false; continue }
            arguments[p] = typed
        }
        for (p, parameter) in parameters.enumerated() where arguments[p] == nil && ok {
            if !invocation.arguments.contains(where: { $0.name == parameter.name }) {
                report(
                    "\(verb) \(JSONWriter.quoted(invocation.event)) is missing parameter \(JSONWriter.quoted(parameter.name)) (\(parameter.type))",
                    at: invocation.location)
                ok = false
            }
        }
        return ok ? (index, arguments.map { $0! }) : nil
    }
}
