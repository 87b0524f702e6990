import SMEngine
import SMSpec

/// Per state: entering and leaving it (the typed configuration, entry and exit actions, completion events), and the
/// walks over the active configuration below a state that exits, history recording and the kernel need.
struct StateEmitter: ContextEmitter {
    let context: EmissionContext
    /// Which `enter…` and `exit…` helpers throw (their actions can fail), so callers write `try` only there.
    private(set) var enterThrows: [Bool] = []
    private(set) var exitThrows: [Bool] = []

    init(context: EmissionContext) {
        self.context = context
    }

    /// Children that can be active (history states never are).
    func activeChildren(_ state: Int) -> [Int] { spec.states[state].children.filter { spec.states[$0].kind != .history } }

    // MARK: - Entering and leaving one state

    mutating func emitEntriesAndExits(into writer: inout SwiftWriter) {
        enterThrows = Array(repeating: false, count: spec.states.count)
        exitThrows = Array(repeating: false, count: spec.states.count)
        for state in spec.states.dropFirst() where state.kind != .history {
            enterThrows[state.index] = emitHelper(.enter, state, actions: state.entry, into: &writer) { body, w in
                w.line(activation(state.index, active: true))
                w.lines(body)
                w.lines(completion(of: state))
            }
            exitThrows[state.index] = emitHelper(.exit, state, actions: state.exit, into: &writer) { body, w in
                w.lines(body)
                w.line(activation(state.index, active: false))
            }
        }
    }

    /// `enterCountdown` or `exitCountdown`: the state's actions around its activation; returns whether it throws.
    private func emitHelper(
        _ verb: MemberNames.StateHelper, _ state: ResolvedState, actions: [ResolvedAction], into writer: inout SwiftWriter,
        _ body: ([String], inout SwiftWriter) -> Void
    ) -> Bool {
        var emitter = ActionEmitter(context: context)
        emitter.emit(actions)
        writer.line()
        writer.documentation((verb == .enter ? "Enters" : "Leaves") + " \(state.path.codeSpan).")
        writer.block(
            "fileprivate mutating func \(names.helper(verb, state.index))(\(context.hooksParameter))\(throwsClause(emitter.throwing))"
        ) { w in
            body(emitter.lines, &w)
        }
        return emitter.throwing
    }

    func throwsClause(_ throwing: Bool) -> String { throwing ? " throws(\(names.errorType))" : "" }

    func tryIf(_ throwing: Bool) -> String { throwing ? "try " : "" }

    /// Leaving some state can throw (its exit actions can fail): the kernel's exits throw.
    var exitsThrow: Bool { exitThrows.contains(true) }
    /// Entering some state can throw.
    var entriesThrow: Bool { enterThrows.contains(true) }

    /// `try enterCountdown(hooks)`.
    func enterCall(_ state: Int) -> String {
        (enterThrows[state] ? "try " : "") + names.helper(.enter, state) + "(\(context.hooksArgument))"
    }

    func exitCall(_ state: Int) -> String {
        (exitThrows[state] ? "try " : "") + names.helper(.exit, state) + "(\(context.hooksArgument))"
    }

    /// Marks a state active or inactive in the typed configuration.
    private func activation(_ state: Int, active: Bool) -> String {
        if let flag = names.activeFlag[state] { return "current.configuration.\(flag) = \(active)" }
        let parent = spec.states[state].parent ?? 0
        let property = SwiftIdentifier.escaped(names.regionProperty[parent] ?? "topLevel")
        return "current.configuration.\(property) = " + (active ? ".\(SwiftIdentifier.escaped(names.regionCase[state] ?? "state"))" : "nil")
    }

