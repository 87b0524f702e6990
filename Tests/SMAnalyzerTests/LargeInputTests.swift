import SMAnalyzer
import SMSpec
import SMTestSupport
import Testing

/// Inputs that once crashed the analysis: long expressions reach the explorer and the Z3 encoding without
/// overflowing the stack, on the test runner's (small-stack) threads.
@Suite("Large inputs through the analysis")
struct LargeInputTests {
    @Test("a guard of 10,000 '&&' terms and one of 10,000 '||' terms are explored and proven", arguments: ["&&", "||"])
    func longGuard(op: String) throws {
        let chain = Array(repeating: "n < 3", count: 10_000).joined(separator: " \(op) ")
        let text = SpecText.with {
            $0.states =
                #"{"a": {"on": {"go": [{"guard": "\#(chain)", "actions": [{"assign": {"n": "n + 1"}}]}, {"guard": "n > 2", "target": "b"}]}}, "b": {}}"#
        }
        let result = try Analyzer.analyze(try Spec.load(json: text))
        #expect(result.stats.complete)
        #expect(result.stats.configurations == 5)
        #expect(!result.findings.contains { $0.code == .rangeViolation })
    }

    @Test("2,000 guarded transitions on one event: the guard analysis stops at the time limit and says what it left")
    func manyGuardedTransitions() throws {
        let list = (0..<2_000).map { #"{"guard": "n == \#($0)", "target": "a"}"# }.joined(separator: ", ")
        let text = SpecText.with {
            $0.variables = #"{"n": {"type": "int", "min": 0, "max": 1999}}"#
            $0.events = #"{"go": {}, "set": {"params": {"to": {"type": "int", "min": 0, "max": 1999}}}}"#
            $0.states = #"{"a": {"on": {"go": [\#(list)], "set": {"target": "a", "actions": [{"assign": {"n": "event.to"}}]}}}}"#
        }
        var options = AnalysisOptions()
        options.method = .exploration
        options.exploration.maximumStates = 10
        // Two million pair questions cannot be asked in a second.
        options.timeLimit = .seconds(1)
        let result = try Analyzer.analyze(try Spec.load(json: text), options: options)
        #expect(!result.stats.complete)
        let reasons = result.stats.undecided.map(\.reason)
        #expect(
            reasons.contains {
                $0.hasPrefix("the guard analysis reached its time limit after ") && $0.hasSuffix("; the questions left were not asked")
            },
            "\(reasons)")
    }

    @Test("the events a state ignores are left undecided when the guard analysis stops, even after a complete exploration")
    func ignoredEventsLeftUnasked() throws {
        // One configuration: the exploration is complete and decides the other guard codes; 2,000 guards over the
        // event's parameter are two million pair questions, more than a second holds.
        let list = (0..<2_000).map { #"{"guard": "event.p == \#($0)", "target": "a"}"# }.joined(separator: ", ")
        let text = SpecText.with {
            $0.events = #"{"go": {"params": {"p": {"type": "int", "min": 0, "max": 1999}}}}"#
            $0.states = #"{"a": {"on": {"go": [\#(list)]}}}"#
        }
        var options = AnalysisOptions()
        options.method = .exploration
        options.reportsIgnoredEvents = true
        options.timeLimit = .seconds(1)
        let result = try Analyzer.analyze(try Spec.load(json: text), options: options)
        #expect(result.stats.configurations == 1)
        #expect(result.stats.undecided.map(\.codes) == [[.eventNeverHandled]], "\(result.stats.undecided)")
        options.reportsIgnoredEvents = false
        #expect(try Analyzer.analyze(try Spec.load(json: text), options: options).stats.complete)
    }
}
