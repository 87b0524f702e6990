import Dispatch
import SMEngine
import SMSpec
import SMTestSupport
import Testing

@testable import SMFuzz

@Suite("Linearizability of thread-safe implementations")
struct LinearizabilityTests {
    static let rocket = try! Fixtures.spec("rocket")
    static let machine = try! Machine(rocket)

    static func event(_ name: String) -> EventInstance { try! machine.eventInstance(name) }

    static func operation(_ thread: Int?, _ name: String, _ invoked: Int, _ returned: Int, countDown: Int?) -> ConcurrentOperation {
        let outcome: ConcurrentOperation.Outcome =
            countDown.map { .observed(ObservedState(states: ["countdown"], variables: ["countDown": .int($0)])) }
            ?? .rejected("no")
        return ConcurrentOperation(thread: thread, event: event(name), invoked: invoked, returned: returned, outcome: outcome)
    }

    static func history(_ operations: [ConcurrentOperation], final countDown: Int) -> ConcurrentHistory {
        ConcurrentHistory(
            scenario: ConcurrentScenario(prefix: [], threads: []), operations: operations,
            final: ObservedState(states: ["countdown"], variables: ["countDown": .int(countDown)]))
    }

    /// The order that explains the history, or (nil, the longest explained order, why it is stuck).
    static func check(_ history: ConcurrentHistory) -> (order: [Int]?, longest: [Int], stuck: [String]) {
        switch LinearizabilityChecker(machine: machine).check(history) {
        case .linearizable(let order): (order, order, [])
        case .notLinearizable(let longest, let stuck): (nil, longest, stuck)
        case .undecided(let reason): (nil, [], [reason])
        }
    }

