/// The keys each kind of object in a spec may have; the JSON Schema is written from the same lists.
/// Messages the decoder and the resolver share, so a problem found by both is reported once, the same way.
package enum SpecMessages {
    /// An enum's values as a message lists them: all of a short list, the first ten of a long one and how many more.
    package static func valueList(_ values: [String]) -> String {
        values.count <= 20
            ? values.joined(separator: ", ") : values.prefix(10).joined(separator: ", ") + ", … and \(values.count - 10) more"
    }

    /// Why no event of the spec may be named `done.…`: the machine raises those itself.
    package static let doneEventsReserved =
        "event names starting with \"done.\" are reserved for the done.state.<state> events the machine raises itself; name the event otherwise"

    /// Why `name` cannot be the name of `noun` ("variable name", "parameter name", "enum value").
    package static func invalidName(_ noun: String, _ name: String) -> String {
        guard !String.expressionKeywords.contains(name) else {
            return
                "\(noun) \(JSONWriter.quoted(name)) is a word expressions keep for themselves (\(String.expressionKeywords.joined(separator: ", "))); pick another name"
        }
        return "\(noun) \(JSONWriter.quoted(name)) is not a valid name; use ASCII letters, digits and _, not starting with a digit"
    }

    /// The first character of `text` that a spec may not hold, named (`Unicode.Scalar.refusalText`: "the control
    /// character U+001B"), tabs and line breaks left out when `allowingLineBreaks`.
    package static func controlCharacter(in text: String, allowingLineBreaks: Bool = false) -> String? {
        text.unicodeScalars.first { $0.isRefusedInSpecs && !(allowingLineBreaks && $0.isTabOrLineBreak) }?.refusalText
    }

    /// What is wrong with the spec's name or an invariant's (`what`), which reports print inside a line: a line break
    /// or a tab would start what reads as another line of the report, and other control characters are refused in
    /// every string.
    package static func oneLineNameProblem(_ text: String, what: String) -> String? {
        guard let bad = text.unicodeScalars.first(where: \.isRefusedInSpecs) else { return nil }
        return bad.isTabOrLineBreak
            ? "\(what) contains \(bad.refusalText); a name is one line"
            : "\(what) contains \(bad.refusalText); write it without one"
    }

    /// What a macrostep stopped by the `maxMicrosteps` limit (`limit`) says first, in the engine, in generated code
    /// and in symbolic steps alike.
    package static func noStableConfiguration(limit: Int) -> String {
        "no stable configuration after \(Plural.count(limit, "microstep")) in one macrostep (the maxMicrosteps limit): an infinite transition loop, or a chain of transitions longer than the limit"
    }

    /// What a macrostep stopped by the `maxMicrosteps` limit on the events a machine sends itself says.
    package static func tooManySends(limit: Int) -> String {
        "more than \(Plural.count(limit, "event")) sent by the machine to itself for one external event (the maxMicrosteps limit): an infinite send loop, or a chain of sends longer than the limit"
    }

    /// What sending `event` to a full external queue (the `queueBound` limit) says.
    package static func queueOverflow(sending event: String, bound: Int) -> String {
        "external queue overflow: sending '\(event)' with \(Plural.count(bound, "event")) already waiting (queueBound)"
    }

    /// Why `text`, written as a whole number, is not an integer here: it does not fit in 64 bits. Nil when it is
    /// not a whole number at all (then "must be an integer" says it).
    package static func integerOutOfRange(_ text: String) -> String? {
        guard isWholeNumber(text), Int(text) == nil else { return nil }
        return "\(text) does not fit in 64 bits: integers are \(Int.min)...\(Int.max)"
    }

    /// Why `text`, a value for `what` that must lie in `range`, is refused when it is a whole number out of that range
    /// (also one past 64 bits, when the range is narrower: its bounds are what the user needs to know). Nil otherwise.
    package static func integerOutsideBounds(_ text: String, what: String, range: ClosedRange<Int>) -> String? {
        guard isWholeNumber(text), Int(text).map({ !range.contains($0) }) ?? (range != Int.min...Int.max) else { return nil }
        return "\(what) must be within \(range.lowerBound)...\(range.upperBound), not \(text)"
    }

    /// Whether `text` is written as a whole number (a sign, then decimal digits), whatever its size.
    private static func isWholeNumber(_ text: String) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// What is wrong with a state's name, if anything.
    package static func stateNameProblem(_ name: String) -> String? {
        let forbidden: Set<Unicode.Scalar> = ["/", "(", ")", ",", "*", "\"", "[", "]", "{", "}"]
        if name.isEmpty { return "a state name must not be empty" }
        if let bad = controlCharacter(in: name) {
            return "state name \(JSONWriter.quoted(name)) contains \(bad); write it without one"
        }
        guard let bad = name.unicodeScalars.first(where: { forbidden.contains($0) || $0.properties.isWhitespace }) else { return nil }
        let shown = bad.properties.isWhitespace ? "white space" : "'\(bad)'"
        return "state name \(JSONWriter.quoted(name)) contains \(shown); names are joined with '/' into paths and used inside in(...)"
    }

    /// What is wrong with an event's name (declared, raised or sent), if anything, with the name meant when one is
    /// likely.
    package static func eventNameProblem(_ name: String) -> (message: String, suggestion: String?)? {
        if name == "*" { return ("\"*\" is not an event name; it matches every event in \"on\"", nil) }
        if name.hasPrefix("done.") {
            return (SpecMessages.doneEventsReserved, nil)
        }
        if name.isEmpty || name.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            return ("event name \(JSONWriter.quoted(name)) must be non-empty and contain no white space", nil)
        }
        if let bad = controlCharacter(in: name) {
            return ("event name \(JSONWriter.quoted(name)) contains \(bad); write it without one", nil)
        }
        if name.contains("*") {
            return (
                "event name \(JSONWriter.quoted(name)) contains '*', which is not part of a name: it matches events in a transition's descriptor, alone (\"*\") or as the last token (\"error.*\")",
                nil
            )
        }
        return emptyTokenProblem(Substring(name), what: "event name", written: name)
    }

    /// A descriptor with `*` inside a token (`error*`, `*.io`, `a.*.b`): SCXML has no such wildcard, and as a name it
    /// would match only an event spelled so. The suggestion is the prefix descriptor of what comes before the `*`.
    private static func starProblem(_ descriptor: Substring) -> (message: String, suggestion: String?)? {
        let body = descriptor.hasSuffix(".*") ? descriptor.dropLast(2) : descriptor
        guard let star = body.firstIndex(of: "*") else { return nil }
        var before = body[..<star]
        while before.hasSuffix(".") { before = before.dropLast() }
        return (
            "event descriptor \(JSONWriter.quoted(String(descriptor))) has '*' inside a token; '*' matches alone (\"*\", every event) or as the last token (\"error.*\", error and the events under it)",
            before.isEmpty ? nil : String(before) + ".*"
        )
    }

    /// What is wrong with one event descriptor of a transition (`go`, `error.*`, `*`), if anything.
    package static func descriptorProblem(_ descriptor: Substring) -> (message: String, suggestion: String?)? {
        if descriptor == "*" { return nil }
        // After "done.state." comes a state's name or path, and state names may hold dots of their own.
        if descriptor.hasPrefix("done.state."), descriptor.count > "done.state.".count { return nil }
        let written = String(descriptor)
        if descriptor == ".*" {
            return ("event descriptor \".*\" has no token before \".*\"; \"*\" takes every event", "*")
        }
        if let problem = starProblem(descriptor) { return problem }
        if descriptor.hasSuffix(".*") {
            return emptyTokenProblem(descriptor.dropLast(2), what: "event descriptor", written: written).map {
                ($0.message, $0.suggestion.map { $0 + ".*" })
            }
        }
        let body = descriptor.dropLast()
        if descriptor.hasSuffix("."), !body.isEmpty, emptyTokenProblem(body, what: "", written: "") == nil {
            // W3C SCXML reads "error." as "error"; smcheck asks for one of the two spellings it documents.
            return (
                "event descriptor \(JSONWriter.quoted(written)) ends with '.', which leaves an empty token; write "
                    + "\(JSONWriter.quoted(String(body))) (or \(JSONWriter.quoted(written + "*"))), which takes \(body) and every event under it",
                nil
            )
        }
        return emptyTokenProblem(descriptor, what: "event descriptor", written: written)
    }

    /// An event name is a list of tokens joined by "."; "go.", ".go" and "a..b" hold an empty one, and would be events
    /// of their own that no one means (sending "go" would not find "go.").
    private static func emptyTokenProblem(_ name: Substring, what: String, written: String) -> (message: String, suggestion: String?)? {
        let tokens = name.split(separator: ".", omittingEmptySubsequences: false)
        guard tokens.contains(where: \.isEmpty) else { return nil }
        let place = written.hasPrefix(".") ? "starts with '.'" : written.hasSuffix(".") ? "ends with '.'" : "has '..'"
        let kept = tokens.filter { !$0.isEmpty }.joined(separator: ".")
        return (
            "\(what) \(JSONWriter.quoted(written)) \(place), which leaves an empty token; an event name is tokens joined by '.', none of them empty",
            kept.isEmpty ? nil : kept
        )
    }
}

