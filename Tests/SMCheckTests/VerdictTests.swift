import Foundation
import SMSolver
import SMSpec
import SMTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A verdict never claims more than was checked: an incomplete result is never "ok", in any format.
@Suite("Verdicts of smcheck check")
struct VerdictTests {
    static let limited = ["check", "--method", "explore", "--max-states", "3", "--solver", "off", "Specs/rocket.json"]

    @Test("an exploration stopped at a limit is 'incomplete', lists what was not checked, and exits 3")
    func incompleteText() throws {
        let output = try SMCheckCommand.run(Self.limited)
        #expect(output.status == 3)
        #expect(
            output.standardOutput == """
                Specs/rocket.json — Rocket
                  incomplete: nothing found in the part that was checked (3 configurations, 3 transitions, depth 2, \(try milliseconds(output)) ms)
                  not checked:
                    SM001, SM002, SM004–SM012, SM014: stopped after 3 configurations (the --max-states limit of 3); only the configurations reached were checked


                """)
        #expect(!output.standardOutput.contains(" ok "))
    }

    @Test("--allow-incomplete exits 0 but still says what was not checked")
    func allowIncomplete() throws {
        let output = try SMCheckCommand.run(Self.limited + ["--allow-incomplete"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("  incomplete: nothing found in the part that was checked"))
    }

    /// A cart whose `add` overflows `items` after three adds, beside a counter of a thousand values: an exploration
    /// stopped at 100 configurations has run into the overflow, and not into the end of the counter.
    static let overflowBesideACounter = SpecText.with {
        $0.variables =
            #"{"items": {"type": "int", "min": 0, "max": 3, "initial": 0}, "ticks": {"type": "int", "min": 0, "max": 1000, "initial": 0}}"#
        $0.events = #"{"add": {}, "tick": {}}"#
        $0.states =
            #"{"cart": {"on": {"add": {"actions": [{"assign": {"items": "items + 1"}}]}, "tick": {"guard": "ticks < 1000", "actions": [{"assign": {"ticks": "ticks + 1"}}]}}}}"#
    }

    @Test("an error a run shows still exits 1 when the result is also incomplete")
    func errorsWin() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write("cart.json", Self.overflowBesideACounter)
        let output = try SMCheckCommand.run(["check", "--method", "explore", "--max-states", "100", file])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("  error SM009 range violation: 'items' cannot be 4"))
        #expect(output.standardOutput.contains("  incomplete: 1 error ("))
    }

    @Test(
        "a guard finding over the declared domains that no run showed is a warning, says so, and leaves the result undecided, when the runs stopped at a limit"
    )
    func solverFindingsStayUnconfirmed() throws {
        // The countdown's `countDown - 1` leaves its range for countDown = 0 over the declared domain, but no run
        // gets there (the complete check says ok); three configurations do not show it either way.
        let output = try SMCheckCommand.run(["check", "--method", "explore", "--max-states", "3", "Specs/rocket.json"])
        #expect(output.status == 3)
        #expect(
            output.standardOutput.contains(
                "  warning SM009 range violation: 'countDown' can become -1, outside int 0...5 (for countDown = 0); not shown by a run: the runs were not all checked, and these values may be unreachable"
            ))
        #expect(output.standardOutput.contains("  incomplete: 1 warning ("))
        #expect(!output.standardOutput.contains("error"))
        let complete = try SMCheckCommand.run(["check", "Specs/rocket.json"])
        #expect(complete.status == 0)
        #expect(!complete.standardOutput.contains("SM009"))
    }

    // Without Z3 the automatic method has no symbolic proofs to turn to, so it explores in full: no first look.
    @Test("an incomplete result after the automatic method's first look says how to search every configuration", .needsZ3)
    func firstLookHint() throws {
        let scratch = try ScratchDirectory()
        // 63 bits declared, 1.8 million reachable: a first look of two seconds, then symbolic proofs given one second.
        let file = try scratch.write("filter.json", try Generated.filterLock(processes: 6).jsonText)
        let output = try SMCheckCommand.run(["check", "--timeout", "1s", "--solver", "off", file])
        #expect(output.status == 3, "\(output.standardOutput)")
        let hint = "note: the reachable configurations may be few enough to search them all: --method explore searches until done"
        #expect(output.standardOutput.contains(hint), "\(output.standardOutput.suffix(800))")
        // A limit the user set is not the first look's: no hint then.
        let limited = try SMCheckCommand.run(["check", "--timeout", "1s", "--solver", "off", "--max-states", "500", file])
        #expect(limited.status == 3)
        #expect(!limited.standardOutput.contains(hint), "\(limited.standardOutput.suffix(800))")
    }

    @Test("a spec whose parameters are too wide to explore is incomplete, not 'ok (0 configurations)'")
    func nothingExplored() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write(
            "wide.json",
            SpecText.with {
                $0.events = #"{"deposit": {"params": {"amount": {"type": "int", "min": 1, "max": 1000000}}}}"#
                $0.states = #"{"open": {"on": {"deposit": "open"}}}"#
                $0.variables = nil
            })
        let output = try SMCheckCommand.run(["check", "--method", "explore", "--solver", "off", file])
        #expect(output.status == 3)
        #expect(output.standardOutput.contains("  incomplete: nothing found in the part that was checked (0 configurations"))
        #expect(output.standardOutput.contains("nothing was explored: event 'deposit' has 1000000 combinations of parameter values"))
        // By default such a spec is verified symbolically instead, and decided; without Z3 it stays incomplete.
        let decided = try SMCheckCommand.run(["check", "--solver", "off", file])
        if Z3Library.isAvailable {
            #expect(decided.status == 0, "\(decided.standardOutput)")
            #expect(decided.standardOutput.contains("  1 warning (symbolic: 1 control state, 1 path, checked to depth "))
            #expect(decided.standardOutput.contains("the runs were checked symbolically"))
            // The JSON says what symbolic verification did, not only the exploration's zeros.
            let json = try SMCheckCommand.run(["check", "--solver", "off", "--format", "json", file])
            let stats = try JSONParser.parse(json.standardOutput)["specs"]?.arrayValue?.first?["stats"]
            #expect(stats?["configurations"]?.integerValue == 0)
            #expect(stats?["symbolic"]?["controlStates"]?.integerValue == 1)
            #expect(stats?["symbolic"]?["paths"]?.integerValue == 1)
            #expect((stats?["symbolic"]?["depth"]?.integerValue ?? -1) >= 0)
        } else {
            #expect(decided.status == 3, "\(decided.standardOutput)")
            #expect(
                decided.standardOutput.contains("nothing was explored: event 'deposit' has 1000000 combinations"),
                "\(decided.standardOutput)")
        }
    }

    @Test("what symbolic verification cannot decide in time is incomplete too, and names the time limit")
    func symbolicTimeLimit() throws {
        let output = try SMCheckCommand.run([
            "check", "--method", "symbolic", "--timeout", "1ms", "--solver", "off",
            "Tests/Fixtures/symbolic/even-counter.json",
        ])
        #expect(output.status == 3, "\(output.standardOutput)")
        #expect(output.standardOutput.contains("  incomplete: "))
        #expect(output.standardOutput.contains("not checked:"))
    }

    @Test("JSON: complete is false and 'undecided' names the codes and the reason")
    func json() throws {
        let output = try SMCheckCommand.run(Self.limited + ["--format", "json"])
        #expect(output.status == 3)
        let stats = try #require(try JSONParser.parse(output.standardOutput)["specs"]?.arrayValue?.first?["stats"])
        #expect(stats["complete"]?.boolValue == false)
        let undecided = try #require(stats["undecided"]?.arrayValue?.first)
        #expect(undecided["codes"]?.arrayValue?.compactMap(\.stringValue).first == "SM001")
        #expect(undecided["reason"]?.stringValue?.hasPrefix("stopped after 3 configurations") == true)
    }

    @Test("SARIF: what was not checked is a tool execution notification")
    func sarif() throws {
        let output = try SMCheckCommand.run(Self.limited + ["--format", "sarif"])
        let run = try #require(try JSONParser.parse(output.standardOutput)["runs"]?.arrayValue?.first)
        let notification = try #require(run["invocations"]?.arrayValue?.first?["toolExecutionNotifications"]?.arrayValue?.first)
        #expect(notification["level"]?.stringValue == "warning")
        #expect(notification["message"]?["text"]?.stringValue?.hasPrefix("incomplete: not checked: SM001, SM002") == true)
    }

    @Test("JUnit: incomplete is an error of type 'incomplete' unless it is allowed; findings are failures")
    func junit() throws {
        let incomplete = try SMCheckCommand.run(Self.limited + ["--format", "junit"])
        #expect(incomplete.standardOutput.contains(#"<testsuites name="smcheck check" tests="1" failures="0" errors="1">"#))
        #expect(incomplete.standardOutput.contains(#"type="incomplete">SM001, SM002, SM004–SM012, SM014: stopped after 3 configurations"#))
        let allowed = try SMCheckCommand.run(Self.limited + ["--format", "junit", "--allow-incomplete"])
        #expect(allowed.standardOutput.contains(#"failures="0" errors="0">"#))
        let failing = try SMCheckCommand.run(["check", "--format", "junit", "Specs/defects/sm006-invariant-violation.json"])
        #expect(failing.status == 1)
        #expect(failing.standardOutput.contains(#"<failure message="1 error-level finding" type="findings">"#))
        #expect(try XMLDocument(xmlString: failing.standardOutput).rootElement()?.name == "testsuites")
    }

    @Test("JUnit: a spec's time counts symbolic verification's (it said 0.000 for a spec checked symbolically)", .needsZ3)
    func junitTime() throws {
        let symbolic = try SMCheckCommand.run(["check", "--format", "junit", "--method", "symbolic", "Specs/rocket.json"])
        let suite = try #require(try XMLDocument(xmlString: symbolic.standardOutput).rootElement()?.elements(forName: "testsuite").first)
        #expect(Double(suite.attribute(forName: "time")?.stringValue ?? "") ?? 0 > 0, "\(symbolic.standardOutput)")
    }

    private func milliseconds(_ output: SMCheckCommand.Output) throws -> String {
        let line = try #require(output.standardOutput.split(separator: "\n").first { $0.contains(" ms)") })
        return String(try #require(line.split(separator: ",").last?.split(separator: " ").first))
    }
}

