#if canImport(Testing)
public import SMAnalyzer
public import SMFuzz
public import SMSpec
import Testing

// Swift Testing: each failure of a check becomes one recorded issue at the caller's line.
//
//     @Test func rocketIsClean() throws {
//         expectNoFindings(in: try Spec.load(path: "Specs/rocket.json"))
//     }

/// Expects `smcheck check` to find nothing at or above `severity` in `spec` (except the codes in `ignoring`).
public func expectNoFindings(
    in spec: Spec, severity: Severity = .warning, ignoring: Set<FindingCode> = [],
    options: AnalysisOptions = AnalysisOptions(),
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    record(SpecChecks.findings(in: spec, severity: severity, ignoring: ignoring, options: options),
           Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects the events, sent in order to a fresh engine of `spec`, to be handled without an engine error and to
/// leave every state of `active` active.
public func expectTrace(
    _ events: [SentEvent], in spec: Spec, endsIn active: [String],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    record(SpecChecks.trace(events, in: spec, endsIn: active),
           Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects seeded fuzzing of `spec` to find no engine error, broken invariant or failing property.
public func expectFuzzingPasses(
    _ spec: Spec, properties: [Property] = [], seed: UInt64 = 0, runs: Int = 100, length: Int = 100,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let configuration = FuzzConfiguration(runs: runs, length: length, seed: seed, properties: properties)
    record(SpecChecks.fuzz(spec, configuration: configuration),
           Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects exactly `events` to run without an engine error, a broken invariant or a failing property (what a
/// test generated from a fuzz failure checks).
public func expectFuzzingPasses(
    _ spec: Spec, properties: [Property] = [], replaying events: [SentEvent],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    record(SpecChecks.replay(events, in: spec, properties: properties),
           Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects `Implementation` to behave as `spec` says on seeded random event sequences; the first divergence is
/// shrunk to a minimal trace and recorded, with a test that replays it.
public func expectConformance<Implementation: StateMachineImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, seed: UInt64 = 0, runs: Int = 100, length: Int = 100,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let configuration = FuzzConfiguration(runs: runs, length: length, seed: seed)
    record(SpecChecks.fuzz(spec, configuration: configuration, implementation: { Implementation() },
                           implementationName: String(reflecting: Implementation.self)),
           Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects `Implementation` to agree with `spec` after each of exactly `events` (what a test generated from a
/// conformance failure checks).
public func expectConformance<Implementation: StateMachineImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, replaying events: [SentEvent],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    record(SpecChecks.replay(events, in: spec, implementation: { Implementation() }),
           Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects the thread-safe `Implementation` to be linearizable with respect to `spec`: one instance, a sequential
/// prefix, then `threads` threads sending seeded events at once, every run explained by some order of the spec's
/// steps that respects real time. A failure is shrunk to fewer threads and events and recorded with the runs'
/// history and a test that replays it.
public func expectLinearizable<Implementation: ConcurrentImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, threads: Int = 4, seed: UInt64 = 0, scenarios: Int = 100,
    executions: Int = 10,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let configuration = LinearizabilityConfiguration(threads: threads, scenarios: scenarios, executions: executions, seed: seed)
    record(SpecChecks.linearizability(spec, configuration: configuration, make: { try Implementation(spec: spec) },
                                      implementationName: String(reflecting: Implementation.self)),
           Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects every one of `executions` runs of one scenario (`prefix` from one thread, then each list of `threads`
/// on a thread of its own, all at once) to be linearizable (what a test generated from a linearizability failure
/// checks).
public func expectLinearizable<Implementation: ConcurrentImplementation>(
    _ implementation: Implementation.Type, to spec: Spec, replaying prefix: [SentEvent], then threads: [[SentEvent]],
    executions: Int = 1000,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    record(SpecChecks.linearizability(spec, replaying: prefix, then: threads, executions: executions,
                                      make: { try Implementation(spec: spec) }, implementationName: String(reflecting: Implementation.self)),
           Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

private func record(_ failures: [String], _ location: Testing.SourceLocation) {
    for failure in failures { Issue.record(Comment(rawValue: failure), sourceLocation: location) }
}
#endif
