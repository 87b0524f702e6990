public import SMAnalyzer
public import SMFuzz
public import SMSpec

// One family of assertions for XCTest and Swift Testing alike: each runs a check of `SpecChecks` and records every
// failure it returns, at the caller's line, through the framework running the test.
//
//     @Test func rocketIsClean() throws {                 func testRocketIsClean() throws {
//         assertNoFindings(in: try Spec.load(              assertNoFindings(in: try Spec.load(
//             path: "Specs/rocket.json"))                      path: "Specs/rocket.json"))
//     }                                                   }

/// Asserts that `smcheck check` finds nothing at or above `severity` in `spec` (except the codes in `ignoring`).
public func assertNoFindings(
    in spec: Spec, severity: Severity = .warning, ignoring: Set<FindingCode> = [],
    options: AnalysisOptions = AnalysisOptions(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
        .record(SpecChecks.findings(in: spec, severity: severity, ignoring: ignoring, options: options))
}

/// Asserts that the events, sent in order to a fresh engine of `spec`, are handled without an engine error, keep
/// the invariants, and leave every state of `active` active.
public func assertTrace(
    _ events: [SentEvent], in spec: Spec, endsIn active: [String],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
        .record(SpecChecks.trace(events, in: spec, endsIn: active))
}

/// Asserts that seeded fuzzing of `spec` finds no engine error, broken invariant or failing property.
public func assertFuzzingPasses(
    _ spec: Spec, properties: [Property] = [], seed: UInt64 = 0, runs: Int = 100, length: Int = 100,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let configuration = FuzzConfiguration(runs: runs, length: length, seed: seed, properties: properties)
    AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
        .record(SpecChecks.fuzz(spec, configuration: configuration))
}

/// Asserts that exactly `events` run without an engine error, a broken invariant or a failing property (what a
/// test generated from a fuzz failure checks).
public func assertFuzzingPasses(
    _ spec: Spec, properties: [Property] = [], replaying events: [SentEvent],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
        .record(SpecChecks.replay(events, in: spec, properties: properties))
}

/// Asserts that `Implementation` behaves as `spec` says on seeded random event sequences; the first divergence is
/// shrunk to a minimal trace and recorded, with a test that replays it.
public func assertConformance<Implementation: StateMachineImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, seed: UInt64 = 0, runs: Int = 100, length: Int = 100,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let configuration = FuzzConfiguration(runs: runs, length: length, seed: seed)
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    site.record(
        SpecChecks.fuzz(
            spec, configuration: configuration, implementation: { Implementation() },
            implementationName: site.name(of: Implementation.self)))
}

/// Asserts that `Implementation` agrees with `spec` after each of exactly `events` (what a test generated from a
/// conformance failure checks).
public func assertConformance<Implementation: StateMachineImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, replaying events: [SentEvent],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
        .record(SpecChecks.replay(events, in: spec, implementation: { Implementation() }))
}

/// Asserts that the thread-safe `Implementation` is linearizable with respect to `spec`: one instance, a
/// sequential prefix, then `threads` threads sending seeded events at once, every run explained by some order of
/// the spec's steps that respects real time. A failure is shrunk to fewer threads and events and recorded with the
/// runs' history and a test that replays it.
public func assertLinearizable<Implementation: ConcurrentImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, threads: Int = 4, seed: UInt64 = 0, scenarios: Int = 100,
    executions: Int = 10,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let configuration = LinearizabilityConfiguration(threads: threads, scenarios: scenarios, executions: executions, seed: seed)
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    site.record(
        SpecChecks.linearizability(
            spec, configuration: configuration, make: { try Implementation(spec: spec) },
            implementationName: site.name(of: Implementation.self)))
}

/// Asserts that every one of `executions` runs of one scenario (`prefix` from one thread, then each list of
/// `threads` on a thread of its own, all at once) is linearizable (what a test generated from a linearizability
/// failure checks).
public func assertLinearizable<Implementation: ConcurrentImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, replaying prefix: [SentEvent], then threads: [[SentEvent]],
    executions: Int = 1000,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = AssertionSite(fileID: fileID, filePath: filePath, line: line, column: column)
    site.record(
        SpecChecks.linearizability(
            spec, replaying: prefix, then: threads, executions: executions, make: { try Implementation(spec: spec) },
            implementationName: site.name(of: Implementation.self)))
}
