import SMAnalyzer
import SMBuilder
@_spi(Stepping) import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("The events read off a packed key")
struct PossibleEventsTests {
    /// Walks `machine` at random and checks, in every configuration reached, that the events `PossibleEvents` reads
    /// off its key are those some active state has a transition for (none once the machine halted), with the
    /// table of every configuration's events where the machine is small enough (`tabulating`) and without it.
    /// Returns whether the table was used.
    @discardableResult
    static func checkWalks(_ machine: Machine, name: String, seed: UInt64) throws -> Bool {
        let codec = StateCodec(machine: machine)
        let tabulated = PossibleEvents(codec: codec)
        for possible in [tabulated, PossibleEvents(codec: codec, tabulating: false)] {
            try checkWalks(machine, codec: codec, possible: possible, name: name, seed: seed)
        }
        return tabulated.isTabulated
    }

    private static func checkWalks(_ machine: Machine, codec: StateCodec, possible: PossibleEvents, name: String, seed: UInt64) throws {
        let instances = try Explorer(machine: machine).run().eventInstances
        guard !instances.isEmpty, let start = try? machine.initialState().state else { return }
        let context = StepContext(machine: machine)
        let key = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        let events = UnsafeMutablePointer<UInt64>.allocate(capacity: possible.eventWords)
        defer {
            key.deallocate()
            events.deallocate()
        }
        var random = SeededRandom(seed: seed)
        var checked = 0
        for _ in 0..<50 {
            var state = start
            for _ in 0..<30 {
                context.load(state)
                codec.encode(context, into: key)
                possible.write(key, into: events)
                let read = (0..<machine.eventCount).filter { events[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }
                let handled = context.isHalted ? [] : (0..<machine.eventCount).filter { context.mayHandle($0) }
                #expect(read == handled, "\(name): \(machine.statusLine(state))")
                checked += 1
                let event = instances.randomElement(using: &random)!
                let choices = (0..<4).map { _ in Int.random(in: 0...1, using: &random) }
                guard let step = try? machine.step(state, event, choices: ChoiceSequence(choices)) else { break }
                state = step.state
            }
        }
        #expect(checked > 0)
    }

    @Test("every spec in Specs/ and every semantic fixture: exactly the events an active state handles")
    func specsAndFixtures() throws {
        let paths = try Fixtures.allSpecPaths + Fixtures.jsonFiles(in: Fixtures.fixturesDirectory.appendingPathComponent("semantics"))
        #expect(paths.count >= 60)
        var tabulated = 0
        for path in paths where try Self.checkWalks(try Machine(try Spec.load(path: path)), name: Fixtures.relative(path), seed: 1) {
            tabulated += 1
        }
        #expect(tabulated > paths.count / 2, "most specs have few enough states for the table")
    }

    @Test("parallel regions side by side and nested, as generated: fields read in groups and one by one")
    func generated() throws {
        #expect(
            !(try Self.checkWalks(try Machine(Generated.rings([3, 5, 2, 7, 4, 6, 2, 3, 9, 2])), name: "rings", seed: 2)),
            "22 bits: no table")
        // Flat regions (read in a group) beside one with a compound child (its fields read one by one).
        let mixed = Spec("mixed") {
            Events("a", "b", "c", "d")
            Parallel("top") {
                StateNode("flat") {
                    StateNode("f0") { On("a", to: "f1") }
                    StateNode("f1") { On("b", to: "f0") }
                }
                StateNode("nested") {
                    StateNode("outer0") {
                        StateNode("in0") { On("c", to: "in1") }
                        StateNode("in1") { On("d", to: "outer1") }
                    }
                    StateNode("outer1") { On("a", to: "outer0") }
                }
                StateNode("flat2") {
                    StateNode("g0") { On("d", to: "g1") }
                    StateNode("g1") { On("c", to: "g0") }
                }
            }
        }
        try Self.checkWalks(try Machine(mixed), name: "mixed", seed: 3)
        for seed in 1...40 as ClosedRange<UInt64> {
            try Self.checkWalks(try Machine(Generated.randomParallel(seed: seed)), name: "random parallel \(seed)", seed: seed)
        }
    }
}
