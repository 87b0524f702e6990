import BenchmarkSpecs
import SMEngine
import SMSpec

// A driver for profilers (perf, valgrind): steps a benchmark machine many times.
let arguments = CommandLine.arguments
let which = arguments.count > 1 ? arguments[1] : "flat"
let count = arguments.count > 2 ? Int(arguments[2])! : 1_000_000
let machine = try Machine(which == "flat" ? BenchmarkSpecs.flatRing : BenchmarkSpecs.player)
let context = StepContext(machine: machine)
try context.resetToInitialState()
let events = try (which == "flat" ? ["next"] : BenchmarkSpecs.playerEvents).map { try machine.eventInstance($0) }
var handled = 0
for i in 0..<count {
    if try context.process(events[i % events.count]).handled { handled += 1 }
}
print(handled)
