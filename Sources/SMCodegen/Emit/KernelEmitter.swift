import SMEngine
import SMSpec

/// What generated code cannot decide ahead of time, computed at run time as the engine does: the entry set of a
/// history target (what it recorded), and a microstep of several transitions from parallel regions (conflicts,
/// the union of their exits and entries). Written only for specs with parallel states or history targets, over a
/// fixed-size bit set of states and the state tree as `switch` tables, so it allocates nothing.
struct KernelEmitter: ContextEmitter {
    let context: EmissionContext
    let states: StateEmitter

    func emit(into writer: inout SwiftWriter) {
        emitStateBits(into: &writer)
        emitTree(into: &writer)
        emitEntryBuilder(into: &writer)
        if facts.hasParallel { emitSelection(into: &writer) }
        emitMicrosteps(into: &writer)
    }

    // MARK: - A set of states

    private func emitStateBits(into writer: inout SwiftWriter) {
        let words = context.machine.words
        let fields = (0..<words).map { "w\($0)" }
        writer.line()
        writer.documentation("A set of states by index (document order), one bit each.")
        writer.block("fileprivate struct StateBits: Hashable, Sendable, Sequence") { w in
            for field in fields { w.line("var \(field): UInt64 = 0") }
            w.line()
            w.line("init() {}")
            w.line("init(_ state: Int) { insert(state) }")
            w.line()
            w.block("func word(_ index: Int) -> UInt64") { w in w.indexSwitch("index", count: words) { fields[$0] } }
            w.line()
            w.block("func contains(_ state: Int) -> Bool") { w in
                w.line("word(state >> 6) & (1 << UInt64(state & 63)) != 0")
            }
            w.line()
            w.block("mutating func insert(_ state: Int)") { w in
                w.indexSwitch("state >> 6", count: words) { "\(fields[$0]) |= 1 << UInt64(state & 63)" }
            }
            w.line()
            w.block("func inserting(_ state: Int) -> StateBits") { w in
                w.line("var result = self")
                w.line("result.insert(state)")
                w.line("return result")
            }
            w.line()
            w.block("mutating func formUnion(_ other: StateBits)") { w in
                for field in fields { w.line("\(field) |= other.\(field)") }
            }
            w.line()
            w.documentation("Whether a member lies in `range` (a state and its descendants are one range).")
            w.block("func intersects(_ range: Range<Int>) -> Bool") { w in
                w.line("for state in self where range.contains(state) { return true }")
                w.line("return false")
            }
            w.line()
            w.line("func makeIterator() -> Iterator { Iterator(bits: self) }")
            w.line()
            w.documentation("Members in increasing order: document order.")
            w.block("struct Iterator: IteratorProtocol") { w in
                w.line("let bits: StateBits")
                w.line("var index = 0")
                w.line("var current: UInt64")
                w.line()
                w.block("init(bits: StateBits)") { w in
                    w.line("self.bits = bits")
                    w.line("current = bits.w0")
                }
                w.line()
                w.block("mutating func next() -> Int?") { w in
                    w.block("while current == 0") { w in
                        w.line("index += 1")
                        w.line("guard index < \(words) else { return nil }")
                        w.line("current = bits.word(index)")
                    }
                    w.line("let bit = current.trailingZeroBitCount")
                    w.line("current &= current - 1")
                    w.line("return index << 6 | bit")
                }
            }
        }
    }

    // MARK: - The state tree

