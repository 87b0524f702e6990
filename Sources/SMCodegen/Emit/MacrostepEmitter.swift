import SMEngine
import SMSpec

/// SCXML's main loop for the generated machine: the start, `send` (one external event to completion, with
/// rollback on an error), eventless transitions and raised events until the machine is stable, events the machine
/// sent itself, the `maxMicrosteps` cap; and the messages of the errors, worded as the engine words them.
struct MacrostepEmitter: ContextEmitter {
    let context: EmissionContext
    let states: StateEmitter
    let selection: SelectionEmitter
    /// Some step can throw after the machine changed: `send` keeps the state to roll back to.
    let stepCanThrow: Bool

    private var hasTopLevelFinal: Bool { spec.states.contains { $0.kind == .final && $0.parent == 0 } }
    private var needsRunToCompletion: Bool { facts.hasEventless || facts.usesInternalQueue }
    private var needsBeginCall: Bool { facts.usesInternalQueue || facts.sends }
    private var validatedEvents: [ResolvedEvent] {
        spec.events.prefix(spec.declaredEventCount).filter { $0.parameters.contains { if case .int = $0.type { true } else { false } } }
    }

    // MARK: - Storage

    func emitStorage(into writer: inout SwiftWriter) {
        writer.line()
        writer.block("extension \(names.typeName)") { w in
            w.documentation("The machine's state: what `==` compares.")
            w.block("fileprivate struct Current: Hashable, Sendable") { w in
                w.line("var configuration = Configuration()")
                w.line("var variables = Variables()")
                w.line("var isStarted = false")
                w.line("var isFinished = false")
                if facts.recordsHistory {
                    for state in spec.states where state.kind == .history {
                        w.line("/// What \(state.path.codeSpan) recorded; nil before its parent was first left.")
                        w.line("var \(states.historyProperty(state.index)): StateBits?")
                    }
                }
            }
            w.line()
            w.documentation("What one call works with: the queues, the microstep count, the event being handled.")
            w.block("fileprivate struct Scratch: Sendable") { w in
                if facts.hasHooks { w.line("var event: Event?") }
                if facts.countsMicrosteps {
                    w.line("var microsteps = 0")
                    w.line("var recent = RecentTransitions()")
                }
                if facts.usesInternalQueue {
                    w.line("var raised: [Raised] = []")
                    w.line("var raisedHead = 0")
                }
                if facts.sends {
                    w.line("var sent: [Event] = []")
                    w.line("var sentHead = 0")
                }
                if facts.hasParallel { w.line("var selection = Selection()") }
            }
            if facts.usesInternalQueue {
                w.line()
                w.documentation("An event raised inside a macrostep: a declared one, or the completion of a state.")
                w.block("fileprivate enum Raised: Sendable") { w in
                    w.line("case event(Event)")
                    for event in spec.events where event.isImplicit { w.line("case \(names.eventCase[event.index])") }
                }
            }
            if facts.countsMicrosteps {
                w.line()
                w.documentation("The last eight transitions taken in the current macrostep, for the infinite-loop message.")
                w.block("fileprivate struct RecentTransitions: Sendable") { w in
                    w.line("private var count = 0")
                    w.line("private var slots = (0, 0, 0, 0, 0, 0, 0, 0)")
                    w.line()
                    w.block("mutating func record(_ transition: Int)") { w in
                        w.indexSwitch("count & 7", count: 8) { "slots.\($0) = transition" }
                        w.line("count += 1")
                    }
                    w.line()
                    w.documentation("Oldest first.")
                    w.block("var list: [Int]") { w in
                        w.line("let all = [slots.0, slots.1, slots.2, slots.3, slots.4, slots.5, slots.6, slots.7]")
                        w.line("return (max(0, count - 8)..<count).map { all[$0 & 7] }")
                    }
                }
            }
        }
    }

    // MARK: - Start and send

