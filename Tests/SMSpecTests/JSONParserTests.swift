import SMSpec
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test("values of every kind, with integers kept exact")
    func values() throws {
        let node = try JSONParser.parse(#"{"a": [1, -2, 3.5, 1e3, true, false, null, "x"], "big": 9007199254740993}"#)
        let array = try #require(node["a"]?.arrayValue)
        #expect(array.map(\.typeName) == ["number", "number", "number", "number", "boolean", "boolean", "null", "string"])
        #expect(array[1].integerValue == -2)
        #expect(array[2].integerValue == nil)
        #expect(node["big"]?.integerValue == 9_007_199_254_740_993)
    }

    @Test("positions are 1-based lines and columns in characters")
    func positions() throws {
        let node = try JSONParser.parse("{\n  \"état\": {\n    \"b\": 1\n  }\n}")
        let members = try #require(node.objectValue)
        #expect(members[0].keyPosition.description == "2:3")
        #expect(members[0].value.position.description == "2:11")
        let inner = try #require(members[0].value.objectValue)
        #expect(inner[0].value.position.description == "3:10")
    }

    @Test("invalid UTF-8 is placed on its line whatever ends the lines: LF, CRLF or a lone CR", arguments: ["\n", "\r\n", "\r"])
    func invalidUTF8Position(lineEnd: String) {
        let bytes =
            Array(#"{"format": "smcheck/1","#.utf8) + Array(lineEnd.utf8) + Array(#""name": "x","#.utf8) + Array(lineEnd.utf8)
            + Array(#""states": {""#.utf8) + [0xFF] + Array(#"": {}}}"#.utf8)
        #expect {
            try JSONParser.parse(bytes)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return (error.position.line, error.position.column) == (3, 13)
        }
    }

    @Test("duplicate keys are all kept, in order")
    func duplicates() throws {
        let node = try JSONParser.parse(#"{"k": 1, "k": 2}"#)
        #expect(node.objectValue?.map(\.value.integerValue) == [1, 2])
        #expect(node["k"]?.integerValue == 1)
    }

    @Test("escapes, including surrogate pairs")
    func escapes() throws {
        let node = try JSONParser.parse(#"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude00"]"#)
        #expect(node.arrayValue?.map(\.stringValue) == ["a\"b\\c/d\n\t", "é😀"])
    }

    @Test("a byte order mark is skipped")
    func byteOrderMark() throws {
        let node = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        #expect(node.objectValue?.isEmpty == true)
    }

    @Test("writing and reading back gives the same tree")
    func roundTrip() throws {
        let text = #"{"a": [1, {"b": "c\n\"d\""}, []], "e": {}, "f": null, "g": -0.5}"#
        let node = try JSONParser.parse(text)
        for style in [JSONWriter.Style.pretty, .compact] {
            #expect(try JSONParser.parse(JSONWriter.string(node, style: style)).withoutPositions == node.withoutPositions)
        }
    }

    @Test("JSON Pointers escape ~ and /")
    func pointers() {
        let pointer = JSONPointer.root / "states" / "a/b" / "x~y" / 0
        #expect(pointer.description == "/states/a~1b/x~0y/0")
        #expect(JSONPointer(parsing: pointer.description) == pointer)
    }
}
