import ArgumentParser
import Foundation
import SMAnalyzer
import SMCodegen
import SMEngine
import SMSpec

/// `smcheck-config.json`, the file beside the specs of a target that uses the SMCheckGenerate plugin: which
/// findings become diagnostics and how hard the checks try. Every key is optional (Docs/CodeGeneration.md).
///
/// ```json
/// { "severity": "warning", "severities": { "SM012": "error", "SM013": "off" },
///   "method": "auto", "solver": "z3", "maxStates": 1000000, "maxMemory": "1G", "timeout": "30s",
///   "access": "public", "conformance": false }
/// ```
struct GenerationConfiguration {
    /// Findings below this are not reported.
    var minimumSeverity: Severity = .warning
    /// Per finding code: its severity here, or nil to leave it out ("off").
    var severities: [FindingCode: Severity?] = [:]
    /// How the runs are checked (as `smcheck check --method`).
    var method: VerificationMethod = .automatic
    /// How guard properties are proven.
    var solver: AnalysisOptions.SolverChoice = .automatic
    var maximumStates = 1_000_000
    /// Symbolic verification of one spec stops after this long (a build should not wait for a minute).
    var timeLimit: Duration = .seconds(30)
    var maximumMemory = 1 << 30
    var access: SwiftGenerator.Access = .public
    /// The file read (its name, as a stop at one of its limits names it), and whether it set those limits.
    var file: String?
    var setsMaximumStates = false
    var setsMaximumMemory = false
    /// Also generate the conformance to StateMachineImplementation (read by the plugin).
    var conformance = false

    static let keys = ["severity", "severities", "method", "solver", "maxStates", "maxMemory", "timeout", "access", "conformance"]

