#if canImport(XCTest)
public import SMAnalyzer
public import SMFuzz
public import SMSpec
import XCTest

// XCTest: each failure of a check becomes one XCTFail at the caller's line.
//
//     func testRocketIsClean() throws {
//         XCTAssertNoFindings(try Spec.load(path: "Specs/rocket.json"))
//     }

/// Asserts that `smcheck check` finds nothing at or above `severity` in `spec` (except the codes in `ignoring`).
public func XCTAssertNoFindings(
    _ spec: Spec, severity: Severity = .warning, ignoring: Set<FindingCode> = [],
    options: AnalysisOptions = AnalysisOptions(), file: StaticString = #filePath, line: UInt = #line
) {
    fail(SpecChecks.findings(in: spec, severity: severity, ignoring: ignoring, options: options), file, line)
}

/// Asserts that the events, sent in order to a fresh engine of `spec`, are handled without an engine error and
/// leave every state of `active` active.
public func XCTAssertTrace(
    _ events: [SentEvent], in spec: Spec, endsIn active: [String], file: StaticString = #filePath, line: UInt = #line
) {
    fail(SpecChecks.trace(events, in: spec, endsIn: active), file, line)
}

/// Asserts that seeded fuzzing of `spec` finds no engine error, broken invariant or failing property.
public func XCTAssertFuzzingPasses(
    _ spec: Spec, properties: [Property] = [], seed: UInt64 = 0, runs: Int = 100, length: Int = 100,
    file: StaticString = #filePath, line: UInt = #line
) {
    let configuration = FuzzConfiguration(runs: runs, length: length, seed: seed, properties: properties)
    fail(SpecChecks.fuzz(spec, configuration: configuration), file, line)
}

/// Asserts that `Implementation` behaves as `spec` says on seeded random event sequences; the first divergence is
/// shrunk to a minimal trace.
public func XCTAssertConformance<Implementation: StateMachineImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, seed: UInt64 = 0, runs: Int = 100, length: Int = 100,
    file: StaticString = #filePath, line: UInt = #line
) {
    let configuration = FuzzConfiguration(runs: runs, length: length, seed: seed)
    fail(SpecChecks.fuzz(spec, configuration: configuration, implementation: { Implementation() }), file, line)
}

private func fail(_ failures: [String], _ file: StaticString, _ line: UInt) {
    for failure in failures { XCTFail(failure, file: file, line: line) }
}
#endif