package enum SpecKeys {
    static let topLevel = [
        "$schema", "format", "name", "description", "variables", "events", "initial", "states",
        "invariants", "reachable", "options",
    ]
    static let variable = ["type", "min", "max", "values", "initial", "description"]
    static let parameter = ["type", "min", "max", "values", "description"]
    static let event = ["params", "description"]
    static let state = ["type", "initial", "states", "entry", "exit", "on", "always", "history", "target", "description"]
    static let transition = ["target", "guard", "actions", "kind", "description"]
    static let invariant = ["name", "expr", "description"]
    static let options = ["maxMicrosteps", "queueBound", "unhandled"]
    static let actionKinds = ["assign", "raise", "send", "if", "call"]
    static func action(_ kind: String) -> [String] {
        switch kind {
        case "raise", "send": [kind, "params"]
        case "if": ["if", "then", "else"]
        default: [kind]
        }
    }
    /// Bounds of declared ints: wide enough for any counter, narrow enough that domain sizes cannot overflow.
    package static let intBounds = Int(Int32.min)...Int(Int32.max)
}

extension SpecDecoder {
    mutating func decodeSpec(_ root: JSONNode) -> Spec? {
        let pointer = JSONPointer.root
        if let schema = root["$schema"]?.stringValue, schema.contains("json-schema.org"), root["format"] == nil {
            report("this is a JSON Schema, not a spec; a spec starts with \"format\": \"\(Spec.format)\"", at: root.position, pointer)
            return nil
        }
        // An XState machine config: say what it is once, instead of a missing "format" and every key it names otherwise.
        let looksLikeXState = root.objectValue != nil && root["format"] == nil && (root["id"] != nil || root["context"] != nil)
        if looksLikeXState {
            report(
                "this looks like an XState machine config; a spec is smcheck's own format, starting with \"format\": \"\(Spec.format)\" (Docs/SpecFormat.md, \"Coming from XState\", maps one to the other)",
                at: root.position, pointer)
        }
        guard
            let top = members(
                of: root, at: pointer, what: "the spec", allowed: SpecKeys.topLevel,
                required: looksLikeXState ? ["name", "states"] : ["format", "name", "states"], borrowed: BorrowedKeys.topLevel)
        else { return nil }

        if let format = top["format"] {
            if let text = string(format.value, pointer / "format", what: "\"format\""), text != Spec.format {
                report(
                    "unsupported format \(JSONWriter.quoted(text)); this smcheck reads \(JSONWriter.quoted(Spec.format))",
                    at: format.value.position, pointer / "format")
            }
        }
        var name = ""
        if let member = top["name"], let text = string(member.value, pointer / "name", what: "\"name\"") {
            if text.trimmingWhitespace().isEmpty { report("\"name\" must not be empty", at: member.value.position, pointer / "name") }
            checkOneLine(text, what: "\"name\"", member.value, pointer / "name")
            name = text
        }
        let description = top["description"].flatMap { string($0.value, pointer / "description", what: "\"description\"") }
        let variables = top["variables"].map { decodeVariables($0.value, pointer / "variables") } ?? []
        let events = top["events"].map { decodeEvents($0.value, pointer / "events") } ?? []
        let initial = top["initial"].flatMap { member -> Spec.StateReference? in
            string(member.value, pointer / "initial", what: "\"initial\"").map { reference(member.value, $0, pointer / "initial") }
        }
        var states: [Spec.State] = []
        if let member = top["states"] {
            states = decodeChildren(member.value, pointer / "states", parentName: nil)
            if member.value.objectValue?.isEmpty == true {
                report("\"states\" is empty; a machine needs at least one state", at: member.value.position, pointer / "states")
            }
        }
        let invariants = top["invariants"].map { decodeInvariants($0.value, pointer / "invariants") } ?? []
        var reachable: [Spec.StateReference] = []
        if let member = top["reachable"], let elements = array(member.value, pointer / "reachable", what: "\"reachable\"") {
            for (i, element) in elements.enumerated() {
                if let text = string(element, pointer / "reachable" / i, what: "an entry of \"reachable\"") {
                    reachable.append(reference(element, text, pointer / "reachable" / i))
                }
            }
        }
        let options = top["options"].map { decodeOptions($0.value, pointer / "options") } ?? .default
        return Spec(
            name: name, description: description, variables: variables, events: events, initial: initial, states: states,
            invariants: invariants, reachable: reachable, options: options, file: file)
    }

