import SMAnalyzer
import SMEngine
import SMReport
import SMSpec
import SMTestSupport
import Testing

@Suite("Trace playback: the configuration after each step, computed by the engine")
struct TracePlaybackTests {
    /// The playbacks of a spec's report without coverage, in the order the page lists them.
    private func playbacks(_ name: String) throws -> [TracePlayback] {
        let analysis = try Analyzer.analyze(try Fixtures.spec(name))
        return SpecReport(file: name, analysis: analysis, fuzz: nil).document.blocks.compactMap { block in
            if case .trace(_, let playback) = block { playback } else { nil }
        }
    }

    @Test("SM006: the door opens while moving; the last step shows the violated invariant")
    func invariant() throws {
        let playback = try #require(try playbacks("defects/sm006-invariant-violation").first)
        #expect(playback.title == "1. SM006 invariant violated")
        #expect(playback.steps.map(\.label) == ["start", "1. go", "2. open"])
        #expect(
            playback.steps.map(\.activeStates) == [
                ["state:car", "state:car/stopped"], ["state:car", "state:car/moving"],
                ["state:car", "state:car/moving"],
            ])
        #expect(playback.steps.map(\.leaves) == [["car/stopped"], ["car/moving"], ["car/moving"]])
        #expect(playback.steps.map(\.transitions) == [[], ["transition:2"], []])
        #expect(playback.steps.map { $0.variables.map(\.value) } == [["false"], ["false"], ["true"]])
        #expect(
            playback.steps.map(\.problems) == [
                [], [], ["invariant 'the door is closed while moving' (!in(moving) || !doorOpen) is violated"],
            ])
    }

    @Test("SM009: the fourth add fails; the step keeps the machine where it was and says why")
    func failingStep() throws {
        let playback = try #require(try playbacks("defects/sm009-range-violation").first)
        #expect(playback.steps.map(\.label) == ["start", "1. add", "2. add", "3. add", "4. add"])
        #expect(playback.steps.map { $0.variables.map(\.value) } == [["0"], ["1"], ["2"], ["3"], ["3"]])
        #expect(playback.steps.allSatisfy { $0.activeStates == ["state:cart"] })
        #expect(playback.steps.map(\.problems) == [[], [], [], [], ["range violation: 'items' cannot be 4; its type is int 0...3"]])
    }

    @Test("choices replay: a oneOf lights up only the branch it took")
    func oneOf() throws {
        let machine = try Machine(try Fixtures.fixture("semantics/one-of"))
        let finish = try machine.eventInstance("finish")
        let second = try #require(try playback(machine, [TraceStep(event: finish, choices: [1])]).steps.last)
        #expect(second.leaves == ["failed"])
        #expect(second.transitions == ["transition:0.1"])
        let first = try #require(try playback(machine, [TraceStep(event: finish, choices: [0])]).steps.last)
        #expect(first.transitions == ["transition:0"])
    }

    @Test("an event nothing handles is said to be dropped")
    func dropped() throws {
        let machine = try Machine(try Fixtures.spec("rocket"))
        let step = try #require(try playback(machine, [TraceStep(event: try machine.eventInstance("abort"))]).steps.last)
        #expect(step.leaves == ["standby"])
        #expect(step.problems == ["no transition handled the event; it was dropped"])
    }

    private func playback(_ machine: Machine, _ trace: [TraceStep]) throws -> TracePlayback {
        TracePlayback(title: "t", trace: trace, machine: machine)
    }
}
