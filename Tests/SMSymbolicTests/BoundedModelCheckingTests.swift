#if Z3
    import SMEngine
    import SMSolver
    import SMSpec
    import SMTestSupport
    import Testing

    @testable import SMSymbolic

    @Suite("Bounded model checking goes on where it stopped", .needsZ3)
    struct BoundedModelCheckingTests {
        /// `high` is entered on the fifth tick: four to count x up to 4, one to leave.
        static let ladder = """
            {"format": "smcheck/1", "name": "ladder", "variables": {"x": {"type": "int", "min": 0, "max": 1000000}},
             "events": {"tick": {}},
             "states": {"low": {"on": {"tick": [{"guard": "x < 4", "actions": [{"assign": {"x": "x + 1"}}]},
                                                {"guard": "x >= 4", "target": "high"}]}},
                        "high": {}}}
            """

        @Test("a search stopped at one depth goes on from the next, and finds what lies deeper with its shortest trace")
        func resumes() throws {
            let machine = try Machine(try Spec.load(json: Self.ladder))
            let feasibility = try PathFeasibility(spec: machine.spec)
            let system = try TransitionSystem.build(
                machine: machine, limits: .init(deadline: .now + .seconds(60)),
                isFeasible: { feasibility.isFeasible(event: $0, conditions: $1) })
            let context = try Z3Context()
            let checker = ModelChecker(
                encoding: SymbolicEncoding(system: system, context: context), conditions: PropertyConditions(system: system),
                timeoutMilliseconds: 10_000)
            let high = Property.enters(try #require(machine.state(named: "high")))
            let unrolling = try ModelChecker.Unrolling(checker)
            var depths: [Int] = []
            let note: (Int, Int) -> Void = { depth, _ in depths.append(depth) }
            let shallow = try checker.bmc(
                [high], in: unrolling, maximumDepth: 2, deadline: .now + .seconds(60), cancelled: { false }, progress: note)
            #expect(shallow.found.isEmpty)
            #expect(shallow.checkedDepth == 2)
            #expect(depths == [0, 1, 2])
            depths = []
            let deeper = try checker.bmc(
                [high], in: unrolling, maximumDepth: 10, deadline: .now + .seconds(60), cancelled: { false }, progress: note)
            // The depths searched before are not searched again; the trace is found from the start all the same.
            #expect(depths.first == 3)
            #expect(deeper.found[high]?.trace.count == 5)
            #expect(deeper.found[high]?.trace.allSatisfy { machine.describe($0.event) == "tick" } == true)
        }
    }
#endif
