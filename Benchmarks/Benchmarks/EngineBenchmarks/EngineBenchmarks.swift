import Benchmark
import BenchmarkSpecs
import GeneratedMachines
@_spi(Stepping) import SMEngine
import SMSpec

// Events per second of the engine, and of the code `smcheck generate` writes, against hand-written switch machines of
// the same specs, in the same run. Every iteration processes one event; Throughput is events/s.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.throughput, .wallClock, .mallocCountTotal], scalingFactor: .mega,
                                           maxDuration: .seconds(3))
    do {
        try GeneratedMachineChecks.verify()
    } catch {
        fatalError("the generated machines cannot be compared: \(error)")
    }

    Benchmark("flat ring: hand-written switch") { benchmark in
        var ring = HandWrittenRing()
        for _ in benchmark.scaledIterations { blackHole(ring.send(.next)) }
    }

    Benchmark("flat ring: generated (smcheck generate)") { benchmark in
        var ring = FlatRing()
        ring.start()
        for _ in benchmark.scaledIterations { blackHole(ring.send(.next)) }
    }

    Benchmark("flat ring: engine step (StepContext)") { benchmark in
        let machine = try Machine(BenchmarkSpecs.flatRing)
        let context = StepContext(machine: machine)
        try context.resetToInitialState()
        let next = try machine.eventInstance("next")
        for _ in benchmark.scaledIterations { blackHole(try context.process(next)) }
    }

    Benchmark("flat ring: StateMachine.send (locked runtime)") { benchmark in
        let runtime = try StateMachine(BenchmarkSpecs.flatRing)
        try runtime.start()
        let next = try runtime.machine.eventInstance("next")
        for _ in benchmark.scaledIterations { blackHole(try runtime.send(next)) }
    }

    Benchmark("player (hierarchy + parallel + history): hand-written switch") { benchmark in
        var player = HandWrittenPlayer()
        let events = BenchmarkSpecs.playerEvents.map(GeneratedMachineChecks.handWrittenEvent)
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(player.send(events[i]))
            i = i == events.count - 1 ? 0 : i + 1
        }
    }

    Benchmark("player (hierarchy + parallel + history): generated (smcheck generate)") { benchmark in
        var player = Player()
        player.start()
        let events = BenchmarkSpecs.playerEvents.map(GeneratedMachineChecks.playerEvent)
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(player.send(events[i]))
            i = i == events.count - 1 ? 0 : i + 1
        }
    }

    Benchmark("player (hierarchy + parallel + history): engine step") { benchmark in
        let machine = try Machine(BenchmarkSpecs.player)
        let context = StepContext(machine: machine)
        try context.resetToInitialState()
        let events = try BenchmarkSpecs.playerEvents.map { try machine.eventInstance($0) }
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(try context.process(events[i]))
            i = i == events.count - 1 ? 0 : i + 1
        }
    }

    Benchmark("player (hierarchy + parallel + history): StateMachine.send") { benchmark in
        let runtime = try StateMachine(BenchmarkSpecs.player)
        try runtime.start()
        let events = try BenchmarkSpecs.playerEvents.map { try runtime.machine.eventInstance($0) }
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(try runtime.send(events[i]))
            i = i == events.count - 1 ? 0 : i + 1
        }
    }
}
