import Foundation
import SMAnalyzer

/// JUnit XML of `smcheck check` for CI dashboards: a test suite per spec file with one test case that fails with the
/// error-level findings, errors when checks were left undecided (unless they are allowed) or the spec could not be
/// used. The verdict is the same as the exit status's.
public struct CheckJUnitRenderer: ReportRenderer {
    public var filter: ReportFilter
    /// The shards of a swarm a merge holds: when it lacks some, one more test suite, in error.
    public var mergedShards: ShardRoster.Shards?

    public init(filter: ReportFilter = ReportFilter(), mergedShards: ShardRoster.Shards? = nil) {
        self.filter = filter
        self.mergedShards = mergedShards
    }

    public func render(_ outcomes: [SpecOutcome]) -> String {
        var suites: [String] = []
        var failures = 0, errors = 0
        for outcome in outcomes {
            let verdict = filter.verdict(outcome)
            let name = Markup.escape(outcome.file)
            var body = ""
            var time = "0"
            switch outcome {
            case .unusable(_, let error):
                let details = error.diagnostics.map(\.description).joined(separator: "\n")
                body =
                    "\n      <error message=\"\(Markup.escape(error.diagnostics.first?.message ?? "unusable spec"))\" type=\"load-error\">\(Markup.escape(details))</error>"
            case .analyzed(let file, let result):
                // The exploration's time and symbolic verification's, which runs after it (or alone).
                time = String(format: "%.3f", Double(result.stats.milliseconds + (result.stats.symbolic?.milliseconds ?? 0)) / 1000)
                let report = CheckTextRenderer(filter: filter)
                let errorFindings = result.findings.filter { $0.severity == .error && filter.shows($0) }
                if verdict == .failed {
                    let details = errorFindings.flatMap { report.render($0, file: file, machine: result.machine) }
                    body +=
                        "\n      <failure message=\"\(Markup.escape(TextStyle.plural(errorFindings.count, "error-level finding")))\" type=\"findings\">"
                        + Markup.escape(details.joined(separator: "\n")) + "</failure>"
                }
                let undecided = result.stats.undecided.map(\.description).joined(separator: "\n")
                if verdict == .incomplete {
                    body +=
                        "\n      <error message=\"incomplete: some checks were not decided\" type=\"incomplete\">\(Markup.escape(undecided))</error>"
                }
                let output = report.render(outcome)
                body += "\n      <system-out>\(Markup.escape(output))</system-out>"
            }
            if verdict == .failed { failures += 1 }
            if verdict == .incomplete || verdict == .unusable { errors += 1 }
            suites.append(
                """
                  <testsuite name="\(name)" tests="1" failures="\(verdict == .failed ? 1 : 0)" errors="\(verdict == .incomplete || verdict == .unusable ? 1 : 0)" time="\(time)">
                    <testcase classname="smcheck.check" name="\(name)" time="\(time)">\(body)
                    </testcase>
                  </testsuite>
                """)
        }
        if let missing = mergedShards?.missing, !missing.isEmpty {
            errors += 1
            let message = Markup.escape(ShardRoster.incompleteness(missing))
            suites.append(
                """
                  <testsuite name="missing shards" tests="1" failures="0" errors="1" time="0">
                    <testcase classname="smcheck.merge" name="missing shards" time="0">
                      <error message="\(message)" type="incomplete">\(message)</error>
                    </testcase>
                  </testsuite>
                """)
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="smcheck check" tests="\(suites.count)" failures="\(failures)" errors="\(errors)">
            \(suites.joined(separator: "\n"))
            </testsuites>

            """
    }
}