    func emitPublicSteps(into writer: inout SwiftWriter) {
        let hooksLabel = facts.hasHooks ? "hooks: some \(names.hooksProtocol)" : ""
        let hooks = context.hooksArgument
        writer.line()
        writer.block("extension \(names.typeName)") { w in
            w.documentation("Enters the initial states and runs the first macrostep; does nothing when already started.")
            w.block("\(access)mutating func start(\(hooksLabel))\(context.throwsClause)") { w in
                w.line("guard !current.isStarted else { return }")
                let startThrows = needsRunToCompletion || facts.sends || context.machine.startEntryOrder.contains { states.enterThrows[$0] }
                rollingBack(into: &w, when: startThrows) { w in
                    if needsBeginCall { w.line("beginCall()") }
                    w.line("current = Current()")
                    w.line("current.isStarted = true")
                    if facts.hasHooks { w.line("scratch.event = nil") }
                    if facts.countsMicrosteps {
                        w.line("scratch.microsteps = 0")
                        w.line("scratch.recent = RecentTransitions()")
                    }
                    for state in context.machine.startEntryOrder { w.line(states.enterCall(state)) }
                    if facts.countsMicrosteps { w.line("scratch.microsteps = 1") }
                    if needsRunToCompletion { w.line("try runToCompletion(\(hooks))") }
                    if facts.sends { w.line("try drainSent(\(hooks))") }
                }
            }
            w.line()
            w.documentation(
                "Processes one event to completion, then every event the machine sent itself meanwhile; returns\nwhether a transition handled the event."
            )
            w.line("@discardableResult")
            w.block("\(access)mutating func send(_ event: Event\(facts.hasHooks ? ", " + hooksLabel : ""))\(context.throwsClause) -> Bool")
            { w in
                w.line("guard current.isStarted else { return \(context.tryPrefix)startAndSend(\(context.arguments(["event"]))) }")
                if !validatedEvents.isEmpty { w.line("try validate(event)") }
                rollingBack(into: &w, when: stepCanThrow) { w in
                    if needsBeginCall { w.line("beginCall()") }
                    if facts.sends {
                        w.line("let handled = try macrostep(\(context.arguments(["event", "fromHost: true"])))")
                        w.line("try drainSent(\(hooks))")
                        w.line("return handled")
                    } else {
                        w.line("return \(context.tryPrefix)macrostep(\(context.arguments(["event", "fromHost: true"])))")
                    }
                }
            }
            w.line()
            w.documentation("The first `send`: kept out of line so that `send` itself stays a few instructions around the step.")
            w.line("@inline(never)")
            w.block("fileprivate mutating func startAndSend(\(context.parameters(["_ event: Event"])))\(context.throwsClause) -> Bool") {
                w in
                w.line(context.tryPrefix + "start(\(facts.hasHooks ? "hooks: hooks" : ""))")
                w.line("return \(context.tryPrefix)send(event\(facts.hasHooks ? ", hooks: hooks" : ""))")
            }
            w.line()
            w.documentation("Whether `state` is active.")
            // Statements, not a switch expression, and the leaves' array typed before it is filtered: swiftc type-checks
            // a switch expression as one expression, 18 s for a flat machine of 1,000 states (1 s as statements).
            w.block("\(access)func isActive(_ state: StateID) -> Bool") { w in
                w.switchBlock("switch state") { w in
                    for state in spec.states.dropFirst() {
                        w.line("case .\(SwiftIdentifier.escaped(names.stateStem[state.index])): return \(context.isActive(state.index))")
                    }
                }
            }
            w.line()
            let leaves = spec.states.filter(\.isLeaf).map { "." + SwiftIdentifier.escaped(names.stateStem[$0.index]) }
            w.documentation("The active leaf states (atomic, final and choice), in document order.")
            w.block("\(access)var activeStates: [StateID]") { w in
                w.line("let leaves: [StateID] = [\(leaves.joined(separator: ", "))]")
                w.line("return leaves.filter(isActive)")
            }
        }
    }

    /// The body, run so that a throw leaves the machine as it was before (when something can throw midway).
    private func rollingBack(into writer: inout SwiftWriter, when throwing: Bool, _ body: (inout SwiftWriter) -> Void) {
        guard throwing else {
            body(&writer)
            return
        }
        writer.line("let saved = current")
        writer.block("do throws(\(errorType))", closing: "} catch {") { w in body(&w) }
        writer.indented { w in
            w.line("current = saved")
            w.line("throw error")
        }
        writer.line("}")
    }

    // MARK: - The macrostep

