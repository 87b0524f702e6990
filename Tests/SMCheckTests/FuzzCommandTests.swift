import Foundation
import SMEngine
import SMFuzz
import SMReport
import SMSpec
import SMTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("smcheck fuzz and smcheck replay")
struct FuzzCommandTests {
    @Test("a passing spec: exit 0, the campaign and its coverage")
    func passing() throws {
        let output = try SMCheckCommand.run(["fuzz", "Specs/rocket.json", "--seed", "1", "--runs", "20", "--length", "50"])
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Specs/rocket.json — Rocket")
        #expect(lines.dropFirst().first?.hasPrefix("  ok (20 runs, ") == true)
        #expect(lines.dropFirst().first?.hasSuffix(", seed 1)") == true)
        #expect(lines.contains("  coverage: states 3/3, transitions 5/5, guard outcomes 2/2"))
    }

    @Test("--time without --runs makes as many runs as fit, past the default 100; with --runs, at most those")
    func timeWithoutRuns() throws {
        let timed = try SMCheckCommand.run(["fuzz", "Specs/rocket.json", "--seed", "1", "--length", "5", "--time", "1s"])
        #expect(timed.status == 0)
        let runs = timed.standardOutput.firstMatch(of: /ok \((\d+) runs/).flatMap { Int($0.1) }
        #expect((runs ?? 0) > 100, "\(timed.standardOutput)")
        let capped = try SMCheckCommand.run(["fuzz", "Specs/rocket.json", "--seed", "1", "--length", "5", "--time", "1s", "--runs", "7"])
        #expect(capped.standardOutput.contains("ok (7 runs, "), "\(capped.standardOutput)")
    }

    @Test("a failure: exit 1, the shrunk trace, a saved file that replays to the same failure")
    func failureAndReplay() throws {
        let scratch = try ScratchDirectory()
        let output = try SMCheckCommand.run([
            "fuzz", "Tests/Fixtures/fuzz/off-by-one.json", "--seed", "7", "--failures-directory", scratch.path("failures"),
        ])
        #expect(output.status == 1)
        let saved = scratch.path("failures/off-by-one.json")
        #expect(
            output.standardOutput.contains(
                """
                  failed: range violation: 'count' cannot be 6; its type is int 0...5
                    at Tests/Fixtures/fuzz/off-by-one.json:6:64 (/states/counting/on/inc/actions/0/assign/count)
                """))
        #expect(
            output.standardOutput.contains(
                """
                    trace:
                      1. inc
                      2. inc
                      3. inc
                      4. inc
                      5. inc
                      6. inc
                    replay: smcheck replay \(saved)
                """))

