import Foundation
import SMSpec
import SMTestSupport
import Testing

/// `--shard k/n` jobs and `smcheck merge`: the swarm finds what one run finds.
@Suite("Shards and smcheck merge")
struct ShardTests {
    /// (file, code, place) of every finding in a `smcheck-result/1` document.
    static func findings(_ json: String) throws -> Set<String> {
        let document = try JSONParser.parse(json)
        var found: Set<String> = []
        for spec in document["specs"]?.arrayValue ?? [] {
            for finding in spec["findings"]?.arrayValue ?? [] {
                found.insert(
                    "\(spec["file"]?.stringValue ?? "") \(finding["code"]?.stringValue ?? "") \(finding["pointer"]?.stringValue ?? "")")
            }
        }
        return found
    }

    /// Runs `arguments` once per shard of four with `--shard k/4`, saves each JSON result, and merges them.
    static func mergedShards(_ arguments: [String], in scratch: ScratchDirectory) throws -> SMCheckCommand.Output {
        var results: [String] = []
        for k in 1...4 {
            let output = try SMCheckCommand.run(arguments + ["--shard", "\(k)/4", "--format", "json"])
            let path = scratch.path("shard-\(k).json")
            try output.standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
            results.append(path)
        }
        return try SMCheckCommand.run(["merge", "--format", "json"] + results)
    }

    @Test("four shards and a merge find every defect one run finds, each spec checked in full by one shard")
    func checkShards() throws {
        let scratch = try ScratchDirectory()
        let full = try SMCheckCommand.run(["check", "--format", "json", "Specs/defects"])
        let merged = try Self.mergedShards(["check", "Specs/defects"], in: scratch)
        #expect(merged.status == full.status)
        let expected = try Self.findings(full.standardOutput)
        #expect(expected.count >= 13)
        #expect(try Self.findings(merged.standardOutput) == expected)
        // Small specs are shared out: each is complete in the merge, as in the full run.
        #expect(!merged.standardOutput.contains("\"complete\": false"))
    }

    @Test(
        "a spec whose declared space is big but whose reachable one is small is shared out and checked in full, under auto and explore"
    )
    func bigDeclaredSmallReachable() throws {
        let scratch = try ScratchDirectory()
        // 2^27 values of x declared, two configurations reached, and a state nothing reaches.
        let spec = try scratch.write(
            "tiny.json",
            """
            {"format": "smcheck/1", "name": "tiny", "variables": {"x": {"type": "int", "min": 0, "max": 100000000}},
             "events": {"go": {}, "back": {}},
             "states": {"a": {"on": {"go": {"target": "b", "actions": [{"assign": {"x": "x + 1"}}]}}},
                        "b": {"on": {"back": {"target": "a", "actions": [{"assign": {"x": "0"}}]}}}, "c": {}}}
            """)
        for method in [[], ["--method", "explore"]] {
            let full = try SMCheckCommand.run(["check", "--format", "json"] + method + [spec])
            let merged = try Self.mergedShards(["check"] + method + [spec], in: scratch)
            let expected = try Self.findings(full.standardOutput)
            #expect(expected.contains { $0.contains(" SM001 ") }, "\(method): \(expected)")
            #expect(try Self.findings(merged.standardOutput) == expected, "\(method)")
            #expect(merged.status == full.status, "\(method)")
            // One shard explored it, as one run does: no bit array, no configuration left unchecked.
            #expect(!merged.standardOutput.contains("\"complete\": false"), "\(method)")
            #expect(!merged.standardOutput.contains("bitstate"), "\(method)")
        }
    }