    /// What entering a final state does: at the top level the machine finishes; below, `done.state` of the parent
    /// (and of a parallel grandparent whose regions are all complete) is raised.
    private func completion(of state: ResolvedState) -> [String] {
        guard state.kind == .final, let parent = state.parent else { return [] }
        if parent == 0 { return ["current.isFinished = true"] }
        var lines: [String] = []
        // A final region is done at once: its parallel is done when every other region is (as the engine).
        let isRegion = spec.states[parent].kind == .parallel
        if !isRegion, let done = context.machine.doneEvent(of: parent) {
            lines.append("scratch.raised.append(.\(names.eventCase[done]))")
        }
        if let completed = isRegion ? parent : spec.states[parent].parent, completed > 0, spec.states[completed].kind == .parallel,
            let done = context.machine.doneEvent(of: completed)
        {
            let condition = activeChildren(completed).map(isInFinalState).joined(separator: " && ")
            lines.append("if \(condition.isEmpty ? "true" : condition) { scratch.raised.append(.\(names.eventCase[done])) }")
        }
        return lines
    }

    /// SCXML's isInFinalState as an expression over the typed configuration.
    private func isInFinalState(_ state: Int) -> String {
        switch spec.states[state].kind {
        case .compound:
            let finals = activeChildren(state).filter { spec.states[$0].kind == .final }
            guard !finals.isEmpty else { return "false" }
            return "(" + finals.map(context.isActive).joined(separator: " || ") + ")"
        case .parallel:
            let regions = activeChildren(state).map(isInFinalState)
            return "(" + (regions.isEmpty ? "true" : regions.joined(separator: " && ")) + ")"
        case .final:
            // A region of a parallel state, active with it.
            return "true"
        default:
            return "false"
        }
    }

    // MARK: - Walks over the active configuration

    /// States whose walk helpers exist: compound and parallel states (and the root).
    func hasChildren(_ state: Int) -> Bool { spec.states[state].kind == .compound || spec.states[state].kind == .parallel }

    /// A `switch` over a compound state's active child (or `if`s over a parallel state's regions), with `body` for
    /// each child in `order`.
    func walk(_ state: Int, reversed: Bool = false, into writer: inout SwiftWriter, _ body: (Int, inout SwiftWriter) -> Void) {
        let children = reversed ? activeChildren(state).reversed() : activeChildren(state)
        if spec.states[state].kind == .parallel {
            for child in children {
                writer.block("if \(context.isActive(child))") { w in body(child, &w) }
            }
            return
        }
        let property = SwiftIdentifier.escaped(names.regionProperty[state] ?? "topLevel")
        writer.switchBlock("switch current.configuration.\(property)") { w in
            for child in children {
                w.line("case .\(SwiftIdentifier.escaped(names.regionCase[child] ?? "state"))?:")
                let before = w.lines.count
                w.indented { body(child, &$0) }
                if w.lines.count == before { w.line("    break") }
            }
            w.line("default:")
            w.line("    break")
        }
    }

    /// `exitBelow…`: leaves every active state below `state`, innermost first (reverse document order).
    mutating func emitExitWalks(into writer: inout SwiftWriter) {
        for state in spec.states where hasChildren(state.index) {
            let throwing = subtreeExitThrows(state.index)
            writer.line()
            writer.documentation("Leaves the active states below \(state.displayPath.codeSpan), innermost first.")
            writer.block(
                "fileprivate mutating func \(names.helper(.exitBelow, state.index))(\(context.hooksParameter))\(throwsClause(throwing))"
            ) { w in
                walk(state.index, reversed: true, into: &w) { child, inner in
                    if hasChildren(child) {
                        inner.line(
                            (subtreeExitThrows(child) ? "try " : "") + names.helper(.exitBelow, child) + "(\(context.hooksArgument))")
                    }
                    inner.line(exitCall(child))
                }
            }
        }
        writer.line()
        writer.documentation("Leaves the active states below a transition domain.")
        writer.block("fileprivate mutating func exitBelow(\(context.parameters(["domain: Int"])))\(throwsClause(exitsThrow))") { w in
            w.switchBlock("switch domain") { w in
                for state in spec.states where state.kind == .compound {
                    w.line(
                        "case \(state.index): " + (subtreeExitThrows(state.index) ? "try " : "") + names.helper(.exitBelow, state.index)
                            + "(\(context.hooksArgument))")
                }
                w.line("default: break")
            }
        }
    }