    // MARK: - Declarations

    private mutating func decodeVariables(_ node: JSONNode, _ pointer: JSONPointer) -> [Spec.Variable] {
        guard let list = orderedMembers(of: node, at: pointer, what: "\"variables\"", duplicateWhat: "variable") else {
            rejected.allVariables = true
            return []
        }
        return list.compactMap { member in
            let at = pointer / member.key
            if !member.key.isIdentifier {
                report(SpecMessages.invalidName("variable name", member.key), at: member.keyPosition, at)
            }
            if let example = Self.declaration(initiallyHolding: member.value) {
                // `"count": 0`, as XState's context and most code write data: say what a declaration looks like.
                report(
                    "variable \(JSONWriter.quoted(member.key)) must be a declaration, not \(article(member.value.typeName)); for instance \(example)",
                    at: member.value.position, at)
                rejected.variables.insert(member.key)
                return nil
            }
            guard
                let (type, fields) = decodeType(
                    member.value, at, what: "variable \(JSONWriter.quoted(member.key))", allowed: SpecKeys.variable)
            else {
                rejected.variables.insert(member.key)
                return nil
            }
            var initial: Value?
            if let initialMember = fields["initial"] {
                initial = decodeValue(initialMember.value, of: type, at / "initial", what: "variable \(JSONWriter.quoted(member.key))")
            }
            let description = fields["description"].flatMap { string($0.value, at / "description", what: "\"description\"") }
            return Spec.Variable(
                member.key, type, initial: initial, description: description, location: location(member.keyPosition, at))
        }
    }