    func emitMacrostep(into writer: inout SwiftWriter) {
        let hooks = context.hooksArgument
        writer.line()
        writer.block("extension \(names.typeName)") { w in
            if needsBeginCall {
                w.block("fileprivate mutating func beginCall()") { w in
                    if facts.usesInternalQueue {
                        w.line("scratch.raised.removeAll(keepingCapacity: true)")
                        w.line("scratch.raisedHead = 0")
                    }
                    if facts.sends {
                        w.line("scratch.sent.removeAll(keepingCapacity: true)")
                        w.line("scratch.sentHead = 0")
                    }
                }
                w.line()
            }
            w.documentation("One macrostep: the event's transitions, then eventless transitions and raised events until stable.")
            w.line("@inline(__always)")
            w.block(
                "fileprivate mutating func macrostep(\(context.parameters(["_ event: Event", "fromHost: Bool"])))\(context.throwsClause) -> Bool"
            ) { w in
                if hasTopLevelFinal { w.line("if current.isFinished { return false }") }
                if facts.countsMicrosteps {
                    w.line("scratch.microsteps = 0")
                    w.line("scratch.recent = RecentTransitions()")
                }
                if facts.hasHooks { w.line("scratch.event = event") }
                w.line("let handled = \(context.tryPrefix)dispatch(\(context.arguments(["event"])))")
                if facts.unhandledIsError {
                    w.block("if !handled && fromHost") { w in
                        w.line(
                            "throw \(errorType)(kind: .unhandledEvent(event: event.name), message: \"event '\\(event.name)' is not handled in \\(describeConfiguration())\")"
                        )
                    }
                }
                if needsRunToCompletion { w.line("try runToCompletion(\(hooks))") }
                w.line("return handled")
            }
            w.line()
            w.line("@inline(__always)")
            w.block("fileprivate mutating func dispatch(\(context.parameters(["_ event: Event"])))\(context.throwsClause) -> Bool") { w in
                let declared = spec.events.prefix(spec.declaredEventCount)
                guard !declared.isEmpty else { w.line("return false  // no event can be made (the spec declares none)"); return }
                w.switchBlock("switch event") { w in
                    for event in declared {
                        let locals = context.parameterLocals(event.index).map(\.name)
                        let pattern = locals.isEmpty ? "" : "(" + locals.map { "let \($0)" }.joined(separator: ", ") + ")"
                        w.line(
                            "case .\(SwiftIdentifier.escaped(names.eventCase[event.index]))\(pattern): return \(context.tryPrefix)\(selection.handlerName(event.index))(\(context.arguments(locals)))"
                        )
                    }
                }
            }
            if needsRunToCompletion { emitRunToCompletion(into: &w) }
            if facts.sends { emitDrain(into: &w) }
            if facts.countsMicrosteps { emitMicrostepCount(into: &w) }
            if !validatedEvents.isEmpty { emitValidation(into: &w) }
        }
    }

    private func emitRunToCompletion(into writer: inout SwiftWriter) {
        let hooks = context.hooksArgument
        writer.line()
        writer.documentation("After a microstep: eventless transitions, then raised events, until neither is left.")
        writer.block("fileprivate mutating func runToCompletion(\(context.hooksParameter)) throws(\(errorType))") { w in
            w.block("while !current.isFinished") { w in
                if facts.hasEventless { w.line("if try takeEventless(\(hooks)) { continue }") }
                if facts.usesInternalQueue {
                    w.line("guard scratch.raisedHead < scratch.raised.count else { break }")
                    w.line("let raised = scratch.raised[scratch.raisedHead]")
                    w.line("scratch.raisedHead += 1")
                    w.switchBlock("switch raised") { w in
                        w.line("case .event(let event):")
                        if facts.hasHooks { w.line("    scratch.event = event") }
                        w.line("    _ = try dispatch(\(context.arguments(["event"])))")
                        for event in spec.events where event.isImplicit {
                            w.line("case .\(names.eventCase[event.index]):")
                            if facts.hasHooks { w.line("    scratch.event = nil") }
                            w.line("    _ = try \(selection.handlerName(event.index))(\(hooks))")
                        }
                    }
                } else {
                    w.line("break")
                }
            }
            if facts.usesInternalQueue {
                w.block("if current.isFinished") { w in
                    w.line("scratch.raised.removeAll(keepingCapacity: true)")
                    w.line("scratch.raisedHead = 0")
                }
            }
        }
    }