    @Test("a step of more combinations of choices than are tried leaves a history nothing tried explains undecided, not failed")
    func tooManyChoices() throws {
        // e sends e again whichever way ?g goes: a hundred choice points, 2^100 combinations, all ending in a.
        let machine = try Machine(
            try Spec.load(
                json: #"""
                    {"format": "smcheck/1", "name": "many choices", "events": {"e": {}},
                     "states": {"a": {"on": {"e": [{"guard": "?g", "actions": [{"send": "e"}]}, {"actions": [{"send": "e"}]}]}}, "b": {}}}
                    """#))
        let e = try machine.eventInstance("e")
        let history = ConcurrentHistory(
            scenario: ConcurrentScenario(prefix: [], threads: []),
            operations: [
                ConcurrentOperation(thread: nil, event: e, invoked: 1, returned: 2, outcome: .observed(ObservedState(states: ["b"])))
            ],
            final: ObservedState(states: ["b"]))
        guard case .undecided(let reason) = LinearizabilityChecker(machine: machine).check(history) else {
            Issue.record("a history the first 1024 combinations do not explain was decided")
            return
        }
        #expect(reason.hasPrefix("a step met more than 1024 combinations of opaque guards and oneOf targets"))
    }

    @Test("overlapping events may take effect in either order; the checker finds the order that explains them")
    func overlapping() {
        // Thread 2's tick was called first but took effect second.
        let history = Self.history(
            [
                Self.operation(nil, "fire", 1, 2, countDown: 5),
                Self.operation(1, "tick", 3, 8, countDown: 3),
                Self.operation(0, "tick", 4, 7, countDown: 4),
            ], final: 3)
        #expect(Self.check(history).order == [0, 2, 1])
    }

    @Test("real time is respected: an event that returned before another was called cannot take effect after it")
    func realTime() {
        // The same results, but thread 2's tick returned (at 4) before thread 1's was called (at 5).
        let history = Self.history(
            [
                Self.operation(nil, "fire", 1, 2, countDown: 5),
                Self.operation(1, "tick", 3, 4, countDown: 3),
                Self.operation(0, "tick", 5, 6, countDown: 4),
            ], final: 3)
        let (order, longest, stuck) = Self.check(history)
        #expect(order == nil)
        #expect(longest == [0])
        #expect(stuck == ["thread 2: tick → countdown countDown=3: its 'countDown' is 3 where the spec's is 4"])
    }

    @Test("the end matters too: a lost update shows in the final observation")
    func finalObservation() {
        let history = Self.history(
            [
                Self.operation(nil, "fire", 1, 2, countDown: 5),
                Self.operation(0, "tick", 3, 6, countDown: 4),
                Self.operation(1, "tick", 4, 5, countDown: 3),
            ], final: 4)
        let (order, longest, stuck) = Self.check(history)
        #expect(order == nil)
        #expect(longest.count == 3)
        #expect(stuck == ["at the end the implementation shows countdown countDown=4: its 'countDown' is 4 where the spec's is 3"])
    }

    @Test("the racy rocket's lost tick is found from a fixed seed and shrunk to at most 3 threads and 6 events")
    func racyRocket() throws {
        let spec = Self.rocket
        let result = LinearizabilityTester(
            machine: Self.machine, configuration: LinearizabilityConfiguration(seed: 1),
            make: { RacyRocket(spec: spec) }
        ).run()
        let failure = try #require(result.failure)
        #expect(failure.scenario.threads.count <= 3)
        #expect(failure.scenario.eventCount <= 6)
        #expect(failure.scenario.threads.flatMap { $0 }.allSatisfy { $0 == Self.event("tick") }, "the race is between ticks")
        #expect(failure.stuck.contains { $0.contains("its 'countDown' is") })
    }

    @Test("the locked rocket and the engine's own StateMachine pass 1,000 concurrent runs")
    func correct() throws {
        let spec = Self.rocket
        for make: @Sendable () throws -> any ConcurrentImplementation in [{ LockedRocket(spec: spec) }, { try StateMachine(spec: spec) }] {
            let result = LinearizabilityTester(
                machine: Self.machine, configuration: LinearizabilityConfiguration(scenarios: 100, executions: 10, seed: 1),
                make: make
            ).run()
            #expect(result.failure == nil, "\(result.failure?.stuck ?? [])")
            #expect(result.error == nil)
            #expect(result.executions == 1000)
        }
    }

    @Test("an implementation that cannot be made, or whose threads hang, is reported as such")
    func errors() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "no rocket today" } }
        let refused = LinearizabilityTester(machine: Self.machine, make: { throw Refused() }).run()
        #expect(refused.error == "the implementation could not be made: no rocket today")
        var configuration = LinearizabilityConfiguration(scenarios: 1, executions: 1)
        configuration.timeoutSeconds = 1
        let hung = LinearizabilityTester(machine: Self.machine, configuration: configuration, make: { HangingMachine() }).run()
        #expect(hung.error == "the threads did not finish within 1 seconds (a deadlock?)")
    }

    @Test("scenarios shrink by whole threads, by moving a thread's first event before the others, and by single events")
    func reductions() {
        let tick = Self.event("tick"), fire = Self.event("fire")
        let scenario = ConcurrentScenario(prefix: [fire], threads: [[tick, tick], [tick]])
        #expect(
            scenario.reductions == [
                ConcurrentScenario(prefix: [fire], threads: [[tick, tick]]),
                ConcurrentScenario(prefix: [fire], threads: [[tick]]),
                ConcurrentScenario(prefix: [fire, tick], threads: [[tick], [tick]]),
                ConcurrentScenario(prefix: [fire, tick], threads: [[tick, tick]]),
                ConcurrentScenario(prefix: [fire], threads: [[tick], [tick]]),
                ConcurrentScenario(prefix: [fire], threads: [[tick], [tick]]),
                ConcurrentScenario(prefix: [], threads: [[tick, tick], [tick]]),
            ])
    }
}

/// Never returns from `handle`: a deadlock.
private final class HangingMachine: ConcurrentImplementation {
    private let never = DispatchSemaphore(value: 0)
    init() {}
    init(spec: Spec) {}
    func handle(_ event: String, _ arguments: [String: Value]) throws -> ObservedState {
        never.wait()
        return observation
    }
    var observation: ObservedState { ObservedState(states: []) }
}