    /// Reads a configuration file; every problem is reported with its place, as spec errors are.
    static func load(path: String) throws(SpecError) -> GenerationConfiguration {
        let here = { (pointer: JSONPointer, position: TextPosition) in Spec.SourceLocation(file: path, pointer: pointer, position: position)
        }
        let data: [UInt8]
        do {
            data = try BoundedFile.read(path, maximumBytes: LoadLimits.default.maximumBytes)
        } catch {
            throw SpecError([
                Diagnostic(
                    "cannot read the configuration file: \(error.reason)",
                    at: Spec.SourceLocation(file: path, pointer: .root))
            ])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw SpecError([Diagnostic(error.message, at: here(.root, error.position))])
        }
        guard let members = root.objectValue else {
            throw SpecError([Diagnostic("the configuration must be a JSON object", at: here(.root, root.position))])
        }
        var configuration = GenerationConfiguration()
        configuration.file = (path as NSString).lastPathComponent
        var problems: [Diagnostic] = []
        func report(_ message: String, _ member: JSONMember, in parent: JSONPointer = .root, suggestion: String? = nil) {
            problems.append(Diagnostic(message, at: here(parent / member.key, member.value.position), suggestion: suggestion))
        }
        /// A severity, or in `severities` also "off" (nil inside).
        func severity(_ member: JSONMember, in parent: JSONPointer = .root) -> Severity?? {
            let allowed = Severity.allCases.map(\.rawValue) + (parent == .root ? [] : ["off"])
            guard let text = member.value.stringValue, allowed.contains(text) else {
                let listed = allowed.map { "\"\($0)\"" }
                report(
                    "\"\(member.key)\" must be \(listed.dropLast().joined(separator: ", ")) or \(listed.last!)", member, in: parent,
                    suggestion: member.value.stringValue.flatMap { Suggestions.closest(to: $0, in: allowed) })
                return nil
            }
            return .some(Severity(rawValue: text))
        }
        for member in members {
            let value = member.value
            switch member.key {
            case "severity":
                if let level = severity(member), let level { configuration.minimumSeverity = level }
            case "severities":
                guard let codes = value.objectValue else {
                    report("\"severities\" must map finding codes to a severity or \"off\"", member); continue
                }
                for entry in codes {
                    guard let code = FindingCode(rawValue: entry.key) else {
                        problems.append(
                            Diagnostic(
                                "unknown finding code \"\(entry.key)\"", at: here(.root / "severities" / entry.key, entry.keyPosition),
                                suggestion: Suggestions.closest(to: entry.key, in: FindingCode.allCases.map(\.rawValue))))
                        continue
                    }
                    if let level = severity(entry, in: .root / "severities") { configuration.severities[code] = .some(level) }
                }
            case "method":
                let methods = VerificationMethod.allCases.map(\.rawValue)
                guard let text = value.stringValue, let method = VerificationMethod(rawValue: text) else {
                    report(
                        "\"method\" must be \"auto\", \"explore\" or \"symbolic\" (how the runs are checked)", member,
                        suggestion: value.stringValue.flatMap { Suggestions.closest(to: $0, in: methods) })
                    continue
                }
                configuration.method = method
            case "solver":
                guard let text = value.stringValue,
                    let choice = AnalysisOptions.SolverChoice(rawValue: text == "enumeration" ? "enumerate" : text),
                    choice != .automatic
                else {
                    report(
                        "\"solver\" must be \"z3\", \"enumerate\" or \"off\" (how guard properties are proven)", member,
                        suggestion: value.stringValue.flatMap { Suggestions.closest(to: $0, in: ["z3", "enumerate", "off"]) })
                    continue
                }
                configuration.solver = choice
            case "timeout":
                guard let text = value.stringValue, let duration = try? DurationArgument.parse(text) else {
                    report("\"timeout\" must be a duration such as \"30s\" or \"2m\"", member)
                    continue
                }
                configuration.timeLimit = duration
            case "maxStates":
                guard let count = value.integerValue, count > 0 else {
                    report("\"maxStates\" must be a positive integer", member); continue
                }
                configuration.maximumStates = count
                configuration.setsMaximumStates = true
            case "maxMemory":
                guard let text = value.stringValue else {
                    report("\"maxMemory\" must be a size such as \"512M\" or \"2G\"", member)
                    continue
                }
                do {
                    configuration.maximumMemory = try ByteCount.parse(text)
                    configuration.setsMaximumMemory = true
                } catch {
                    report("\"maxMemory\": \((error as? ValidationError)?.message ?? "\(error)")", member)
                }
            case "access":
                guard let text = value.stringValue, let access = SwiftGenerator.Access(rawValue: text) else {
                    report("\"access\" must be \"public\", \"package\" or \"internal\"", member)
                    continue
                }
                configuration.access = access
            case "conformance":
                guard let flag = value.boolValue else { report("\"conformance\" must be true or false", member); continue }
                configuration.conformance = flag
            default:
                problems.append(
                    Diagnostic(
                        "unknown key \"\(member.key)\" in the configuration", at: here(.root / member.key, member.keyPosition),
                        suggestion: Suggestions.closest(to: member.key, in: keys)))
            }
        }
        if !problems.isEmpty { throw SpecError(problems) }
        return configuration
    }

    /// Reads the file a command was given with `--config`; what is wrong with it goes to standard error, and the
    /// command exits with status 2.
    static func loadForCommand(path: String) throws -> GenerationConfiguration {
        do {
            return try load(path: path)
        } catch {
            printError(error.description)
            throw ExitStatus.unusableInput
        }
    }

    /// The limits and the method, for `smcheck check --config`: the options not given on its command line.
    var explorationDefaults: ExplorationArguments.Defaults {
        ExplorationArguments.Defaults(
            maximumStates: maximumStates, maximumMemory: maximumMemory, method: method, timeLimit: timeLimit,
            maximumStatesSource: limitSource("maxStates", given: setsMaximumStates),
            maximumMemorySource: limitSource("maxMemory", given: setsMaximumMemory))
    }

