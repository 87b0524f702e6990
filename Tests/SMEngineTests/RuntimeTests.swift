import Foundation
import SMEngine
import SMSpec
import SMTestSupport
import Synchronization
import Testing

/// A thread-safe list for callbacks to append to.
final class Log<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])
    func append(_ item: Element) { items.withLock { $0.append(item) } }
    var all: [Element] { items.withLock { $0 } }
}

@Suite("The StateMachine runtime")
struct RuntimeTests {
    @Test("8 threads x 10,000 sends: every event processed exactly once, each sender's order kept")
    func concurrentSends() throws {
        let senders = 8
        let perSender = 10_000
        let processed = Log<(Int, Int)>()
        let host = HostFunctions().calling("record") { call in
            guard case .int(let sender) = call.arguments["sender"], case .int(let seq) = call.arguments["seq"] else { return }
            processed.append((sender, seq))
        }
        let machine = try StateMachine(try Fixtures.fixture("runtime/counter"), host: host)
        try machine.start()
        let failures = Log<String>()
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for seq in 0..<perSender {
                do {
                    let result = try machine.send("tick", ["sender": .int(sender), "seq": .int(seq)])
                    if result.disposition != .handled { failures.append("\(sender)/\(seq): \(result.disposition)") }
                } catch {
                    failures.append("\(sender)/\(seq): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        let log = processed.all
        #expect(log.count == senders * perSender)
        for sender in 0..<senders {
            let sequence = log.filter { $0.0 == sender }.map(\.1)
            #expect(sequence == Array(0..<perSender), "sender \(sender): every event once, in order")
        }
    }

    @Test("a send from inside a callback is queued and processed before the outer send returns")
    func reentrantSend() throws {
        let order = Log<String>()
        let box = Mutex<StateMachine?>(nil)
        let host = HostFunctions()
            .calling("answer") { _ in
                order.append("answer")
                let result = try? box.withLock { $0 }?.send("pong")
                order.append("pong \(result?.disposition.rawValue ?? "failed")")
            }
            .calling("gotPong") { _ in order.append("gotPong") }
        let machine = try StateMachine(try Fixtures.fixture("runtime/counter"), host: host)
        box.withLock { $0 = machine }
        let result = try machine.send("ping")
        #expect(result.disposition == .handled)
        #expect(order.all == ["answer", "pong queued", "gotPong"])
        #expect(machine.activeStates == ["idle"])
    }

    @Test("observers see exits, transitions and entries in order; the trace reads like a debugger log")
    func observers() throws {
        let machine = try StateMachine(try Fixtures.spec("tbstatemachine"))
        let seen = Log<String>()
        machine.onExit { seen.append("exit \($0)") }
        machine.onEnter { seen.append("enter \($0)") }
        machine.onTransition { seen.append("transition \($0.description)") }
        let traced = Log<String>()
        machine.trace { traced.append($0) }
        try machine.start()
        try machine.send("transition_4")
        #expect(
            Array(seen.all.suffix(6)) == [
                "exit a/a1", "exit a", "transition a --transition_4--> b/b2/b21", "enter b", "enter b/b2", "enter b/b2/b21",
            ])
        #expect(
            traced.all.last == """
                [TBStateMachine] event transition_4
                    a --transition_4--> b/b2/b21
                        exit 'a/a1'
                        exit 'a'
                        call exitA
                        enter 'b'
                        internalCount = 0
                        enter 'b/b2'
                        enter 'b/b2/b21'
                [TBStateMachine] 1 microstep -> b/b2/b21
                """)
    }

    @Test("an error leaves the machine as it was and is reported to error observers")
    func rollback() throws {
        let machine = try StateMachine(try Fixtures.fixture("semantics/range-violation"))
        let errors = Log<String>()
        machine.onError { errors.append($0.message) }
        try machine.send("inc")
        try machine.send("inc")
        #expect(throws: EngineError.self) { try machine.send("inc") }
        #expect(machine.value(of: "n") == .int(2))
        #expect(errors.all == ["range violation: 'n' cannot be 3; its type is int 0...2"])
    }

    @Test("host guards and the oneOf resolver decide at run time")
    func hostFunctions() throws {
        let allowed = Atomic<Bool>(false)
        let player = try StateMachine(
            try Fixtures.fixture("semantics/opaque-guard"),
            host: HostFunctions().guarding("canPlay") { _ in allowed.load(ordering: .relaxed) })
        try player.send("play")
        #expect(player.activeStates == ["buffering"])
        let loader = try StateMachine(
            try Fixtures.fixture("semantics/one-of"),
            host: HostFunctions().resolving { request in
                request.options.firstIndex(of: "failed") ?? 0
            })
        try loader.send("finish")
        #expect(loader.activeStates == ["failed"])
        allowed.store(true, ordering: .relaxed)
        let second = try StateMachine(
            try Fixtures.fixture("semantics/opaque-guard"),
            host: HostFunctions().guarding("canPlay") { _ in allowed.load(ordering: .relaxed) })
        try second.send("play")
        #expect(second.activeStates == ["playing"])
    }

    @Test("a host guard is asked once per selection, however many transitions it guards")
    func hostGuardAskedOnce() throws {
        let calls = Atomic<Int>(0)
        let machine = try StateMachine(
            try Fixtures.fixture("semantics/opaque-guard-asked-once"),
            host: HostFunctions()
                .guarding("ready") { _ in
                    calls.add(1, ordering: .relaxed)
                    return true
                }
                .guarding("open") { _ in
                    calls.add(1, ordering: .relaxed)
                    return false
                })
        try machine.send("go")
        #expect(machine.activeStates.filter { $0.hasSuffix("Lit") } == ["lights/left/leftLit", "lights/right/rightLit"])
        #expect(calls.load(ordering: .relaxed) == 1)
        try machine.send("leave")
        #expect(calls.load(ordering: .relaxed) == 2)
    }

    @Test("an opaque guard the host did not register is an error naming it")
    func missingGuard() throws {
        let machine = try StateMachine(try Fixtures.fixture("semantics/opaque-guard"))
        #expect(throws: EngineError(.missingHostFunction(name: "canPlay"), "no guard is registered for '?canPlay'")) {
            try machine.send("play")
        }
    }