    /// A declaration of a variable that starts at `value`, for a variable written as its value; nil for a value that
    /// suggests none.
    private static func declaration(initiallyHolding value: JSONNode) -> String? {
        if let n = value.integerValue, SpecKeys.intBounds.contains(n) {
            return "{\"type\": \"int\", \"min\": \(min(0, n)), \"max\": \(max(9, n)), \"initial\": \(n)}, with the bounds it needs"
        }
        if let b = value.boolValue { return "{\"type\": \"bool\", \"initial\": \(b)}" }
        if let text = value.stringValue, text.isIdentifier {
            return "{\"type\": \"enum\", \"values\": [\(JSONWriter.quoted(text)), ...], \"initial\": \(JSONWriter.quoted(text))}"
        }
        return nil
    }

    private mutating func decodeEvents(_ node: JSONNode, _ pointer: JSONPointer) -> [Spec.EventDeclaration] {
        if let elements = node.arrayValue, !elements.isEmpty, case let names = elements.compactMap(\.stringValue),
            names.count == elements.count
        {
            let written = names.prefix(3).map { "\(JSONWriter.quoted($0)): {}" }.joined(separator: ", ") + (names.count > 3 ? ", ..." : "")
            report("\"events\" must be an object, not an array; write the names as keys: {\(written)}", at: node.position, pointer)
            rejected.allEvents = true
            return []
        }
        guard let list = orderedMembers(of: node, at: pointer, what: "\"events\"", duplicateWhat: "event") else {
            rejected.allEvents = true
            return []
        }
        return list.map { member in
            let at = pointer / member.key
            checkEventName(member.key, at: member.keyPosition, at)
            var parameters: [Spec.Parameter] = []
            let fields = members(of: member.value, at: at, what: "event \(JSONWriter.quoted(member.key))", allowed: SpecKeys.event)
            let description = fields?["description"].flatMap { string($0.value, at / "description", what: "\"description\"") }
            if let fields, let params = fields["params"],
                let paramList = orderedMembers(
                    of: params.value, at: at / "params", what: "the params of \(JSONWriter.quoted(member.key))",
                    duplicateWhat: "parameter")
            {
                for param in paramList {
                    let paramAt = at / "params" / param.key
                    if !param.key.isIdentifier {
                        report(SpecMessages.invalidName("parameter name", param.key), at: param.keyPosition, paramAt)
                    }
                    if let (type, paramFields) = decodeType(
                        param.value, paramAt, what: "parameter \(JSONWriter.quoted(param.key))", allowed: SpecKeys.parameter)
                    {
                        let paramDescription = paramFields["description"].flatMap {
                            string($0.value, paramAt / "description", what: "\"description\"")
                        }
                        parameters.append(
                            Spec.Parameter(
                                param.key, type, description: paramDescription, location: location(param.keyPosition, paramAt)))
                    } else {
                        rejected.parameters.insert(param.key)
                    }
                }
            }
            return Spec.EventDeclaration(
                member.key, parameters: parameters, description: description, location: location(member.keyPosition, at))
        }
    }

