public import SMSpec

extension Spec {
    /// The spec as an SCXML document: the states, transitions and executable content in SCXML's own elements, its
    /// expressions in the ECMAScript subset, and what SCXML cannot say (domains, event declarations, invariants,
    /// opaque guards, `else`, `oneOf`, `call`, choices, options) in smcheck's namespace, which other interpreters
    /// ignore. Reading the text back gives a spec `==` to this one; where no SCXML document would (a final state as a
    /// region of a parallel state), it throws and says why.
    public var scxmlText: String {
        get throws(SpecError) {
            if let scxmlProblem { throw SpecError([scxmlProblem]) }
            return try readingBack(SCXMLWriter().document(self).text() + "\n", as: "SCXML") { text throws(SpecError) in
                try Spec.load(scxml: text)
            }
        }
    }

    /// What SCXML cannot say, at its place in the spec: a variable named like an ECMAScript word (which the reader
    /// refuses as a `<data>` id), or a final state as a region of a parallel state in JSON (a region that is done at
    /// once), since SCXML's `<parallel>` holds no `<final>`: the first such final state in document order.
    var scxmlProblem: Diagnostic? {
        // Refused when read back; said here at the variable, where the user can rename it.
        if let variable = variables.first(where: { SCXMLVocabulary.ecmaScriptWords.contains($0.name) }) {
            return Diagnostic(
                "the variable \(JSONWriter.quoted(variable.name)) would be a <data> id, and that is a word ECMAScript keeps (a reserved word, or a global such as In, NaN or undefined), so conditions that name it mean something else to other SCXML interpreters: rename it to export as SCXML",
                at: variable.location ?? wholeSpec)
        }
        var pending = states.reversed().map { ($0, $0.name) }
        while let (state, path) = pending.popLast() {
            pending += state.children.reversed().map { ($0, path + "/" + $0.name) }
            guard state.kind == .parallel, let final = state.children.first(where: { $0.kind == .final }) else { continue }
            return Diagnostic(
                "final state \"\(path)/\(final.name)\" is a region of the parallel state \"\(path)\", which SCXML cannot say: "
                    + "<parallel> holds <state>, <parallel> and <history>, not <final>. Put the final state inside a compound "
                    + "state that is the region",
                at: final.location ?? state.location ?? wholeSpec)
        }
        return nil
    }
}

/// Writes a spec as SCXML elements.
struct SCXMLWriter {
    private static let smcheck = "smcheck:"

    func document(_ spec: Spec) -> OutputElement {
        var root = OutputElement(
            "scxml",
            [
                ("xmlns", SCXMLNamespace.scxml), ("xmlns:smcheck", SCXMLNamespace.smcheck), ("version", "1.0"),
                ("datamodel", "ecmascript"),
            ])
        // SCXML's name is an XML name token; any other name is kept in smcheck:name.
        let token = String(spec.name.unicodeScalars.map { Self.isNameCharacter($0) ? Character($0) : "_" })
        root.add("name", token.isEmpty ? "machine" : token)
        if token != spec.name { root.add(Self.smcheck + "name", spec.name) }
        if let initial = spec.initial { root.add("initial", initial.text) }
        if let description = spec.description { root.add(Self.smcheck + "description", description) }
        if !spec.reachable.isEmpty { root.add(Self.smcheck + "reachable", spec.reachable.map(\.text).joined(separator: " ")) }
        let defaults = Spec.Options.default
        if spec.options.maxMicrosteps != defaults.maxMicrosteps {
            root.add(Self.smcheck + "maxMicrosteps", String(spec.options.maxMicrosteps))
        }
        if spec.options.queueBound != defaults.queueBound { root.add(Self.smcheck + "queueBound", String(spec.options.queueBound)) }
        if spec.options.unhandled != defaults.unhandled { root.add(Self.smcheck + "unhandled", spec.options.unhandled.rawValue) }

        for event in spec.events {
            var element = OutputElement(Self.smcheck + "event", [("name", event.name)])
            if let description = event.description { element.add("description", description) }
            for parameter in event.parameters {
                var param = OutputElement(
                    Self.smcheck + "param", [("name", parameter.name)] + Self.typeAttributes(parameter.type, prefix: ""))
                if let description = parameter.description { param.add("description", description) }
                element.children.append(param)
            }
            root.children.append(element)
        }
        if !spec.variables.isEmpty {
            var datamodel = OutputElement("datamodel")
            for variable in spec.variables {
                var data = OutputElement("data", [("id", variable.name), ("expr", Self.literal(variable.initial))])
                // A bool's type follows from its initial value; ints and enums need their domains.
                if variable.type != .bool { data.attributes += Self.typeAttributes(variable.type, prefix: Self.smcheck).dropFirst() }
                if let description = variable.description { data.add(Self.smcheck + "description", description) }
                datamodel.children.append(data)
            }
            root.children.append(datamodel)
        }
        root.children += spec.states.map(state)
        for invariant in spec.invariants {
            var element = OutputElement(Self.smcheck + "invariant", [("name", invariant.name), ("expr", script(invariant.expression))])
            if let description = invariant.description { element.add("description", description) }
            root.children.append(element)
        }
        return root
    }

