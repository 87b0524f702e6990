import SMEngine
import SMSpec

// The thread-safe wrapper around the generated value type.
extension DeclarationEmitter {
    // MARK: - The thread-safe wrapper

    func emitShared(into writer: inout SwiftWriter) {
        let hooks = facts.hasHooks
        let generic = hooks ? "<Hooks: \(names.hooksProtocol) & Sendable>" : ""
        let argument = hooks ? "hooks: hooks" : ""
        writer.line()
        writer.block("extension \(type)") { w in
            w.documentation(
                """
                A `\(type)` that any number of threads can send events to: each event runs to completion under a lock, \
                in the order the calls take it. An event sent from inside a hook (on the thread that is processing) is \
                queued and processed right after the current one.
                """)
            w.block("\(access)final class Shared\(generic): @unchecked Sendable") { w in
                w.line("private let lock = NSRecursiveLock()")
                w.line("private var machine = \(type)()")
                w.line("/// The state before the event being processed, for `snapshot` from inside a hook.")
                w.line("private var committed = \(type)()")
                w.line("private var processing = false")
                w.line("private var reentrant: [Event] = []")
                if hooks { w.line("\(access)let hooks: Hooks") }
                w.line()
                if hooks {
                    w.block("\(access)init(hooks: Hooks)") { w in w.line("self.hooks = hooks") }
                } else {
                    w.line("\(access)init() {}")
                }
                w.line()
                w.documentation("The machine as it is now (inside a hook: as it was before the event being processed).")
                w.block("\(access)var snapshot: \(type)") { w in
                    w.line("lock.lock()")
                    w.line("defer { lock.unlock() }")
                    w.line("return processing ? committed : machine")
                }
                w.line()
                w.documentation("Enters the initial states (`send` does it first when needed).")
                w.block("\(access)func start()\(context.throwsClause)") { w in
                    w.line("lock.lock()")
                    w.line("defer { lock.unlock() }")
                    w.line("guard !processing else { return }")
                    w.line("processing = true")
                    w.line("defer { processing = false }")
                    w.line(context.tryPrefix + "machine.start(\(argument))")
                }
                w.line()
                w.documentation(
                    "Processes `event` to completion; returns whether a transition handled it (false when it was queued\nfrom inside a hook)."
                )
                w.line("@discardableResult")
                w.block("\(access)func send(_ event: Event)\(context.throwsClause) -> Bool") { w in
                    w.line("lock.lock()")
                    w.line("defer { lock.unlock() }")
                    w.block("if processing") { w in
                        w.line("reentrant.append(event)")
                        w.line("return false")
                    }
                    w.line("processing = true")
                    w.line("defer { processing = false }")
                    w.line("committed.current = machine.current")
                    func body(_ w: inout SwiftWriter) {
                        w.line("let handled = \(context.tryPrefix)machine.send(event\(hooks ? ", hooks: hooks" : ""))")
                        w.block("while !reentrant.isEmpty") { w in
                            w.line("committed.current = machine.current")
                            w.line(context.tryPrefix + "machine.send(reentrant.removeFirst()\(hooks ? ", hooks: hooks" : ""))")
                        }
                        w.line("return handled")
                    }
                    guard context.machineThrows else { return body(&w) }
                    // A failed event drops what hooks sent meanwhile, as the engine's runtime does.
                    w.block("do throws(\(names.errorType))", closing: "} catch {") { body(&$0) }
                    w.indented { w in
                        w.line("reentrant.removeAll()")
                        w.line("throw error")
                    }
                    w.line("}")
                }
            }
        }
    }
}