    private func emitTree(into writer: inout SwiftWriter) {
        writer.line()
        writer.documentation("The state tree and the transitions' targets, as the kernel reads them.")
        writer.block("fileprivate enum Tree") { w in
            w.line("static let count = \(spec.states.count)")
            w.line()
            table(
                "parent", returning: "Int", default: "-1", into: &w,
                cases: spec.states.compactMap { s in s.parent.map { (s.index, String($0)) } })
            w.line()
            for (name, kind) in [("isHistory", Spec.State.Kind.history), ("isCompound", .compound), ("isParallel", .parallel)] {
                membership(name, spec.states.filter { $0.kind == kind }.map(\.index), into: &w)
                w.line()
            }
            w.line()
            w.documentation("One past the last state of the subtree: `state..<end(state)` is the state and its descendants.")
            table(
                "end", returning: "Int", default: "state + 1", into: &w,
                cases: spec.states.compactMap { s in
                    let end = subtreeEnd(s.index)
                    return end == s.index + 1 ? nil : (s.index, String(end))
                })
            w.line()
            w.line("static func isDescendant(_ state: Int, of ancestor: Int) -> Bool { state > ancestor && state < end(ancestor) }")
            w.line()
            table(
                "initial", returning: "Int", default: "-1", into: &w,
                cases: spec.states.compactMap { s in context.machine.initialTarget(of: s.index).map { (s.index, String($0)) } })
            w.line()
            w.documentation("The regions of a parallel state.")
            table(
                "regions", returning: "StateBits", default: "StateBits()", into: &w,
                cases: spec.states.filter { $0.kind == .parallel }.map { ($0.index, bits(states.activeChildren($0.index))) })
            w.line()
            table(
                "historyDefaults", returning: "StateBits", default: "StateBits()", into: &w,
                cases: spec.states.filter { $0.kind == .history }.map { ($0.index, bits(context.machine.historyDefaults(of: $0.index))) })
            w.line()
            table(
                "source", parameter: "_ transition: Int", returning: "Int", default: "0", into: &w,
                cases: spec.transitions.map { ($0.index, String($0.source)) }, subject: "transition")
            w.line()
            membership("isLocal", spec.transitions.filter { $0.kind == .local }.map(\.index), subject: "transition", into: &w)
            w.line()
            w.documentation("The targets of a transition's option as written (history states included); nil when it has none.")
            w.block("static func targets(_ transition: Int, _ option: Int) -> StateBits?") { w in
                let withTargets = spec.transitions.filter { !$0.targets.isEmpty }
                guard !withTargets.isEmpty else { w.line("nil"); return }
                w.switchBlock("switch transition") { w in
                    for transition in withTargets {
                        let options = context.machine.targetOptions(of: transition.index)
                        if options.count == 1 {
                            w.line("case \(transition.index): \(bits(options[0].targets))")
                        } else {
                            w.line("case \(transition.index):")
                            w.indented { w in
                                w.switchBlock("switch option") { w in
                                    for (o, option) in options.enumerated() {
                                        w.line((o == options.count - 1 ? "default" : "case \(o)") + ": \(bits(option.targets))")
                                    }
                                }
                            }
                        }
                    }
                    w.line("default: nil")
                }
            }
            w.line()
            w.documentation(
                "SCXML's getTransitionDomain: the source for a local transition into it, else the nearest compound\nancestor of the source that contains every (effective) target."
            )
            w.block("static func domain(source: Int, targets: StateBits, isLocal: Bool) -> Int") { w in
                w.block("if isLocal && isCompound(source) && targets.allSatisfy({ isDescendant($0, of: source) })") { w in
                    w.line("return source")
                }
                w.line("var candidate = parent(source)")
                w.block("while candidate >= 0") { w in
                    w.block("if candidate == 0 || isCompound(candidate), targets.allSatisfy({ isDescendant($0, of: candidate) })") { w in
                        w.line("return candidate")
                    }
                    w.line("candidate = parent(candidate)")
                }
                w.line("return 0")
            }
        }
    }

    /// `static func name(_ state: Int) -> Type { switch … }`, with the rows that differ from `default`.
    private func table(
        _ name: String, parameter: String = "_ state: Int", returning type: String, default fallback: String,
        into writer: inout SwiftWriter, cases: [(Int, String)], subject: String = "state"
    ) {
        writer.block("static func \(name)(\(parameter)) -> \(type)") { w in
            guard !cases.isEmpty else { w.line(fallback); return }
            w.switchBlock("switch \(subject)") { w in
                for (key, value) in cases { w.line("case \(key): \(value)") }
                w.line("default: \(fallback)")
            }
        }
    }

