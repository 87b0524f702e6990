import SMSCXML
import SMSpec
import Testing

@Suite("The ECMAScript subset of SCXML conditions and values")
struct ECMAScriptSubsetTests {
    @Test(
        "strings are enum values, _event.data is event, In() is in(), === is ==",
        arguments: [
            ("count < 3 && mode == 'auto'", "count < 3 && mode == .auto"),
            ("_event.data.to === \"fast\"", "event.to == .fast"),
            ("In('player') || !In( \"b/b2\" )", "in(player) || !in( b/b2 )"),
            ("a !== b", "a != b"),
            ("(x + 1) * 2 % 3 - -4 / y >= 0", "(x + 1) * 2 % 3 - -4 / y >= 0"),
            ("true != false", "true != false"),
            ("x == 0 || x == 10 || x == 100", "x == 0 || x == 10 || x == 100"),
        ])
    func translates(script: String, expected: String) throws {
        #expect(try ECMAScriptSubset.specExpression(from: script).text == expected)
    }

    @Test(
        "writing gives back the ECMAScript, and reading that gives back smcheck's text",
        arguments: [
            "count < 3 && mode == .auto", "event.to == .fast", "in(player) || !in( b/b2 )", "in(it's)", "x", "!(in(a/b) && event.n > 2)",
        ])
    func roundTrip(expression: String) throws {
        let script = ECMAScriptSubset.script(from: expression)
        #expect(!script.contains(".auto") && !script.contains("event.to"))
        #expect(try ECMAScriptSubset.specExpression(from: script).text == expression)
    }

    @Test("each translated scalar knows where it was written")
    func offsets() throws {
        let translation = try ECMAScriptSubset.specExpression(from: "_event.data.to == 'a'")
        #expect(translation.text == "event.to == .a")
        // "event.to == .a": e(0, the "_") v(2) e(3) n(4) t(5) .(11) t(12) o(13) ...  .(18) a(19), end 21
        #expect(translation.sourceOffsets == [0, 2, 3, 4, 5, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21])
    }

    @Test(
        "what has no counterpart is an error at its offset",
        arguments: [
            ("x == 1.5", "'1.5' is not an integer; smcheck's values are integers, booleans and enum values", 5),
            ("a.b > 1", "member access ('.b') is not supported; data values are plain booleans, integers and enum values", 1),
            ("mode == .auto", "write an enum value as a string in SCXML: 'auto'", 8),
            ("in(idle)", "'in' tests a state in smcheck's JSON format; in SCXML write In('state')", 0),
            ("event.to > 1", "an event's data is _event.data.<name> in SCXML", 0),
            ("_event.name == 'go'", "only the event's data is available, as _event.data.<name>", 0),
            ("x ? 1 : 2", "the conditional operator '?:' is not supported; use <if> in executable content", 2),
            ("In(idle)", "In() takes a state id in quotes, as in In('idle')", 0),
            (
                "m == 'two words'",
                "the string 'two words' is not an enum value; strings in conditions and values name enum values, which are names (letters, digits and _)",
                5
            ),
            ("m == 'open", "the string is never closed with '", 5),
            // ECMAScript reads 010 as octal 8 (strict mode refuses it); decimal 10 would disagree with other interpreters.
            (
                "x == 010",
                "'010' is a legacy octal literal: ECMAScript reads it as 8 (and strict mode refuses it), not as 10; write 8, or 10 without the leading zero",
                5
            ),
            (
                "x == 09",
                "'09' has a leading zero, which ECMAScript's strict mode refuses (and which reads as octal where the digits allow); write 9",
                5
            ),
            (
                "x == 00",
                "'00' has a leading zero, which ECMAScript's strict mode refuses (and which reads as octal where the digits allow); write 0",
                5
            ),
        ])
    func errors(script: String, message: String, offset: Int) {
        #expect(throws: ExpressionError(message, at: offset)) { try ECMAScriptSubset.specExpression(from: script) }
    }
}
