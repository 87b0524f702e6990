import Foundation
import SMTestSupport
import Testing

/// One small SCXML machine per supported feature, in the style of the W3C conformance tests: it reaches the final
/// state `pass` when the feature works and `fail` (or an error) when it does not. Each runs through `smcheck run`.
@Suite("SCXML conformance machines in Tests/Fixtures/scxml")
struct SCXMLConformanceTests {
    static var paths: [String] {
        get throws {
            try Fixtures.specFiles(under: Fixtures.fixturesDirectory.appendingPathComponent("scxml")).filter { $0.hasSuffix(".scxml") }
        }
    }

    @Test("there is a machine for every supported feature")
    func inventory() throws {
        let names = Set(try Self.paths.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
        for feature in [
            "scxml-initial", "entry-exit-order", "parallel", "final-done", "history-shallow", "history-deep", "history-default",
            "initial-element", "initial-history", "transition-events", "transition-targets", "transition-internal",
            "raise-order", "send-internal", "event-data", "assign", "if-elseif-else", "log-ignored", "in-predicate",
            "event-descriptors", "eventless-order", "inner-first", "parallel-conflict", "targetless",
        ] {
            #expect(names.contains(feature), "Tests/Fixtures/scxml/\(feature).scxml")
        }
    }

    @Test("smcheck run reaches pass", arguments: try paths)
    func reachesPass(path: String) throws {
        let output = try SMCheckCommand.run(["run", Fixtures.relative(path)])
        #expect(output.status == 0, "\(output.standardError)")
        let last = output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.split(separator: " ").first == "pass", "\(output.standardOutput)")
    }
}
