import Foundation
import SMReport
import SMSolver
import SMSpec
import SMTestSupport
import Testing

/// What a new user meets in the first hour: typos, directories, help, and the messages of `smcheck run`.
@Suite("The command line in the first hour")
struct FirstHourTests {
    @Test(
        "a misspelled command is named as such, not checked as a file",
        arguments: [("chekc", "check"), ("fuz", "fuzz"), ("reprot", "report")])
    func misspelledCommand(typo: String, command: String) throws {
        let output = try SMCheckCommand.run([typo, "Specs/rocket.json"])
        #expect(output.status == 64)
        #expect(output.standardError == "error: unknown command '\(typo)'; did you mean '\(command)'? (see 'smcheck --help')\n")
        #expect(output.standardOutput.isEmpty)
    }

    @Test("a missing file is named without a JSON Pointer")
    func missingFile() throws {
        let output = try SMCheckCommand.run(["nofile.json"])
        #expect(output.status == 2)
        #expect(output.standardError == "nofile.json: error: no such file\n")
    }

    @Test("a directory: every spec under it is checked; JSON files that are not specs are named in a note")
    func directory() throws {
        let defects = try SMCheckCommand.run(["check", "--severity", "error", "Specs/defects"])
        #expect(defects.status == 1)
        let checked = defects.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Specs/defects/") && $0.contains(" — ") }
        #expect(try checked.count == Fixtures.defectSpecPaths.count)
        #expect(checked.count >= 14)
        let seeds = try SMCheckCommand.run(["check", "Specs", "--severity", "error"])
        #expect(
            seeds.standardError.contains(
                "note: skipped JSON files without \"format\": \"smcheck/1\" (not specs): Specs/smcheck.schema.json\n"))
    }

    @Test("a directory with no spec is an error")
    func emptyDirectory() throws {
        let scratch = try ScratchDirectory()
        try scratch.write("package.json", #"{"name": "x"}"#)
        let output = try SMCheckCommand.run(["check", scratch.url.path])
        #expect(output.status == 2)
        #expect(
            output.standardError.hasSuffix(
                #": error: no spec files (*.json with "format": "smcheck/1", or *.scxml) in this directory"# + "\n"))
        // In the formats for machines too, as a file that cannot be used.
        let json = try SMCheckCommand.run(["check", "--format", "json", scratch.url.path])
        #expect(json.status == 2)
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let specs = try #require(document?["specs"] as? [[String: Any]], "\(json.standardOutput)")
        #expect(specs.count == 1 && specs[0]["file"] as? String == scratch.url.path)
        let errors = specs.first?["errors"] as? [[String: Any]] ?? []
        #expect(
            errors.map { $0["message"] as? String } == [#"no spec files (*.json with "format": "smcheck/1", or *.scxml) in this directory"#]
        )
    }

    @Test("a negative count is refused with what is wrong with it, not 'missing value'")
    func negativeRuns() throws {
        let output = try SMCheckCommand.run(["fuzz", "--runs", "-3", "Specs/rocket.json"])
        #expect(output.status == 64)
        #expect(output.standardError.hasPrefix("error: the value '-3' is invalid for '--runs <runs>': --runs must be at least 1, not -3\n"))
    }

    @Test("a negative seed is refused with what a seed is, by fuzz and by report", arguments: ["fuzz", "report"])
    func negativeSeed(command: String) throws {
        let output = try SMCheckCommand.run([command, "--seed", "-5", "Specs/rocket.json"])
        #expect(output.status == 64)
        #expect(
            output.standardError.hasPrefix(
                "error: the value '-5' is invalid for '--seed <seed>': '-5' is not a seed; give a whole number from 0 to 18446744073709551615\n"
            ))
    }

    @Test("usage errors are written like every other error")
    func usageErrorStyle() throws {
        let output = try SMCheckCommand.run(["check", "--format", "yaml", "Specs/rocket.json"])
        #expect(output.status == 64)
        #expect(output.standardError.hasPrefix("error: "))
        #expect(!output.standardError.contains("Error:"))
    }

    @Test("--version names what the version in brackets is")
    func version() throws {
        let output = try SMCheckCommand.run(["--version"])
        #expect(output.status == 0)
        let version = output.standardOutput
        #expect(
            version.hasPrefix("smcheck \(Release.version) (Z3 ") || version.hasPrefix("smcheck \(Release.version) (built without Z3, "),
            "\(version)")
        #expect(
            version.hasSuffix(", Graphviz \(GraphvizLayout.version ?? ""))\n") || version.hasSuffix(", built without Graphviz)\n"),
            "\(version)")
    }

    @Test("help shows readable defaults and every exit code")
    func help() throws {
        let check = try SMCheckCommand.run(["check", "--help"]).standardOutput
        #expect(!check.contains("SeverityArgument"))
        let flowing = check.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains("(default: info, or the --config file's)"), "\(check)")
        #expect(!check.contains("(default: one per core).\n                          (default:"))
        let top = try SMCheckCommand.run(["--help"]).standardOutput
        for code in [
            "0 nothing at error level", "1 error-level findings", "2 input that could not be used", "3 a check that was not decided",
            "64 a wrong command line",
        ] {
            #expect(top.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ").contains(code), "\(code)")
        }
    }
}

