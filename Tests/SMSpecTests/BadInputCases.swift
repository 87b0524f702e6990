import SMSpec
import SMTestSupport

/// Malformed specs, each with the one diagnostic it must produce. Grouped as a user would meet them: JSON syntax,
/// the top level, declarations, states, transitions, expressions, actions, invariants.
enum BadInputCases {
    static func spec(_ change: (inout SpecText) -> Void) -> String { SpecText.with(change) }
    static func states(_ states: String) -> String { SpecText(states: states).description }
    static func firstAt(_ text: String, _ needle: String) -> String {
        let (line, column) = text.lineAndColumn(of: needle)!
        return "line \(line), column \(column)"
    }

    static let all: [BadInput] = syntax + topLevel + variables + events + stateCases + transitions + expressions + actions + invariants

    // MARK: - JSON syntax

    static let syntax: [BadInput] = [
        BadInput("empty file", "", message: "the file is empty; expected a JSON object", pointer: "", line: 1, column: 1),
        BadInput("only white space", "  \n  ", message: "the file is empty; expected a JSON object", pointer: "", line: 2, column: 3),
        BadInput(
            "trailing comma in an object", #"{"format": "smcheck/1",}"#,
            message: "trailing comma before '}'; remove the last ','", pointer: "", at: "}"),
        BadInput(
            "trailing comma in an array", #"{"reachable": ["a",]}"#,
            message: "trailing comma before ']'; remove the last ','", pointer: "/reachable", at: "]"),
        BadInput(
            "missing comma between members", #"{"format": "smcheck/1" "name": "x"}"#,
            message: #"unexpected '"'; expected ',' or '}' after the value of "format""#, pointer: "/format", at: #""name""#),
        BadInput(
            "missing colon", #"{"format" "smcheck/1"}"#,
            message: #"unexpected '"'; expected ':' after the key "format""#, pointer: "", at: #""smcheck/1""#),
        BadInput(
            "unterminated string", #"{"name": "abc"#,
            message: #"unterminated string; it starts here and has no closing '"'"#, pointer: "/name", at: #""abc"#),
        BadInput(
            "invalid escape", #"{"name": "a\qb"}"#,
            message: #"invalid escape '\q'; JSON allows \" \\ \/ \b \f \n \r \t and \uXXXX"#, pointer: "/name", at: #"\q"#),
        BadInput(
            "line break inside a string", "{\"name\": \"a\nb\"}",
            message: #"line break inside a string; close the string or write the break as \n"#, pointer: "/name", line: 1, column: 12),
        BadInput(
            "tab inside a string", "{\"name\": \"a\tb\"}",
            message: "control character U+0009 inside a string; escape it", pointer: "/name", line: 1, column: 12),
        BadInput(
            "single-quoted key", #"{'format': 1}"#,
            message: "object keys use double quotes in JSON, not single quotes", pointer: "", at: "'format'"),
        BadInput(
            "single-quoted value", #"{"name": 'x'}"#,
            message: "strings use double quotes in JSON, not single quotes", pointer: "/name", at: "'x'"),
        BadInput(
            "line comment", "{ // states\n \"name\": 1}",
            message: "comments are not allowed in JSON", pointer: "", at: "//"),
        BadInput(
            "block comment", #"{"name": /* x */ "a"}"#,
            message: "comments are not allowed in JSON", pointer: "/name", at: "/*"),
        BadInput(
            "capitalized true", #"{"name": True}"#,
            message: "unexpected 'True'; JSON booleans are lowercase: true", pointer: "/name", at: "True"),
        BadInput(
            "capitalized false", #"{"name": FALSE}"#,
            message: "unexpected 'FALSE'; JSON booleans are lowercase: false", pointer: "/name", at: "FALSE"),
        BadInput(
            "Python None", #"{"name": None}"#,
            message: "unexpected 'None'; JSON writes null", pointer: "/name", at: "None"),
        BadInput("NaN", #"{"max": NaN}"#, message: "'NaN' is not a JSON number", pointer: "/max", at: "NaN"),
        BadInput(
            "bare word", #"{"name": hello}"#,
            message: "unexpected 'hello'; expected a value (a string needs double quotes)", pointer: "/name", at: "hello"),
        BadInput(
            "truncated literal", #"{"name": tru}"#,
            message: "unexpected 'tru'; expected a value (a string needs double quotes)", pointer: "/name", at: "tru"),
        BadInput("leading zero", #"{"max": 012}"#, message: "leading zeros are not allowed in JSON numbers", pointer: "/max", at: "012"),
        BadInput("minus alone", #"{"max": -}"#, message: "expected a digit after '-'", pointer: "/max", at: "}"),
        BadInput("fraction without digits", #"{"max": 1.}"#, message: "expected a digit after the decimal point", pointer: "/max", at: "}"),
        BadInput("exponent without digits", #"{"max": 1e}"#, message: "expected a digit in the exponent", pointer: "/max", at: "}"),
        BadInput("negative infinity", #"{"max": -Infinity}"#, message: "-Infinity is not a JSON number", pointer: "/max", at: "-Infinity"),
        BadInput("closing brace first", "}", message: "unexpected '}'; expected a value", pointer: "", line: 1, column: 1),
        BadInput(
            "two top-level values", "{} {}", message: "unexpected '{' after the end of the top-level value", pointer: "", line: 1, column: 4
        ),
        BadInput(
            "object cut off", #"{"name": "x""#,
            message: "unexpected end of input inside an object; expected ',' or '}'", pointer: "/name", line: 1, column: 13),
        BadInput(
            "array cut off", #"{"reachable": ["a""#,
            message: "unexpected end of input inside an array; expected ',' or ']'", pointer: "/reachable/0", line: 1, column: 19),
        BadInput("value cut off", #"{"name":"#, message: "unexpected end of input; expected a value", pointer: "/name", line: 1, column: 9),
        BadInput(
            "number as key", #"{1: 2}"#,
            message: "unexpected '1'; expected a key in double quotes (strings need double quotes)", pointer: "", at: "1"),
        BadInput(
            "ten thousand brackets", String(repeating: "[", count: 10_000),
            message: "nesting is deeper than 512 levels; a spec never needs this much",
            pointer: "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0", line: 1, column: 513),
        BadInput(
            "unpaired surrogate", #"{"name": "\uD800"}"#,
            message: #"unpaired surrogate \ud800 in a string"#, pointer: "/name", at: #"\uD800"#),
        BadInput(
            "short unicode escape", #"{"name": "\u12G4"}"#,
            message: #"invalid \u escape; expected four hexadecimal digits"#, pointer: "/name", at: #"\u12G4"#),
        BadInput("top level is an array", "[]", message: "the spec must be an object, not an array", pointer: "", line: 1, column: 1),
        BadInput("top level is a string", #""x""#, message: "the spec must be an object, not a string", pointer: "", line: 1, column: 1),
        BadInput("top level is null", "null", message: "the spec must be an object, not null", pointer: "", line: 1, column: 1),
        BadInput(
            "line numbers after CRLF", "{\r\n\"name\": ?}",
            message: "unexpected '?'; expected a value", pointer: "/name", line: 2, column: 9),
        BadInput(
            "columns count characters, not bytes", "{\"name\": \"état\", \"x\" 1}",
            message: #"unexpected '1'; expected ':' after the key "x" (strings need double quotes)"#, pointer: "", line: 1, column: 22),
    ]

    // MARK: - Top level

    static let topLevel: [BadInput] = {
        let missingFormat = spec { $0.format = nil }
        let missingName = spec { $0.name = nil }
        let missingStates = spec { $0.states = nil }
        let duplicateName = spec { $0.extra = [("name", #""again""#)] }
        return [
            BadInput(
                "missing format", missingFormat, message: #"the spec is missing the required key "format""#, pointer: "", line: 1, column: 1
            ),
            BadInput(
                "missing name", missingName, message: #"the spec is missing the required key "name""#, pointer: "", line: 1, column: 1),
            BadInput(
                "missing states", missingStates, message: #"the spec is missing the required key "states""#, pointer: "", line: 1, column: 1
            ),
            BadInput(
                "future format", spec { $0.format = #""smcheck/2""# },
                message: #"unsupported format "smcheck/2"; this smcheck reads "smcheck/1""#, pointer: "/format", at: #""smcheck/2""#),
            BadInput(
                "format typo", spec { $0.format = #""smchek/1""# },
                message: #"unsupported format "smchek/1"; this smcheck reads "smcheck/1""#, pointer: "/format", at: #""smchek/1""#),
            BadInput(
                "format as a number", spec { $0.format = "1" }, message: #""format" must be a string, not a number"#, pointer: "/format",
                at: #"1,"#),
            BadInput("empty name", spec { $0.name = #""""# }, message: #""name" must not be empty"#, pointer: "/name", at: #""""#),
            BadInput(
                "name as a number", spec { $0.name = "5" }, message: #""name" must be a string, not a number"#, pointer: "/name", at: "5,"),
            BadInput(
                "misspelled top-level key", spec { $0.extra = [("variabels", "{}")] },
                message: #"unknown key "variabels" in the spec; did you mean "variables"?"#, pointer: "/variabels", at: #""variabels""#),
            BadInput(
                "unknown top-level key", spec { $0.extra = [("colour", "1")] },
                message:
                    #"unknown key "colour" in the spec; expected one of: $schema, format, name, description, variables, events, initial, states, invariants, reachable, options"#,
                pointer: "/colour", at: #""colour""#),
            BadInput(
                "states as an array", spec { $0.states = "[]" },
                message: #"the top-level "states" must be an object, not an array"#, pointer: "/states", at: "[]"),
            BadInput(
                "no states", spec { $0.states = "{}" },
                message: #""states" is empty; a machine needs at least one state"#, pointer: "/states", at: "{}\n"),
            BadInput(
                "duplicate top-level key", duplicateName,
                message:
                    #"duplicate key "name" in the spec (first at \#(firstAt(duplicateName, #""name""#))); JSON parsers keep only one of them"#,
                pointer: "/name", at: #""name""#, occurrence: 2),
            BadInput(
                "spec description as a number", spec { $0.extra = [("description", "37")] },
                message: #""description" must be a string, not a number"#, pointer: "/description", at: "37,"),
            BadInput(
                "invariants as an object", spec { $0.extra = [("invariants", "{ }")] },
                message: #""invariants" must be an array, not an object"#, pointer: "/invariants", at: "{ },"),
            BadInput(
                "reachable entry as a number", spec { $0.extra = [("reachable", "[1]")] },
                message: #"an entry of "reachable" must be a string, not a number"#, pointer: "/reachable/0", at: "1]"),
            BadInput(
                "reachable names an unknown state", spec { $0.extra = [("reachable", #"["zz"]"#)] },
                message: #"unknown state "zz""#, pointer: "/reachable/0", at: #""zz""#),
            BadInput(
                "reachable names a history state",
                spec {
                    $0.states = #"{ "p": { "states": { "x": {}, "h": { "type": "history" } } } }"#
                    $0.extra = [("reachable", #"["p/h"]"#)]
                },
                message:
                    #""p/h" is a history state, which is never active, so it cannot be listed as reachable; list its parent or the states it restores; did you mean "p"?"#,
                pointer: "/reachable/0", at: #""p/h""#),
            BadInput(
                "misspelled option", spec { $0.extra = [("options", #"{"maxMicrostep": 5}"#)] },
                message: #"unknown key "maxMicrostep" in "options"; did you mean "maxMicrosteps"?"#, pointer: "/options/maxMicrostep",
                at: #""maxMicrostep""#),
            BadInput(
                "zero microsteps", spec { $0.extra = [("options", #"{"maxMicrosteps": 0}"#)] },
                message: #""maxMicrosteps" must be within 1...1000000, not 0"#, pointer: "/options/maxMicrosteps", at: "0}"),
            BadInput(
                "negative queue bound", spec { $0.extra = [("options", #"{"queueBound": -1}"#)] },
                message: #""queueBound" must be within 0...1024, not -1"#, pointer: "/options/queueBound", at: "-1"),
            BadInput(
                "misspelled unhandled policy", spec { $0.extra = [("options", #"{"unhandled": "ignored"}"#)] },
                message: #""unhandled" must be "ignore" or "error", not "ignored"; did you mean "ignore"?"#, pointer: "/options/unhandled",
                at: #""ignored""#),
            BadInput(
                "fractional microsteps", spec { $0.extra = [("options", #"{"maxMicrosteps": 1.5}"#)] },
                message: #""maxMicrosteps" must be an integer, not 1.5"#, pointer: "/options/maxMicrosteps", at: "1.5"),
            BadInput(
                "options as an array", spec { $0.extra = [("options", "[]")] },
                message: #""options" must be an object, not an array"#, pointer: "/options", at: "[],"),
            BadInput(
                "unknown initial state", spec { $0.initial = #""c""# },
                message: #"unknown state "c"; did you mean "a"?"#, pointer: "/initial", at: #""c""#),
            BadInput(
                "initial as a number", spec { $0.initial = "1" },
                message: #""initial" must be a string, not a number"#, pointer: "/initial", at: "1,"),
        ]
    }()

    // MARK: - Variables

    static let variables: [BadInput] = {
        func variables(_ text: String) -> String { spec { $0.variables = text } }
        let duplicate = variables(#"{"x": {"type": "bool"}, "x": {"type": "bool"}}"#)
        return [
            BadInput(
                "variables as an array", variables("[]"), message: #""variables" must be an object, not an array"#, pointer: "/variables",
                at: "[]"),
            BadInput(
                "variable as a number", variables(#"{"x": 12}"#),
                message:
                    #"variable "x" must be a declaration, not a number; for instance {"type": "int", "min": 0, "max": 12, "initial": 12}, with the bounds it needs"#,
                pointer: "/variables/x", at: "12}"),
            BadInput(
                "variable as a boolean", variables(#"{"x": false}"#),
                message: #"variable "x" must be a declaration, not a boolean; for instance {"type": "bool", "initial": false}"#,
                pointer: "/variables/x", at: "false}"),
            BadInput(
                "variable as a string", variables(#"{"x": "idle"}"#),
                message:
                    #"variable "x" must be a declaration, not a string; for instance {"type": "enum", "values": ["idle", ...], "initial": "idle"}"#,
                pointer: "/variables/x", at: #""idle"}"#),
            BadInput(
                "variable as a list", variables(#"{"x": []}"#), message: #"variable "x" must be an object, not an array"#,
                pointer: "/variables/x", at: "[]}"),
            BadInput(
                "variable without a type", variables(#"{"x": {}}"#), message: #"variable "x" is missing the required key "type""#,
                pointer: "/variables/x", at: "{}}"),
            BadInput(
                "misspelled type", variables(#"{"x": {"type": "enm", "values": ["a"]}}"#),
                message: #"unknown type "enm" for variable "x"; expected "bool", "int" or "enum"; did you mean "enum"?"#,
                pointer: "/variables/x/type", at: #""enm""#),
            BadInput(
                "unknown type", variables(#"{"x": {"type": "integer"}}"#),
                message: #"unknown type "integer" for variable "x"; expected "bool", "int" or "enum""#, pointer: "/variables/x/type",
                at: #""integer""#),
            BadInput(
                "int without max", variables(#"{"x": {"type": "int", "min": 0}}"#),
                message: #"variable "x" is an int and needs both "min" and "max" (bounds make exploration finite)"#,
                pointer: "/variables/x",
                at: #"{"type""#),
            BadInput(
                "a parameter without bounds, used in a guard",
                spec {
                    $0.events = #"{"go": {}, "stop": {}, "set": {"params": {"to": {"type": "int"}}}}"#
                    $0.states = #"{"a": {"on": {"set": {"target": "b", "guard": "event.to > 1"}}}, "b": {"on": {"stop": "a"}}}"#
                },
                message: #"parameter "to" is an int and needs both "min" and "max" (bounds make exploration finite)"#,
                pointer: "/events/set/params/to", at: #"{"type": "int"}"#),
            BadInput(
                "a bound beyond 64 bits", variables(#"{"x": {"type": "int", "min": 0, "max": 9223372036854775808}}"#),
                message: #""max" of variable "x" must be within -2147483648...2147483647, not 9223372036854775808"#,
                pointer: "/variables/x/max", at: "9223372036854775808"),
            BadInput(
                "min greater than max", variables(#"{"x": {"type": "int", "min": 5, "max": 1}}"#),
                message: #"variable "x" has min 5 greater than max 1"#, pointer: "/variables/x/min", at: "5,"),
            BadInput(
                "initial outside the bounds", variables(#"{"x": {"type": "int", "min": 0, "max": 3, "initial": 7}}"#),
                message: #"the initial value 7 of variable "x" is outside its bounds 0...3"#, pointer: "/variables/x/initial", at: "7}"),
            BadInput(
                "int initial as a string", variables(#"{"x": {"type": "int", "min": 0, "max": 3, "initial": "3"}}"#),
                message: #"the initial value of variable "x" must be an integer, not a string"#, pointer: "/variables/x/initial",
                at: #""3""#),
            BadInput(
                "bool initial as a string", variables(#"{"x": {"type": "bool", "initial": "true"}}"#),
                message: #"the initial value of variable "x" must be true or false, not a string"#, pointer: "/variables/x/initial",
                at: #""true""#),
            BadInput(
                "bool with min", variables(#"{"x": {"type": "bool", "min": 0}}"#),
                message: #"variable "x" is a bool and cannot have "min""#, pointer: "/variables/x/min", at: #""min""#),
            BadInput(
                "int with values", variables(#"{"x": {"type": "int", "min": 0, "max": 1, "values": []}}"#),
                message: #"variable "x" is an int and cannot have "values"; use "min" and "max""#, pointer: "/variables/x/values",
                at: #""values""#),
            BadInput(
                "enum without values", variables(#"{"x": {"type": "enum"}}"#),
                message: #"variable "x" is an enum and needs "values", a list of names"#, pointer: "/variables/x", at: #"{"type""#),
            BadInput(
                "enum with no values", variables(#"{"x": {"type": "enum", "values": []}}"#),
                message: #"variable "x" has no values; an enum needs at least one"#, pointer: "/variables/x/values", at: "[]"),
            BadInput(
                "duplicate enum value", variables(#"{"x": {"type": "enum", "values": ["a", "a"]}}"#),
                message: #"duplicate enum value "a""#, pointer: "/variables/x/values/1", at: #""a""#, occurrence: 2),
            BadInput(
                "enum value with a space", variables(#"{"x": {"type": "enum", "values": ["a b"]}}"#),
                message: #"enum value "a b" is not a valid name; use ASCII letters, digits and _, not starting with a digit"#,
                pointer: "/variables/x/values/0",
                at: #""a b""#),
            BadInput(
                "misspelled enum initial", variables(#"{"x": {"type": "enum", "values": ["red", "green"], "initial": "gren"}}"#),
                message: #"the initial value "gren" of variable "x" is not one of its values (red, green); did you mean "green"?"#,
                pointer: "/variables/x/initial", at: #""gren""#),
            BadInput(
                "variable name starting with a digit", variables(#"{"2x": {"type": "bool"}}"#),
                message:
                    #"variable name "2x" is not a valid name; use ASCII letters, digits and _, not starting with a digit"#,
                pointer: "/variables/2x", at: #""2x""#),
            BadInput(
                "keyword as variable name", variables(#"{"true": {"type": "bool"}}"#),
                message:
                    #"variable name "true" is a word expressions keep for themselves (true, false, in, event, else, and, or, not); pick another name"#,
                pointer: "/variables/true", at: #""true""#),
            BadInput(
                "duplicate variable", duplicate,
                message:
                    #"duplicate variable "x" in "variables" (first at \#(firstAt(duplicate, #""x""#))); JSON parsers silently keep only the last"#,
                pointer: "/variables/x", at: #""x""#, occurrence: 2),
            BadInput(
                "bound out of range", variables(#"{"x": {"type": "int", "min": -9999999999, "max": 0}}"#),
                message: #""min" of variable "x" must be within -2147483648...2147483647, not -9999999999"#, pointer: "/variables/x/min",
                at: "-9999999999"),
            BadInput(
                "misspelled variable key", variables(#"{"x": {"type": "bool", "inital": true}}"#),
                message: #"unknown key "inital" in variable "x"; did you mean "initial"?"#, pointer: "/variables/x/inital", at: #""inital""#
            ),
            BadInput(
                "fractional bound", variables(#"{"x": {"type": "int", "min": 0.5, "max": 2}}"#),
                message: #""min" of variable "x" must be an integer, not 0.5"#, pointer: "/variables/x/min", at: "0.5"),
            BadInput(
                "type as a number", variables(#"{"x": {"type": 1}}"#),
                message: #"the type of variable "x" must be a string, not a number"#, pointer: "/variables/x/type", at: "1}"),
        ]
    }()

    // MARK: - Events

    static let events: [BadInput] = {
        func events(_ text: String) -> String { spec { $0.events = text } }
        let duplicate = events(#"{"go": {}, "go": {}, "stop": {}}"#)
        return [
            BadInput(
                "events as an array", events("[]"), message: #""events" must be an object, not an array"#, pointer: "/events", at: "[]"),
            BadInput(
                "events as a list of names", events(#"["coin", "push", "kick", "pay"]"#),
                message: #""events" must be an object, not an array; write the names as keys: {"coin": {}, "push": {}, "kick": {}, ...}"#,
                pointer: "/events", at: #"["coin""#),
            BadInput(
                "event as a number", events(#"{"go": 1, "stop": {}}"#), message: #"event "go" must be an object, not a number"#,
                pointer: "/events/go", at: "1,"),
            BadInput(
                "misspelled params", events(#"{"go": {"param": {}}, "stop": {}}"#),
                message: #"unknown key "param" in event "go"; did you mean "params"?"#, pointer: "/events/go/param", at: #""param""#),
            BadInput(
                "params as an array", events(#"{"go": {"params": []}, "stop": {}}"#),
                message: #"the params of "go" must be an object, not an array"#, pointer: "/events/go/params", at: "[]"),
            BadInput(
                "parameter written as its type alone", events(#"{"go": {"params": {"n": "int"}}, "stop": {}}"#),
                message: #"parameter "n" must be an object such as {"type": "int", "min": 0, "max": 10}, not the string "int""#,
                pointer: "/events/go/params/n", at: #""n": "int""#, offset: 5),
            BadInput(
                "parameter without a type", events(#"{"go": {"params": {"p": {}}}, "stop": {}}"#),
                message: #"parameter "p" is missing the required key "type""#, pointer: "/events/go/params/p", at: "{}}"),
            BadInput(
                "parameter with an initial value", events(#"{"go": {"params": {"p": {"type": "bool", "initial": true}}}, "stop": {}}"#),
                message: #"unknown key "initial" in parameter "p"; expected one of: type, min, max, values, description"#,
                pointer: "/events/go/params/p/initial", at: #""initial""#, occurrence: 2),
            BadInput(
                "star as an event name", events(#"{"*": {}, "go": {}, "stop": {}}"#),
                message: #""*" is not an event name; it matches every event in "on""#, pointer: "/events/*", at: #""*""#),
            BadInput(
                "reserved done. prefix", events(#"{"done.x": {}, "go": {}, "stop": {}}"#),
                message: #"event names starting with "done." are reserved for the done.state.<state> events the machine raises itself; "#
                    + "name the event otherwise",
                pointer: "/events/done.x", at: #""done.x""#),
            BadInput(
                "event name with a space", events(#"{"go now": {}, "go": {}, "stop": {}}"#),
                message: #"event name "go now" must be non-empty and contain no white space"#, pointer: "/events/go now", at: #""go now""#),
            BadInput(
                "event name with a '*'", events(#"{"go": {}, "stop": {}, "error*": {}}"#),
                message:
                    #"event name "error*" contains '*', which is not part of a name: it matches events in a transition's descriptor, alone ("*") or as the last token ("error.*")"#,
                pointer: "/events/error*", at: #""error*""#),
            BadInput(
                "event name with an empty token", events(#"{"go": {}, "stop": {}, "a..b": {}}"#),
                message:
                    #"event name "a..b" has '..', which leaves an empty token; an event name is tokens joined by '.', none of them empty; did you mean "a.b"?"#,
                pointer: "/events/a..b", at: #""a..b""#),
            BadInput(
                "event name ending with a dot", events(#"{"go": {}, "stop": {}, "pause.": {}}"#),
                message:
                    #"event name "pause." ends with '.', which leaves an empty token; an event name is tokens joined by '.', none of them empty; did you mean "pause"?"#,
                pointer: "/events/pause.", at: #""pause.""#),
            BadInput(
                "duplicate event", duplicate,
                message:
                    #"duplicate event "go" in "events" (first at \#(firstAt(duplicate, #""go""#))); JSON parsers silently keep only the last"#,
                pointer: "/events/go", at: #""go""#, occurrence: 2),
            BadInput(
                "parameter name with a dash", events(#"{"go": {"params": {"a-b": {"type": "bool"}}}, "stop": {}}"#),
                message: #"parameter name "a-b" is not a valid name; use ASCII letters, digits and _, not starting with a digit"#,
                pointer: "/events/go/params/a-b",
                at: #""a-b""#),
            BadInput(
                "parameter named after a keyword", events(#"{"go": {"params": {"event": {"type": "bool"}}}, "stop": {}}"#),
                message:
                    #"parameter name "event" is a word expressions keep for themselves (true, false, in, event, else, and, or, not); pick another name"#,
                pointer: "/events/go/params/event", at: #""event""#),
            BadInput(
                "parameter of unknown type", events(#"{"go": {"params": {"p": {"type": "string"}}}, "stop": {}}"#),
                message: #"unknown type "string" for parameter "p"; expected "bool", "int" or "enum""#, pointer: "/events/go/params/p/type",
                at: #""string""#),
            BadInput(
                "event name with a slash in JSON Pointer", events(#"{"a/b": 1, "go": {}, "stop": {}}"#),
                message: #"event "a/b" must be an object, not a number"#, pointer: "/events/a~1b", at: "1,"),
        ]
    }()

    // MARK: - States

    static let stateCases: [BadInput] = {
        let duplicate = states(#"{"a": {}, "a": {}}"#)
        let nestedDuplicate = states(#"{"p": {"states": {"x": {}, "x": {}}}}"#)
        return [
            BadInput(
                "state as a number", states(#"{"a": 1}"#), message: #"state "a" must be an object, not a number"#, pointer: "/states/a",
                at: "1}"),
            BadInput(
                "misspelled entry", states(#"{"a": {"entyr": []}}"#),
                message: #"unknown key "entyr" in state "a"; did you mean "entry"?"#, pointer: "/states/a/entyr", at: #""entyr""#),
            BadInput(
                "unknown state key", states(#"{"a": {"color": "red"}}"#),
                message:
                    #"unknown key "color" in state "a"; expected one of: type, initial, states, entry, exit, on, always, history, target, description"#,
                pointer: "/states/a/color", at: #""color""#),
            BadInput(
                "duplicate top-level state", duplicate,
                message:
                    #"SM003: duplicate state name "a" in the top-level "states" (first at \#(firstAt(duplicate, #"{"a""#).replacingColumn(+1))); JSON parsers silently keep only the last"#,
                pointer: "/states/a", at: #""a": {}}"#),
            BadInput(
                "duplicate nested state", nestedDuplicate,
                message:
                    #"SM003: duplicate state name "x" in the states of "p" (first at \#(firstAt(nestedDuplicate, #""x""#))); JSON parsers silently keep only the last"#,
                pointer: "/states/p/states/x", at: #""x""#, occurrence: 2),
            BadInput(
                "slash in a state name", states(#"{"a/b": {}}"#),
                message: #"state name "a/b" contains '/'; names are joined with '/' into paths and used inside in(...)"#,
                pointer: "/states/a~1b", at: #""a/b""#),
            BadInput(
                "space in a state name", states(#"{"a b": {}}"#),
                message: #"state name "a b" contains white space; names are joined with '/' into paths and used inside in(...)"#,
                pointer: "/states/a b", at: #""a b""#),
            BadInput(
                "a long name is quoted in part", states(#"{"a b\#(String(repeating: "x", count: 1_000))": {}}"#),
                message:
                    #"state name "a b\#(String(repeating: "x", count: 97))…\#(String(repeating: "x", count: 50))" (1003 characters) contains white space; names are joined with '/' into paths and used inside in(...)"#,
                pointer: "/states/a b" + String(repeating: "x", count: 1_000), at: #""a b\#(String(repeating: "x", count: 1_000))""#),
            BadInput(
                "a line break in the spec's name", SpecText.with { $0.name = #""demo\n  0 errors""# },
                message: #""name" contains the control character U+000A; a name is one line"#, pointer: "/name",
                at: #""demo\n  0 errors""#),
            BadInput(
                "control character in a state name", states(#"{"a\u001b[2J": {}}"#),
                message: #"state name "a\u001b[2J" contains the control character U+001B; write it without one"#,
                pointer: "/states/a\u{1B}[2J", at: #""a\u001b[2J""#),
            BadInput(
                "right-to-left override in a description",
                SpecText.with { $0.extra = [("description", #""pay \u202Eyks""#)] },
                message: #""description" contains the control character U+202E; write it without one"#,
                pointer: "/description", at: #""pay \u202Eyks""#),
            BadInput(
                "a noncharacter, which XML cannot hold, in a state name", states(#"{"a\uFFFF": {}}"#),
                message: #"state name "a\uffff" contains the noncharacter U+FFFF, which XML cannot hold; write it without one"#,
                pointer: "/states/a\u{FFFF}", at: #""a\uFFFF""#),
            BadInput(
                "a noncharacter in a description", SpecText.with { $0.extra = [("description", #""x\uFFFE""#)] },
                message: #""description" contains the noncharacter U+FFFE, which XML cannot hold; write it without one"#,
                pointer: "/description", at: #""x\uFFFE""#),
            BadInput("empty state name", states(#"{"": {}}"#), message: "a state name must not be empty", pointer: "/states/", at: #""""#),
            BadInput(
                "misspelled state type", states(#"{"a": {"type": "paralel", "states": {"x": {}}}}"#),
                message:
                    #"unknown state type "paralel"; expected one of: atomic, compound, parallel, final, history, choice; did you mean "parallel"?"#,
                pointer: "/states/a/type", at: #""paralel""#),
            BadInput(
                "atomic with children", states(#"{"a": {"type": "atomic", "states": {"x": {}}}}"#),
                message: #"state "a" is atomic but has child states; remove "type" or make it compound"#, pointer: "/states/a", at: #""a""#),
            BadInput(
                "compound without children", states(#"{"a": {"type": "compound"}}"#),
                message: #"state "a" is compound but has no child states"#, pointer: "/states/a", at: #""a""#),
            BadInput(
                "parallel with initial", states(#"{"p": {"type": "parallel", "initial": "x", "states": {"x": {}, "y": {}}}}"#),
                message: #"state "p" is parallel: it enters all its regions, so "initial" does not apply"#, pointer: "/states/p/initial",
                at: #""x""#),
            BadInput(
                "parallel without regions", states(#"{"p": {"type": "parallel"}}"#),
                message: #"state "p" is parallel but has no regions (child states)"#, pointer: "/states/p", at: #""p""#),
            BadInput(
                "final with children", states(#"{"a": {"type": "final", "states": {"x": {}}}}"#),
                message: #"final state "a" cannot have child states"#, pointer: "/states/a", at: #""a""#),
            BadInput(
                "final with transitions", states(#"{"a": {"type": "final", "on": {"go": "b"}}, "b": {}}"#),
                message: #"final state "a" cannot have transitions; a final state is never left by its own transitions"#,
                pointer: "/states/a",
                at: #""a""#),
            BadInput(
                "history with transitions", states(#"{"p": {"states": {"x": {}, "h": {"type": "history", "on": {"go": "x"}}}}}"#),
                message: #"history state "p/h" is a pseudostate: it can only have "history" and "target""#, pointer: "/states/p/states/h",
                at: #""h""#),
            BadInput(
                "history at the top level", states(#"{"a": {}, "h": {"type": "history"}}"#),
                message: #"history state "h" is at the top level; the root is never left, so there is nothing to remember"#,
                pointer: "/states/h", at: #""h""#),
            BadInput(
                "choice without branches", states(#"{"a": {}, "c": {"type": "choice"}}"#),
                message:
                    #"choice state "c" has no "always" transitions; a choice needs guarded branches (end with an unguarded or "else" one)"#,
                pointer: "/states/c", at: #""c""#),
            BadInput(
                "choice with on", states(#"{"a": {}, "c": {"type": "choice", "on": {"go": "a"}, "always": "a"}}"#),
                message: #"choice state "c" is a pseudostate: it can only have "always" transitions"#, pointer: "/states/c", at: #""c""#),
            BadInput(
                "choice branch without target",
                states(#"{"a": {}, "c": {"type": "choice", "always": [{"guard": "ready", "target": "a"}, {"guard": "else"}]}}"#),
                message: #"every branch of choice state "c" needs a target; the choice must be left in the microstep after it is entered"#,
                pointer: "/states/c/always/1", at: #"{"guard": "else"}"#),
            BadInput(
                "initial outside the state", states(#"{"p": {"initial": "q", "states": {"x": {}}}, "q": {}}"#),
                message: #"the initial state "q" of state "p" is not one of its descendants; did you mean "x"?"#,
                pointer: "/states/p/initial",
                at: #""q""#),
            BadInput(
                "unknown initial child", states(#"{"p": {"initial": "xx", "states": {"x": {}}}}"#),
                message: #"unknown state "xx"; did you mean "x"?"#, pointer: "/states/p/initial", at: #""xx""#),
            BadInput(
                "history default that is a sibling history",
                states(
                    #"{"p": {"initial": "h", "states": {"x": {}, "h": {"type": "history", "target": "h2"}, "h2": {"type": "history", "target": "x"}}}}"#
                ),
                message: #"the default target "h2" of history state "p/h" is a history state of the same parent; name the states to enter"#,
                pointer: "/states/p/states/h/target", at: #""h2""#),
            BadInput(
                "initial on an atomic state", states(#"{"a": {"initial": "b"}, "b": {}}"#),
                message: #""initial" only applies to compound states, and state "a" is atomic"#, pointer: "/states/a/initial", at: #""b""#),
            BadInput(
                "history key on an atomic state", states(#"{"a": {"type": "atomic", "history": "deep"}}"#),
                message: #""history" only applies to history states, and state "a" is atomic"#, pointer: "/states/a/history",
                at: #""history""#),
            BadInput(
                "history key on a compound state, as XState writes it",
                states(#"{"p": {"history": "deep", "states": {"x": {}}}}"#),
                message:
                    #""history" only applies to history states, and state "p" is compound; to resume where it was left, give it a child {"type": "history", "history": "deep"} and target that child"#,
                pointer: "/states/p/history", at: #""history""#),
            BadInput(
                "target key on a state", states(#"{"a": {"target": "b"}, "b": {}}"#),
                message:
                    #""target" only applies to history states, and state "a" is atomic; transitions are written under "on" or "always""#,
                pointer: "/states/a/target", at: #""target""#),
            BadInput(
                "misspelled history depth", states(#"{"p": {"states": {"x": {}, "h": {"type": "history", "history": "deeep"}}}}"#),
                message: #""history" must be "shallow" or "deep", not "deeep"; did you mean "deep"?"#,
                pointer: "/states/p/states/h/history",
                at: #""deeep""#),
            BadInput(
                "history default outside its parent",
                states(#"{"p": {"states": {"x": {}, "h": {"type": "history", "target": "q"}}}, "q": {}}"#),
                message: #"the default target "q" of history state "p/h" must be inside its parent"#, pointer: "/states/p/states/h/target",
                at: #""q""#),
            BadInput(
                "entry as an object", states(#"{"a": {"entry": {}}}"#),
                message: "a list of actions must be an array, not an object", pointer: "/states/a/entry", at: "{}}"),
            BadInput(
                "entry action as a string", states(#"{"a": {"entry": ["x"]}}"#),
                message: #"an action must be an object such as {"assign": {...}}, {"raise": "event"} or {"call": "name"}, not a string"#,
                pointer: "/states/a/entry/0", at: #""x""#),
            BadInput(
                "child states as an array", states(#"{"a": {"states": []}}"#),
                message: #"the states of "a" must be an object, not an array"#, pointer: "/states/a/states", at: "[]"),
            BadInput(
                "on as an array", states(#"{"a": {"on": []}}"#),
                message: #""on" of state "a" must be an object, not an array"#, pointer: "/states/a/on", at: "[]"),
            BadInput(
                "history default as an object",
                states(#"{"p": {"states": {"x": {}, "h": {"type": "history", "target": {"oneOf": ["x"]}}}}}"#),
                message: "a history default target is a state or a list of states, not an object", pointer: "/states/p/states/h/target",
                at: #"{"oneOf""#),
            BadInput(
                "type as an array", states(#"{"a": {"type": []}}"#),
                message: #"the type of state "a" must be a string, not an array"#, pointer: "/states/a/type", at: "[]"),
            BadInput(
                "description as a number", states(#"{"a": {"description": 1}}"#),
                message: #""description" must be a string, not a number"#, pointer: "/states/a/description", at: "1}"),
        ]
    }()

    // MARK: - Transitions

    static let transitions: [BadInput] = [
        BadInput(
            "misspelled event", states(#"{"a": {"on": {"goo": "a"}}}"#),
            message: #"undeclared event "goo"; did you mean "go"?"#, pointer: "/states/a/on/goo", at: #""goo""#),
        BadInput(
            "misspelled event with extra letters", states(#"{"a": {"on": {"gooo": "a"}}}"#),
            message: #"undeclared event "gooo"; did you mean "go"?"#, pointer: "/states/a/on/gooo", at: #""gooo""#),
        BadInput(
            "undeclared event", states(#"{"a": {"on": {"jump": "a"}}}"#),
            message: #"undeclared event "jump"; declare it under "events""#, pointer: "/states/a/on/jump", at: #""jump""#),
        BadInput(
            "undeclared event with no events at all",
            spec {
                $0.events = nil; $0.states = #"{"a": {"on": {"jump": "a"}}}"#
            },
            message: #"undeclared event "jump"; the spec declares no events (add them under "events")"#, pointer: "/states/a/on/jump",
            at: #""jump""#),
        BadInput(
            "misspelled event among several descriptors", states(#"{"a": {"on": {"go stp": "a"}}}"#),
            message: #"undeclared event "stp"; did you mean "stop"?"#, pointer: "/states/a/on/go stp", at: #""go stp""#),
        BadInput(
            "descriptor that matches no event", states(#"{"a": {"on": {"go.*": "a", "error": "a"}}}"#),
            message: #"undeclared event "error"; declare it under "events""#, pointer: "/states/a/on/error", at: #""error""#),
        BadInput(
            "descriptor that is only white space", states(#"{"a": {"on": {" ": "a"}}}"#),
            message: #"an empty event name; name an event, several separated by spaces, or "*" for every event"#, pointer: "/states/a/on/ ",
            at: #"" ""#),
        BadInput(
            "descriptor starting with a dot", states(#"{"a": {"on": {".go": "a"}}}"#),
            message:
                #"event descriptor ".go" starts with '.', which leaves an empty token; an event name is tokens joined by '.', none of them empty; did you mean "go"?"#,
            pointer: "/states/a/on/.go", at: #"".go""#),
        BadInput(
            "descriptor ending with a dot", states(#"{"a": {"on": {"go.": "a"}}}"#),
            message:
                #"event descriptor "go." ends with '.', which leaves an empty token; write "go" (or "go.*"), which takes go and every event under it"#,
            pointer: "/states/a/on/go.", at: #""go.""#),
        BadInput(
            "descriptor with '*' inside a token", states(#"{"a": {"on": {"*.go": "a"}}}"#),
            message:
                #"event descriptor "*.go" has '*' inside a token; '*' matches alone ("*", every event) or as the last token ("error.*", error and the events under it)"#,
            pointer: "/states/a/on/*.go", at: #""*.go""#),
        BadInput(
            "wildcard descriptor with an empty token", states(#"{"a": {"on": {"go..*": "a"}}}"#),
            message:
                #"event descriptor "go..*" has '..', which leaves an empty token; an event name is tokens joined by '.', none of them empty; did you mean "go.*"?"#,
            pointer: "/states/a/on/go..*", at: #""go..*""#),
        BadInput(
            "transition as a number", states(#"{"a": {"on": {"go": 5}}}"#),
            message: "a transition must be a target string, an object or a list of them, not a number", pointer: "/states/a/on/go", at: "5}"
        ),
        BadInput(
            "empty transition list", states(#"{"a": {"on": {"go": []}}}"#),
            message: "an empty list of transitions; remove the key or add a transition", pointer: "/states/a/on/go", at: "[]"),
        BadInput(
            "misspelled guard key", states(#"{"a": {"on": {"go": {"target": "a", "gaurd": "ready"}}}}"#),
            message: #"unknown key "gaurd" in a transition; did you mean "guard"?"#, pointer: "/states/a/on/go/gaurd", at: #""gaurd""#),
        BadInput(
            "misspelled target", states(#"{"a": {"on": {"go": "bb"}}, "b": {}}"#),
            message: #"unknown state "bb"; did you mean "b"?"#, pointer: "/states/a/on/go", at: #""bb""#),
        BadInput(
            "path that does not exist", states(#"{"p": {"states": {"x": {}}, "on": {"go": "p/y"}}}"#),
            message: #"no state has the path "p/y"; did you mean "p/x"?"#, pointer: "/states/p/on/go", at: #""p/y""#),
        BadInput(
            "ambiguous bare target", states(#"{"p": {"states": {"x": {}}}, "q": {"states": {"x": {}}, "on": {"go": "x"}}}"#),
            message: #"ambiguous state name "x": 2 states have it ("p/x", "q/x"); write the path"#, pointer: "/states/q/on/go",
            at: #""x""#, occurrence: 3),
        BadInput(
            "target as a number", states(#"{"a": {"on": {"go": {"target": 1}}}}"#),
            message: #"a target must be a state name or path, a list of them (a fork), {"oneOf": [...]} or null, not a number"#,
            pointer: "/states/a/on/go/target", at: "1}"),
        BadInput(
            "empty target list", states(#"{"a": {"on": {"go": {"target": []}}}}"#),
            message: #"an empty target list; write null (or leave "target" out) for a targetless transition"#,
            pointer: "/states/a/on/go/target", at: "[]"),
        BadInput(
            "empty oneOf", states(#"{"a": {"on": {"go": {"target": {"oneOf": []}}}}}"#),
            message: #""oneOf" needs at least one target"#, pointer: "/states/a/on/go/target/oneOf", at: "[]"),
        BadInput(
            "misspelled oneOf", states(#"{"a": {"on": {"go": {"target": {"one": ["a"]}}}}}"#),
            message: #"unknown key "one" in a target object; did you mean "oneOf"?"#, pointer: "/states/a/on/go/target/one", at: #""one""#),
        BadInput(
            "fork into a compound state", states(#"{"a": {"on": {"go": {"target": ["x", "y"]}}}, "p": {"states": {"x": {}, "y": {}}}}"#),
            message:
                #"fork targets "x" and "y" are not in distinct regions of one parallel state (they meet in compound state "p", where only one child is active)"#,
            pointer: "/states/a/on/go/target/1", at: #""y""#),
        BadInput(
            "fork into nested states", states(#"{"a": {"on": {"go": {"target": ["p", "x"]}}}, "p": {"states": {"x": {}}}}"#),
            message: #"fork targets "p" and "x" are nested; a fork needs states in distinct regions of one parallel state"#,
            pointer: "/states/a/on/go/target/1", at: #""x""#),
        BadInput(
            "fork into one region",
            states(
                #"{"a": {"on": {"go": {"target": ["x", "y"]}}}, "p": {"type": "parallel", "states": {"r": {"states": {"x": {}, "y": {}}}, "s": {}}}}"#
            ),
            message:
                #"fork targets "x" and "y" are not in distinct regions of one parallel state (they meet in compound state "p/r", where only one child is active)"#,
            pointer: "/states/a/on/go/target/1", at: #""y""#),
        BadInput(
            "history default forking into one region",
            states(
                #"{"a": {"on": {"go": "p/h"}}, "p": {"type": "parallel", "states": {"h": {"type": "history", "history": "deep", "target": ["x", "y"]}, "r": {"states": {"x": {}, "y": {}}}, "s": {}}}}"#
            ),
            message:
                #"fork targets "x" and "y" are not in distinct regions of one parallel state (they meet in compound state "p/r", where only one child is active)"#,
            pointer: "/states/p/states/h/target/1", at: #""y""#),
        BadInput(
            "fork across the top level", states(#"{"a": {"on": {"go": {"target": ["a", "b"]}}}, "b": {}}"#),
            message:
                #"fork targets "a" and "b" are not in distinct regions of one parallel state (they meet at the top level, where only one child is active)"#,
            pointer: "/states/a/on/go/target/1", at: #""b""#),
        BadInput(
            "fork with a repeated target", states(#"{"a": {"on": {"go": {"target": ["a", "a"]}}}}"#),
            message: #"fork target "a" is listed twice"#, pointer: "/states/a/on/go/target/1", at: #""a""#, occurrence: 3),
        BadInput(
            "internal kind", states(#"{"a": {"on": {"go": {"target": "a", "kind": "internal"}}}}"#),
            message:
                #""kind" must be "external" or "local", not "internal"; a targetless transition (no "target") is TBStateMachine's internal transition"#,
            pointer: "/states/a/on/go/kind", at: #""internal""#),
        BadInput(
            "misspelled kind", states(#"{"a": {"on": {"go": {"target": "a", "kind": "locl"}}}}"#),
            message: #""kind" must be "external" or "local", not "locl"; did you mean "local"?"#, pointer: "/states/a/on/go/kind",
            at: #""locl""#),
        BadInput(
            "guard as a boolean", states(#"{"a": {"on": {"go": {"target": "a", "guard": true}}}}"#),
            message: "a guard must be a string, not a boolean", pointer: "/states/a/on/go/guard", at: "true"),
        BadInput(
            "opaque guard without a name", states(#"{"a": {"on": {"go": {"target": "a", "guard": "?"}}}}"#),
            message: #"an opaque guard is "?name" with a non-empty name and no spaces"#, pointer: "/states/a/on/go/guard", at: #""?""#),
        BadInput(
            "always as a number", states(#"{"a": {"always": 3}}"#),
            message: "a transition must be a target string, an object or a list of them, not a number", pointer: "/states/a/always",
            at: "3}"),
        BadInput(
            "completion of an atomic state", states(#"{"a": {"on": {"done.state.b": "a"}}, "b": {}}"#),
            message: #""done.state.b" never happens: "b" is not a compound or parallel state"#, pointer: "/states/a/on/done.state.b",
            at: #""done.state.b""#),
        BadInput(
            "an XState target with the machine's id", states(##"{"p": {"states": {"a": {"on": {"go": "#T.p.b"}}, "b": {}}}}"##),
            message: ##"unknown state "#T.p.b"; a path is written with '/', without XState's '#' and dots; did you mean "p/b"?"##,
            pointer: "/states/p/states/a/on/go", at: ##""#T"##),
        BadInput(
            "a dotted path", states(#"{"p": {"states": {"a": {"on": {"go": "p.b"}}, "b": {}}}}"#),
            message: #"unknown state "p.b"; a path is written with '/', without XState's '#' and dots; did you mean "p/b"?"#,
            pointer: "/states/p/states/a/on/go", at: #""p.b""#),
        BadInput(
            "completion of an atomic state, with a wildcard", states(#"{"a": {"on": {"done.state.b.*": "a"}}, "b": {}}"#),
            message: #""done.state.b.*" never happens: "b" is not a compound or parallel state"#,
            pointer: "/states/a/on/done.state.b.*", at: #""done.state.b.*""#),
        BadInput(
            "every completion where no state can complete", states(#"{"a": {"on": {"done.state.*": "b"}}, "b": {}}"#),
            message:
                #""done.state.*" never happens: no state is compound or parallel, so the machine raises no done.state.<state> event"#,
            pointer: "/states/a/on/done.state.*", at: #""done.state.*""#),
        BadInput(
            "completion of an unknown state", states(#"{"p": {"states": {"x": {}}, "on": {"done.state.q": "p"}}}"#),
            message: #""done.state.q" names no state: unknown state "q"; did you mean "done.state.p"?"#,
            pointer: "/states/p/on/done.state.q",
            at: #""done.state.q""#),
        BadInput(
            "empty guard", states(#"{"a": {"on": {"go": {"target": "a", "guard": ""}}}}"#),
            message: #"a guard must not be empty; leave "guard" out for an unguarded transition"#, pointer: "/states/a/on/go/guard",
            at: #""""#),
        BadInput(
            "target list element as a number", states(#"{"a": {"on": {"go": {"target": ["a", 2]}}}}"#),
            message: "a target must be a string, not a number", pointer: "/states/a/on/go/target/1", at: "2]"),
        BadInput(
            "undeclared event in a list", states(#"{"a": {"on": {"jump": [{"target": "a"}, {"target": "a"}]}}}"#),
            message: #"undeclared event "jump"; declare it under "events""#, pointer: "/states/a/on/jump", at: #""jump""#),
        BadInput(
            "actions as an object", states(#"{"a": {"on": {"go": {"actions": {}}}}}"#),
            message: "a list of actions must be an array, not an object", pointer: "/states/a/on/go/actions", at: "{}}"),
        BadInput(
            "unknown key in oneOf", states(#"{"a": {"on": {"go": {"target": {"oneOf": ["a"], "weights": [1]}}}}}"#),
            message: #"unknown key "weights" in a target object; expected one of: oneOf"#, pointer: "/states/a/on/go/target/weights",
            at: #""weights""#),
        BadInput(
            "unknown oneOf target", states(#"{"a": {"on": {"go": {"target": {"oneOf": ["a", "zz"]}}}}}"#),
            message: #"unknown state "zz""#, pointer: "/states/a/on/go/target/oneOf/1", at: #""zz""#),
    ]

    // MARK: - Expressions

    static func guarded(_ guardText: String) -> String {
        states(#"{"a": {"on": {"go": {"target": "b", "guard": "\#(guardText)"}}}, "b": {}}"#)
    }

    /// A bad guard whose error points `offset` characters into the guard text.
    static func badGuard(_ title: String, _ guardText: String, _ message: String, at offset: Int) -> BadInput {
        let text = guarded(guardText)
        return BadInput(
            title, text, message: "in \(JSONWriter.quoted(guardText)): \(message)", pointer: "/states/a/on/go/guard",
            at: "\"\(guardText)\"", offset: 1 + offset)
    }

    static let expressions: [BadInput] = [
        badGuard("trailing operator", "n +", "the expression ends where an operand is expected", at: 3),
        badGuard("unknown character", "n # 1", "unexpected '#'; expected an operator or the end of the expression", at: 2),
        badGuard("single equals sign", "n = 1", "'=' assigns; use '==' to compare", at: 2),
        badGuard("single ampersand", "ready & ready", "use '&&' for logical and", at: 6),
        badGuard("the word and", "ready and ready", "use '&&' for logical and", at: 6),
        badGuard("the word or", "ready or ready", "use '||' for logical or", at: 6),
        badGuard("the word not", "not ready", "use '!' for logical not", at: 0),
        badGuard("chained comparison", "0 < n < 3", "comparisons cannot be chained; write 'a < b && b < c'", at: 6),
        badGuard(
            "a decrement", "n--1 > 0",
            "'--' is not an operator: there is no decrement; for minus a negative number, put a space between them ('a - -1')",
            at: 1),
        badGuard("a pre-increment", "++n > 0", "'++' is not an operator: there is no increment; write 'a + 1'", at: 0),
        badGuard("unclosed parenthesis", "(n > 1", "missing ')' to close the '(' here", at: 0),
        badGuard("extra parenthesis", "n > 1)", "unexpected ')' without a matching '('", at: 5),
        badGuard("string literal", "mode == 'fast'", "expressions have no strings; write an enum value as '.name'", at: 8),
        badGuard("in without parentheses", "in b", "'in' needs a state in parentheses, as in 'in(paused)'", at: 0),
        badGuard("in with nothing", "in()", "'in()' needs a state name or path", at: 0),
        badGuard("event without parameter", "event", "'event' must be followed by '.' and a parameter name, as in 'event.count'", at: 0),
        badGuard("name starting with a digit", "3x > 1", "a name cannot start with a digit", at: 0),
        badGuard(
            "integer too large", "n < 99999999999999999999",
            "the integer 99999999999999999999 is too large: integers are 64-bit, from -9223372036854775808 to 9223372036854775807", at: 4),
        badGuard(
            "integer with a leading zero", "n == 010",
            #"'010' has a leading zero, which C and ECMAScript read as octal; integers here are decimal, written without leading zeros; did you mean "10"?"#,
            at: 5),
        badGuard("and on an int", "n && ready", "'&&' needs bool operands, but 'n' is int", at: 2),
        badGuard("or on an int", "ready || n", "'||' needs bool operands, but 'n' is int", at: 6),
        badGuard("enum compared with an int", "mode == 3", "cannot compare enum {slow, fast} with int", at: 5),
        badGuard("bool compared with an int", "ready == 1", "cannot compare bool with int", at: 6),
        badGuard("not on an int", "!n", "'!' needs a bool operand, but 'n' is int", at: 0),
        badGuard("negation of a bool", "-ready > 1", "'-' needs an int operand, but 'ready' is bool", at: 0),
        badGuard("int plus bool", "n + ready > 1", "'+' needs int operands, but 'ready' is bool", at: 2),
        badGuard("ordering bools", "ready < true", "'<' needs int operands, but 'ready' is bool", at: 6),
        badGuard("ordering enums", "mode > .slow", "'>' needs int operands, but 'mode' is enum {slow, fast}", at: 5),
        badGuard(
            "enum literal alone", ".fast",
            "cannot tell which enum '.fast' belongs to; compare it with a variable or parameter of that enum", at: 0),
        badGuard(
            "two enum literals", ".fast == .slow",
            "cannot tell which enum '.slow' belongs to; compare it with a variable or parameter of that enum", at: 9),
        badGuard("misspelled enum value", "mode == .fats", #"'.fats' is not a value of enum {slow, fast}; did you mean ".fast"?"#, at: 8),
        badGuard("misspelled variable", "nn > 1", #"unknown variable 'nn'; did you mean "n"?"#, at: 0),
        badGuard(
            "enum value without its dot", "mode == fast",
            #"unknown variable 'fast'; enum values are written with a leading dot; did you mean ".fast"?"#, at: 8),
        badGuard(
            "enum value without its dot, on the left", "slow != mode",
            #"unknown variable 'slow'; enum values are written with a leading dot; did you mean ".slow"?"#, at: 0),
        badGuard("unknown variable", "speed > 1", "unknown variable 'speed'", at: 0),
        badGuard(
            "a named guard without its question mark", "isReady",
            #"unknown variable 'isReady'; a condition the host decides is written "?isReady"; did you mean "ready"?"#, at: 0),
        badGuard("parameter of an event without parameters", "event.to > 1", "'event.to': this event has no parameters", at: 0),
        badGuard("guard that is an int", "n + 1", "a guard must be bool, but this is int", at: 0),
        BadInput(
            "guard that is an enum", guarded("mode"), message: #"in "mode": a guard must be bool, but this is enum {slow, fast}"#,
            pointer: "/states/a/on/go/guard", at: #""mode""#, occurrence: 2, offset: 1),
        badGuard("unknown state in in()", "in(zz)", #"unknown state "zz""#, at: 3),
        BadInput(
            "control character in a guard, reported once, at its place", guarded(#"n \u0007> 1"#),
            message: #"in "n \u0007> 1": the expression contains the control character U+0007; write it without one"#,
            pointer: "/states/a/on/go/guard", at: #"\u0007> 1"#),
        BadInput(
            "control character in an opaque guard's name", guarded(#"?ok\u001b"#),
            message: #"an opaque guard's name contains the control character U+001B; write it without one"#,
            pointer: "/states/a/on/go/guard", at: #""?ok\u001b""#),
        badGuard("path in in() that does not exist", "in(a/x)", #"no state has the path "a/x""#, at: 3),
        badGuard("missing operand after not", "!", "the expression ends where an operand is expected", at: 1),
        badGuard("operator first", "&& ready", "unexpected '&'; expected an operand", at: 0),
        badGuard("empty parentheses", "()", "unexpected ')' without a matching '('", at: 1),
        badGuard("division of bools", "ready / ready", "'/' needs int operands, but 'ready' is bool", at: 6),
        BadInput(
            "expression nesting too deep", guarded(String(repeating: "(", count: 200) + "ready" + String(repeating: ")", count: 200)),
            message:
                "in \"\(String(repeating: "(", count: 40)) … \(String(repeating: ")", count: 26))\": the expression nests deeper than 128 levels",
            pointer: "/states/a/on/go/guard", at: "\"(((", offset: 1 + 128),
        BadInput(
            "parameter in an entry action", states(#"{"a": {"entry": [{"assign": {"n": "event.to"}}]}}"#),
            message:
                #"in "event.to": 'event.to' is not available here: entry and exit actions run for whichever event caused the transition"#,
            pointer: "/states/a/entry/0/assign/n", at: #""event.to""#, offset: 1),
        BadInput(
            "parameter in an always transition", states(#"{"a": {"always": {"guard": "event.to > 1", "target": "b"}}, "b": {}}"#),
            message: #"in "event.to > 1": 'event.to' is not available here: "always" transitions have no event"#,
            pointer: "/states/a/always/guard", at: #""event.to"#, offset: 1),
        BadInput(
            "misspelled parameter", states(#"{"a": {"on": {"set": {"guard": "event.t > 1"}}}}"#),
            message: #"in "event.t > 1": unknown parameter 'event.t'; did you mean "event.to"?"#,
            pointer: "/states/a/on/set/guard", at: #""event.t"#, offset: 1),
        BadInput(
            "parameter in a star transition", states(#"{"a": {"on": {"*": {"guard": "event.to > 1"}}}}"#),
            message: #"in "event.to > 1": 'event.to' is not available here: "*" matches events with different parameters"#,
            pointer: "/states/a/on/*/guard", at: #""event.to"#, offset: 1),
        BadInput(
            "ambiguous state in in()",
            states(#"{"p": {"states": {"x": {}}}, "q": {"states": {"x": {}}, "on": {"go": {"guard": "in(x)"}}}}"#),
            message: #"in "in(x)": ambiguous state name "x": 2 states have it ("p/x", "q/x"); write the path"#,
            pointer: "/states/q/on/go/guard", at: #""in(x)""#, offset: 4),
        BadInput(
            "enums without a common value",
            spec {
                $0.variables =
                    #"{"mode": {"type": "enum", "values": ["slow", "fast"]}, "color": {"type": "enum", "values": ["red", "green"]}}"#
                $0.states = #"{"a": {"on": {"go": {"target": "b", "guard": "mode == color"}}}, "b": {}}"#
            },
            message:
                #"in "mode == color": cannot compare enum {slow, fast} with enum {red, green}: they have no value in common, so '==' would be constant"#,
            pointer: "/states/a/on/go/guard", at: #""mode == color""#, offset: 6),
        BadInput(
            "guard with an escape", states(#"{"a": {"on": {"go": {"target": "b", "guard": "\u0072eady && n"}}}, "b": {}}"#),
            message: #"in "ready && n": '&&' needs bool operands, but 'n' is int"#,
            pointer: "/states/a/on/go/guard", at: "&& n"),
    ]

    // MARK: - Actions

    static func entry(_ actions: String) -> String { states(#"{"a": {"entry": \#(actions)}}"#) }

    static let actions: [BadInput] = {
        let duplicateAssign = entry(#"[{"assign": {"n": "1", "n": "2"}}]"#)
        return [
            BadInput(
                "misspelled action", entry(#"[{"asign": {"n": "1"}}]"#),
                message: #"an action needs one of: assign, raise, send, if, call; did you mean "assign"?"#,
                pointer: "/states/a/entry/0/asign",
                at: #""asign""#),
            BadInput(
                "assignment to a misspelled variable", entry(#"[{"assign": {"nn": "1"}}]"#),
                message: #"assignment to undeclared variable "nn"; did you mean "n"?"#, pointer: "/states/a/entry/0/assign/nn", at: #""nn""#
            ),
            BadInput(
                "assignment of the wrong type", entry(#"[{"assign": {"ready": "1"}}]"#),
                message: #"in "1": the value of "ready" must be bool, but this is int"#, pointer: "/states/a/entry/0/assign/ready",
                at: #""1""#, offset: 1),
            BadInput(
                "empty assignment", entry(#"[{"assign": {}}]"#),
                message: #""assign" is empty"#, pointer: "/states/a/entry/0/assign", at: "{}}"),
            BadInput(
                "assigned value as a number", entry(#"[{"assign": {"n": 1}}]"#),
                message: #"the value assigned to "n" (an expression string) must be a string, not a number"#,
                pointer: "/states/a/entry/0/assign/n",
                at: "1}"),
            BadInput(
                "raise of an undeclared event", entry(#"[{"raise": "jump"}]"#),
                message: #"raise of undeclared event "jump"; declare it under "events""#, pointer: "/states/a/entry/0/raise", at: #""jump""#
            ),
            BadInput(
                "raise of an event name with an empty token", entry(#"[{"raise": "go."}]"#),
                message:
                    #"event name "go." ends with '.', which leaves an empty token; an event name is tokens joined by '.', none of them empty; did you mean "go"?"#,
                pointer: "/states/a/entry/0/raise", at: #""go.""#),
            BadInput(
                "raise of a completion event", entry(#"[{"raise": "done.state.a"}]"#),
                message: #""done.state.a" is raised by the machine itself when a state completes; it cannot be raised"#,
                pointer: "/states/a/entry/0/raise", at: #""done.state.a""#),
            BadInput(
                "send without a required parameter", entry(#"[{"send": "set"}]"#),
                message: #"send "set" is missing parameter "to" (int 0...3)"#, pointer: "/states/a/entry/0/send", at: #""set""#,
                occurrence: 2),
            BadInput(
                "send with an unknown parameter", entry(#"[{"send": "go", "params": {"x": "1"}}]"#),
                message: #""go" has no parameter "x"; "go" has no parameters"#, pointer: "/states/a/entry/0/params/x", at: #""x""#),
            BadInput(
                "send with a misspelled parameter", entry(#"[{"send": "set", "params": {"too": "1"}}]"#),
                message: #""set" has no parameter "too"; did you mean "to"?"#, pointer: "/states/a/entry/0/params/too", at: #""too""#),
            BadInput(
                "send with a parameter of the wrong type", entry(#"[{"send": "set", "params": {"to": "ready"}}]"#),
                message: #"in "ready": parameter "to" must be int, but this is bool"#, pointer: "/states/a/entry/0/params/to",
                at: #""ready""#, occurrence: 2, offset: 1),
            BadInput(
                "if without then", entry(#"[{"if": "ready"}]"#),
                message: #"an "if" action needs "then""#, pointer: "/states/a/entry/0", at: #"{"if""#),
            BadInput(
                "if on an int", entry(#"[{"if": "n", "then": []}]"#),
                message: #"in "n": the condition of "if" must be bool, but this is int"#, pointer: "/states/a/entry/0/if", at: #""n""#,
                occurrence: 2, offset: 1),
            BadInput(
                "call without a name", entry(#"[{"call": ""}]"#),
                message: #""call" needs a callback name"#, pointer: "/states/a/entry/0/call", at: #""""#),
            BadInput(
                "call with a number", entry(#"[{"call": 1}]"#),
                message: #"the name of "call" must be a string, not a number"#, pointer: "/states/a/entry/0/call", at: "1}"),
            BadInput(
                "action doing two things", entry(#"[{"assign": {"n": "1"}, "call": "x"}]"#),
                message: #"an action does one thing, but this one has both "assign" and "call"; split it into two actions"#,
                pointer: "/states/a/entry/0/call", at: #""call""#),
            BadInput(
                "raise with params as an array", entry(#"[{"raise": "go", "params": []}]"#),
                message: #""params" must be an object, not an array"#, pointer: "/states/a/entry/0/params", at: "[]"),
            BadInput(
                "raise of a number", entry(#"[{"raise": 1}]"#),
                message: #"the event of "raise" must be a string, not a number"#, pointer: "/states/a/entry/0/raise", at: "1}"),
            BadInput(
                "variable assigned twice", duplicateAssign,
                message:
                    #"duplicate variable "n" in "assign" (first at \#(firstAt(duplicateAssign, #"{"n""#).replacingColumn(+1))); JSON parsers silently keep only the last"#,
                pointer: "/states/a/entry/0/assign/n", at: #""n": "2""#),
            BadInput(
                "unknown key in an if", entry(#"[{"if": "ready", "then": [], "otherwise": []}]"#),
                message: #"unknown key "otherwise" in the "if" action; expected one of: if, then, else"#,
                pointer: "/states/a/entry/0/otherwise",
                at: #""otherwise""#),
            BadInput(
                "bad action inside then", entry(#"[{"if": "ready", "then": [{"call": 2}]}]"#),
                message: #"the name of "call" must be a string, not a number"#, pointer: "/states/a/entry/0/then/0/call", at: "2}"),
            BadInput(
                "exit actions as a string", states(#"{"a": {"exit": "cleanup"}}"#),
                message: #"a list of actions must be an array, not a string; a call of host code by name is [{"call": "cleanup"}]"#,
                pointer: "/states/a/exit", at: #""cleanup""#),
            BadInput(
                "XState's action object", entry(#"[{"type": "increment"}]"#),
                message:
                    #"an action needs one of: assign, raise, send, if, call; XState's {"type": "increment"} is {"call": "increment"} here"#,
                pointer: "/states/a/entry/0/type", at: #""type": "increment""#),
            BadInput(
                "XState's guard object", states(#"{"a": {"on": {"go": {"target": "a", "guard": {"type": "isReady"}}}}}"#),
                message: #"a guard must be a string, not an object; a condition the host decides is written "?isReady""#,
                pointer: "/states/a/on/go/guard", at: #"{"type""#),
            BadInput(
                "XState's cond in a transition", states(#"{"a": {"on": {"go": {"target": "a", "cond": "isReady"}}}}"#),
                message:
                    #"unknown key "cond" in a transition; a condition is written under "guard", as an expression (XState v4's "cond"); did you mean "guard"?"#,
                pointer: "/states/a/on/go/cond", at: #""cond""#),
            BadInput(
                "XState's after in a state", states(#"{"a": {"after": {"1000": "a"}}}"#),
                message:
                    #"unknown key "after" in state "a"; smcheck has no clock: a delayed transition (XState's "after") is a transition on an event you declare, such as "timeout""#,
                pointer: "/states/a/after", at: #""after""#),
            BadInput(
                "assign in a transition with an event parameter of another type",
                states(#"{"a": {"on": {"set": {"actions": [{"assign": {"mode": "event.to"}}]}}}}"#),
                message: #"in "event.to": the value of "mode" must be enum {slow, fast}, but this is int"#,
                pointer: "/states/a/on/set/actions/0/assign/mode", at: #""event.to""#, offset: 1),
        ]
    }()

    // MARK: - Invariants

    static let invariants: [BadInput] = [
        BadInput(
            "invariant as a number", spec { $0.extra = [("invariants", "[1]")] },
            message: "an invariant must be an object, not a number", pointer: "/invariants/0", at: "1]"),
        BadInput(
            "invariant without expr", spec { $0.extra = [("invariants", #"[{"name": "x"}]"#)] },
            message: #"an invariant is missing the required key "expr""#, pointer: "/invariants/0", at: #"{"name""#),
        BadInput(
            "invariant that is an int", spec { $0.extra = [("invariants", #"[{"name": "x", "expr": "n"}]"#)] },
            message: #"in "n": an invariant must be bool, but this is int"#, pointer: "/invariants/0/expr", at: #""n""#, occurrence: 2,
            offset: 1),
        BadInput(
            "invariant reading an event parameter", spec { $0.extra = [("invariants", #"[{"name": "x", "expr": "event.to > 1"}]"#)] },
            message: #"in "event.to > 1": 'event.to' is not available here: invariants hold in every configuration, not for one event"#,
            pointer: "/invariants/0/expr", at: #""event.to"#, offset: 1),
        BadInput(
            "misspelled invariant key", spec { $0.extra = [("invariants", #"[{"name": "x", "expr": "ready", "exp": 1}]"#)] },
            message: #"unknown key "exp" in an invariant; did you mean "expr"?"#, pointer: "/invariants/0/exp", at: #""exp""#),
        BadInput(
            "invariant name as a number", spec { $0.extra = [("invariants", #"[{"name": 1, "expr": "ready"}]"#)] },
            message: #"the invariant's "name" must be a string, not a number"#, pointer: "/invariants/0/name", at: "1,"),
    ]
}

extension String {
    /// "line L, column C" with C shifted by `delta`.
    func replacingColumn(_ delta: Int) -> String {
        guard let range = range(of: "column ") else { return self }
        let number = Int(self[range.upperBound...])!
        return String(self[..<range.upperBound]) + String(number + delta)
    }
}
