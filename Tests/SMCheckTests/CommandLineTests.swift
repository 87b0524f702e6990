import Foundation
import SMReport
import SMSpec
import SMTestSupport
import Testing

@Suite("The smcheck command")
struct CommandLineTests {
    @Test("a clean spec: exit 0 and ok")
    func clean() throws {
        let output = try SMCheckCommand.run(["Specs/rocket.json"])
        #expect(output.status == 0)
        #expect(output.standardOutput.hasPrefix("Specs/rocket.json — Rocket\n  ok ("))
    }

    @Test("error-level findings: exit 1; warnings only: exit 0")
    func exitCodes() throws {
        #expect(try SMCheckCommand.run(["Specs/defects/sm006-invariant-violation.json"]).status == 1)
        #expect(try SMCheckCommand.run(["Specs/defects/sm001-unreachable-state.json"]).status == 0)
        #expect(try SMCheckCommand.run(["check", "--severity", "error", "Specs/defects/sm001-unreachable-state.json"]).status == 0)
    }

    @Test("a spec that cannot be used: exit 2 and the load errors on standard error")
    func unusable() throws {
        let output = try SMCheckCommand.run(["Specs/rocket.json", "Specs/smcheck.schema.json"])
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "Specs/smcheck.schema.json:1:1: error: this is a JSON Schema, not a spec; a spec starts with \"format\": \"smcheck/1\" (at /)\n"
        )
    }

    @Test("--format json follows smcheck-result/1")
    func json() throws {
        let output = try SMCheckCommand.run([
            "check", "--format", "json", "Specs/defects/sm006-invariant-violation.json", "Specs/smcheck.schema.json",
        ])
        #expect(output.status == 2)
        let document = try JSONParser.parse(output.standardOutput)
        #expect(document["format"]?.stringValue == "smcheck-result/1")
        let specs = try #require(document["specs"]?.arrayValue)
        #expect(specs[0].objectValue?.map(\.key) == ["file", "hash", "name", "stats", "findings"])
        #expect(specs[0]["hash"]?.stringValue?.hasPrefix("fnv1a64:") == true)
        #expect(specs[0]["stats"]?.objectValue?.map(\.key) == ["configurations", "transitions", "depth", "complete", "milliseconds"])
        let finding = try #require(specs[0]["findings"]?.arrayValue?.first)
        #expect(
            finding.objectValue?.map(\.key) == [
                "code", "severity", "message", "states", "pointer", "line", "column", "trace", "witness", "witnessMoment", "method",
            ])
        #expect(finding["code"]?.stringValue == "SM006")
        #expect(finding["pointer"]?.stringValue == "/invariants/0")
        #expect(finding["line"]?.integerValue == 19)
        #expect(JSONWriter.string(try #require(finding["trace"]), style: .compact) == #"[{"event":"go"},{"event":"open"}]"#)
        #expect(JSONWriter.string(try #require(finding["witness"]), style: .compact) == #"{"doorOpen":true}"#)
        #expect(specs[1].objectValue?.map(\.key) == ["file", "errors"])
        #expect(specs[1]["errors"]?.arrayValue?.first?.objectValue?.map(\.key) == ["message", "pointer", "line", "column"])
    }

    @Test("--format sarif is SARIF 2.1.0 with a rule per finding code and the spec's line and column")
    func sarif() throws {
        let output = try SMCheckCommand.run(["check", "--format", "sarif", "Specs/defects/sm004-nondeterministic-guards.json"])
        let document = try JSONParser.parse(output.standardOutput)
        #expect(document["version"]?.stringValue == "2.1.0")
        let run = try #require(document["runs"]?.arrayValue?.first)
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue)
        #expect(rules.prefix(14).compactMap { $0["id"]?.stringValue } == (1...14).map { String(format: "SM%03d", $0) })
        let result = try #require(run["results"]?.arrayValue?.first)
        #expect(result["ruleId"]?.stringValue == "SM004")
        #expect(result["level"]?.stringValue == "warning")
        let region = try #require(result["locations"]?.arrayValue?.first?["physicalLocation"]?["region"])
        #expect(region["startLine"]?.integerValue == 13)
        #expect(region["startColumn"]?.integerValue == 11)
        #expect(result["codeFlows"] != nil)
    }

    @Test("SARIF says its columns count code points, names the file by a URI reference, and its code flows keep choices")
    func sarifForConsumers() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write(
            "my spec#1.json",
            #"""
            {
              "format": "smcheck/1", "name": "opaque",
              "variables": { "n": { "type": "int", "min": 0, "max": 2, "initial": 0 } },
              "events": { "go": {} },
              "states": {
                "a": { "on": { "go": [ { "guard": "?ready", "target": { "oneOf": ["b", "c"] } } ] } },
                "b": { "on": { "go": { "target": "a", "actions": [ { "assign": { "n": "n + 1" } } ] } } },
                "c": { "on": { "go": { "guard": "?other", "target": "a" } } }, "🚀": {}
              }
            }
            """#)
        let output = try SMCheckCommand.run(["check", "--format", "sarif", spec])
        let run = try #require(try JSONParser.parse(output.standardOutput)["runs"]?.arrayValue?.first)
        #expect(run["columnKind"]?.stringValue == "unicodeCodePoints")
        let results = try #require(run["results"]?.arrayValue)
        let unreachable = try #require(results.first { $0["ruleId"]?.stringValue == "SM001" })
        let physical = try #require(unreachable["locations"]?.arrayValue?.first?["physicalLocation"])
        #expect(physical["artifactLocation"]?["uri"]?.stringValue == "file://" + scratch.path("my%20spec%231.json"))
        // The emoji is one code point (two UTF-16 code units): its key starts at column 68.
        #expect(physical["region"]?["startColumn"]?.integerValue == 68)
        // The range violation needs go [1, 0] three times: each step keeps its guard outcome and oneOf pick.
        let violation = try #require(results.first { $0["ruleId"]?.stringValue == "SM009" })
        let steps = try #require(violation["codeFlows"]?.arrayValue?.first?["threadFlows"]?.arrayValue?.first?["locations"]?.arrayValue)
        #expect(steps.first?["location"]?["message"]?["text"]?.stringValue == "1. go [1, 0]")
    }

    @Test(
        "output that cannot be written (a full disk) is an error with exit 2, not a silent pass",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "Linux's /dev/full"),
        arguments: [["check", "--format", "sarif", "Specs/rocket.json"], ["export", "Specs/rocket.json"], ["run", "Specs/rocket.json"]])
    func fullDisk(arguments: [String]) throws {
        let process = Process()
        process.executableURL = SMCheckCommand.executable
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.repositoryRoot
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data("fire\n".utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("error: cannot write to standard output"), "\(message)")
    }

    @Test("a reported trace, fed to smcheck run, reaches the reported configuration")
    func traceThroughRun() throws {
        let output = try SMCheckCommand.run(["check", "--format", "json", "Specs/defects/sm007-deadlock.json"])
        let finding = try #require(try JSONParser.parse(output.standardOutput)["specs"]?.arrayValue?.first?["findings"]?.arrayValue?.first)
        #expect(finding["code"]?.stringValue == "SM007")
        let events = try #require(finding["trace"]?.arrayValue).compactMap { $0["event"]?.stringValue }
        let run = try SMCheckCommand.run(["run", "Specs/defects/sm007-deadlock.json"], input: events.joined(separator: "\n") + "\n")
        #expect(run.status == 0)
        #expect(
            run.standardOutput.split(separator: "\n").last.map(String.init)
                == finding["states"]?.arrayValue?.compactMap(\.stringValue).joined(separator: ","))
    }

    @Test("smcheck run notes an invariant the state breaks, goes on, and exits with 1")
    func runBreaksAnInvariant() throws {
        let output = try SMCheckCommand.run(["run", "Specs/defects/sm006-invariant-violation.json"], input: "go\nopen\nclose\n")
        #expect(output.status == 1)
        #expect(output.standardOutput.split(separator: "\n").count == 4, "a line after the start and after each event")
        #expect(
            output.standardError
                == "<stdin>:2: invariant 'the door is closed while moving' (!in(moving) || !doorOpen) does not hold\n")
    }

    @Test("smcheck run notes an invariant broken before the machine is done with the events it sent itself, as check finds it")
    func runBreaksAnInvariantOnTheWay() throws {
        let scratch = try ScratchDirectory()
        let spec = scratch.path("send.json")
        try #"""
        {"format": "smcheck/1", "name": "fixed later", "variables": {"x": {"type": "int", "min": 0, "max": 1}},
         "events": {"go": {}, "fix": {}},
         "states": {"s": {"on": {"go": {"actions": [{"assign": {"x": "1"}}, {"send": "fix"}]},
                                 "fix": {"actions": [{"assign": {"x": "0"}}]}}}},
         "invariants": [{"name": "zero", "expr": "x == 0"}]}
        """#.write(toFile: spec, atomically: true, encoding: .utf8)
        let check = try SMCheckCommand.run(["check", "--format", "json", spec])
        #expect(check.status == 1)
        let finding = try #require(try JSONParser.parse(check.standardOutput)["specs"]?.arrayValue?.first?["findings"]?.arrayValue?.first)
        #expect(finding["code"]?.stringValue == "SM006")
        let events = try #require(finding["trace"]?.arrayValue).compactMap { $0["event"]?.stringValue }
        let run = try SMCheckCommand.run(["run", spec], input: events.joined(separator: "\n") + "\n")
        #expect(run.status == 1)
        #expect(run.standardOutput == "s x=0\ns x=0\n", "the state at the end holds the invariant")
        #expect(
            run.standardError
                == "<stdin>:1: invariant 'zero' (x == 0) does not hold before the machine is done with the events it sent itself\n")
    }

    @Test("smcheck run notes an invariant the start breaks before the machine is done with the events it sent itself")
    func runBreaksAnInvariantAtTheStart() throws {
        let fixture = "Tests/Fixtures/semantics/invariant-broken-before-sent-events.json"
        let run = try SMCheckCommand.run(["run", fixture], input: "")
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "\(fixture): at the start: invariant 'y not 2' (y != 2) does not hold before the machine is done with the events it sent itself\n"
            ), "\(run.standardError)")
    }

    @Test("smcheck run prints the configuration after the start and after every event, and stops at an error")
    func run() throws {
        let output = try SMCheckCommand.run(
            ["run", "Specs/defects/sm009-range-violation.json"], input: "add\nadd\n\n# comment\nadd\nadd\nadd\n")
        #expect(output.status == 1)
        #expect(
            output.standardOutput == """
                cart items=0
                cart items=1
                cart items=2
                cart items=3
                error: range violation: 'items' cannot be 4; its type is int 0...3
                  at Specs/defects/sm009-range-violation.json:10:45 (/states/cart/on/add/actions/0/assign/items)

                """)
        let parameters = try SMCheckCommand.run(["run", "Specs/tbstatemachine.json"], input: #"transition_18 {"route": "b1"}"# + "\n")
        #expect(parameters.standardOutput.split(separator: "\n").last == "b/b1 route=b1,internalCount=0")
        let bad = try SMCheckCommand.run(["run", "Specs/rocket.json"], input: "fier\n")
        #expect(bad.status == 2)
        #expect(
            bad.standardError.split(separator: "\n").filter { !$0.hasPrefix("note:") } == [
                "<stdin>:1:1: error: unknown event 'fier'; did you mean 'fire'?"
            ])
        // A line of a megabyte is quoted in part, not echoed whole.
        let long = try SMCheckCommand.run(["run", "Specs/rocket.json"], input: String(repeating: "x", count: 1_000_000) + "\n")
        #expect(long.status == 2)
        let error = long.standardError.split(separator: "\n").filter { !$0.hasPrefix("note:") }
        #expect(error.count == 1 && error[0].hasPrefix("<stdin>:1:1: error: unknown event 'xxxxx"))
        #expect(error[0].contains(" … ") && error[0].count < 200, "\(long.standardError.prefix(400))")
    }

    @Test("smcheck explore --stats prints the statistics")
    func exploreStats() throws {
        let output = try SMCheckCommand.run(["explore", "--stats", "Specs/tbstatemachine.json"])
        #expect(output.status == 0)
        let names = output.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(
            names == [
                "spec", "configurations", "transitions", "depth", "complete", "time", "states/s", "cached", "native", "packed",
                "store", "bytes/state", "peak", "threads",
            ])
        #expect(output.standardOutput.contains("configurations  126\n"))
        #expect(output.standardOutput.contains("transitions     561\n"))
        #expect(output.standardOutput.contains("cached steps    486 of 561 steps (87%)\n"))
        // 126 configurations: far too few to repay a compiler's run (or no compiler, as SMCHECK_CC=none says).
        let native = output.standardOutput.split(separator: "\n").first { $0.hasPrefix("native plans") }
        #expect(
            native == "native plans    none (the search was too short to repay compiling its plans)"
                || native?.hasPrefix("native plans    none: ") == true, "\(native ?? "")")
        // The dense store's memory is its array's pages that hold configurations (0.3 MB with 4 KB pages).
        let store = output.standardOutput.split(separator: "\n").first { $0.hasPrefix("store ") }
        #expect(
            store?.hasPrefix("store           dense, ") == true && store?.hasSuffix(" MB in memory") == true
                && store?.contains(" 0.0 MB") == false, "\(store ?? "")")
    }

    @Test("smcheck explore says when the start fails, also with events too wide to explore")
    func exploreFailingStart() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write(
            "falls.json",
            #"{"format": "smcheck/1", "name": "Falls", "variables": {"x": {"type": "int", "min": 0, "max": 9}}, "events": {"go": {"params": {"k": {"type": "int", "min": 0, "max": 4000000}}}}, "states": {"a": {"entry": [{"assign": {"x": "x - 1"}}], "on": {"go": {}}}}}"#
        )
        let output = try SMCheckCommand.run(["explore", spec])
        #expect(output.status == 0, "nothing else is reachable: the exploration is complete")
        #expect(
            output.standardOutput.contains(
                "start           failed: range violation: 'x' cannot be -1; its type is int 0...9 (smcheck check reports it)\n"))
        #expect(output.standardOutput.contains("complete        yes\n"))
    }

    @Test("smcheck explore of events too wide to explore says why and exits 3, as check calls it incomplete")
    func exploreTooWide() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write(
            "wide.json",
            #"{"format": "smcheck/1", "name": "Wide", "variables": {"x": {"type": "int", "min": 0, "max": 9}}, "events": {"set": {"params": {"k": {"type": "int", "min": 0, "max": 9999}}}}, "states": {"a": {"on": {"set": {"guard": "event.k < 10", "actions": [{"assign": {"x": "event.k"}}]}}}}}"#
        )
        let output = try SMCheckCommand.run(["explore", spec])
        #expect(output.status == 3)
        #expect(
            output.standardError.hasPrefix(
                "\(spec): not explored: event 'set' has 10000 combinations of parameter values; exploration tries at most 4096"))
    }

    @Test(
        "smcheck explore only explores, and report reports on one whole spec: the options of symbolic verification and of shards are check's",
        arguments: [
            ("explore", ["--method", "symbolic"]), ("explore", ["--timeout", "5s"]), ("explore", ["--max-depth", "10"]),
            ("explore", ["--shard=1/2"]), ("report", ["--shard=1/2"]),
        ])
    func optionsOfCheckOnly(command: String, option: [String]) throws {
        let output = try SMCheckCommand.run([command] + option + ["Specs/rocket.json"])
        #expect(output.status == 64)
        let name = option[0].prefix { $0 != "=" }
        #expect(output.standardError.contains("unknown option '\(name)'"), "\(output.standardError)")
        #expect(try SMCheckCommand.run(["check"] + option + ["Specs/rocket.json"]).status != 64)
    }

    @Test("an output path that cannot be written says why: a directory, or a folder that does not exist")
    func unwritableOutput() throws {
        let scratch = try ScratchDirectory()
        // DOT, which needs no Graphviz.
        let graph = try SMCheckCommand.run(["graph", "--format", "dot", "Specs/rocket.json", "-o", scratch.path("")])
        #expect(graph.status != 0)
        #expect(graph.standardError.hasSuffix(": it is a directory; give a file name inside it\n"), "\(graph.standardError)")
        let missing = scratch.path("no folder/x.json")
        let export = try SMCheckCommand.run(["export", "Specs/rocket.json", "-o", missing])
        #expect(
            export.standardError
                == "error: cannot write \(missing): the folder \(scratch.path("no folder")) does not exist; create it first\n")
    }

    @Test("--threads past the machine's cores explores with one a core, and says so")
    func threadsPastTheCores() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let output = try SMCheckCommand.run([
            "explore", "--stats", "--compact", "--threads", "\(cores + 1)", "Specs/tbstatemachine.json",
        ])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardError.contains("note: --threads \(cores + 1): this machine has \(cores) core"))
        #expect(output.standardOutput.contains("threads         \(cores)\n"))
    }

    @Test("--compact explores the same configurations with the compact store, and is exact: exit 0")
    func compact() throws {
        let output = try SMCheckCommand.run(["explore", "--stats", "--compact", "--threads", "2", "Specs/tbstatemachine.json"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("configurations  126\n"))
        #expect(output.standardOutput.contains("transitions     561\n"))
        #expect(output.standardOutput.contains("complete        yes\n"))
        #expect(output.standardOutput.contains("store           compact, "))
        // A packed configuration of one word: the compact store every thread fills.
        // Two, unless the machine has one core (threads past the cores are not started).
        #expect(output.standardOutput.contains("threads         \(min(2, ProcessInfo.processInfo.activeProcessorCount))\n"))
        let check = try SMCheckCommand.run(["check", "--compact", "--format", "json", "Specs/defects/sm009-range-violation.json"])
        let plain = try SMCheckCommand.run(["check", "--format", "json", "Specs/defects/sm009-range-violation.json"])
        #expect(check.status == 1)
        #expect(Self.withoutTimes(check.standardOutput) == Self.withoutTimes(plain.standardOutput))
        // A search that runs out of memory says the compact store holds more, unless it is the one in use (as for
        // configurations of two words by default, unless it has nowhere to write its records); a bit array holds
        // more still.
        let scratch = try ScratchDirectory()
        let wide = try scratch.write(
            "counters.json",
            #"{"format": "smcheck/1", "name": "Counters", "variables": {"a": {"type": "int", "min": 0, "max": 99999, "initial": 0}, "b": {"type": "int", "min": 0, "max": 99999, "initial": 0}, "c": {"type": "int", "min": 0, "max": 99999, "initial": 0}, "d": {"type": "int", "min": 0, "max": 99999, "initial": 0}}, "events": {"tick": {}}, "states": {"s": {"on": {"tick": {"guard": "a < 99999", "actions": [{"assign": {"a": "a + 1"}}, {"assign": {"b": "a"}}, {"assign": {"c": "a"}}, {"assign": {"d": "a"}}]}}}}}"#
        )
        let noDisk = ["TMPDIR": scratch.path("missing")]
        let full = try SMCheckCommand.run(["explore", "--stats", "--max-memory", "1M", wide], environment: noDisk)
        #expect(full.status == 3)
        #expect(full.standardOutput.contains("store           wide hashed, "))
        #expect(full.standardOutput.contains("(over the --max-memory limit of 1 MB) after "))
        #expect(full.standardOutput.contains("(--compact stores them in a few bytes each; --bitstate searches past memory)"))
        // Asked for, the compact store with nowhere to write its records stops at once and says why.
        let noRoom = try SMCheckCommand.run(["explore", "--compact", wide], environment: noDisk)
        #expect(noRoom.status == 3)
        #expect(noRoom.standardOutput.contains("configurations  1\n"))
        #expect(
            noRoom.standardOutput.contains(
                "the compact search cannot make a directory for its layers in \(noDisk["TMPDIR"]!) (not a writable directory)"))
        for compact in [["--compact"], []] {
            let fullCompact = try SMCheckCommand.run(["explore", "--stats", "--max-memory", "1M"] + compact + [wide])
            #expect(fullCompact.standardOutput.contains("store           wide compact, "), "\(compact)")
            #expect(fullCompact.standardOutput.contains("(over the --max-memory limit of 1 MB) after "), "\(compact)")
            #expect(!fullCompact.standardOutput.contains("--compact stores"), "\(compact)")
            #expect(fullCompact.standardOutput.contains("(--bitstate searches past memory)"), "\(compact)")
        }
        for other in [["--bitstate", "1M"], ["--shard", "1/2"], ["--method", "symbolic"]] {
            let refused = try SMCheckCommand.run(["check", "--compact"] + other + ["Specs/rocket.json"])
            #expect(refused.status == 64, "\(other)")
            #expect(refused.standardError.contains("--compact"), "\(other)")
        }
    }

    /// JSON results without the lines that hold times.
    static func withoutTimes(_ json: String) -> [Substring] {
        json.split(separator: "\n").filter { !$0.contains("\"milliseconds\"") }
    }

    @Test(
        "smcheck explore exits 3 when it stopped at a limit or searched a bit array, as check does",
        arguments: [["--max-states", "3"], ["--bitstate", "1M"]])
    func exploreIncomplete(limit: [String]) throws {
        let output = try SMCheckCommand.run(["explore"] + limit + ["Specs/tbstatemachine.json"])
        #expect(output.status == 3)
        #expect(output.standardOutput.contains("complete        no: "))
    }

    @Test(
        "numbers past what smcheck can use are refused with the most it takes, not a crash",
        arguments: [
            (["check", "--max-memory", "99999999999G"], "'99999999999G' is too large; the most is 1024T"),
            (["check", "--bitstate", "99999999999G"], "'99999999999G' is too large; the most is 1024T"),
            (["check", "--threads", "100000"], "--threads must be at most 1024, not 100000"),
            (["check", "--threads", "99999999999999999999999"], "--threads must be at most 1024, not 99999999999999999999999"),
            (["check", "--timeout", "1e300s"], "'1e300s' is too long; the most is a year (8784h)"),
            (["fuzz", "--length", "9223372036854775807"], "--length must be at most 1000000, not 9223372036854775807"),
            (["check", "--threads", "-99999999999999999999"], "--threads must be at least 1, not -99999999999999999999"),
            (["check", "--shard", "1/100001"], "shard 1/100001: n must be at most 100000"),
        ])
    func numbersTooLarge(arguments: [String], message: String) throws {
        let output = try SMCheckCommand.run(arguments + ["Specs/rocket.json"])
        #expect(output.status == 64)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    @Test("the most a size option takes is taken")
    func largestSize() throws {
        #expect(try SMCheckCommand.run(["check", "--max-memory", "1024T", "Specs/rocket.json"]).status == 0)
    }

    @Test("smcheck schema prints the committed schema")
    func schema() throws {
        #expect(try SMCheckCommand.run(["schema"]).standardOutput == (try Fixtures.text("Specs/smcheck.schema.json")))
    }
}

@Suite("smcheck report")
struct ReportCommandTests {
    @Test("one spec to standard output in Markdown; exit status as smcheck check")
    func standardOutput() throws {
        let output = try SMCheckCommand.run(["report", "Specs/rocket.json", "--runs", "10"])
        #expect(output.status == 0)
        #expect(output.standardOutput.hasPrefix("# Rocket — smcheck report\n"))
        #expect(output.standardOutput.contains("```mermaid\nstateDiagram-v2\n"))
        let broken = try SMCheckCommand.run(["report", "Specs/defects/sm009-range-violation.json", "--runs", "0"])
        #expect(broken.status == 1)
        // Undecided is not passed: 3, as check exits, unless allowed.
        let limited = ["Specs/transitionkit-player.json", "--method", "explore", "--max-states", "2"]
        let incomplete = try SMCheckCommand.run(["report", "--runs", "0"] + limited)
        #expect(incomplete.status == 3)
        #expect(incomplete.standardOutput.contains("some not decided"))
        #expect(try SMCheckCommand.run(["check"] + limited).status == 3)
        #expect(try SMCheckCommand.run(["report", "--runs", "0", "--allow-incomplete"] + limited).status == 0)
    }

    @Test("several specs need --output-directory, where each gets NAME.html, and index.html lists their verdicts")
    func outputDirectory() throws {
        let refused = try SMCheckCommand.run(["report", "Specs/rocket.json", "Specs/tbstatemachine.json"])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("2 specs need --output-directory"))
        let scratch = try ScratchDirectory()
        let directory = scratch.path("reports")  // not there yet: the command creates it
        let output = try SMCheckCommand.run([
            "report", "--format", "html", "-o", directory, "--runs", "5",
            "Specs/rocket.json", "Specs/defects/sm009-range-violation.json",
        ])
        #expect(output.status == 1, "\(output.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["index.html", "rocket.html", "sm009-range-violation.html"])
        let page = try String(contentsOfFile: scratch.path("reports/rocket.html"), encoding: .utf8)
        if GraphvizLayout.isAvailable {
            #expect(page.contains("<g id=\"state:countdown\" class=\"node state atomic\">"))
        } else {
            #expect(page.contains("<p class=\"note\">No drawn diagram: this smcheck was built without Graphviz"))
        }
        let index = try String(contentsOfFile: scratch.path("reports/index.html"), encoding: .utf8)
        #expect(
            index.contains(
                "<tr><td><a href=\"rocket.html\">Rocket</a></td><td><code>Specs/rocket.json</code></td>"
                    + "<td><span class=\"badge ok\">ok</span></td><td>passed 5 runs</td><td>3</td></tr>"))
        #expect(
            index.contains(
                "<tr><td><a href=\"sm009-range-violation.html\">SM009 range violation</a></td>"
                    + "<td><code>Specs/defects/sm009-range-violation.json</code></td><td><span class=\"badge error\">1 error</span></td>"
                    + "<td><span class=\"badge error\">failed</span></td><td>1</td></tr>"))
    }

    @Test(
        "Markdown reports link the SVG drawing written beside them; the index is index.md",
        .enabled(if: GraphvizLayout.isAvailable, "smcheck is built without the Graphviz trait"))
    func markdownWithSVG() throws {
        let scratch = try ScratchDirectory()
        let output = try SMCheckCommand.run([
            "report", "-o", scratch.path("md"), "--runs", "0", "Specs/rocket.json", "Specs/statekit-loading.json",
        ])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path("md")).sorted()
                == ["index.md", "rocket.md", "rocket.svg", "statekit-loading.md", "statekit-loading.svg"])
        let markdown = try String(contentsOfFile: scratch.path("md/rocket.md"), encoding: .utf8)
        #expect(markdown.contains("```mermaid\nstateDiagram-v2\n"))
        #expect(markdown.contains("```\n\n[The diagram drawn by Graphviz (SVG)](rocket.svg)\n"))
        let svg = try XMLElements(parsing: try String(contentsOfFile: scratch.path("md/rocket.svg"), encoding: .utf8))
        #expect(svg.withClass("state").count == 3)
        let index = try String(contentsOfFile: scratch.path("md/index.md"), encoding: .utf8)
        #expect(index.contains("| [Rocket](rocket.md) | `Specs/rocket.json` | **ok** | — | 3 |"))
    }

    @Test("two specs with one name, or one named index, would overwrite each other: refused before writing")
    func nameClashes() throws {
        let scratch = try ScratchDirectory()
        let twice = try SMCheckCommand.run(["report", "-o", scratch.path("out"), "Specs/rocket.json", "./Specs/rocket.json"])
        #expect(twice.status == 64)
        #expect(
            twice.standardError.hasPrefix(
                "error: both Specs/rocket.json and ./Specs/rocket.json would be written as rocket.md; report them into different directories\n"
            ))
        let index = try scratch.write("index.json", try Fixtures.text("Specs/rocket.json"))
        let clash = try SMCheckCommand.run(["report", "-o", scratch.path("out"), "--format", "html", index, "Specs/rocket.json"])
        #expect(clash.status == 64)
        #expect(clash.standardError.contains("both the index and \(index) would be written as index.html"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out/rocket.html")))
    }

    @Test("specs of one name in different folders: each report named with the folder that tells it apart")
    func sameNameInTwoFolders() throws {
        let scratch = try ScratchDirectory()
        let orders = try scratch.write("orders/spec.json", try Fixtures.text("Specs/rocket.json"))
        let payments = try scratch.write("payments/spec.json", try Fixtures.text("Specs/statekit-loading.json"))
        let output = try SMCheckCommand.run(["report", "-o", scratch.path("out"), "--format", "html", "--runs", "0", orders, payments])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted()
                == ["index.html", "orders-spec.html", "payments-spec.html"])
        let rocket = try String(contentsOfFile: scratch.path("out/orders-spec.html"), encoding: .utf8)
        #expect(rocket.contains("Rocket"))
        let index = try String(contentsOfFile: scratch.path("out/index.html"), encoding: .utf8)
        #expect(index.contains("href=\"orders-spec.html\"") && index.contains("href=\"payments-spec.html\""))
    }

    @Test("a spec that cannot be used: exit 2 and its errors, no report, no folder made for it")
    func unusable() throws {
        let output = try SMCheckCommand.run(["report", "Specs/missing.json"])
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains("Specs/missing.json"))
        // Into a folder: no folder is left behind (one that was there stays, empty).
        let scratch = try ScratchDirectory()
        let made = try SMCheckCommand.run(["report", "-o", scratch.path("reports"), "Specs/missing.json"])
        #expect(made.status == 2)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("reports")))
        try FileManager.default.createDirectory(atPath: scratch.path("there"), withIntermediateDirectories: false)
        #expect(try SMCheckCommand.run(["report", "-o", scratch.path("there"), "Specs/missing.json"]).status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("there")).isEmpty)
    }
}