    private mutating func checkEventName(_ name: String, at position: TextPosition, _ pointer: JSONPointer) {
        if let problem = SpecMessages.eventNameProblem(name) {
            report(problem.message, at: position, pointer, suggestion: problem.suggestion)
        }
    }

    /// Decodes `{ "type": ..., "min", "max" | "values" }` and returns the type with the object's fields.
    private mutating func decodeType(_ node: JSONNode, _ pointer: JSONPointer, what: String, allowed: [String])
        -> (ValueType, [String: JSONMember])?
    {
        // `"n": "int"`: the type alone, where a declaration object is needed. Show the object it should be.
        if case .string(let name) = node.value, ["bool", "int", "enum"].contains(name) {
            let example =
                switch name {
                case "bool": #"{"type": "bool"}"#
                case "int": #"{"type": "int", "min": 0, "max": 10}"#
                default: #"{"type": "enum", "values": ["a", "b"]}"#
                }
            report("\(what) must be an object such as \(example), not the string \(JSONWriter.quoted(name))", at: node.position, pointer)
            return nil
        }
        guard let fields = members(of: node, at: pointer, what: what, allowed: allowed, required: ["type"]),
            let typeMember = fields["type"],
            let typeName = string(typeMember.value, pointer / "type", what: "the type of \(what)")
        else { return nil }
        switch typeName {
        case "bool":
            for key in ["min", "max", "values"] where fields[key] != nil {
                report("\(what) is a bool and cannot have \(JSONWriter.quoted(key))", at: fields[key]!.keyPosition, pointer / key)
            }
            return (.bool, fields)
        case "int":
            if let values = fields["values"] {
                report("\(what) is an int and cannot have \"values\"; use \"min\" and \"max\"", at: values.keyPosition, pointer / "values")
            }
            guard let minMember = fields["min"], let maxMember = fields["max"] else {
                report("\(what) is an int and needs both \"min\" and \"max\" (bounds make exploration finite)", at: node.position, pointer)
                return nil
            }
            let readMin = integer(minMember.value, pointer / "min", what: "\"min\" of \(what)", range: SpecKeys.intBounds)
            let readMax = integer(maxMember.value, pointer / "max", what: "\"max\" of \(what)", range: SpecKeys.intBounds)
            // A bound already reported stands in as the widest one, so that expressions using the declaration are
            // still checked, and not reported again as using something undeclared.
            let min = readMin ?? SpecKeys.intBounds.lowerBound, max = readMax ?? SpecKeys.intBounds.upperBound
            if readMin != nil && readMax != nil && min > max {
                // Reported, and kept as an int so expressions using it are still checked without a cascade.
                report("\(what) has min \(min) greater than max \(max)", at: minMember.value.position, pointer / "min")
            }
            return (.int(min: min, max: max), fields)
        case "enum":
            for key in ["min", "max"] where fields[key] != nil {
                report("\(what) is an enum and cannot have \(JSONWriter.quoted(key))", at: fields[key]!.keyPosition, pointer / key)
            }
            guard let valuesMember = fields["values"] else {
                report("\(what) is an enum and needs \"values\", a list of names", at: node.position, pointer)
                return nil
            }
            guard let elements = array(valuesMember.value, pointer / "values", what: "\"values\" of \(what)") else { return nil }
            var values: [String] = []
            // A set beside the list: a list alone makes a hundred thousand values cost ten billion comparisons.
            var seen: Set<String> = []
            for (i, element) in elements.enumerated() {
                guard let value = string(element, pointer / "values" / i, what: "an enum value") else { continue }
                if !value.isIdentifier {
                    report(
                        SpecMessages.invalidName("enum value", value), at: element.position,
                        pointer / "values" / i)
                } else if !seen.insert(value).inserted {
                    report("duplicate enum value \(JSONWriter.quoted(value))", at: element.position, pointer / "values" / i)
                } else {
                    values.append(value)
                }
            }
            if elements.isEmpty {
                report("\(what) has no values; an enum needs at least one", at: valuesMember.value.position, pointer / "values")
                return nil
            }
            return values.isEmpty ? nil : (.enumeration(values), fields)
        default:
            report(
                "unknown type \(JSONWriter.quoted(typeName)) for \(what); expected \"bool\", \"int\" or \"enum\"",
                at: typeMember.value.position,
                pointer / "type", suggestion: Suggestions.closest(to: typeName, in: ["bool", "int", "enum"]))
            return nil
        }
    }