    // MARK: - States and transitions

    private func state(_ state: Spec.State) -> OutputElement {
        var element: OutputElement
        switch state.kind {
        case .parallel: element = OutputElement("parallel", [("id", state.name)])
        case .final: element = OutputElement("final", [("id", state.name)])
        case .history:
            element = OutputElement("history", [("id", state.name)])
            if state.historyDepth == .deep { element.add("type", "deep") }
        case .atomic, .compound, .choice:
            element = OutputElement("state", [("id", state.name)])
            if state.kind == .choice { element.add(Self.smcheck + "type", "choice") }
        }
        if let initial = state.initial { element.add("initial", initial.text) }
        if let description = state.description { element.add(Self.smcheck + "description", description) }
        if !state.entry.isEmpty { element.children.append(OutputElement("onentry", children: actions(state.entry))) }
        if !state.exit.isEmpty { element.children.append(OutputElement("onexit", children: actions(state.exit))) }
        if state.kind == .history, !state.historyDefault.isEmpty {
            element.children.append(OutputElement("transition", [("target", state.historyDefault.map(\.text).joined(separator: " "))]))
        }
        element.children += (state.transitions + state.always).map(transition)
        element.children += state.children.map(self.state)
        return element
    }

    private func transition(_ transition: Spec.Transition) -> OutputElement {
        var element = OutputElement("transition")
        if transition.trigger != .eventless { element.add("event", transition.trigger.description) }
        switch transition.guardCondition {
        case .expression(let expression): element.add("cond", script(expression))
        case .opaque, .otherwise: element.add(Self.smcheck + "cond", transition.guardCondition!.description)
        case nil: break
        }
        switch transition.target {
        case .none: break
        case .states(let references): element.add("target", references.map(\.text).joined(separator: " "))
        case .oneOf(let references): element.add(Self.smcheck + "oneOf", references.map(\.text).joined(separator: " "))
        }
        if transition.kind == .local { element.add("type", "internal") }
        if let description = transition.description { element.add(Self.smcheck + "description", description) }
        element.children = actions(transition.actions)
        return element
    }

    // MARK: - Executable content

    private func actions(_ actions: [Spec.Action]) -> [OutputElement] {
        actions.flatMap(action)
    }

