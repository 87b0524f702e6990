import Foundation
import SMSpec
import SMTestSupport
import Testing

@Suite("Bad input: every malformed spec gets one exact diagnostic")
struct BadInputTests {
    @Test("there are at least 150 malformed specs")
    func enoughCases() {
        #expect(BadInputCases.all.count >= 150)
        #expect(Set(BadInputCases.all.map(\.title)).count == BadInputCases.all.count, "titles are unique")
    }

    @Test("the diagnostic names the message, the pointer and the line:column", arguments: BadInputCases.all)
    func diagnostic(_ input: BadInput) {
        #expect(input.mismatches() == [])
    }

    @Test("a file with several problems reports all of them, in order")
    func allErrorsOfAFile() throws {
        let text = """
            {
              "format": "smcheck/1",
              "name": "Several",
              "variables": { "count": { "type": "int", "min": 0, "max": 3 } },
              "events": { "tick": {} },
              "states": {
                "a": { "entyr": [], "on": { "tik": "b" } },
                "b": { "on": { "tick": { "target": "c", "guard": "count && true" } } }
              }
            }
            """
        let diagnostics = Spec.decode(json: Array(text.utf8), file: "several.json").1
        #expect(
            diagnostics.map(\.description) == [
                #"several.json:7:12: error: unknown key "entyr" in state "a"; did you mean "entry"? (at /states/a/entyr)"#,
                #"several.json:7:33: error: undeclared event "tik"; did you mean "tick"? (at /states/a/on/tik)"#,
                #"several.json:8:40: error: unknown state "c"; did you mean "a"? (at /states/b/on/tick/target)"#,
                #"several.json:8:61: error: in "count && true": '&&' needs bool operands, but 'count' is int (at /states/b/on/tick/guard)"#,
            ])
    }

    @Test("an XState machine config is named as such, and its keys say what they are here")
    func xstateConfig() {
        let text = """
            {
              "id": "light",
              "context": { "count": 0 },
              "states": {
                "green": { "on": { "TIMER": { "target": "green", "actions": "increment", "internal": true } } }
              }
            }
            """
        let diagnostics = Spec.decode(json: Array(text.utf8), file: "light.json").1
        #expect(
            diagnostics.map(\.description) == [
                #"light.json:1:1: error: this looks like an XState machine config; a spec is smcheck's own format, starting with "format": "smcheck/1" (Docs/SpecFormat.md, "Coming from XState", maps one to the other) (at /)"#,
                #"light.json:2:3: error: unknown key "id" in the spec; XState's "id" is the machine's "name" here; did you mean "name"? (at /id)"#,
                #"light.json:3:3: error: unknown key "context" in the spec; XState's "context" is "variables" here, each with a type (and an int with its bounds); did you mean "variables"? (at /context)"#,
                #"light.json:5:24: error: undeclared event "TIMER"; the spec declares no events (add them under "events") (at /states/green/on/TIMER)"#,
                #"light.json:5:65: error: a list of actions must be an array, not a string; a call of host code by name is [{"call": "increment"}] (at /states/green/on/TIMER/actions)"#,
                #"light.json:5:78: error: unknown key "internal" in a transition; write "kind": "local" for a transition that does not leave its source (XState's internal: true); did you mean "kind"? (at /states/green/on/TIMER/internal)"#,
            ])
    }

    @Test("invalid UTF-8 is rejected at the byte where it starts")
    func invalidUTF8() {
        let bytes = Array(#"{"name": "a"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        let diagnostics = Spec.decode(json: bytes, file: "bad.json").1
        #expect(
            diagnostics.map(\.description) == [
                "bad.json:1:12: error: invalid UTF-8 byte 0xFF ('ÿ' in Latin-1 and Windows-1252: is the file in one of those?); a spec must be UTF-8 text: save it as UTF-8 (at /name)"
            ])
        // A Latin-1 letter: the byte that starts the sequence its next byte does not continue, named as Latin-1 reads it.
        let latin1 = Array(#"{"name": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
        #expect(
            Spec.decode(json: latin1, file: "latin1.json").1.map(\.description) == [
                "latin1.json:1:14: error: invalid UTF-8 byte 0xE9 ('é' in Latin-1 and Windows-1252: is the file in one of those?); a spec must be UTF-8 text: save it as UTF-8 (at /name)"
            ])
    }

    @Test("a UTF-16 file is named as such, with what to do, not as invalid UTF-8")
    func utf16() {
        let text = #"{"format": "smcheck/1"}"#
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(
            Spec.decode(json: little, file: "u.json").1.map(\.description) == [
                "u.json:1:1: error: the file is UTF-16LE (it starts with that byte order mark); smcheck reads UTF-8 files: convert it to UTF-8 (at /)"
            ])
        #expect(Spec.decode(json: big, file: "u.json").1.first?.message.hasPrefix("the file is UTF-16BE") == true)
        // UTF-32LE's mark begins with UTF-16LE's.
        let utf32: [UInt8] = [0xFF, 0xFE, 0x00, 0x00] + text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }
        #expect(Spec.decode(json: utf32, file: "u.json").1.first?.message.hasPrefix("the file is UTF-32LE") == true)
    }

    @Test("XML read as JSON (a file not named .scxml) says how SCXML files are read")
    func xmlAsJSON() {
        let diagnostics = Spec.decode(json: Array("\u{FEFF}\n  <scxml version=\"1.0\"/>".utf8), file: "machine.xml").1
        #expect(
            diagnostics.map(\.description) == [
                "machine.xml:2:3: error: this looks like XML, not JSON: smcheck reads a file as SCXML when its name ends in .scxml (rename it), and as JSON otherwise (at /)"
            ])
        // A '<' later in the text is a JSON syntax error like any other.
        #expect(Spec.decode(json: Array(#"{"name": <}"#.utf8)).1.first?.message.hasPrefix("unexpected '<'") == true)
    }

    @Test("an XState machine in JavaScript or TypeScript is named as such, by its file name or its createMachine call")
    func scriptSource() {
        let script = #"import { createMachine } from "xstate";\nexport const m = createMachine({ id: "m", states: {} });\n"#
        let message =
            #"this is JavaScript or TypeScript, not JSON: smcheck reads specs in its JSON format and SCXML; write the machine's config as a spec (Docs/SpecFormat.md, "Coming from XState", maps its keys)"#
        for file in ["machine.ts", "machine.txt"] {
            #expect(Spec.decode(json: Array(script.utf8), file: file).1.map(\.description) == ["\(file):1:1: error: \(message) (at /)"])
        }
        #expect(Spec.decode(json: Array("{ id: 1 }".utf8), file: "loose.js").1.first?.message == message)
        // JSON5-like text in a .json file is a JSON syntax error like any other.
        #expect(Spec.decode(json: Array("{ id: 1 }".utf8), file: "loose.json").1.first?.message.hasPrefix("unexpected 'id'") == true)
    }

    @Test("a missing file and a directory are errors, not crashes")
    func missingFile() {
        #expect(throws: SpecError.self) { try Spec.load(path: "/nonexistent/spec.json") }
        do {
            _ = try Spec.load(path: "/nonexistent/spec.json")
        } catch {
            #expect(error.description == "/nonexistent/spec.json: error: no such file")
        }
        do {
            _ = try Spec.load(path: Fixtures.specsDirectory.path, displayName: "Specs")
        } catch {
            #expect(error.description == "Specs: error: is a directory, not a spec file")
        }
    }

    @Test("a machine of only history states is refused at a line and column: its first state's")
    func onlyHistory() {
        let problems = LimitsTests.problems(#"{"format": "smcheck/1", "name": "h", "states": {"h": {"type": "history"}}}"#)
        #expect(
            problems.first == "x.json:1:49: error: the machine has only history children; it needs a state to enter (at /states)",
            "\(problems)")
    }
}