@Suite("Ctrl-C")
struct InterruptionTests {
    @Test("the first Ctrl-C stops the check and prints what was decided so far, marked incomplete (exit 3)")
    func interrupt() throws {
        let scratch = try ScratchDirectory()
        // Four independent counters: over a billion configurations, so the exploration is still running when interrupted.
        let counters = (0..<4).map { #""c\#($0)": {"type": "int", "min": 0, "max": 200, "initial": 0}"# }.joined(separator: ", ")
        let events = (0..<4).map { #""inc\#($0)": {}"# }.joined(separator: ", ")
        let handlers = (0..<4).map { #""inc\#($0)": {"guard": "c\#($0) < 200", "actions": [{"assign": {"c\#($0)": "c\#($0) + 1"}}]}"# }
            .joined(separator: ", ")
        let file = try scratch.write(
            "big.json",
            #"{"format": "smcheck/1", "name": "big", "variables": {\#(counters)}, "events": {\#(events)}, "states": {"s": {"on": {\#(handlers)}}}}"#
        )
        let process = Process()
        process.executableURL = SMCheckCommand.executable
        process.arguments = ["check", "--method", "explore", "--solver", "off", file]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, SIGINT)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3, "\(text)\(messages)")
        #expect(messages.contains("smcheck: stopping; what was decided so far follows"))
        #expect(text.contains("  incomplete: nothing found in the part that was checked"))
        #expect(text.contains(": cancelled after "))
    }

    @Test("a Ctrl-C during a solver call stops the call too: the check ends at once and says it was cancelled", .needsZ3)
    func interruptSolverCall() throws {
        // Its nonlinear query runs a solver call of the whole 20 s limit, on Z3's threads: the signal used to be lost
        // there (it was ignored), and the call was not interrupted.
        let file = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/symbolic/semiprime-target.json").path
        let process = Process()
        process.executableURL = SMCheckCommand.executable
        process.arguments = ["check", "--method", "symbolic", file]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        let interrupted = ContinuousClock.now
        kill(process.processIdentifier, SIGINT)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(ContinuousClock.now - interrupted < .seconds(10), "the solver call ran on after Ctrl-C")
        #expect(process.terminationStatus == 3, "\(text)\(messages)")
        #expect(messages.contains("smcheck: stopping; what was decided so far follows"))
        let invariant = text.split(separator: "\n").first { $0.contains("SM006 invariant violated: 'not semiprime target'") }
        #expect(invariant?.contains("cancelled") == true, "\(text)")
        #expect(!text.contains("ran out of its 20 s"), "\(text)")
    }
}
