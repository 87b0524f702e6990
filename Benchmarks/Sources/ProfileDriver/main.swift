import BenchmarkSpecs
import Foundation
import SMAnalyzer
@_spi(Stepping) import SMEngine
import SMSpec

// A driver for profilers (perf, valgrind):
//   ProfileDriver flat|player COUNT    steps a benchmark machine COUNT times
//   ProfileDriver send COUNT           sends COUNT events to the flat ring through the locked StateMachine runtime
//   ProfileDriver rings N K [THREADS]  explores N rings of K states
//   ProfileDriver load COUNT           loads (and compiles) the large loader-benchmark spec COUNT times
//   ProfileDriver model NAME[:SIZE] [THREADS] [spin]   (SPIN_HASH_BITS=N: pan's -w, sized for the states by default)
//                                      explores one of the explorer-comparison models (name prefix: rings,
//                                      philosophers, counters, chain, player, filter, vending; SIZE: another size of
//                                      its shape), and SPIN on its Promela twin; STORE=dense|hashed|wide|compact
//                                      forces a visited store;
//                                      REPEAT=N explores N times in one process; ALTERNATE=1 runs one
//                                      thread before each run, as the benchmark's rounds do
//   ProfileDriver bitstate N K BYTES [SEED [SECONDS [ORDER]]]
//                                      a bitstate search of N rings of K states in a bit array of BYTES
//                                      (ORDER: breadth-first, the default, or depth-first)
let arguments = CommandLine.arguments
let which = arguments.count > 1 ? arguments[1] : "flat"
if which == "load" {
    let bytes = Array(BenchmarkSpecs.largeSpecText(groups: 100, children: 60).utf8)
    for _ in 0..<(arguments.count > 2 ? Int(arguments[2])! : 3) {
        let machine = try Machine(try Spec.load(json: bytes))
        print(machine.spec.states.count)
    }
} else if which == "send" {
    let runtime = try StateMachine(BenchmarkSpecs.flatRing)
    try runtime.start()
    let next = try runtime.machine.eventInstance("next")
    var handled = 0
    for _ in 0..<(arguments.count > 2 ? Int(arguments[2])! : 1_000_000) {
        if try runtime.send(next).disposition == .handled { handled += 1 }
    }
    print(handled)
} else if which == "model" {
    // NAME, or NAME:SIZE for another size of the same shape (philosophers:16, chain:100000, rings:6).
    let parts = arguments[2].split(separator: ":")
    let name = String(parts[0])
    let model: ExplorerModel
    if parts.count > 1, let size = Int(parts[1]), let sized = BenchmarkSpecs.explorerModel(named: name, size: size) {
        model = sized
    } else if let found = BenchmarkSpecs.explorerModels.first(where: { $0.name.hasPrefix(name) }) {
        model = found
    } else {
        fatalError("no model '\(name)': \(BenchmarkSpecs.explorerModels.map(\.name))")
    }
    var options = ExplorationOptions()
    if arguments.count > 3 { options.threads = Int(arguments[3])! }
    // STORE=dense|hashed|wide|compact forces a visited store (to compare them on one model).
    switch ProcessInfo.processInfo.environment["STORE"] {
    case "dense": options.store = .dense
    case "hashed": options.store = .hashed
    case "wide": options.store = .wide
    case "compact": options.store = .compact
    default: break
    }
    // REPEAT=N explores N times in one process (as the benchmark's rounds do), printing each run.
    let machine = try Machine(model.spec)
    // ALTERNATE=1 runs one thread before each run of THREADS, as the benchmark's rounds do.
    let alternates = ProcessInfo.processInfo.environment["ALTERNATE"] == "1"
    func explore() throws -> Exploration {
        if alternates {
            var single = options
            single.threads = 1
            let one = try Explorer(machine: machine, options: single).run()
            print("\(model.name): 1 thread seconds \(one.elapsed) states/s \(Int(one.statesPerSecond))")
        }
        return try Explorer(machine: machine, options: options).run()
    }
    var result = try explore()
    for _ in 1..<max(1, ProcessInfo.processInfo.environment["REPEAT"].flatMap { Int($0) } ?? 1) {
        print("\(model.name): seconds \(result.elapsed) states/s \(Int(result.statesPerSecond))")
        result = try explore()
    }
    print("\(model.name): configurations \(result.configurations) transitions \(result.transitions) depth \(result.depth) seconds \(result.elapsed) states/s \(Int(result.statesPerSecond)) bytes/state \(result.bytesPerState) peak MB \(result.peakMemory >> 20) store \(result.storeKind) cached steps \(result.cachedSteps) native steps \(result.nativeSteps) \(result.nativePlans.map { "native plans \($0.plans) compilations \($0.compilations) compiling \($0.seconds) s\($0.failure.map { " failure: \($0)" } ?? "")" } ?? "")")
    // SPIN_HASH_BITS: pan's -w (by default sized for the states, as the benchmarks do), to see what its table costs.
    let hashBits = ProcessInfo.processInfo.environment["SPIN_HASH_BITS"].flatMap { Int($0) } ?? Spin.hashBits(forStates: result.configurations)
    if arguments.count > 4, let spin = try Spin.run(model: model.promela, hashBits: hashBits) {
        print("spin: states \(spin.states) seconds \(spin.seconds) states/s \(Int(spin.statesPerSecond)) bytes/state \(spin.bytesPerState); smcheck/spin \(result.statesPerSecond / spin.statesPerSecond)")
    }
} else if which == "bitstate" {
    // ProfileDriver bitstate N K BYTES [SEED [SECONDS [ORDER]]]: a bitstate search of N rings of K states.
    let n = Int(arguments[2])!, k = Int(arguments[3])!
    var options = ExplorationOptions()
    options.bitstateBytes = Int(arguments[4])!
    options.maximumStates = Int.max
    if arguments.count > 5 { options.searchSeed = UInt64(arguments[5])! }
    if arguments.count > 6, let seconds = Int(arguments[6]), seconds > 0 { options.maximumDuration = .seconds(seconds) }
    if arguments.count > 7 { options.bitstateOrder = ExplorationOptions.BitstateOrder(rawValue: arguments[7])! }
    let result = try Explorer(machine: try Machine(BenchmarkSpecs.rings(regions: n, states: k)), options: options).run()
    let total = Int(pow(Double(k), Double(n)))
    print("bitstate rings \(n)x\(k) (\(total) configurations): stored \(result.configurations) (\(Double(result.configurations) / Double(total) * 100)% of the space) transitions \(result.transitions) depth \(result.depth) seconds \(result.elapsed) states/s \(Int(result.statesPerSecond)) peak MB \(result.peakMemory >> 20); \(result.incompleteReason ?? "")")
} else if which == "rings" {
    let n = Int(arguments[2])!, k = Int(arguments[3])!
    var options = ExplorationOptions()
    if arguments.count > 4 { options.threads = Int(arguments[4])! }
    let explorer = try Explorer(machine: try Machine(BenchmarkSpecs.rings(regions: n, states: k)), options: options)
    let result = explorer.run()
    print("configurations \(result.configurations) transitions \(result.transitions) depth \(result.depth) seconds \(result.elapsed) states/s \(Int(result.statesPerSecond)) bytes/state \(result.bytesPerState) peak MB \(result.peakMemory >> 20) store \(result.storeKind) cached steps \(result.cachedSteps) native steps \(result.nativeSteps) \(result.nativePlans.map { "native plans \($0.plans) compilations \($0.compilations) compiling \($0.seconds) s\($0.failure.map { " failure: \($0)" } ?? "")" } ?? "")")
} else {
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
}