    private mutating func decodeValue(_ node: JSONNode, of type: ValueType, _ pointer: JSONPointer, what: String) -> Value? {
        switch type {
        case .bool:
            guard let b = node.boolValue else {
                report("the initial value of \(what) must be true or false, not \(article(node.typeName))", at: node.position, pointer)
                return nil
            }
            return .bool(b)
        case .int(let min, let max):
            guard let v = integer(node, pointer, what: "the initial value of \(what)", range: Int.min...Int.max) else { return nil }
            guard v >= min && v <= max || min > max else {
                report("the initial value \(v) of \(what) is outside its bounds \(min)...\(max)", at: node.position, pointer)
                return nil
            }
            return .int(v)
        case .enumeration(let values):
            guard let s = string(node, pointer, what: "the initial value of \(what)") else { return nil }
            guard values.contains(s) else {
                report(
                    "the initial value \(JSONWriter.quoted(s)) of \(what) is not one of its values (\(SpecMessages.valueList(values)))",
                    at: node.position, pointer, suggestion: Suggestions.closest(to: s, in: values))
                return nil
            }
            return .enumCase(s)
        }
    }

    private mutating func decodeInvariants(_ node: JSONNode, _ pointer: JSONPointer) -> [Spec.Invariant] {
        guard let elements = array(node, pointer, what: "\"invariants\"") else { return [] }
        return elements.enumerated().compactMap { i, element in
            let at = pointer / i
            guard let fields = members(of: element, at: at, what: "an invariant", allowed: SpecKeys.invariant, required: ["name", "expr"]),
                let nameMember = fields["name"], let exprMember = fields["expr"],
                let name = string(nameMember.value, at / "name", what: "the invariant's \"name\""),
                let text = string(exprMember.value, at / "expr", what: "the invariant's \"expr\"", isExpression: true)
            else { return nil }
            checkOneLine(name, what: "the invariant's \"name\"", nameMember.value, at / "name")
            let description = fields["description"].flatMap { string($0.value, at / "description", what: "\"description\"") }
            return Spec.Invariant(
                name, expression(exprMember.value, text, at / "expr"), description: description, location: location(element.position, at))
        }
    }

    /// A name is one line (`SpecMessages.oneLineNameProblem`); other control characters `string` has reported.
    private mutating func checkOneLine(_ text: String, what: String, _ node: JSONNode, _ pointer: JSONPointer) {
        guard SpecMessages.controlCharacter(in: text, allowingLineBreaks: true) == nil else { return }
        if let problem = SpecMessages.oneLineNameProblem(text, what: what) { report(problem, at: node.position, pointer) }
    }

    private mutating func decodeOptions(_ node: JSONNode, _ pointer: JSONPointer) -> Spec.Options {
        var options = Spec.Options()
        guard let fields = members(of: node, at: pointer, what: "\"options\"", allowed: SpecKeys.options) else { return options }
        if let m = fields["maxMicrosteps"],
            let v = integer(m.value, pointer / "maxMicrosteps", what: "\"maxMicrosteps\"", range: 1...1_000_000)
        {
            options.maxMicrosteps = v
        }
        if let m = fields["queueBound"], let v = integer(m.value, pointer / "queueBound", what: "\"queueBound\"", range: 0...1024) {
            options.queueBound = v
        }
        if let m = fields["unhandled"], let text = string(m.value, pointer / "unhandled", what: "\"unhandled\"") {
            if let policy = Spec.Options.UnhandledPolicy(rawValue: text) {
                options.unhandled = policy
            } else {
                report(
                    "\"unhandled\" must be \"ignore\" or \"error\", not \(JSONWriter.quoted(text))", at: m.value.position,
                    pointer / "unhandled",
                    suggestion: Suggestions.closest(to: text, in: Spec.Options.UnhandledPolicy.allCases.map(\.rawValue)))
            }
        }
        return options
    }
}