    @Test("a merge without every shard's result is incomplete; a shard twice, or results of another swarm, cannot be merged")
    func missingShards() throws {
        let scratch = try ScratchDirectory()
        var results: [String] = []
        for k in 1...3 {
            let output = try SMCheckCommand.run([
                "check", "Specs/rocket.json", "Specs/tbstatemachine.json", "Specs/statekit-loading.json", "--shard", "\(k)/3", "--format",
                "json",
            ])
            let shard = try JSONParser.parse(output.standardOutput)["shard"]
            #expect(shard?["index"]?.integerValue == k && shard?["count"]?.integerValue == 3, "\(output.standardOutput)")
            #expect(shard?["swarm"]?.stringValue?.hasPrefix("fnv1a64:") == true)
            results.append(scratch.path("shard-\(k).json"))
            try output.standardOutput.write(toFile: results[k - 1], atomically: true, encoding: .utf8)
        }
        let empty = try SMCheckCommand.run(["check", "Specs/rocket.json", "--shard", "2/3"])
        #expect(empty.status == 0)
        #expect(empty.standardOutput == "shard 2/3: no spec to check here; the 1 spec given falls to other shards\n")
        let all = try SMCheckCommand.run(["merge"] + results)
        #expect(all.status == 0)
        // Each spec was checked by one shard: its note names that shard's result alone.
        #expect(all.standardOutput.contains("  note: merged from 1 result: \(results[0])\n"), "\(all.standardOutput)")
        let partial = try SMCheckCommand.run(["merge", "--allow-incomplete", results[0], results[2]])
        #expect(partial.status == 3)
        #expect(
            partial.standardError
                == "smcheck merge: incomplete: the result of shard 2/3 is missing; what only it checked is not in this result\n")
        // The merged documents say so too, and a merge of a merged result keeps saying it.
        let partialJSON = try SMCheckCommand.run(["merge", "--format", "json", results[0], results[2]])
        #expect(partialJSON.status == 3)
        #expect(try JSONParser.parse(partialJSON.standardOutput)["missingShards"]?.arrayValue?.compactMap(\.stringValue) == ["2/3"])
        let merged = scratch.path("merged.json")
        try partialJSON.standardOutput.write(toFile: merged, atomically: true, encoding: .utf8)
        let again = try SMCheckCommand.run(["merge", merged])
        #expect(again.status == 3)
        #expect(again.standardError.contains("the result of shard 2/3 is missing"))
        // The missing shard's result, merged in later, completes it.
        let completed = try SMCheckCommand.run(["merge", "--format", "json", merged, results[1]])
        #expect(completed.status == 0, "\(completed.standardError)")
        #expect(try JSONParser.parse(completed.standardOutput)["missingShards"] == nil)
        #expect(
            try Self.findings(completed.standardOutput)
                == Self.findings(try SMCheckCommand.run(["merge", "--format", "json"] + results).standardOutput))
        let sarif = try SMCheckCommand.run(["merge", "--format", "sarif", results[0], results[2]])
        #expect(sarif.status == 3)
        let run = try JSONParser.parse(sarif.standardOutput)["runs"]?.arrayValue?.first
        let notification = run?["invocations"]?.arrayValue?.first?["toolExecutionNotifications"]?.arrayValue?.first
        #expect(notification?["level"]?.stringValue == "error")
        #expect(notification?["message"]?["text"]?.stringValue?.contains("the result of shard 2/3 is missing") == true)
        let junit = try SMCheckCommand.run(["merge", "--format", "junit", results[0], results[2]])
        #expect(junit.standardOutput.contains("<testsuite name=\"missing shards\" tests=\"1\" failures=\"0\" errors=\"1\""))
        let twice = try SMCheckCommand.run(["merge", results[0], results[1], results[0]])
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("shard 1/3 again (\(results[0]) holds it too): merge each shard's result once"))
        let mergedTwice = try SMCheckCommand.run(["merge", merged, results[0]])
        #expect(mergedTwice.status == 2)
        #expect(mergedTwice.standardError.contains("shard 1/3 again (\(merged) holds it too)"))
        let whole = scratch.path("whole.json")
        try SMCheckCommand.run(["check", "--format", "json", "Specs/rocket.json"]).standardOutput.write(
            toFile: whole, atomically: true, encoding: .utf8)
        // A result file edited by hand (or corrupted) is refused, not a crash.
        let corrupt = scratch.path("corrupt.json")
        try String(contentsOfFile: results[0], encoding: .utf8).replacingOccurrences(of: "\"count\": 3", with: "\"count\": 0")
            .write(toFile: corrupt, atomically: true, encoding: .utf8)
        let refused = try SMCheckCommand.run(["merge", corrupt])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("\"shard\" must be {\"index\": k, \"count\": n} with n in 1...100000 and k in 1...n"))
        let mixed = try SMCheckCommand.run(["merge", results[0], whole])
        #expect(mixed.status == 2)
        #expect(mixed.standardError.contains("not a shard's result, while \(results[0]) is shard 1/3: merge the results of one swarm"))
    }

    @Test("shards given other specs are of another swarm: refused, not merged into an 'ok' that checked less")
    func anotherSwarm() throws {
        let scratch = try ScratchDirectory()
        // Shard 1/2 of two specs checks the first; shard 2/2 of the first alone checks nothing. Merged, the second
        // spec, which has an error, would be checked by no one.
        let defect = "Specs/defects/sm002-infinite-loop.json"
        let first = try SMCheckCommand.run(["check", "--shard", "1/2", "--format", "json", "Specs/rocket.json", defect])
        let second = try SMCheckCommand.run(["check", "--shard", "2/2", "--format", "json", "Specs/rocket.json"])
        #expect(try SMCheckCommand.run(["check", "Specs/rocket.json", defect]).status == 1)
        let paths = [try scratch.write("first.json", first.standardOutput), try scratch.write("second.json", second.standardOutput)]
        let merged = try SMCheckCommand.run(["merge"] + paths)
        #expect(merged.status == 2)
        #expect(merged.standardOutput.isEmpty)
        #expect(
            merged.standardError.contains(
                "\(paths[1]): error: shard 2/2 is of another swarm than \(paths[0]): the specs given to it, their order, their contents or the fuzzing --seed differ"
            ), "\(merged.standardError)")
        // The same specs in another order share them out otherwise: another swarm too.
        let reordered = try SMCheckCommand.run(["check", "--shard", "2/2", "--format", "json", defect, "Specs/rocket.json"])
        let reorderedPath = try scratch.write("reordered.json", reordered.standardOutput)
        #expect(try SMCheckCommand.run(["merge", paths[0], reorderedPath]).status == 2)
        // Fuzz shards derive their seeds from --seed: shards of two seeds are not one swarm's.
        var fuzzed: [String] = []
        for (k, seed) in [(1, "5"), (2, "6")] {
            let output = try SMCheckCommand.run([
                "fuzz", "--seed", seed, "--runs", "2", "--format", "json", "--shard", "\(k)/2", "Specs/rocket.json",
            ])
            fuzzed.append(try scratch.write("fuzz-\(k).json", output.standardOutput))
        }
        let fuzzMerge = try SMCheckCommand.run(["merge"] + fuzzed)
        #expect(fuzzMerge.status == 2)
        #expect(fuzzMerge.standardError.contains("shard 2/2 is of another swarm than \(fuzzed[0])"), "\(fuzzMerge.standardError)")
    }

    @Test("a result whose spec changed since it was checked is refused by merge")
    func changedSpec() throws {
        let scratch = try ScratchDirectory()
        let spec = try scratch.write("machine.json", try String(contentsOfFile: "Specs/rocket.json", encoding: .utf8))
        let result = try scratch.write("result.json", try SMCheckCommand.run(["check", "--format", "json", spec]).standardOutput)
        #expect(try SMCheckCommand.run(["merge", result]).status == 0)
        try (try String(contentsOfFile: spec, encoding: .utf8) + "\n").write(toFile: spec, atomically: true, encoding: .utf8)
        let merged = try SMCheckCommand.run(["merge", result])
        #expect(merged.status == 2)
        #expect(merged.standardError.contains("\(spec) has changed since this job checked it: check it again"), "\(merged.standardError)")
    }

    @Test("bitstate shards find every defect a run shows, and the merge gives their union's expected coverage")
    func bitstateShards() throws {
        let scratch = try ScratchDirectory()
        let full = try SMCheckCommand.run(["check", "--format", "json", "Specs/defects"])
        let merged = try Self.mergedShards(["check", "--bitstate", "1M", "Specs/defects"], in: scratch)
        // What a run shows (errors, overlaps, violations, deadlocks) is found; what needs every configuration
        // (unreachable states) is left undecided, since a bitstate search may skip configurations.
        let shownByARun = ["SM002", "SM004", "SM006", "SM007", "SM008", "SM009", "SM011"]
        let expected = try Self.findings(full.standardOutput).filter { finding in shownByARun.contains { finding.contains(" \($0) ") } }
        #expect(expected.count >= 7)
        #expect(try Self.findings(merged.standardOutput).isSuperset(of: expected))
        #expect(
            merged.standardOutput.contains(
                "4 bitstate searches with different hash functions and search orders; expected coverage of their union"))
        #expect(merged.standardOutput.contains("\"complete\": false"))
    }

    @Test("a merge with a job that checked everything keeps that job's findings, not a stopped job's unconfirmed ones")
    func completeJobDecides() throws {
        let scratch = try ScratchDirectory()
        let stopped = try SMCheckCommand.run(["check", "--format", "json", "--method", "explore", "--max-states", "3", "Specs/rocket.json"])
        let complete = try SMCheckCommand.run(["check", "--format", "json", "Specs/rocket.json"])
        // The stopped job could not rule out the countdown's range over the declared domain; the complete one did.
        #expect(
            try Self.findings(stopped.standardOutput) == ["Specs/rocket.json SM009 /states/countdown/on/tick/actions/0/assign/countDown"])
        #expect(try Self.findings(complete.standardOutput).isEmpty)
        try stopped.standardOutput.write(toFile: scratch.path("stopped.json"), atomically: true, encoding: .utf8)
        try complete.standardOutput.write(toFile: scratch.path("complete.json"), atomically: true, encoding: .utf8)
        let merged = try SMCheckCommand.run(["merge", "--format", "json", scratch.path("stopped.json"), scratch.path("complete.json")])
        #expect(merged.status == 0)
        #expect(try Self.findings(merged.standardOutput).isEmpty)
    }

    @Test("two stopped jobs merge to what each said: the unconfirmed guard finding stays a warning, the result incomplete")
    func stoppedJobsStayUndecided() throws {
        let scratch = try ScratchDirectory()
        var files: [String] = []
        for k in 1...2 {
            let stopped = try SMCheckCommand.run([
                "check", "--format", "json", "--method", "explore", "--max-states", "3", "Specs/rocket.json",
            ])
            try stopped.standardOutput.write(toFile: scratch.path("stopped-\(k).json"), atomically: true, encoding: .utf8)
            files.append(scratch.path("stopped-\(k).json"))
        }
        let merged = try SMCheckCommand.run(["merge"] + files)
        #expect(merged.status == 3)
        #expect(merged.standardOutput.contains("  warning SM009 range violation: 'countDown' can become -1"))
        #expect(!merged.standardOutput.contains("error"))
    }

    @Test("fuzz shards: each with its own seed, merged to the shortest failure of each spec")
    func fuzzShards() throws {
        let scratch = try ScratchDirectory()
        let arguments = [
            "fuzz", "--seed", "1", "--runs", "200", "--format", "json", "Tests/Fixtures/fuzz/off-by-one.json",
            "Tests/Fixtures/fuzz/shortcut.json", "Tests/Fixtures/fuzz/combination-lock.json",
            "--failures-directory", scratch.path("failures"),
        ]
        var results: [String] = []
        var seeds: Set<String> = []
        for k in 1...4 {
            let output = try SMCheckCommand.run(arguments + ["--shard", "\(k)/4"])
            #expect(output.status == 1)
            let document = try JSONParser.parse(output.standardOutput)
            seeds.insert(document["specs"]?.arrayValue?.first?["seed"]?.stringValue ?? "")
            let path = scratch.path("fuzz-\(k).json")
            try output.standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
            results.append(path)
        }
        #expect(seeds.count == 4)
        // Without one shard's result the merge has fewer runs than the swarm made: it says so, and it cannot pass.
        let clean = scratch.path("clean.json")
        let cleanShard = try SMCheckCommand.run([
            "fuzz", "--seed", "1", "--runs", "5", "--format", "json", "--shard", "1/2", "Specs/rocket.json",
        ])
        #expect(cleanShard.status == 0)
        try cleanShard.standardOutput.write(toFile: clean, atomically: true, encoding: .utf8)
        let partial = try SMCheckCommand.run(["merge", "--format", "json", clean])
        #expect(partial.status == 3)
        #expect(partial.standardError.contains("the result of shard 2/2 is missing"))
        #expect(try JSONParser.parse(partial.standardOutput)["missingShards"]?.arrayValue?.compactMap(\.stringValue) == ["2/2"])
        // The same campaign twice (no shard, one seed) would count its runs twice.
        let whole = scratch.path("whole.json")
        let wholeRun = try SMCheckCommand.run(["fuzz", "--seed", "1", "--runs", "5", "--format", "json", "Specs/rocket.json"])
        try wholeRun.standardOutput.write(toFile: whole, atomically: true, encoding: .utf8)
        let twice = try SMCheckCommand.run(["merge", whole, whole])
        #expect(twice.status == 2)
        #expect(
            twice.standardError.contains(
                "error: the campaign on Specs/rocket.json with seed 1 is given twice: the same seed gives the same runs, which would be counted twice"
            ),
            "\(twice.standardError)")
        let merged = try SMCheckCommand.run(["merge", "--format", "json"] + results)
        #expect(merged.status == 1)
        let specs = try JSONParser.parse(merged.standardOutput)["specs"]?.arrayValue ?? []
        #expect(specs.count == 3)
        for spec in specs {
            #expect(spec["shards"]?.integerValue == 4)
            #expect(spec["runs"]?.integerValue ?? 0 >= 4)
            #expect(spec["failure"]?.isNull == false, "\(spec["file"]?.stringValue ?? "") has no failure")
        }
        // A merge of some shards merged with the rest counts each shard once, with every seed.
        let firstTwo = scratch.path("first-two.json")
        try SMCheckCommand.run(["merge", "--format", "json", results[0], results[1]]).standardOutput.write(
            toFile: firstTwo, atomically: true, encoding: .utf8)
        let completed = try SMCheckCommand.run(["merge", "--format", "json", firstTwo, results[2], results[3]])
        #expect(completed.status == 1)
        let completedSpecs = try #require(try JSONParser.parse(completed.standardOutput)["specs"]?.arrayValue)
        #expect(completedSpecs.count == 3)
        for spec in completedSpecs {
            #expect(spec.objectValue?.count { $0.key == "shards" } == 1)
            #expect(spec["shards"]?.integerValue == 4)
            #expect(Set(spec["shardSeeds"]?.arrayValue?.compactMap(\.stringValue) ?? []) == seeds)
        }
        let sarif = try SMCheckCommand.run(["merge", "--format", "sarif"] + results)
        #expect(sarif.status == 64)
        #expect(sarif.standardError == "error: fuzz results merge to text or JSON (--format text or json), not sarif\n")
        // In text, as `smcheck fuzz` words it: each spec's shortest failure, its trace, and the campaigns summed.
        let text = try SMCheckCommand.run(["merge"] + results)
        #expect(text.status == 1)
        #expect(!text.standardOutput.hasPrefix("{"))
        #expect(text.standardOutput.contains("Tests/Fixtures/fuzz/off-by-one.json — "), "\(text.standardOutput)")
        #expect(text.standardOutput.components(separatedBy: "  failed: ").count == 4)
        #expect(text.standardOutput.contains("    trace:\n      1. "))
        #expect(
            text.standardOutput.contains(
                "  failed: range violation: 'count' cannot be 6; its type is int 0...5\n    at Tests/Fixtures/fuzz/off-by-one.json:6:64 (/states/counting/on/inc/actions/0/assign/count)\n"
            ), "\(text.standardOutput)")
        #expect(text.standardOutput.contains(", by 4 shards, seeds "))
        #expect(text.standardOutput.contains("  coverage: states "))
    }

    @Test("a merge of fuzz shards exits as fuzz does when one was interrupted (3) or could not use a spec (2)")
    func fuzzShardsCutShort() throws {
        let scratch = try ScratchDirectory()
        var files: [String] = []
        for k in 1...2 {
            let output = try SMCheckCommand.run([
                "fuzz", "--seed", "3", "--runs", "2", "--format", "json", "--shard", "\(k)/2", "Specs/tbstatemachine.json",
            ])
            #expect(output.status == 0)
            files.append(try scratch.write("shard-\(k).json", output.standardOutput))
        }
        #expect(try SMCheckCommand.run(["merge"] + files).status == 0)
        // The second shard stopped by Ctrl-C, as its JSON says.
        let second = try String(contentsOfFile: files[1], encoding: .utf8)
        try #require(second.contains("\"failure\": null"))
        let stopped = try scratch.write(
            "stopped.json", second.replacingOccurrences(of: "\"failure\": null", with: "\"failure\": null, \"interrupted\": true"))
        let interrupted = try SMCheckCommand.run(["merge", files[0], stopped])
        #expect(interrupted.status == 3)
        #expect(interrupted.standardOutput.contains("  interrupted: no failure in the runs made ("), "\(interrupted.standardOutput)")
        // The second shard could not use the spec: the first one's campaign is what the merge shows, and it exits 2.
        let swarm = try #require(try JSONParser.parse(second)["shard"]?["swarm"]?.stringValue)
        let unusable = try scratch.write(
            "unusable.json",
            #"{"format": "smcheck-fuzz/1", "shard": {"index": 2, "count": 2, "swarm": "\#(swarm)"}, "specs": [{"file": "Specs/tbstatemachine.json", "errors": [{"message": "changed", "pointer": "", "line": 1, "column": 1}]}]}"#
        )
        for order in [[unusable, files[0]], [files[0], unusable]] {
            let merged = try SMCheckCommand.run(["merge"] + order)
            #expect(merged.status == 2)
            #expect(merged.standardOutput.contains("  ok ("), "\(merged.standardOutput)")
        }
    }

    @Test("fuzz shards' coverage is joined: what any shard reached is reached")
    func fuzzCoverageUnion() throws {
        let scratch = try ScratchDirectory()
        var files: [String] = []
        var missed: [Set<String>] = []
        var covered: [Int] = []
        var milliseconds = 0
        for k in 1...3 {
            // Short campaigns, so that each shard misses something another reaches.
            let output = try SMCheckCommand.run([
                "fuzz", "--seed", "3", "--runs", "2", "--length", "3", "--format", "json", "--shard", "\(k)/3",
                "Specs/tbstatemachine.json",
            ])
            #expect(output.status == 0)
            let transitions = try JSONParser.parse(output.standardOutput)["specs"]?.arrayValue?.first?["coverage"]?["transitions"]
            missed.append(Set(transitions?["missed"]?.arrayValue?.compactMap(\.stringValue) ?? []))
            covered.append(transitions?["covered"]?.integerValue ?? 0)
            milliseconds += try JSONParser.parse(output.standardOutput)["specs"]?.arrayValue?.first?["milliseconds"]?.integerValue ?? 0
            files.append(scratch.path("shard-\(k).json"))
            try output.standardOutput.write(toFile: files.last!, atomically: true, encoding: .utf8)
        }
        let union = missed.dropFirst().reduce(missed[0]) { $0.intersection($1) }
        try #require(missed.allSatisfy { $0 != union }, "each shard misses something another reached: \(missed.map(\.count))")
        let merged = try SMCheckCommand.run(["merge", "--format", "json"] + files)
        #expect(merged.status == 0)
        let transitions = try JSONParser.parse(merged.standardOutput)["specs"]?.arrayValue?.first?["coverage"]?["transitions"]
        #expect(Set(transitions?["missed"]?.arrayValue?.compactMap(\.stringValue) ?? []) == union)
        let total = try #require(transitions?["total"]?.integerValue)
        #expect(transitions?["covered"]?.integerValue == total - union.count)
        #expect((transitions?["covered"]?.integerValue ?? 0) > covered.max()!)
        #expect(try JSONParser.parse(merged.standardOutput)["specs"]?.arrayValue?.first?["milliseconds"]?.integerValue == milliseconds)
        // A campaign on another spec under the same file name counts other items: refused, not joined.
        let campaign = try SMCheckCommand.run(["fuzz", "--seed", "3", "--runs", "1", "--format", "json", "Specs/tbstatemachine.json"])
        let other = try SMCheckCommand.run([
            "fuzz", "--seed", "4", "--runs", "1", "--format", "json", "Specs/rocket.json",
        ])
        let renamed = other.standardOutput.replacingOccurrences(of: "Specs/rocket.json", with: "Specs/tbstatemachine.json")
        try renamed.write(toFile: scratch.path("other.json"), atomically: true, encoding: .utf8)
        let mixed = try SMCheckCommand.run([
            "merge", try scratch.write("campaign.json", campaign.standardOutput), scratch.path("other.json"),
        ])
        #expect(mixed.status == 2)
        #expect(mixed.standardError.contains("cannot be joined with the others: its states are not those of the other shards' spec"))
    }

    @Test(
        "bad shards and bad result files are refused with a reason",
        arguments: [
            (["check", "--shard", "5/4", "Specs/rocket.json"], "shard 5/4: k must be between 1 and n (1...4)"),
            (["check", "--shard", "two", "Specs/rocket.json"], "'two' is not a shard; write k/n, like 3/8 for the third of eight jobs"),
            (
                ["check", "--shard", "1/2", "--method", "symbolic", "Specs/rocket.json"],
                "--shard searches configurations explicitly; it cannot be combined with --method symbolic"
            ),
            (
                ["check", "--bitstate-order", "depth-first", "Specs/rocket.json"],
                "--bitstate-order orders a bitstate search; give its bit array too (e.g. --bitstate 2G)"
            ),
            (["merge", "Specs"], "Specs: error: cannot read it: it is a directory; give a file"),
            (["merge", "nothing-here.json"], "nothing-here.json: error: cannot read it: it does not exist"),
            (
                ["report", "Specs/rocket.json", "-o", "README.md/reports"],
                "cannot create README.md/reports: README.md is a file, not a folder"
            ),
            (
                ["merge", "Specs/rocket.json"],
                "Specs/rocket.json:3:13: error: not a result of 'smcheck check --format json' (\"format\" is not \"smcheck-result/1\")"
            ),
        ])
    func refused(arguments: [String], message: String) throws {
        let output = try SMCheckCommand.run(arguments)
        #expect(output.status == 2 || output.status == 64)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    @Test(
        "a trace edited in a result is replayed and refused: it no longer leads to its finding",
        arguments: [
            ("SM004", "sm004-nondeterministic-guards"), ("SM006", "sm006-invariant-violation"), ("SM007", "sm007-deadlock"),
            ("SM009", "sm009-range-violation"),
        ])
    func editedTrace(code: String, defect: String) throws {
        let scratch = try ScratchDirectory()
        let checked = try SMCheckCommand.run(["check", "--format", "json", "Specs/defects/\(defect).json"])
        let full = checked.standardOutput
        let untouched = try scratch.write("full.json", full)
        #expect(try SMCheckCommand.run(["merge", untouched]).status == checked.status)
        // The finding's trace without its last event.
        let document = try JSONSerialization.jsonObject(with: Data(full.utf8)) as! [String: Any]
        var specs = document["specs"] as! [[String: Any]]
        var edited = 0
        for (s, spec) in specs.enumerated() {
            var findings = spec["findings"] as? [[String: Any]] ?? []
            for (f, finding) in findings.enumerated() where finding["code"] as? String == code {
                guard let trace = finding["trace"] as? [Any], !trace.isEmpty else { continue }
                findings[f]["trace"] = Array(trace.dropLast())
                edited += 1
            }
            specs[s]["findings"] = findings
        }
        #expect(edited >= 1, "\(defect) has a \(code) finding with a trace")
        var changed = document
        changed["specs"] = specs
        let path = scratch.path("edited.json")
        try JSONSerialization.data(withJSONObject: changed).write(to: URL(fileURLWithPath: path))
        let merged = try SMCheckCommand.run(["merge", path])
        #expect(merged.status == 2)
        #expect(merged.standardOutput.isEmpty)
        #expect(merged.standardError.contains("error: the trace of the \(code) finding does not show it on "), "\(merged.standardError)")
    }

    @Test("one result given twice is refused: it would count as two jobs that agree")
    func resultTwice() throws {
        let scratch = try ScratchDirectory()
        let result = try scratch.write(
            "result.json", try SMCheckCommand.run(["check", "--format", "json", "Specs/rocket.json"]).standardOutput)
        let again = scratch.path("./result.json")
        let merged = try SMCheckCommand.run(["merge", result, again])
        #expect(merged.status == 2)
        #expect(merged.standardOutput.isEmpty)
        #expect(merged.standardError == "\(again): error: given twice (as \(result)); give each job's result once\n")
    }

    @Test("saturated bitstate shards: the merge keeps the warning beside their union's expected coverage")
    func saturatedShards() throws {
        let scratch = try ScratchDirectory()
        // Three counters of 100 values: a million configurations, far more than 16 KB of bits can tell apart.
        let spec = try scratch.write(
            "counters.json",
            #"""
            {"format": "smcheck/1", "name": "counters",
             "variables": {"a": {"type": "int", "min": 0, "max": 99, "initial": 0},
                           "b": {"type": "int", "min": 0, "max": 99, "initial": 0},
                           "c": {"type": "int", "min": 0, "max": 99, "initial": 0}},
             "events": {"ia": {}, "ib": {}, "ic": {}},
             "states": {"run": {"on": {"ia": {"guard": "a < 99", "actions": [{"assign": {"a": "a + 1"}}]},
                                      "ib": {"guard": "b < 99", "actions": [{"assign": {"b": "b + 1"}}]},
                                      "ic": {"guard": "c < 99", "actions": [{"assign": {"c": "c + 1"}}]}}}}}
            """#)
        var results: [String] = []
        for k in 1...2 {
            let shard = try SMCheckCommand.run(["check", "--bitstate", "16K", "--shard", "\(k)/2", "--format", "json", spec])
            #expect(shard.status == 3)
            #expect(shard.standardOutput.contains("\"bitstateSaturated\": true"))
            results.append(try scratch.write("shard-\(k).json", shard.standardOutput))
        }
        let merged = try SMCheckCommand.run(["merge"] + results)
        #expect(merged.status == 3)
        #expect(
            merged.standardOutput.contains(
                "every one ended with its array saturated, so the estimate may be far above what they covered"),
            "\(merged.standardOutput)")
        #expect(merged.standardOutput.contains("the configurations counted are the most one of the 2 bitstate searches stored"))
        // Two whole runs search with the same hash functions: together they cover what one did, not more.
        var runs: [String] = []
        for k in 1...2 {
            let run = try SMCheckCommand.run(["check", "--bitstate", "16K", "--format", "json", spec])
            runs.append(try scratch.write("run-\(k).json", run.standardOutput))
        }
        let one = try #require(
            try JSONParser.parse(String(contentsOfFile: runs[0], encoding: .utf8))["specs"]?.arrayValue?.first?["stats"]?[
                "expectedCoverage"]?.value)
        guard case .number(let coverage) = one else { Issue.record("no expectedCoverage: \(one)"); return }
        let percent = (coverage.doubleValue * 100_000).rounded(.down) / 1_000
        let twice = try SMCheckCommand.run(["merge"] + runs)
        #expect(
            twice.standardOutput.contains(
                "2 bitstate searches with the same hash functions and search order (whole runs, not shards of a swarm); expected coverage \(percent)%"
            ), "\(twice.standardOutput)")
    }
}