@Suite("smcheck run in the first hour")
struct RunSessionTests {
    @Test("a line that is not an event is reported and skipped; the session goes on and exits 2 at the end")
    func badLineGoesOn() throws {
        let output = try SMCheckCommand.run(["run", "Specs/defects/sm009-range-violation.json"], input: "ad\nadd\n")
        #expect(output.status == 2)
        #expect(output.standardOutput == "cart items=0\ncart items=1\n")
        #expect(output.standardError == "<stdin>:1:1: error: unknown event 'ad'; did you mean 'add'?\n")
    }

    @Test(
        "choices that do not fit the step's choice points are refused at their line and column, the state unchanged",
        arguments: [
            ("finish [1, 0]", "<stdin>:1:12: error: the line gives 2 choices, but 'finish' meets 1 choice point here"),
            ("  finish [2]", "<stdin>:1:11: error: choice 1 is 2, but its choice point has 2 outcomes (0...1)"),
            ("finish [-1]", "<stdin>:1:9: error: choice 1 is -1, but its choice point has 2 outcomes (0...1)"),
            ("finish [5, 0]", "<stdin>:1:9: error: choice 1 is 5, but its choice point has 2 outcomes (0...1)"),
            ("finish [true, \"x\"]", "<stdin>:1:15: error: choices are integers (or true/false)"),
            ("finish [1] extra", "<stdin>:1:12: error: unexpected 'extra' after the event"),
            ("finish [99999999999999999999]", "<stdin>:1:9: error: 99999999999999999999 does not fit in 64 bits"),
        ])
    func choicesThatDoNotFit(line: String, message: String) throws {
        let output = try SMCheckCommand.run(["run", "Tests/Fixtures/semantics/one-of.json"], input: line + "\nfinish [1]\n")
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix(message), "\(output.standardError)")
        #expect(output.standardOutput == "loading\nfailed\n", "the bad line changed nothing; the good one took the second option")
    }

    @Test("a parameter given twice is refused at its second key; a byte-order mark before the first event is skipped")
    func duplicateParameterAndByteOrderMark() throws {
        let twice = try SMCheckCommand.run(
            ["run", "Specs/tbstatemachine.json"], input: #"transition_18 {"route": "b1", "route": "c2"}"# + "\n")
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("<stdin>:1:31: error: parameter 'route' is given twice"), "\(twice.standardError)")
        let marked = try SMCheckCommand.run(["run", "Tests/Fixtures/semantics/one-of.json"], input: "\u{FEFF}finish [1]\n")
        #expect(marked.status == 0, "\(marked.standardError)")
        #expect(marked.standardOutput == "loading\nfailed\n")
    }

    @Test("a parameter value outside its domain is refused at the value")
    func valueOutsideItsDomain() throws {
        let output = try SMCheckCommand.run(["run", "Specs/tbstatemachine.json"], input: #"transition_18 {"route": "zz"}"# + "\n")
        #expect(output.status == 2)
        #expect(output.standardError.contains("<stdin>:1:25: error: 'zz' is not a value of parameter 'route'"), "\(output.standardError)")
    }

    @Test("a whole number past 64 bits is out of an int parameter's domain, as any other")
    func parameterPast64Bits() throws {
        let output = try SMCheckCommand.run(
            ["run", "Tests/Fixtures/runtime/counter.json"], input: #"tick {"sender": 99999999999999999999, "seq": 1}"# + "\n")
        #expect(output.status == 2)
        #expect(
            output.standardError.hasPrefix(
                "<stdin>:1:17: error: '99999999999999999999' is not a value of parameter 'sender' (int 0...15)"),
            "\(output.standardError)")
    }

    @Test("an event written against its arguments or choices, with no space between, is that event")
    func noSpaceBeforeArguments() throws {
        let arguments = try SMCheckCommand.run(["run", "Specs/tbstatemachine.json"], input: #"transition_18{"route": "zz"}"# + "\n")
        #expect(
            arguments.standardError.contains("<stdin>:1:24: error: 'zz' is not a value of parameter 'route'"), "\(arguments.standardError)")
        let choices = try SMCheckCommand.run(["run", "Tests/Fixtures/semantics/one-of.json"], input: "finish[1]\n")
        #expect(choices.status == 0, "\(choices.standardError)")
        #expect(choices.standardOutput == "loading\nfailed\n")
    }

    @Test("a long line is quoted in part in its error", arguments: ["fire ", "fire {\"to\": ", "fire {", "fire ["])
    func longLineQuotedInPart(start: String) throws {
        let output = try SMCheckCommand.run(["run", "Specs/rocket.json"], input: start + String(repeating: "x", count: 100_000) + "\n")
        #expect(output.status == 2)
        #expect(output.standardError.contains("<stdin>:1:"), "\(output.standardError.prefix(300))")
        #expect(output.standardError.utf8.count < 1_000, "\(output.standardError.prefix(300))")
    }

    @Test("a line that is not UTF-8 is refused at its bad byte, and the next line still runs")
    func lineNotUTF8() throws {
        let output = try SMCheckCommand.run(["run", "Specs/rocket.json"], inputBytes: Data("fire".utf8 + [0xFF] + "\nfire\n".utf8))
        #expect(output.status == 2)
        #expect(
            output.standardError.contains(
                "<stdin>:1:5: error: invalid UTF-8 byte 0xFF ('ÿ' in Latin-1 and Windows-1252: is the file in one of those?); event lines must be UTF-8 text"
            ), "\(output.standardError)")
        #expect(output.standardOutput.hasSuffix("countdown countDown=5,fireEnabled=false,abortEnabled=true\n"))
    }

    @Test("a line past the 1 MB limit is refused without being held, and the next line still runs")
    func lineTooLong() throws {
        let input = String(repeating: "x", count: 3 << 20) + "\nfire\n" + String(repeating: "y", count: 2 << 20)
        let output = try SMCheckCommand.run(["run", "Specs/rocket.json"], input: input)
        #expect(output.status == 2)
        let errors = output.standardError.split(separator: "\n").filter { !$0.hasPrefix("note:") }
        #expect(
            errors == [
                "<stdin>:1:1: error: the line is longer than 1 MB; an event line holds an event, its arguments and choices",
                "<stdin>:3:1: error: the line is longer than 1 MB; an event line holds an event, its arguments and choices",
            ])
        #expect(output.standardOutput.hasSuffix("countdown countDown=5,fireEnabled=false,abortEnabled=true\n"))
    }

    @Test("a choice on a step that meets none is refused")
    func choiceWithoutChoicePoint() throws {
        let output = try SMCheckCommand.run(["run", "Specs/defects/sm009-range-violation.json"], input: "add [1]\n")
        #expect(output.status == 2)
        #expect(
            output.standardError.hasPrefix(
                "<stdin>:1:6: error: the line gives 1 choice, but 'add' meets no choice point here (an opaque guard or a oneOf each)"))
    }

    @Test("--strict stops at the first line that is not an event")
    func strict() throws {
        let output = try SMCheckCommand.run(["run", "--strict", "Specs/defects/sm009-range-violation.json"], input: "ad\nadd\n")
        #expect(output.status == 2)
        #expect(output.standardOutput == "cart items=0\n")
    }

    @Test("a misspelled parameter gets a suggestion")
    func parameterSuggestion() throws {
        let output = try SMCheckCommand.run(["run", "Specs/tbstatemachine.json"], input: #"transition_18 {"rout": "b1"}"# + "\n")
        #expect(output.standardError.contains("event 'transition_18' has no parameter 'rout'; did you mean 'route'?"))
    }

    @Test("an unhandled event and a call without a callback are noted on standard error, once per callback")
    func notes() throws {
        let output = try SMCheckCommand.run(["run", "Specs/rocket.json"], input: "fire\nfire\nabort\nfire\n")
        #expect(output.status == 0)
        #expect(output.standardError.contains("<stdin>:2: note: 'fire' is not handled in state 'countdown'; it was ignored\n"))
        let calls = output.standardError.split(separator: "\n").filter { $0.hasPrefix("note: 'call ") }
        #expect(!calls.isEmpty)
        #expect(Set(calls).count == calls.count, "each callback is noted once")
    }

    @Test("an event after a top-level final state is noted as ignored because the machine stopped")
    func stoppedMachine() throws {
        let output = try SMCheckCommand.run(["run", "Tests/Fixtures/semantics/final-halts.json"], input: "stop\ngo\n")
        #expect(output.status == 0)
        #expect(
            output.standardError.contains("<stdin>:2: note: the machine stopped in the top-level final state 'stopped'; 'go' was ignored\n")
        )
    }

    @Test("each status line is written as soon as its event is processed, so a pipe can drive it")
    func lineByLine() throws {
        let process = Process()
        process.executableURL = SMCheckCommand.executable
        process.arguments = ["run", "Specs/defects/sm009-range-violation.json"]
        process.currentDirectoryURL = Fixtures.repositoryRoot
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate() }
        let reader = output.fileHandleForReading
        #expect(try readLine(reader) == "cart items=0")
        input.fileHandleForWriting.write(Data("add\n".utf8))
        // The input stays open: nothing but line buffering can deliver this line now.
        #expect(try readLine(reader) == "cart items=1")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func readLine(_ handle: FileHandle) throws -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else { break }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@Suite("scripts/smcheck")
struct BuildScriptTests {
    @Test("a source tree that does not compile: the compiler's error and a non-zero exit, never an older binary")
    func brokenTree() throws {
        let scratch = try ScratchDirectory("broken-tree")
        let root = Fixtures.repositoryRoot
        for item in ["Package.swift", "Sources", "Plugins", "scripts", "Tests"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: scratch.url.appendingPathComponent(item))
        }
        let broken = scratch.url.appendingPathComponent("Sources/SMSpec/Model/Spec.swift")
        try (try String(contentsOf: broken, encoding: .utf8) + "\nlet broken: Int = \"not a number\"\n")
            .write(to: broken, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = scratch.url.appendingPathComponent("scripts/smcheck")
        process.arguments = ["Specs/rocket.json"]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.contains("smcheck: the build failed"))
        #expect(text.contains("Spec.swift:"))
        #expect(text.contains("error: cannot convert value of type 'String' to specified type 'Int'"))
        #expect(!text.contains("Rocket"), "nothing was run")
    }
}