    /// Whether leaving something below `state` can throw.
    func subtreeExitThrows(_ state: Int) -> Bool {
        activeChildren(state).contains { exitThrows[$0] || (hasChildren($0) && subtreeExitThrows($0)) }
    }

    // MARK: - History

    /// The stored property holding what a history state recorded.
    func historyProperty(_ state: Int) -> String { names.members.historyProperty[state] ?? "history\(state)" }

    /// States with history children, whose exit records history.
    private func historyOwners() -> Set<Int> {
        Set(spec.states.filter { $0.kind == .history }.compactMap(\.parent))
    }

    /// Whether `state` or something below it records history when left.
    private func recordsBelow(_ state: Int, owners: Set<Int>) -> Bool {
        activeChildren(state).contains { owners.contains($0) || (hasChildren($0) && recordsBelow($0, owners: owners)) }
    }

    /// `recordHistoryBelow…`: before anything is left, each active state below `state` with history children
    /// records them: its active children (shallow) or its active leaves (deep).
    func emitHistoryWalks(into writer: inout SwiftWriter) {
        let owners = historyOwners()
        for state in spec.states where hasChildren(state.index) && recordsBelow(state.index, owners: owners) {
            writer.line()
            writer.documentation("Records the history of the active states below \(state.displayPath.codeSpan) that have history children.")
            writer.block("fileprivate mutating func \(names.helper(.recordHistoryBelow, state.index))()") { w in
                walk(state.index, into: &w) { child, inner in
                    if owners.contains(child) { inner.lines(recording(child)) }
                    if hasChildren(child) && recordsBelow(child, owners: owners) {
                        inner.line(names.helper(.recordHistoryBelow, child) + "()")
                    }
                }
            }
        }
        writer.line()
        writer.documentation("Records the history of the active states below a transition domain.")
        writer.block("fileprivate mutating func recordHistoryBelow(domain: Int)") { w in
            w.switchBlock("switch domain") { w in
                for state in spec.states where state.kind == .compound && recordsBelow(state.index, owners: owners) {
                    w.line("case \(state.index): " + names.helper(.recordHistoryBelow, state.index) + "()")
                }
                w.line("default: break")
            }
        }
        emitActiveSets(owners: owners, into: &writer)
    }

    /// The statements that record the history children of `state`, which is active and about to be left.
    func recording(_ state: Int) -> [String] {
        spec.states[state].children.filter { spec.states[$0].kind == .history }.map { history in
            let value =
                spec.states[history].historyDepth == .deep
                ? names.helper(.activeLeavesBelow, state) + "()"
                : names.helper(.activeChildrenOf, state) + "()"
            return "current.\(historyProperty(history)) = \(value)"
        }
    }

    /// `activeChildrenOf…` for owners of shallow history, `activeLeavesBelow…` for owners of deep history and the
    /// states below them.
    private func emitActiveSets(owners: Set<Int>, into writer: inout SwiftWriter) {
        var deep: [Int] = []
        for owner in owners.sorted() {
            let depths = Set(spec.states[owner].children.filter { spec.states[$0].kind == .history }.map { spec.states[$0].historyDepth })
            if depths.contains(.shallow) {
                writer.line()
                writer.block("fileprivate func \(names.helper(.activeChildrenOf, owner))() -> StateBits") { w in
                    w.line("var states = StateBits()")
                    walk(owner, into: &w) { child, inner in inner.line("states.insert(\(child))") }
                    w.line("return states")
                }
            }
            if depths.contains(.deep) { deep.append(owner) }
        }
        var emitted: Set<Int> = []
        while let next = deep.popLast() {
            guard emitted.insert(next).inserted else { continue }
            writer.line()
            writer.block("fileprivate func \(names.helper(.activeLeavesBelow, next))() -> StateBits") { w in
                w.line("var states = StateBits()")
                walk(next, into: &w) { child, inner in
                    if hasChildren(child) {
                        inner.line("states.formUnion(\(names.helper(.activeLeavesBelow, child))())")
                        deep.append(child)
                    } else {
                        inner.line("states.insert(\(child))")
                    }
                }
                w.line("return states")
            }
        }
    }
}
