import Foundation
import SMTestSupport
import Testing

/// Command lines that would do harm or lose work if taken as given: an output over the spec it comes from, a report
/// that cannot be written after a whole campaign, a spec left out of a directory's results for a typo, a terminal
/// driven by what the user typed.
@Suite("Command lines that would do harm")
struct HarmfulInputTests {
    @Test(
        "an output that is the spec read is refused, and the spec stays as it was",
        arguments: [["graph", "-o"], ["generate", "-o"], ["generate", "--conformance"], ["export", "-o"]])
    func outputOverTheSpec(command: [String]) throws {
        let scratch = try ScratchDirectory()
        let original = try String(contentsOfFile: "Specs/rocket.json", encoding: .utf8)
        let spec = try scratch.write("rocket.json", original)
        // Another spelling of the same path, and a link to it: the same file.
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.json"), withDestinationPath: spec)
        for output in [spec, scratch.path("./rocket.json"), scratch.path("link.json")] {
            let result = try SMCheckCommand.run([command[0], spec, command[1], output])
            #expect(result.status == 64)
            #expect(result.standardError.contains("\(output) is the spec this command reads"), "\(result.standardError)")
            #expect(try String(contentsOfFile: spec, encoding: .utf8) == original)
        }
    }

    @Test(
        "a report that would be written over the spec it is made from is refused, and the spec stays as it was",
        arguments: [("m.md", "markdown"), ("m.svg", "markdown"), ("m.html", "html")])
    func reportOverTheSpec(specName: String, format: String) throws {
        let scratch = try ScratchDirectory()
        let original = try String(contentsOfFile: "Specs/rocket.json", encoding: .utf8)
        let spec = try scratch.write(specName, original)
        let result = try SMCheckCommand.run(["report", spec, "--format", format, "-o", scratch.path("."), "--runs", "0"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("would replace the spec \(spec) it is made from"), "\(result.standardError)")
        #expect(try String(contentsOfFile: spec, encoding: .utf8) == original)
    }

    @Test("a failures directory where a failure would be saved over the spec fuzzed is refused, and the spec stays as it was")
    func failureOverTheSpec() throws {
        let scratch = try ScratchDirectory()
        let original = try String(contentsOfFile: "Tests/Fixtures/fuzz/off-by-one.json", encoding: .utf8)
        let spec = try scratch.write("off-by-one.json", original)
        let result = try SMCheckCommand.run(["fuzz", spec, "--seed", "7", "--failures-directory", scratch.path(".")])
        #expect(result.status == 64)
        #expect(result.standardError.contains("over the spec \(spec); save failures in another directory"), "\(result.standardError)")
        #expect(try String(contentsOfFile: spec, encoding: .utf8) == original)
    }

    @Test("a diagram named with an extension of no diagram format is refused; export takes the format from -o's name")
    func extensions() throws {
        let scratch = try ScratchDirectory()
        let png = try SMCheckCommand.run(["graph", "Specs/rocket.json", "-o", scratch.path("rocket.png")])
        #expect(png.status == 64)
        #expect(png.standardError.contains("cannot tell a diagram format from '.png'; name the file .svg, .dot, .gv or .mmd"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("rocket.png")))
        #expect(try SMCheckCommand.run(["graph", "Specs/rocket.json", "--format", "dot", "-o", scratch.path("rocket.png")]).status == 0)
        // JSON to JSON (a normalized copy), where the other format would be SCXML.
        #expect(try SMCheckCommand.run(["export", "Specs/rocket.json", "-o", scratch.path("copy.json")]).status == 0)
        #expect(try String(contentsOfFile: scratch.path("copy.json"), encoding: .utf8).hasPrefix("{"))
        #expect(try SMCheckCommand.run(["export", "Specs/rocket.json", "-o", scratch.path("copy.scxml")]).status == 0)
        #expect(try String(contentsOfFile: scratch.path("copy.scxml"), encoding: .utf8).hasPrefix("<?xml"))
    }

    @Test("a JUnit report that cannot be written is refused before the campaign runs")
    func junitBeforeTheCampaign() throws {
        let result = try SMCheckCommand.run(["fuzz", "--junit", "/nonexistent-folder/fuzz.xml", "--runs", "2", "Specs/rocket.json"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError.contains(
                "--junit: cannot write /nonexistent-folder/fuzz.xml: the folder /nonexistent-folder does not exist"))
    }

    @Test("a first word that is neither a command nor a file is an unknown command, before any spec is checked")
    func unknownCommand() throws {
        let result = try SMCheckCommand.run(["bogus", "Specs/rocket.json"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("error: unknown command 'bogus'; the commands are check, "))
    }

    @Test("in a directory, a spec whose format key or value is misspelled is reported with a suggestion, not skipped")
    func misspelledFormatInADirectory() throws {
        let scratch = try ScratchDirectory()
        let spec = try String(contentsOfFile: "Specs/rocket.json", encoding: .utf8)
        try scratch.write("good.json", spec)
        try scratch.write("key.json", spec.replacingOccurrences(of: "\"format\"", with: "\"fromat\""))
        try scratch.write("value.json", spec.replacingOccurrences(of: "\"smcheck/1\"", with: "\"smchek/1\""))
        // Not specs: a schema that describes the format, another tool's file.
        try scratch.write("schema.json", #"{"properties": {"format": {"const": "smcheck/1", "format": "uri"}}}"#)
        try scratch.write("package.json", #"{"name": "x", "format": "esm"}"#)
        let result = try SMCheckCommand.run(["check", scratch.url.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("key.json:3:3: error: unknown key \"fromat\" in the spec; did you mean \"format\"?"))
        #expect(result.standardError.contains("value.json:3:13: error: unsupported format \"smchek/1\""))
        #expect(result.standardError.contains("(not specs): \(scratch.path("package.json")), \(scratch.path("schema.json"))"))
        #expect(result.standardOutput.contains("good.json — Rocket"))
    }

    @Test("control characters typed at run or in a file name reach the terminal escaped")
    func controlCharactersEscaped() throws {
        let typed = try SMCheckCommand.run(["run", "Specs/rocket.json"], input: "\u{1B}[31m\n")
        #expect(typed.standardError.contains("<stdin>:1:1: error: unknown event '\\u001b[31m'"), "\(typed.standardError)")
        #expect(!typed.standardError.unicodeScalars.contains("\u{1B}"))
        let missing = try SMCheckCommand.run(["check", "no\u{1B}[2Jfile.json"])
        #expect(missing.standardError == "no\\u001b[2Jfile.json: error: no such file\n")
    }

    @Test(
        "a device that never ends is read up to a limit and refused, whichever command reads it", arguments: ["check", "replay", "merge"])
    func endlessFile(command: String) throws {
        let result = try SMCheckCommand.run([command, "/dev/zero"])
        #expect(result.status == 2, "\(result.standardError)")
        let expected =
            command == "check"
            ? "/dev/zero:1:1: error: the file is larger than the 16.0 MB limit for a spec (at /)\n"
            : "/dev/zero: error: cannot read it: it is larger than the 256.0 MB limit\n"
        #expect(result.standardError == expected)
    }
}
