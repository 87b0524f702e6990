import SMAnalyzer
import SMSpec
import SMTestSupport
import Testing

/// Exploration and symbolic verification are two ways to the same findings: on every spec small enough to explore,
/// both report the same codes, about the same states and places, with traces of the same length.
@Suite("Exploration and symbolic verification agree", .needsZ3)
struct MethodAgreementTests {
    static var explorable: [String] {
        get throws { try Fixtures.allSpecPaths + Fixtures.fixtureSpecPaths.filter { !$0.contains("/symbolic/") } }
    }

    @Test("there are specs to compare, and exploration finishes on nearly all of them")
    func inputs() throws {
        #expect(try Self.explorable.count >= 60)
    }

    @Test("the same findings", arguments: try explorable.map(Fixtures.relative))
    func sameFindings(path: String) throws {
        let spec = try Spec.load(path: Fixtures.repositoryRoot.appendingPathComponent(path).path)
        var options = AnalysisOptions()
        options.method = .exploration
        let explored = try Analyzer.analyze(spec, options: options)
        options.method = .symbolic
        // Generous: the point is agreement, and under ThreadSanitizer on a busy two-core machine the largest
        // fixture (dense-clusters, 153 control states) took 32 s.
        options.timeLimit = .seconds(120)
        let verified = try Analyzer.analyze(spec, options: options)
        #expect(verified.stats.complete, "\(path): \(verified.stats.undecided.map(\.description))")
        // Specs exploration cannot finish (parameters too wide) are only verified.
        guard explored.stats.complete else { return }
        #expect(Self.summary(explored) == Self.summary(verified), "\(path)")
    }

    /// Code, states, place and trace length of each finding, in order.
    static func summary(_ result: AnalysisResult) -> [String] {
        result.findings.map { finding in
            "\(finding.code.rawValue) \(finding.states.joined(separator: ",")) \(finding.location?.pointer.description ?? "-") trace \(finding.trace.map { String($0.count) } ?? "none")"
        }.sorted()
    }
}
