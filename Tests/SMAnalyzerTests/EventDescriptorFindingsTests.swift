import SMAnalyzer
import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("Findings understand event descriptors")
struct EventDescriptorFindingsTests {
    @Test("SM012: an event a descriptor matches is handled; one no descriptor matches is not")
    func neverHandled() throws {
        let result = try Analyzer.analyze(try Fixtures.fixture("semantics/event-descriptors"))
        let unhandled = result.findings.filter { $0.code == .eventNeverHandled }
        #expect(unhandled.map(\.message) == ["event 'errors' is never handled: no state has a transition for it"])
        #expect(result.findings.map(\.code) == [.eventNeverHandled], "\(result.findings.map(\.message))")
    }

    @Test("SM004: a descriptor's transition and a named one overlap on the event both match")
    func overlapAcrossDescriptors() throws {
        let spec = Spec(
            name: "overlap", variables: [Spec.Variable("level", .int(min: 0, max: 3))],
            events: [Spec.EventDeclaration("error.io"), Spec.EventDeclaration("error.net"), Spec.EventDeclaration("raise")],
            states: [
                Spec.State(
                    "s",
                    transitions: [
                        Spec.Transition(on: .event("error.io"), target: .states(["a"]), guard: .expression("level > 1")),
                        Spec.Transition(on: .event("error"), target: .states(["b"]), guard: .expression("level > 2")),
                        Spec.Transition(on: .event("raise"), guard: .expression("level < 3"), actions: [.assign("level", "level + 1")]),
                    ]),
                Spec.State("a"), Spec.State("b"),
            ])
        for solver in [AnalysisOptions.SolverChoice.off, .enumerate] {
            var options = AnalysisOptions()
            options.solver = solver
            let findings = try Analyzer.analyze(spec, options: options).findings.filter { $0.code == .nondeterministicGuards }
            #expect(findings.count == 1, "\(solver): \(findings.map(\.message))")
            #expect(
                findings.first?.message.hasPrefix("two transitions on 'error.io' of 's'") == true, "\(solver): \(findings.map(\.message))")
            #expect(findings.first?.message.contains("s --error [level > 2]--> b") == true, "\(solver)")
        }
    }
}