    /// `static func name(_ state: Int) -> Bool`: true for `members`.
    private func membership(_ name: String, _ members: [Int], subject: String = "state", into writer: inout SwiftWriter) {
        writer.block("static func \(name)(_ \(subject): Int) -> Bool") { w in
            guard !members.isEmpty else { w.line("false"); return }
            w.switchBlock("switch \(subject)") { w in
                w.line("case \(members.map(String.init).joined(separator: ", ")): true")
                w.line("default: false")
            }
        }
    }

    /// A `StateBits` value for constant members.
    private func bits(_ members: [Int]) -> String {
        guard let first = members.first else { return "StateBits()" }
        return "StateBits(\(first))" + members.dropFirst().map { ".inserting(\($0))" }.joined()
    }

    private func subtreeEnd(_ state: Int) -> Int {
        var end = state + 1
        while end < spec.states.count && spec.isDescendant(end, of: state, orSelf: false) { end += 1 }
        return end
    }

    // MARK: - Entry sets

    private func emitEntryBuilder(into writer: inout SwiftWriter) {
        let histories = spec.states.filter { $0.kind == .history }
        writer.line()
        writer.documentation("SCXML's computeEntrySet over `StateBits`, with what each history state recorded.")
        writer.block("fileprivate struct EntryBuilder") { w in
            w.line("let current: Current")
            w.line("var states = StateBits()")
            w.line()
            w.block("init(current: Current)") { w in w.line("self.current = current") }
            w.line()
            w.block("func recorded(_ history: Int) -> StateBits?") { w in
                guard !histories.isEmpty, facts.recordsHistory else { w.line("nil"); return }
                w.switchBlock("switch history") { w in
                    for history in histories { w.line("case \(history.index): current.\(states.historyProperty(history.index))") }
                    w.line("default: nil")
                }
            }
            w.line()
            w.lines(Self.entrySetAlgorithm)
            w.line("func entersSomething(under state: Int) -> Bool { states.intersects(state..<Tree.end(state)) }")
        }
    }

    /// The engine's `EntrySet` (SMEngine/SCXML/EntrySet.swift), line for line over `StateBits` and `Tree`.
    static let entrySetAlgorithm = """
        /// Targets with history states replaced by what they recorded (or by their defaults).
        func effective(_ targets: StateBits, depth: Int = 0) -> StateBits {
            var result = StateBits()
            for target in targets {
                if Tree.isHistory(target) && depth < Tree.count {
                    result.formUnion(recorded(target) ?? effective(Tree.historyDefaults(target), depth: depth + 1))
                } else {
                    result.insert(target)
                }
            }
            return result
        }

        /// What one transition enters: its targets resolved down, and their ancestors up to `domain`.
        mutating func add(targets: StateBits, domain: Int) {
            for target in targets { addDescendants(target) }
            for target in effective(targets) { addAncestors(target, upTo: domain) }
        }

        mutating func addDescendants(_ state: Int) {
            if Tree.isHistory(state) {
                let resolved = recorded(state) ?? Tree.historyDefaults(state)
                for member in resolved { addDescendants(member) }
                for member in resolved { addAncestors(member, upTo: Tree.parent(state)) }
                return
            }
            states.insert(state)
            if Tree.isCompound(state) {
                let initial = Tree.initial(state)
                addDescendants(initial)
                addAncestors(initial, upTo: state)
            } else if Tree.isParallel(state) {
                for region in Tree.regions(state) where !entersSomething(under: region) { addDescendants(region) }
            }
        }

        mutating func addAncestors(_ state: Int, upTo ancestor: Int) {
            var current = Tree.parent(state)
            while current >= 0 && current != ancestor {
                states.insert(current)
                if Tree.isParallel(current) {
                    for region in Tree.regions(current) where !entersSomething(under: region) { addDescendants(region) }
                }
                current = Tree.parent(current)
            }
        }

        """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}