        let replay = try SMCheckCommand.run(["replay", saved])
        #expect(replay.status == 1)
        #expect(replay.standardError.isEmpty, "the spec did not change: \(replay.standardError)")
        #expect(
            replay.standardOutput == """
                replaying \(saved) on Tests/Fixtures/fuzz/off-by-one.json (6 events)
                  start → counting count=0
                  1. inc → counting count=1
                  2. inc → counting count=2
                  3. inc → counting count=3
                  4. inc → counting count=4
                  5. inc → counting count=5
                  6. inc → fails
                reproduced at step 6: range violation: 'count' cannot be 6; its type is int 0...5
                  at Tests/Fixtures/fuzz/off-by-one.json:6:64 (/states/counting/on/inc/actions/0/assign/count)

                """)
    }

    @Test("two specs of one name in different folders save their failures apart, each replaying its own spec")
    func failuresOfSpecsWithOneName() throws {
        let scratch = try ScratchDirectory()
        for folder in ["orders", "payments"] {
            try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
        }
        // Names that differ only in case are one file on macOS.
        let orders = scratch.path("orders/Spec.json")
        let payments = scratch.path("payments/spec.json")
        try FileManager.default.copyItem(atPath: "Tests/Fixtures/fuzz/off-by-one.json", toPath: orders)
        try FileManager.default.copyItem(atPath: "Specs/defects/sm006-invariant-violation.json", toPath: payments)
        let output = try SMCheckCommand.run(["fuzz", orders, payments, "--seed", "7", "--failures-directory", scratch.path("failures")])
        #expect(output.status == 1)
        for (folder, spec, failure) in [("orders", orders, "range violation"), ("payments", payments, "invariant")] {
            let saved = scratch.path("failures/\(folder)-\(folder == "orders" ? "Spec" : "spec").json")
            #expect(output.standardOutput.contains("replay: smcheck replay \(saved)\n"), "\(output.standardOutput)")
            let replay = try SMCheckCommand.run(["replay", saved])
            #expect(replay.standardOutput.hasPrefix("replaying \(saved) on \(spec) "), "\(replay.standardOutput)")
            #expect(replay.standardOutput.contains(failure))
        }
    }

    @Test("the replay command printed for a failure reads back, through a shell, as the file it names")
    func replayCommandIsQuoted() throws {
        let scratch = try ScratchDirectory()
        let failures = scratch.path("my fails")
        let output = try SMCheckCommand.run([
            "fuzz", "Tests/Fixtures/fuzz/off-by-one.json", "--seed", "7", "--failures-directory", failures,
        ])
        let line = try #require(output.standardOutput.split(separator: "\n").first { $0.contains("replay: smcheck replay ") })
        let word = String(line.split(separator: "replay: smcheck replay ", maxSplits: 1)[1])
        #expect(word == "'\(failures)/off-by-one.json'")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "printf %s " + word]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        shell.waitUntilExit()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == failures + "/off-by-one.json")
    }

    @Test(
        "replay refuses a step's choices it does not meet, cannot read, or under another key: none is dropped or rounded",
        arguments: [
            (
                #", "choices": [1]"#,
                "step 1 of the trace gives 1 choice, but inc meets 0 choice points there (an opaque guard or a oneOf each)"
            ),
            (#", "choices": [1.5]"#, #"each of a trace step's "choices" must be a whole number, at least 0"#),
            (#", "choices": 1"#, #""choices" of a trace step must be an array of whole numbers, at least 0"#),
            (
                #", "choises": [0]"#,
                #"unknown key "choises" in a trace step; did you mean "choices"? (its keys: event, params, choices) (at /trace/0/choises)"#
            ),
            (#", "params": [1]"#, #""params" of a trace step must be an object of the event's parameters"#),
        ])
    func choicesNotMet(edit: String, message: String) throws {
        let scratch = try ScratchDirectory()
        let output = try SMCheckCommand.run([
            "fuzz", "Tests/Fixtures/fuzz/off-by-one.json", "--seed", "7", "--failures-directory", scratch.path("failures"),
        ])
        #expect(output.status == 1)
        let saved = scratch.path("failures/off-by-one.json")
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        let edited = try #require(text.range(of: #""event": "inc""#)).upperBound
        try (text[..<edited] + edit + text[edited...]).write(toFile: saved, atomically: true, encoding: .utf8)
        let replay = try SMCheckCommand.run(["replay", saved])
        #expect(replay.status == 2)
        #expect(
            replay.standardError.contains(": error: " + message) || replay.standardError.contains(": " + message), "\(replay.standardError)"
        )
    }

    /// With ?g false, e raises and sends e again (more choice points); the first true ends the step in b, which fails.
    static let extraChoice = #"""
        {"format": "smcheck/1", "name": "extra choice", "variables": {"v": {"type": "int", "min": 0, "max": 2}}, "events": {"e": {}},
         "states": {"a": {"on": {"e": [{"guard": "?g", "target": "b"}, {"target": "a", "actions": [{"raise": "e"}, {"send": "e"}]}]}},
                    "b": {"entry": [{"assign": {"v": "v - 1"}}]}}}
        """#

    @Test("a failure whose drawn outcome ends the step before the choice points met before it shrinks to e [1] and replays")
    func failureWithFewerChoicePoints() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write("extra-choice.json", Self.extraChoice)
        for seed in ["3", "4"] {
            let failures = scratch.path("failures-\(seed)")
            let fuzz = try SMCheckCommand.run(["fuzz", "--runs", "50", "--seed", seed, "--failures-directory", failures, spec])
            #expect(fuzz.status == 1, "\(fuzz.standardOutput)")
            // Shrunk to the one outcome that matters: the step gives back the values it drew for points it no
            // longer meets, so deleting a 0 before the 1 shortens its list.
            #expect(fuzz.standardOutput.contains("1. e [1]\n"), "seed \(seed): \(fuzz.standardOutput)")
            let replay = try SMCheckCommand.run(["replay", failures + "/extra-choice.json"])
            #expect(replay.status == 1, "seed \(seed): \(replay.standardError)")
            #expect(replay.standardOutput.contains("reproduced at step 1: range violation: 'v' cannot be -1"), "\(replay.standardOutput)")
        }
    }

    @Test("replay lets be, as run does, choices past those the failing last step met before it failed")
    func extraChoicesOnTheFailingStep() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write("extra-choice.json", Self.extraChoice)
        let fuzz = try SMCheckCommand.run(["fuzz", "--runs", "50", "--seed", "4", "--failures-directory", scratch.path("f"), spec])
        #expect(fuzz.status == 1)
        let saved = scratch.path("f/extra-choice.json")
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        // The failing step's choices end with its 1: two values more after it.
        let one = try #require(text.range(of: "1]", options: .backwards))
        try text.replacingCharacters(in: one, with: "1, 0, 1]").write(toFile: saved, atomically: true, encoding: .utf8)
        let replay = try SMCheckCommand.run(["replay", saved])
        #expect(replay.status == 1, "\(replay.standardError)")
        #expect(replay.standardOutput.contains("reproduced at step 1"), "\(replay.standardOutput)")
    }

    @Test("replay does not open a file the failure file names when it is not a spec: the failure file may be someone else's")
    func namedFileIsNoSpec() throws {
        let scratch = try ScratchDirectory()
        _ = try SMCheckCommand.run([
            "fuzz", "Tests/Fixtures/fuzz/off-by-one.json", "--seed", "7", "--failures-directory", scratch.path("failures"),
        ])
        let saved = scratch.path("failures/off-by-one.json")
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        try text.replacingOccurrences(of: "Tests/Fixtures/fuzz/off-by-one.json", with: "/etc/passwd").write(
            toFile: saved, atomically: true, encoding: .utf8)
        let replay = try SMCheckCommand.run(["replay", saved])
        #expect(replay.status == 2)
        #expect(
            replay.standardError
                == "error: the failure file names /etc/passwd as its spec, which is not a .json or .scxml file and not the spec it was saved for (another hash); it is not read. Pass the spec with --spec\n"
        )
        let given = try SMCheckCommand.run(["replay", saved, "--spec", "Tests/Fixtures/fuzz/off-by-one.json"])
        #expect(given.status == 1, "\(given.standardError)")
        // A spec fuzzed under another extension is the file the failure was saved for: it is read.
        let renamed = scratch.path("off-by-one.spec")
        try FileManager.default.copyItem(atPath: "Tests/Fixtures/fuzz/off-by-one.json", toPath: renamed)
        let fuzzed = try SMCheckCommand.run(["fuzz", renamed, "--seed", "7", "--failures-directory", scratch.path("renamed")])
        #expect(fuzzed.status == 1)
        let replayed = try SMCheckCommand.run(["replay", scratch.path("renamed/off-by-one.json")])
        #expect(replayed.status == 1, "\(replayed.standardError)")
    }

    @Test("--emit-swift-test writes the failure as a Swift test beside its replay file")
    func emitSwiftTest() throws {
        let scratch = try ScratchDirectory()
        let output = try SMCheckCommand.run([
            "fuzz", "Tests/Fixtures/fuzz/off-by-one.json", "--seed", "7", "--emit-swift-test",
            "--failures-directory", scratch.path("failures"),
        ])
        #expect(output.status == 1)
        let test = scratch.path("failures/off-by-one.swift")
        #expect(
            output.standardOutput.contains(
                "    replay: smcheck replay \(scratch.path("failures/off-by-one.json"))\n    swift test: \(test)\n"))
        let source = try String(contentsOfFile: test, encoding: .utf8)
        #expect(source.hasPrefix("import SMSpec\nimport SMTesting\nimport Testing\n\n// smcheck fuzz found this (seed 7, run "))
        #expect(
            source.hasSuffix(
                """
                @Test func offByOneGuardHasNoRangeViolation() throws {
                    let spec = try Spec.load(path: "Tests/Fixtures/fuzz/off-by-one.json")
                    assertTrace(["inc", "inc", "inc", "inc", "inc", "inc"], in: spec, endsIn: [])
                }

                """))
    }

    @Test("a failure the exploration reaches sooner is reported with the exploration's shortest trace")
    func shortestTrace() throws {
        let scratch = try ScratchDirectory()
        let output = try SMCheckCommand.run([
            "fuzz", "Tests/Fixtures/fuzz/shortcut.json", "--seed", "1", "--runs", "10", "--length", "10",
            "--failures-directory", scratch.path("failures"),
        ])
        #expect(output.standardOutput.contains("; shrunk to 3 events in "))
        #expect(output.standardOutput.contains("; the exploration's shortest trace has 2\n    trace:\n      1. jump\n      2. b\n"))
        let unexplored = try SMCheckCommand.run([
            "fuzz", "Tests/Fixtures/fuzz/shortcut.json", "--seed", "1", "--runs", "10", "--length", "10",
            "--max-states", "0", "--failures-directory", scratch.path("failures"),
        ])
        #expect(unexplored.standardOutput.contains("    trace:\n      1. a\n      2. a\n      3. b\n"))
    }

    @Test("--no-guided: every run is generated from scratch at full length")
    func unguided() throws {
        let output = try SMCheckCommand.run(["fuzz", "Specs/rocket.json", "--no-guided", "--seed", "1", "--runs", "20", "--length", "50"])
        #expect(output.standardOutput.contains("  ok (20 runs, 1000 events, "))
    }

    @Test("replay of a failure from Swift code replays what it can, says what it cannot, and prints the Swift test")
    func replaySwiftFailure() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write("door.json", try Fixtures.text("Tests/Fixtures/fuzz/missing-transition.json"))
        let machine = try Machine(try Spec.load(path: spec))
        let closes = Property("close closes") { $0.lastEvent != "close" || !$0.isActive("open") }
        let failure = try #require(Fuzzer(machine: machine, configuration: FuzzConfiguration(seed: 7, properties: [closes])).run().failure)
        let file = FailureFile(
            specName: machine.spec.name, specFile: spec, specHash: FailureFile.hash(ofFile: spec) ?? "", seed: 7, failure: failure)
        try file.write(to: scratch.url.appendingPathComponent("failures/door.json"), machine: machine)
        let replay = try SMCheckCommand.run(["replay", scratch.path("failures/door.json")])
        #expect(replay.status == 2)
        #expect(
            replay.standardOutput.contains(
                """
                  2. close → open
                cannot replay the rest here: the saved failure (property 'close closes' does not hold in open) came from the property 'close closes', Swift code smcheck does not have; the trace runs to step 2 without an engine error or a violated invariant. This test replays it in your tests:

                """))
        #expect(
            replay.standardOutput.contains("    assertFuzzingPasses(spec, properties: [closeCloses], replaying: [\"open\", \"close\"])\n"))
    }

    @Test("replay on a changed spec names the change, and a fixed spec passes")
    func changedSpec() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write("counter.json", try Fixtures.text("Tests/Fixtures/fuzz/off-by-one.json"))
        let fuzz = try SMCheckCommand.run(["fuzz", spec, "--seed", "7", "--failures-directory", scratch.path("failures")])
        #expect(fuzz.status == 1)
        let fixed = try String(contentsOfFile: spec, encoding: .utf8).replacingOccurrences(of: "count <= 5", with: "count < 5")
        try fixed.write(toFile: spec, atomically: true, encoding: .utf8)
        let replay = try SMCheckCommand.run(["replay", scratch.path("failures/counter.json")])
        #expect(replay.status == 0)
        #expect(replay.standardError.hasPrefix("warning: \(spec) changed since the failure was saved (fnv1a64:"))
        #expect(
            replay.standardOutput.hasSuffix(
                "passes now: the saved failure (range violation: 'count' cannot be 6; its type is int 0...5) no longer happens\n"))
    }

    @Test("replay --spec with another spec says it is another, not a changed one")
    func anotherSpec() throws {
        let scratch = try ScratchDirectory()
        _ = try SMCheckCommand.run([
            "fuzz", "Tests/Fixtures/fuzz/off-by-one.json", "--seed", "7", "--failures-directory", scratch.path("failures"),
        ])
        let replay = try SMCheckCommand.run(["replay", scratch.path("failures/off-by-one.json"), "--spec", "Specs/rocket.json"])
        #expect(replay.status == 2)
        #expect(
            replay.standardError.hasPrefix(
                "warning: the failure was saved for the spec 'off-by-one guard', and Specs/rocket.json is 'Rocket'; replaying on it\n"),
            "\(replay.standardError)")
        #expect(replay.standardError.contains("(another spec)"), "\(replay.standardError)")
        #expect(!replay.standardError.contains("changed"))
    }

    @Test("the specs a Ctrl-C left unfuzzed are named in the JSON result, and there only when there are some")
    func notFuzzed() throws {
        let interrupted = FuzzJSONRenderer(shard: nil, swarm: nil)
        #expect(try JSONParser.parse(interrupted.render([]))["notFuzzed"] == nil)
        var renderer = interrupted
        renderer.notFuzzed = ["Specs/rocket.json", "Specs/tbstatemachine.json"]
        let names = try JSONParser.parse(renderer.render([]))["notFuzzed"]?.arrayValue?.compactMap(\.stringValue)
        #expect(names == ["Specs/rocket.json", "Specs/tbstatemachine.json"])
    }

    @Test("--format json follows smcheck-fuzz/1, and the same seed gives the same campaign")
    func json() throws {
        let arguments = ["fuzz", "--format", "json", "--seed", "42", "--runs", "30", "Specs/tbstatemachine.json"]
        let first = try JSONParser.parse(try SMCheckCommand.run(arguments).standardOutput)
        let second = try JSONParser.parse(try SMCheckCommand.run(arguments).standardOutput)
        #expect(first["format"]?.stringValue == "smcheck-fuzz/1")
        let spec = try #require(first["specs"]?.arrayValue?.first)
        #expect(
            spec.objectValue?.map(\.key) == [
                "file", "name", "seed", "runs", "length", "events", "milliseconds", "eventsPerSecond", "failure", "coverage",
            ])
        #expect(spec["seed"]?.stringValue == "42")
        #expect(spec["failure"]?.value == .null)
        #expect(spec["coverage"]?["states"]?["total"]?.integerValue == 28)
        #expect(
            spec["coverage"]?["guardOutcomes"]?["guards"]?.arrayValue?.first?.objectValue?.map(\.key) == [
                "transition", "true", "false", "notCounted",
            ])
        #expect(spec["coverage"]?["transitions"]?.objectValue?.map(\.key) == ["covered", "total", "missed", "unreachable"])
        let other = try #require(second["specs"]?.arrayValue?.first)
        for key in ["runs", "events", "coverage"] {
            #expect(
                spec[key].map { JSONWriter.string($0) } == other[key].map { JSONWriter.string($0) },
                "\(key) differs between two runs with one seed")
        }
    }

    @Test("--junit writes JUnit XML with a failing test case per failing spec and an error per unusable one")
    func junit() throws {
        let scratch = try ScratchDirectory()
        let report = scratch.path("junit.xml")
        let output = try SMCheckCommand.run([
            "fuzz", "--seed", "7", "--junit", report, "--failures-directory", scratch.path("failures"),
            "Specs/rocket.json", "Tests/Fixtures/fuzz/off-by-one.json", "Specs/smcheck.schema.json",
        ])
        #expect(output.status == 2, "an unusable spec wins over a failure")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        let failure = try #require(try document.nodes(forXPath: "//failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue == "range violation: 'count' cannot be 6; its type is int 0...5")
        #expect(failure.stringValue?.contains("6. inc") == true)
        let error = try #require(try document.nodes(forXPath: "//error").first as? XMLElement)
        #expect(error.attribute(forName: "type")?.stringValue == "load-error")
    }

    @Test("replay run inside the failures directory finds the spec where fuzz ran, not the failure file of its name")
    func replayInsideFailures() throws {
        let scratch = try ScratchDirectory()
        _ = try scratch.write("counter.json", try Fixtures.text("Tests/Fixtures/fuzz/off-by-one.json"))
        let fuzz = try runProcess(SMCheckCommand.executable, ["fuzz", "counter.json", "--seed", "7"], in: scratch.url)
        #expect(fuzz.status == 1)
        let failures = scratch.url.appendingPathComponent("smcheck-failures")
        let replay = try runProcess(SMCheckCommand.executable, ["replay", "counter.json"], in: failures)
        #expect(replay.status == 1, "\(replay.standardError)")
        #expect(
            replay.standardOutput.hasPrefix("replaying counter.json on \(scratch.path("counter.json")) (6 events)"),
            "\(replay.standardOutput)")
        #expect(replay.standardOutput.contains("reproduced at step 6"))
    }

    @Test("a spec file name with control characters reaches no terminal raw: escaped in lines, $'...' in the replay command")
    func controlCharactersInFileNames() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write("e\u{1B}[31mred.json", try Fixtures.text("Tests/Fixtures/fuzz/off-by-one.json"))
        let fuzz = try SMCheckCommand.run(["fuzz", spec, "--seed", "7", "--failures-directory", scratch.path("failures")])
        #expect(fuzz.status == 1)
        #expect(!fuzz.standardOutput.contains("\u{1B}"), "\(fuzz.standardOutput)")
        let line = try #require(fuzz.standardOutput.split(separator: "\n").first { $0.contains("replay: smcheck replay ") })
        let word = String(line.split(separator: "replay: smcheck replay ", maxSplits: 1)[1])
        #expect(word == "$'\(scratch.path("failures"))/e\\x1b[31mred.json'")
        let shell = try runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", "printf %s " + word], input: "")
        #expect(shell.standardOutput == scratch.path("failures/e\u{1B}[31mred.json"))
        let replay = try SMCheckCommand.run(["replay", scratch.path("failures/e\u{1B}[31mred.json")])
        #expect(replay.status == 1)
        #expect(
            !replay.standardOutput.contains("\u{1B}") && replay.standardOutput.contains("e\\u001b[31mred.json"), "\(replay.standardOutput)")
    }

    @Test("replay's steps show the choices they replay, as fuzz printed them")
    func replayShowsChoices() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write(
            "pick.json",
            #"""
            { "format": "smcheck/1", "name": "pick",
              "events": { "spin": {} },
              "states": { "s": { "on": { "spin": { "target": { "oneOf": ["a", "b", "c"] } } } }, "a": {}, "b": {}, "c": {} },
              "invariants": [ { "name": "not c", "expr": "!in(c)" } ] }
            """#)
        let fuzz = try SMCheckCommand.run(["fuzz", spec, "--seed", "1", "--failures-directory", scratch.path("failures")])
        #expect(fuzz.standardOutput.contains("1. spin [2]\n"), "\(fuzz.standardOutput)")
        let replay = try SMCheckCommand.run(["replay", scratch.path("failures/pick.json")])
        #expect(replay.standardOutput.contains("  1. spin [2] → c\n"), "\(replay.standardOutput)")
    }

    @Test("JUnit marks a campaign Ctrl-C stopped without a failure, and each spec it left unfuzzed, as skipped")
    func junitInterrupted() throws {
        var renderer = FuzzJUnitRenderer()
        renderer.notFuzzed = ["Specs/rocket.json"]
        let document = try XMLDocument(data: Data(renderer.render([]).utf8))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        let skipped = try #require(try document.nodes(forXPath: "//skipped").first as? XMLElement)
        #expect(skipped.attribute(forName: "message")?.stringValue == "not fuzzed (interrupted before its turn)")
    }

    @Test(
        "bad arguments and bad failure files are refused with a reason",
        arguments: [
            (["fuzz", "--runs", "0", "Specs/rocket.json"], "--runs must be at least 1, not 0"),
            (
                ["fuzz", "--time", "soon", "Specs/rocket.json"],
                "'soon' is not a duration; write a number of seconds, or one with ms, s, m or h, like 500ms or 2m"
            ),
            (["fuzz", "--time", "0s", "Specs/rocket.json"], "'0s' is no time at all; give a positive duration, like 30s"),
            (
                ["fuzz", "--time", "0x10", "Specs/rocket.json"],
                "'0x10' is not a duration; write a number of seconds, or one with ms, s, m or h, like 500ms or 2m"
            ),
            (["fuzz", "--junit", "", "Specs/rocket.json"], "--junit: an empty path names no file; give a file name"),
            // A value that starts with a dash is the option's value, not another option.
            (["fuzz", "--time", "-3s", "Specs/rocket.json"], "'-3s' is negative; give a positive duration, like 30s"),
            (["check", "--timeout", "-1s", "Specs/rocket.json"], "'-1s' is negative; give a positive duration, like 30s"),
            (["check", "--max-memory", "-1G", "Specs/rocket.json"], "'-1G' is negative; give a positive size, like 512M"),
            (["explore", "--bitstate", "-2K", "Specs/rocket.json"], "'-2K' is negative; give a positive size, like 512M"),
            (
                ["replay", "Specs/rocket.json"],
                "Specs/rocket.json:3:13: error: not a smcheck failure file (\"format\" is not \"smcheck-failure/1\")"
            ),
            (["replay", "Specs/missing.json"], "Specs/missing.json: error: cannot read it: it does not exist"),
        ])
    func badArguments(arguments: [String], message: String) throws {
        let output = try SMCheckCommand.run(arguments)
        #expect(output.status != 0 && output.status != 1)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }
}