    @Test("an observer can remove itself and add others from inside a delivery; changes count from the next event")
    func observersChangedFromObservers() throws {
        let rocket = try StateMachine(try Fixtures.spec("rocket"))
        let once = Log<String>(), later = Log<String>()
        let token = Mutex<ObserverToken?>(nil)
        token.withLock { mine in
            mine = rocket.onEnter { path in
                once.append(path)
                if let me = token.withLock({ $0 }) { rocket.removeObserver(me) }
                rocket.onEnter { later.append($0) }
            }
        }
        // Changing observers from a delivery must not wait for the lock the delivery holds.
        try failingIfStuck {
            try rocket.send("fire")
            try rocket.send("abort")
        }
        #expect(once.all == ["standby"])  // the start entered standby; then it removed itself
        #expect(later.all == ["countdown", "standby"])
    }

    @Test("isActive, activeStates and variables read the current state")
    func reading() throws {
        let rocket = try StateMachine(try Fixtures.spec("rocket"))
        try rocket.send("fire")
        #expect(rocket.isActive("countdown"))
        #expect(!rocket.isActive("standby"))
        #expect(rocket.activeStates == ["countdown"])
        #expect(rocket.value(of: "abortEnabled") == .bool(true))
        #expect(rocket.variables.map(\.name) == ["countDown", "fireEnabled", "abortEnabled"])
    }

    @Test("steps arrive as an async sequence")
    func asyncSteps() async throws {
        let rocket = try StateMachine(try Fixtures.spec("rocket"))
        let steps = rocket.steps
        try await rocket.send("fire")
        try await rocket.send("tick")
        var seen: [String] = []
        for await step in steps {
            seen.append(step.description)
            if seen.count == 3 { break }
        }
        #expect(seen == ["(start): handled -> standby", "fire: handled -> countdown", "tick: handled -> countdown"])
    }
}
