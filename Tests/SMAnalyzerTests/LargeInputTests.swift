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
}
