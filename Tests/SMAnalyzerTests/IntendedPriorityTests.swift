import SMAnalyzer
import SMEngine
import SMSpec
import SMTestSupport
import Testing

/// Findings that would be noise: the spec's intended priority (a default after guards, a choice's ordered branches)
/// and one deadlock reported once per valuation.
@Suite("Priority by document order, and one finding per deadlocked configuration")
struct IntendedPriorityTests {
    static let guardedThenDefault = SpecText.with {
        $0.states = #"""
            {"a": {"on": {"go": [{"guard": "n < 2", "target": "b", "actions": [{"assign": {"n": "n + 1"}}]}, {"target": "c"}],
                          "set": {"actions": [{"assign": {"n": "event.to"}}]}},
                   "always": [{"guard": "in(a) && n == 3", "target": "c"}, {"target": "a2"}]},
             "a2": {"on": {"stop": "a"}},
             "b": {"on": {"stop": "a"}},
             "c": {"on": {"stop": "a"}}}
            """#
    }

    /// Exploration (complete), the guard solver alone (exploration stopped at once) and symbolic verification.
    static func analyses(_ text: String) throws -> [AnalysisResult] {
        let spec = try Spec.load(json: text)
        var limited = AnalysisOptions()
        limited.method = .exploration
        limited.exploration.maximumStates = 1
        var symbolic = AnalysisOptions()
        symbolic.method = .symbolic
        return [try Analyzer.analyze(spec), try Analyzer.analyze(spec, options: limited), try Analyzer.analyze(spec, options: symbolic)]
    }

    @Test("a guarded transition followed by an unguarded one on the same event (or eventless) is not SM004")
    func defaultAfterGuards() throws {
        for result in try Self.analyses(Self.guardedThenDefault) {
            #expect(!result.findings.contains { $0.code == .nondeterministicGuards }, "\(result.findings.map(\.message))")
        }
    }

    @Test("an 'else' after guards is not SM004 either")
    func elseAfterGuards() throws {
        let text = SpecText.with {
            $0.states = #"{"a": {"on": {"go": [{"guard": "n < 2", "target": "b"}, {"guard": "else", "target": "c"}]}}, "b": {}, "c": {}}"#
        }
        for result in try Self.analyses(text) {
            #expect(!result.findings.contains { $0.code == .nondeterministicGuards })
        }
    }

    @Test("a choice's branches are ordered by definition: overlapping branches are not SM004")
    func choiceBranches() throws {
        let text = SpecText.with {
            $0.states = #"""
                {"a": {"on": {"go": "pick", "set": {"actions": [{"assign": {"n": "event.to"}}]}}},
                 "pick": {"type": "choice", "always": [{"guard": "n > 2", "target": "high"}, {"guard": "n > 0", "target": "low"}, {"target": "a"}]},
                 "high": {"on": {"stop": "a"}}, "low": {"on": {"stop": "a"}}}
                """#
        }
        for result in try Self.analyses(text) {
            #expect(!result.findings.contains { $0.code == .nondeterministicGuards }, "\(result.findings.map(\.message))")
        }
    }

    @Test("two guarded transitions that overlap are still SM004, by exploration and by the solver")
    func guardedOverlap() throws {
        let text = SpecText.with {
            $0.states =
                #"{"a": {"on": {"go": [{"guard": "n < 2", "target": "b"}, {"guard": "n > 0", "target": "c"}], "set": {"actions": [{"assign": {"n": "event.to"}}]}}}, "b": {}, "c": {}}"#
        }
        for result in try Self.analyses(text) {
            #expect(result.findings.filter { $0.code == .nondeterministicGuards }.count == 1, "\(result.findings.map(\.message))")
        }
    }

    @Test("a state that deadlocks for ten values of a variable is one SM007 finding, with the count and one example")
    func deadlockGroups() throws {
        let text = SpecText.with {
            $0.variables = #"{"n": {"type": "int", "min": 0, "max": 9, "initial": 0}}"#
            $0.events = #"{"set": {"params": {"to": {"type": "int", "min": 0, "max": 9}}}, "stop": {}}"#
            $0.states = #"{"a": {"on": {"set": {"target": "stuck", "actions": [{"assign": {"n": "event.to"}}]}}}, "stuck": {}}"#
        }
        let result = try Analyzer.analyze(try Spec.load(json: text))
        let deadlocks = result.findings.filter { $0.code == .deadlock }
        #expect(deadlocks.count == 1)
        let finding = try #require(deadlocks.first)
        #expect(
            finding.message
                == "deadlock in stuck: no event changes anything, and it is not a final configuration (10 valuations of the variables deadlock in these states; the witness is one of them)"
        )
        #expect(finding.witness == [WitnessValue("n", .int(0))])
        #expect(finding.trace?.count == 1)
    }
}
