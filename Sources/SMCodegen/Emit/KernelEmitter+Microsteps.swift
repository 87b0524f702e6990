import SMEngine
import SMSpec

// The microsteps the kernel takes: into history states it cannot branch on, and of several selected transitions
// (conflicts, the union of exits and entries).
extension KernelEmitter {
    // MARK: - Microsteps the kernel takes

    func emitMicrosteps(into writer: inout SwiftWriter) {
        let exitTry = states.tryIf(states.exitsThrow), enterTry = states.tryIf(states.entriesThrow)
        let record = facts.recordsHistory ? "recordHistoryBelow(domain: domain)" : nil
        writer.line()
        writer.documentation("Enters `states` in document order.")
        writer.block(
            "fileprivate mutating func enterStates(\(context.parameters(["_ states: StateBits"])))\(states.throwsClause(states.entriesThrow))"
        ) { w in
            w.block("for state in states") { w in
                w.switchBlock("switch state") { w in
                    for state in spec.states.dropFirst() where state.kind != .history {
                        w.line("case \(state.index): " + states.enterCall(state.index))
                    }
                    w.line("default: break")
                }
            }
        }
        writer.line()
        writer.documentation("Leaves what a transition into a history state leaves: its domain depends on what was recorded.")
        writer.block(
            "fileprivate mutating func exitToward(\(context.parameters(["source: Int", "targets: StateBits", "isLocal: Bool"])))\(states.throwsClause(states.exitsThrow))"
        ) { w in
            w.line("let domain = Tree.domain(source: source, targets: EntryBuilder(current: current).effective(targets), isLocal: isLocal)")
            if let record { w.line(record) }
            w.line(exitTry + "exitBelow(\(context.arguments(["domain: domain"])))")
        }
        writer.line()
        writer.documentation("Enters what a transition into a history state enters, after the exits recorded history.")
        writer.block(
            "fileprivate mutating func enterToward(\(context.parameters(["source: Int", "targets: StateBits", "isLocal: Bool"])))\(states.throwsClause(states.entriesThrow))"
        ) { w in
            w.line("var entry = EntryBuilder(current: current)")
            w.line("entry.add(targets: targets, domain: Tree.domain(source: source, targets: entry.effective(targets), isLocal: isLocal))")
            w.line(enterTry + "enterStates(\(context.arguments(["entry.states"])))")
        }
        guard facts.hasParallel else { return }
        writer.line()
        writer.documentation(
            "The domain of the `index`-th selected transition (-1: targetless), computed once, before history is\nrecorded.")
        writer.block("fileprivate mutating func selectedDomain(_ index: Int) -> Int") { w in
            w.line("let stored = scratch.selection.storedDomain(at: index)")
            w.line("if stored != -2 { return stored }")
            w.line("let transition = scratch.selection.transition(at: index), option = scratch.selection.option(at: index)")
            w.line("var domain = -1")
            w.block("if let targets = Tree.targets(transition, option)") { w in
                w.line(
                    "domain = Tree.domain(source: Tree.source(transition), targets: EntryBuilder(current: current).effective(targets), isLocal: Tree.isLocal(transition))"
                )
            }
            w.line("scratch.selection.set(index, transition: transition, option: option, domain: domain)")
            w.line("return domain")
        }
        writer.line()
        writer.documentation(
            "SCXML's removeConflictingTransitions: of two selected transitions that leave a common state, the one\nfrom the descendant state wins; otherwise the earlier one."
        )
        writer.block("fileprivate mutating func resolveConflicts()") { w in
            w.line("var kept = Selection()")
            w.block("for index in 0..<scratch.selection.count") { w in
                w.line("let transition = scratch.selection.transition(at: index), domain = selectedDomain(index)")
                w.line("let source = Tree.source(transition)")
                w.line("var preempted = false")
                w.block("for other in 0..<kept.count where Self.exitsOverlap(domain, kept.storedDomain(at: other))") { w in
                    w.block("if !Tree.isDescendant(source, of: Tree.source(kept.transition(at: other)))") { w in
                        w.line("preempted = true")
                        w.line("break")
                    }
                }
                w.line("if preempted { continue }")
                w.line("var remaining = Selection()")
                w.block("for other in 0..<kept.count where !Self.exitsOverlap(domain, kept.storedDomain(at: other))") { w in
                    w.line(
                        "remaining.append(kept.transition(at: other), option: kept.option(at: other), domain: kept.storedDomain(at: other))"
                    )
                }
                w.line("remaining.append(transition, option: scratch.selection.option(at: index), domain: domain)")
                w.line("kept = remaining")
            }
            w.line("scratch.selection = kept")
        }
        writer.line()
        writer.documentation(
            "Two transitions leave a common state when one domain is the other or below it (each domain has an\nactive child); a targetless transition leaves nothing."
        )
        writer.block("fileprivate static func exitsOverlap(_ first: Int, _ second: Int) -> Bool") { w in
            w.line(
                "first >= 0 && second >= 0 && (first == second || Tree.isDescendant(first, of: second) || Tree.isDescendant(second, of: first))"
            )
        }
        writer.line()
        writer.documentation(
            "Leaves the union of the selected transitions' exit sets in reverse document order, after recording\nhistory. Their domains are distinct and unrelated (conflicts are resolved), so each one's subtree is left in turn."
        )
        writer.block("fileprivate mutating func exitSelection(\(context.hooksParameter))\(states.throwsClause(states.exitsThrow))") { w in
            if facts.recordsHistory {
                w.line("var last = -1")
                w.block("while let domain = nearestDomain(to: last, ascending: true)") { w in
                    w.line("recordHistoryBelow(domain: domain)")
                    w.line("last = domain")
                }
            }
            w.line("var first = Int.max")
            w.block("while let domain = nearestDomain(to: first, ascending: false)") { w in
                w.line(exitTry + "exitBelow(\(context.arguments(["domain: domain"])))")
                w.line("first = domain")
            }
        }
        writer.line()
        writer.documentation("The selected transitions' domain nearest `bound`: the smallest above it, or the largest below it.")
        writer.block("fileprivate mutating func nearestDomain(to bound: Int, ascending: Bool) -> Int?") { w in
            w.line("var result: Int?")
            w.block("for index in 0..<scratch.selection.count") { w in
                w.line("let domain = selectedDomain(index)")
                w.line("guard domain >= 0, ascending ? domain > bound : domain < bound else { continue }")
                w.line("if result.map({ ascending ? domain < $0 : domain > $0 }) ?? true { result = domain }")
            }
            w.line("return result")
        }
        writer.line()
        writer.documentation("Enters the union of the selected transitions' entry sets in document order (history as just recorded).")
        writer.block("fileprivate mutating func enterSelection(\(context.hooksParameter))\(states.throwsClause(states.entriesThrow))") {
            w in
            w.line("var entry = EntryBuilder(current: current)")
            w.block("for index in 0..<scratch.selection.count") { w in
                w.line("let transition = scratch.selection.transition(at: index)")
                w.line("guard let targets = Tree.targets(transition, scratch.selection.option(at: index)) else { continue }")
                w.line(
                    "entry.add(targets: targets, domain: Tree.domain(source: Tree.source(transition), targets: entry.effective(targets), isLocal: Tree.isLocal(transition)))"
                )
            }
            w.line(enterTry + "enterStates(\(context.arguments(["entry.states"])))")
        }
    }

