import Foundation
import SMEngine
import SMFuzz
import SMSpec

/// JUnit XML for CI dashboards: a test suite per spec file with one test case, the campaign, which fails with the
/// shrunk trace and the replay command, or errors when the spec could not be used.
public struct FuzzJUnitRenderer: ReportRenderer {
    /// Spec files a Ctrl-C left unfuzzed: each a skipped test case, so the report does not read as all of them.
    public var notFuzzed: [String] = []

    public init() {}

    public func render(_ outcomes: [FuzzOutcome]) -> String {
        var suites: [String] = []
        var tests = 0, failures = 0, errors = 0, skipped = 0
        var totalSeconds = 0.0
        for outcome in outcomes {
            tests += 1
            switch outcome {
            case .unusable(let file, let error):
                errors += 1
                let details = error.diagnostics.map(\.description).joined(separator: "\n")
                suites.append(
                    """
                      <testsuite name="\(Markup.escape(file))" tests="1" failures="0" errors="1" time="0">
                        <testcase classname="smcheck.fuzz" name="\(Markup.escape(file))" time="0">
                          <error message="\(Markup.escape(error.diagnostics.first?.message ?? "unusable spec"))" type="load-error">\(Markup.escape(details))</error>
                        </testcase>
                      </testsuite>
                    """)
            case .fuzzed(let file, let result, let replayFile, _):
                // The runs and the shrinking of their failure: the time the job spent.
                let seconds = result.seconds + (result.failure?.shrinkSeconds ?? 0)
                totalSeconds += seconds
                let time = String(format: "%.3f", seconds)
                let name =
                    "\(result.machine.spec.name): \(Plural.count(result.runs, "run")) of \(Plural.count(result.configuration.length, "event")), seed \(result.configuration.seed)"
                var body = ""
                if let failure = result.failure {
                    failures += 1
                    var details = TextStyle.trace(failure.trace, machine: result.machine, indent: "")
                    if let location = failure.failure.location, location.line != nil {
                        details.insert(TextStyle.at(location, in: file), at: 0)
                    }
                    if let replayFile { details.append("replay: smcheck replay \(ShellWord.quoted(replayFile))") }
                    body =
                        "\n      <failure message=\"\(Markup.escape(failure.failure.message))\" type=\"\(failure.failure.kind.rawValue)\">"
                        + Markup.escape(details.joined(separator: "\n")) + "</failure>"
                } else if result.interrupted {
                    // Not a pass: the campaign stopped before its runs were done.
                    skipped += 1
                    body =
                        "\n      <skipped message=\"interrupted after \(Plural.count(result.runs, "run")): no failure in the runs made\"/>"
                }
                let coverage = "coverage: " + FuzzTextRenderer.tally(result.coverageSummary)
                suites.append(
                    """
                      <testsuite name="\(Markup.escape(file))" tests="1" failures="\(result.failure == nil ? 0 : 1)" errors="0" skipped="\(result.failure == nil && result.interrupted ? 1 : 0)" time="\(time)">
                        <testcase classname="smcheck.fuzz" name="\(Markup.escape(name))" time="\(time)">\(body)
                          <system-out>\(Markup.escape(coverage))</system-out>
                        </testcase>
                      </testsuite>
                    """)
            }
        }
        for file in notFuzzed {
            tests += 1
            skipped += 1
            suites.append(
                """
                  <testsuite name="\(Markup.escape(file))" tests="1" failures="0" errors="0" skipped="1" time="0">
                    <testcase classname="smcheck.fuzz" name="\(Markup.escape(file))" time="0">
                      <skipped message="not fuzzed (interrupted before its turn)"/>
                    </testcase>
                  </testsuite>
                """)
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="smcheck fuzz" tests="\(tests)" failures="\(failures)" errors="\(errors)" skipped="\(skipped)" time="\(String(format: "%.3f", totalSeconds))">
            \(suites.joined(separator: "\n"))
            </testsuites>

            """
    }
}