    private func action(_ action: Spec.Action) -> [OutputElement] {
        switch action.kind {
        case .assign(let assignments):
            // One action assigns all at once; the ones after the first say so, as SCXML assigns one at a time.
            return assignments.enumerated().map { i, assignment in
                var element = OutputElement("assign", [("location", assignment.variable), ("expr", script(assignment.value))])
                if i > 0 { element.add(Self.smcheck + "together", "true") }
                return element
            }
        case .raise(let invocation) where invocation.arguments.isEmpty:
            return [OutputElement("raise", [("event", invocation.event)])]
        case .raise(let invocation), .send(let invocation):
            // SCXML's <raise> has no data: a raise with parameters is a send to the internal queue.
            var element = OutputElement("send", [("event", invocation.event)])
            if case .raise = action.kind { element.add("target", "#_internal") }
            element.children = invocation.arguments.map { OutputElement("param", [("name", $0.name), ("expr", script($0.value))]) }
            return [element]
        case .ifThen:
            return [conditional(action)]
        case .call(let name):
            return [OutputElement(Self.smcheck + "call", [("name", name)])]
        }
    }

    /// `<if>` with an `<elseif>` for each else branch that is a single if, and an `<else>` for the rest.
    private func conditional(_ action: Spec.Action) -> OutputElement {
        guard case .ifThen(let condition, let then, var otherwise) = action.kind else { return OutputElement("if") }
        var element = OutputElement("if", [("cond", script(condition))], children: actions(then))
        while true {
            if otherwise.count == 1, case .ifThen(let nested, let nestedThen, let nestedElse) = otherwise[0].kind {
                element.children.append(OutputElement("elseif", [("cond", script(nested))]))
                element.children += actions(nestedThen)
                otherwise = nestedElse
            } else {
                if !otherwise.isEmpty {
                    element.children.append(OutputElement("else"))
                    element.children += actions(otherwise)
                }
                return element
            }
        }
    }

    // MARK: - Values

    private func script(_ expression: Spec.Expression) -> String { ECMAScriptSubset.script(from: expression.text) }

    private static func literal(_ value: Value) -> String {
        switch value {
        case .bool(let b): String(b)
        case .int(let i): String(i)
        case .enumCase(let name): "'\(name)'"
        }
    }

    /// `type` and the domain: `min` and `max`, or `values`.
    private static func typeAttributes(_ type: ValueType, prefix: String) -> [(String, String)] {
        switch type {
        case .bool: [(prefix + "type", "bool")]
        case .int(let min, let max): [(prefix + "type", "int"), (prefix + "min", String(min)), (prefix + "max", String(max))]
        case .enumeration(let values): [(prefix + "type", "enum"), (prefix + "values", values.joined(separator: " "))]
        }
    }

    /// Characters of an XML name token (NMTOKEN), ASCII only: letters, digits, `.`, `-`, `_`, `:`.
    private static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "." || c == "-" || c == "_" || c == ":"
    }
}

/// An element to write: a name, attributes in order, children.
struct OutputElement {
    var name: String
    var attributes: [(String, String)]
    var children: [OutputElement]

    init(_ name: String, _ attributes: [(String, String)] = [], children: [OutputElement] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    mutating func add(_ name: String, _ value: String) { attributes.append((name, value)) }

    /// The element as indented XML text, two spaces a level; iterative, so no nesting overflows the stack.
    func text() -> String {
        var lines: [String] = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        // Each entry: an element to open, or the end tag to write (with its depth).
        var pending: [(element: OutputElement?, close: String?, depth: Int)] = [(self, nil, 0)]
        while let (element, close, depth) = pending.popLast() {
            let indent = String(repeating: "  ", count: depth)
            if let close {
                lines.append(indent + "</\(close)>")
                continue
            }
            guard let element else { continue }
            let attributes = element.attributes.map { " \($0.0)=\"\(Self.escaped($0.1))\"" }.joined()
            if element.children.isEmpty {
                lines.append(indent + "<\(element.name)\(attributes)/>")
            } else {
                lines.append(indent + "<\(element.name)\(attributes)>")
                pending.append((nil, element.name, depth))
                for child in element.children.reversed() { pending.append((child, nil, depth + 1)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An attribute value: markup characters as references, and white space other than spaces too, since XML
    /// reads a literal tab or line break in an attribute as a space.
    static func escaped(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
