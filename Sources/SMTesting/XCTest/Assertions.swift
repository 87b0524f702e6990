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

/// Asserts that exactly `events` run without an engine error, a broken invariant or a failing property.
public func XCTAssertFuzzingPasses(
    _ spec: Spec, properties: [Property] = [], replaying events: [SentEvent], file: StaticString = #filePath, line: UInt = #line
) {
    fail(SpecChecks.replay(events, in: spec, properties: properties), file, line)
}

/// Asserts that `Implementation` behaves as `spec` says on seeded random event sequences; the first divergence is
/// shrunk to a minimal trace, with a Swift test that replays it.
public func XCTAssertConformance<Implementation: StateMachineImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, seed: UInt64 = 0, runs: Int = 100, length: Int = 100,
    file: StaticString = #filePath, line: UInt = #line
) {
    let configuration = FuzzConfiguration(runs: runs, length: length, seed: seed)
    fail(SpecChecks.fuzz(spec, configuration: configuration, implementation: { Implementation() },
                         implementationName: String(reflecting: Implementation.self)), file, line)
}

/// Asserts that `Implementation` agrees with `spec` after each of exactly `events`.
public func XCTAssertConformance<Implementation: StateMachineImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, replaying events: [SentEvent],
    file: StaticString = #filePath, line: UInt = #line
) {
    fail(SpecChecks.replay(events, in: spec, implementation: { Implementation() }), file, line)
}

/// Asserts that the thread-safe `Implementation` is linearizable with respect to `spec` (see `expectLinearizable`).
public func XCTAssertLinearizable<Implementation: ConcurrentImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, threads: Int = 4, seed: UInt64 = 0, scenarios: Int = 100,
    executions: Int = 10, file: StaticString = #filePath, line: UInt = #line
) {
    let configuration = LinearizabilityConfiguration(threads: threads, scenarios: scenarios, executions: executions, seed: seed)
    fail(SpecChecks.linearizability(spec, configuration: configuration, make: { try Implementation(spec: spec) },
                                    implementationName: String(reflecting: Implementation.self)), file, line)
}

/// Asserts that every one of `executions` runs of one scenario is linearizable.
public func XCTAssertLinearizable<Implementation: ConcurrentImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, replaying prefix: [SentEvent], then threads: [[SentEvent]],
    executions: Int = 1000, file: StaticString = #filePath, line: UInt = #line
) {
    fail(SpecChecks.linearizability(spec, replaying: prefix, then: threads, executions: executions,
                                    make: { try Implementation(spec: spec) }, implementationName: String(reflecting: Implementation.self)),
         file, line)
}

private func fail(_ failures: [String], _ file: StaticString, _ line: UInt) {
    for failure in failures { XCTFail(failure, file: file, line: line) }
}
#endif
