import SMBuilder
import SMEngine
import SMSolver
import SMSpec
import SMTestSupport
import Testing

/// Guard outcomes that can never be seen where the engine evaluates the guard (issue: coverage that can never be
/// complete). Transition indices follow document order.
@Suite("Impossible guard outcomes")
struct GuardOutcomeTests {
    static let ticks = Spec("ticks") {
        Variable("ticks", .int(min: 0, max: 9))
        Variable("armed", .bool)
        Events("tick", "arm")
        EventDeclaration("reset", ("to", .int(min: 0, max: 9)))
        StateNode("counting") {
            On("tick", guard: "ticks < 5") { Assign("ticks", "ticks + 1") }  // 0
            On("tick", to: "done", guard: "ticks >= 5")  // 1: never false after 0
            On("arm", guard: "armed")  // 2
            On("arm", guard: "!armed") { Assign("armed", "true") }  // 3: never false after 2
            On("reset", guard: "event.to > 3") { Assign("ticks", "event.to") }  // 4
            On("reset", guard: "3 >= event.to")  // 5: the complement, operands swapped
            On("reset", guard: "event.to == 9")  // 6: 4 and 5 cover every value
        }
        StateNode("done") {
            On("tick", to: "counting", guard: "ticks > 2")  // 7
            On("tick", to: "done", guard: "ticks > 2")  // 8: never true after 7
            On("arm", guard: "ticks == 9 && armed")  // 9: both outcomes can happen
            On("reset")  // 10
            On("reset", guard: "ticks == 1")  // 11: never evaluated
        }
    }

    static func outcomes(_ backend: String) throws -> [UInt8] {
        let spec = try Self.ticks.resolve()
        switch backend {
        case "structure": return GuardAnalysis.structurallyImpossibleOutcomes(in: spec)
        case "z3": return GuardAnalysis(spec: spec, backend: try Z3Backend(spec: spec)).impossibleOutcomes()
        default: return GuardAnalysis(spec: spec, backend: EnumerationBackend(spec: spec)).impossibleOutcomes()
        }
    }

    @Test("the structure shows complements, repeats and guards after a transition that always fires")
    func structure() throws {
        let impossible = try Self.outcomes("structure")
        // 1 and 2 are bits of CoverageRecorder.guardOutcomes: 1 true, 2 false.
        #expect(impossible == [0, 2, 0, 2, 0, 2, 0, 0, 1, 0, 0, 3])
    }

    @Test(
        "the solvers prove the same and more: after two guards that cover every value, the third is never evaluated",
        arguments: BuildTraits.guardBackends)
    func solvers(backend: String) throws {
        let impossible = try Self.outcomes(backend)
        #expect(impossible == [0, 2, 0, 2, 0, 2, 3, 0, 1, 0, 0, 3])
    }

    @Test("the solver sees domains the structure cannot: a guard true for every declared value is never false")
    func domains() throws {
        let spec = try Spec("domain") {
            Variable("n", .int(min: 0, max: 5))
            Events("inc")
            StateNode("s") {
                On("inc", guard: "n <= 5") { Assign("n", "n") }
                On("inc", guard: "n == 7")
            }
        }.resolve()
        #expect(GuardAnalysis.structurallyImpossibleOutcomes(in: spec) == [0, 0])
        #expect(GuardAnalysis(spec: spec, backend: EnumerationBackend(spec: spec)).impossibleOutcomes() == [2, 3])
    }

    @Test("a wildcard transition is in every event's list: impossible only when impossible in each")
    func wildcard() throws {
        let spec = try Spec("wildcard") {
            Variable("n", .int(min: 0, max: 5))
            Events("a", "b")
            StateNode("s") {
                On("a", guard: "n < 3")
                On("*", guard: "n >= 3")
            }
        }.resolve()
        // On `b` the wildcard's guard comes first and can be false.
        #expect(GuardAnalysis.structurallyImpossibleOutcomes(in: spec) == [0, 0])
        #expect(GuardAnalysis(spec: spec, backend: EnumerationBackend(spec: spec)).impossibleOutcomes() == [0, 0])
    }
}