    private func emitDrain(into writer: inout SwiftWriter) {
        let limit = spec.options.maxMicrosteps
        writer.line()
        writer.documentation("Events the machine sent itself, each to completion, in order.")
        writer.block("fileprivate mutating func drainSent(\(context.hooksParameter)) throws(\(errorType))") { w in
            w.line("var drained = 0")
            w.block("while scratch.sentHead < scratch.sent.count") { w in
                w.line("let event = scratch.sent[scratch.sentHead]")
                w.line("scratch.sentHead += 1")
                w.line("drained += 1")
                w.block("if drained > \(limit)") { w in
                    w.line(
                        "throw \(errorType)(kind: .infiniteLoop, message: \"\(SpecMessages.tooManySends(limit: limit))\")"
                    )
                }
                w.line("_ = try macrostep(\(context.arguments(["event", "fromHost: false"])))")
            }
        }
    }

    private func emitMicrostepCount(into writer: inout SwiftWriter) {
        let limit = spec.options.maxMicrosteps
        writer.line()
        writer.documentation("Counts a microstep; more than \(limit) in one macrostep is an infinite loop.")
        writer.block("fileprivate mutating func beginMicrostep(_ transition: Int) throws(\(errorType))") { w in
            w.line("scratch.recent.record(transition)")
            w.line("scratch.microsteps += 1")
            w.line("if scratch.microsteps > \(limit) { throw infiniteLoop(notTaken: 1) }")
        }
        if facts.hasParallel {
            writer.line()
            writer.block("fileprivate mutating func beginMicrostepOfSelection() throws(\(errorType))") { w in
                w.line("for index in 0..<scratch.selection.count { scratch.recent.record(scratch.selection.transition(at: index)) }")
                w.line("scratch.microsteps += 1")
                w.line("if scratch.microsteps > \(limit) { throw infiniteLoop(notTaken: scratch.selection.count) }")
            }
        }
        writer.line()
        // The engine's message (`StepCore.infiniteLoopError`): the last 8 transitions selected, the last `notTaken`
        // of them stopped by the limit.
        writer.documentation("The last `notTaken` transitions recorded were selected for the microstep past the limit.")
        writer.block("fileprivate func infiniteLoop(notTaken: Int) -> \(errorType)") { w in
            w.line("let names = scratch.recent.list.map(Self.describeTransition)")
            w.line("let taken = names.dropLast(min(notTaken, names.count))")
            w.line("let stopped = (notTaken > names.count ? [\"…\"] : []) + names.suffix(notTaken)")
            w.line("let next = \"the limit stopped the next: \\(stopped.joined(separator: \"; \"))\"")
            w.line(
                "let last = taken.isEmpty ? next : \"the last transitions taken were \\(taken.joined(separator: \"; \")), and \\(next)\""
            )
            w.line(
                "return \(errorType)(kind: .infiniteLoop, message: \"\(SpecMessages.noStableConfiguration(limit: limit)); \\(last)\")"
            )
        }
        writer.line()
        writer.block("fileprivate static func describeTransition(_ transition: Int) -> String") { w in
            w.switchBlock("switch transition") { w in
                for transition in spec.transitions {
                    w.line("case \(transition.index): \(SwiftIdentifier.stringLiteral(spec.describe(transition)))")
                }
                w.line("default: \"?\"")
            }
        }
    }

    /// Arguments of int parameters outside their domain are refused, as the engine refuses them.
    private func emitValidation(into writer: inout SwiftWriter) {
        writer.line()
        writer.block("fileprivate func validate(_ event: Event) throws(\(errorType))") { w in
            w.switchBlock("switch event") { w in
                for event in validatedEvents {
                    let locals = context.parameterLocals(event.index)
                    let pattern = locals.map { if case .int = $0.type { "let \($0.name)" } else { "_" } }
                    w.line("case .\(SwiftIdentifier.escaped(names.eventCase[event.index]))(" + pattern.joined(separator: ", ") + "):")
                    for (parameter, local) in zip(event.parameters, locals) {
                        guard case .int(let min, let max) = parameter.type else { continue }
                        w.line(
                            "    guard (\(ExpressionEmitter.literal(min))...\(ExpressionEmitter.literal(max))).contains(\(local.name)) else {"
                        )
                        w.line(
                            "        throw \(errorType)(kind: .invalidEvent, message: \"argument \\(\(local.name)) of '\(event.name)' is outside '\(parameter.name)': \(parameter.type)\")"
                        )
                        w.line("    }")
                    }
                }
                if validatedEvents.count < spec.declaredEventCount { w.line("default: break") }
            }
        }
    }
}