    /// "smcheck-config.json's maxStates limit", or the configuration's default when the file does not set it (or
    /// there is no file: `smcheck generate` without `--config`).
    private func limitSource(_ key: String, given: Bool) -> String {
        guard given, let file else { return "the configuration's default \(key) limit" }
        return "\(file)'s \(key) limit"
    }

    /// The result with each finding at its configured severity, and without those turned off.
    func applySeverities(to result: AnalysisResult) -> AnalysisResult {
        guard !severities.isEmpty else { return result }
        var turnedOff: [FindingCode: Int] = [:]
        let findings = result.findings.compactMap { finding -> Finding? in
            guard let configured = severities[finding.code] else { return finding }
            guard let configured else {
                turnedOff[finding.code, default: 0] += 1
                return nil
            }
            var finding = finding
            finding.severity = configured
            return finding
        }
        // A verdict of "ok" must not hide that some codes were not reported.
        var stats = result.stats
        for (code, count) in turnedOff.sorted(by: { $0.key < $1.key }) {
            stats.notes.append("\(code.rawValue) is off in the configuration (\(Plural.count(count, "finding")) not reported)")
        }
        return AnalysisResult(spec: result.spec, machine: result.machine, findings: findings, stats: stats)
    }

    /// The severity a finding is reported with, or nil when it is not reported.
    func severity(of finding: Finding) -> Severity? {
        let severity = severities[finding.code].map { $0 } ?? finding.severity
        guard let severity, severity >= minimumSeverity else { return nil }
        return severity
    }

    var analysisOptions: AnalysisOptions {
        var options = AnalysisOptions()
        options.solver = solver
        options.method = method
        options.timeLimit = timeLimit
        options.exploration.maximumStates = maximumStates
        options.exploration.maximumMemory = maximumMemory
        options.exploration.maximumStatesSource = explorationDefaults.maximumStatesSource
        options.exploration.maximumMemorySource = explorationDefaults.maximumMemorySource
        options.exploration.threads = max(1, min(2, ProcessInfo.processInfo.activeProcessorCount))
        return options
    }
}

/// Findings as the lines compilers print (`file:line:column: warning: message`), which Xcode and `swift build`
/// show at the spec's line; the trace follows as a note at the same place.
struct SpecDiagnostics {
    let configuration: GenerationConfiguration

    /// The lines, and whether one is an error.
    func findings(in spec: Spec, machine: Machine, file: String) -> (lines: [String], failed: Bool) {
        let result = Analyzer.analyze(machine, options: configuration.analysisOptions)
        var lines: [String] = []
        var failed = false
        for finding in result.findings {
            guard let severity = configuration.severity(of: finding) else { continue }
            let place = finding.location.map { "\(file):\($0.line ?? 1):\($0.column ?? 1)" } ?? "\(file):1:1"
            lines.append(
                "\(place): \(severity == .info ? "note" : severity.rawValue): \(finding.code.rawValue) \(Self.oneLine(finding.message))")
            if let trace = finding.trace {
                let steps = trace.map { machine.describe($0.event) + ($0.choices.isEmpty ? "" : " \($0.choices)") }
                lines.append(
                    "\(place): note: trace: " + Self.oneLine(steps.isEmpty ? "(the initial configuration)" : steps.joined(separator: ", ")))
            }
            if severity == .error { failed = true }
        }
        if !result.stats.complete {
            for undecided in result.stats.undecided {
                lines.append(
                    "\(file):1:1: warning: the check of \"\(spec.name)\" is incomplete; not checked: \(Self.oneLine(undecided.description))"
                )
            }
        }
        return (lines, failed)
    }

    /// A message on one line: a compiler's reader takes each line as a diagnostic of its own, so a line break in a
    /// guard's text (which expressions may hold) would start a line that reads as another file's error.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.isTabOrLineBreak ? " " : $0 }))
    }
}
