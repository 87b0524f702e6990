@_spi(Stepping) public import SMEngine
import SMSpec

/// What one linearizability run sends: a prefix, one event after another from one thread, then one list of events
/// per thread, all threads at once.
public struct ConcurrentScenario: Hashable, Sendable {
    public var prefix: [EventInstance]
    public var threads: [[EventInstance]]

    public init(prefix: [EventInstance], threads: [[EventInstance]]) {
        self.prefix = prefix
        self.threads = threads
    }

    /// Every event, the prefix's and the threads'.
    public var eventCount: Int { prefix.count + threads.reduce(0) { $0 + $1.count } }

    /// Smaller scenarios that might fail the same way, the biggest cuts first: a thread less, a thread's first
    /// event sent before the others start instead (one thread less when it was its only one), an event less (from
    /// a thread, then from the prefix).
    var reductions: [ConcurrentScenario] {
        var result: [ConcurrentScenario] = []
        for t in threads.indices.reversed() {
            var fewer = self
            fewer.threads.remove(at: t)
            result.append(fewer)
        }
        for t in threads.indices {
            var earlier = self
            earlier.prefix.append(earlier.threads[t].removeFirst())
            if earlier.threads[t].isEmpty { earlier.threads.remove(at: t) }
            result.append(earlier)
        }
        for t in threads.indices {
            for i in threads[t].indices.reversed() where threads[t].count > 1 {
                var fewer = self
                fewer.threads[t].remove(at: i)
                result.append(fewer)
            }
        }
        for i in prefix.indices.reversed() {
            var fewer = self
            fewer.prefix.remove(at: i)
            result.append(fewer)
        }
        return result.filter { !$0.threads.isEmpty }
    }
}

/// Draws scenarios: the events of each part are picked as the fuzzer picks them, favoring events the spec handles
/// in the state a run through the scenario (the threads taken in turn) would be in.
struct ScenarioGenerator {
    let machine: Machine
    let context: StepContext
    let events: [ResolvedEvent]

    init(machine: Machine) {
        self.machine = machine
        context = StepContext(machine: machine)
        events = machine.spec.events.filter { !$0.isImplicit }
    }

    func scenario(threads: Int, eventsPerThread: Int, prefixLength: Int, random: inout SplitMix64) -> ConcurrentScenario {
        _ = try? context.resetToInitialState()
        let prefix = (0..<Int(random.next() % UInt64(prefixLength + 1))).map { _ in event(&random) }
        var lists = (0..<threads).map { _ in [EventInstance]() }
        let counts = (0..<threads).map { _ in 1 + Int(random.next() % UInt64(eventsPerThread)) }
        for round in 0..<(counts.max() ?? 0) {
            for t in 0..<threads where round < counts[t] { lists[t].append(event(&random)) }
        }
        return ConcurrentScenario(prefix: prefix, threads: lists)
    }

    /// An event, 8 times likelier when some active state has a transition for it, and the context stepped on it.
    private func event(_ random: inout SplitMix64) -> EventInstance {
        let weights = events.map { context.mayHandle($0.index) ? UInt64(8) : 1 }
        var pick = random.next() % weights.reduce(0, +)
        var chosen = events.count - 1
        for (i, weight) in weights.enumerated() {
            if pick < weight {
                chosen = i
                break
            }
            pick -= weight
        }
        let declaration = events[chosen]
        let arguments = declaration.parameters.map { FuzzRunner.encoded(Int(random.next() % UInt64($0.type.cardinality)), $0.type) }
        let instance = EventInstance(event: declaration.index, arguments: arguments)
        context.checkpoint()
        if (try? context.process(instance)) == nil { context.restoreCheckpoint() }
        return instance
    }
}