    // MARK: - Selections

    func emitSelection(into writer: inout SwiftWriter) {
        let capacity = facts.maximumActiveLeaves
        writer.line()
        writer.documentation(
            "The transitions selected for a microstep (at most one per active leaf): each with its target\noption and, once computed, its domain."
        )
        writer.block("fileprivate struct Selection: Sendable") { w in
            w.line("private(set) var count = 0")
            for i in 0..<capacity { w.line("private var transition\(i) = 0, option\(i) = 0, domain\(i) = -2") }
            w.line()
            w.line("mutating func removeAll() { count = 0 }")
            w.line()
            for (name, field) in [("transition", "transition"), ("option", "option"), ("storedDomain", "domain")] {
                w.block("func \(name)(at index: Int) -> Int") { w in w.indexSwitch("index", count: capacity) { "\(field)\($0)" } }
                w.line()
            }
            w.block("mutating func set(_ index: Int, transition: Int, option: Int, domain: Int)") { w in
                w.indexSwitch("index", count: capacity) { "(transition\($0), option\($0), domain\($0)) = (transition, option, domain)" }
            }
            w.line()
            w.block("mutating func append(_ transition: Int, option: Int, domain: Int = -2)") { w in
                w.line("set(count, transition: transition, option: option, domain: domain)")
                w.line("count += 1")
            }
            w.line()
            w.block("func contains(transition: Int) -> Bool") { w in
                w.line("var index = 0")
                w.block("while index < count") { w in
                    w.line("if self.transition(at: index) == transition { return true }")
                    w.line("index += 1")
                }
                w.line("return false")
            }
        }
    }
}
