import SMSpec

extension SCXMLReader {
    /// Reads the `<scxml>` root: its attributes, declarations and states. Nil when the root is not `<scxml>`.
    mutating func read(_ root: XMLSourceElement) -> Spec? {
        guard root.localName == "scxml", root.namespace == SCXMLNamespace.scxml else {
            let hint =
                root.localName == "scxml"
                ? "<scxml> must be in the SCXML namespace: add xmlns=\"\(SCXMLNamespace.scxml)\""
                : "the root element is <\(root.qualifiedName)>; an SCXML file has <scxml xmlns=\"\(SCXMLNamespace.scxml)\">"
            report(hint, at: location(root))
            return nil
        }
        checkAttributes(root, SCXMLVocabulary.elements["scxml"]!)
        if let version = root.attribute("version"), version.value != "1.0" {
            report(
                "SCXML version \(JSONWriter.quoted(version.value)) is not one smcheck reads; it reads version \"1.0\"",
                at: location(version, of: root))
        }
        if let datamodel = root.attribute("datamodel"), !["ecmascript", "null"].contains(datamodel.value) {
            report(
                "the \(JSONWriter.quoted(datamodel.value)) datamodel is not supported: smcheck reads the ECMAScript subset of datamodel=\"ecmascript\"",
                at: location(datamodel, of: root), suggestion: Suggestions.closest(to: datamodel.value, in: ["ecmascript"]))
        }
        if let datamodel = root.attribute("datamodel"), datamodel.value == "null" { nullDatamodel = location(datamodel, of: root) }

        var states: [Spec.State] = []
        var invariants: [Spec.Invariant] = []
        for child in children(of: root, allowed: ["state", "parallel", "final", "datamodel"], annotations: ["event", "invariant"]) {
            switch (child.namespace, child.localName) {
            case (SCXMLNamespace.smcheck, "event"): readEventDeclaration(child)
            case (SCXMLNamespace.smcheck, _): if let invariant = readInvariant(child) { invariants.append(invariant) }
            case (_, "datamodel"): readDatamodel(child)
            default: if let state = readState(child) { states.append(state) }
            }
        }
        if let binding = root.attribute("binding"), binding.value != "early" {
            if binding.value != "late" {
                report("binding must be \"early\" or \"late\", not \(JSONWriter.quoted(binding.value))", at: location(binding, of: root))
            } else if let stateDatamodel {
                report(
                    "late binding is not supported: smcheck gives every variable its value at the start; move this <datamodel> into <scxml> or use binding=\"early\"",
                    at: stateDatamodel)
            }
        }
        if states.isEmpty && diagnostics.isEmpty {
            report("<scxml> has no states; a machine needs at least one <state>, <parallel> or <final>", at: location(root))
        }

        var initial: Spec.StateReference?
        if let attribute = root.attribute("initial") { initial = singleInitial(attribute, of: root) }
        var spec = Spec(
            name: name(of: root), description: value(root, "description", smcheck: true), variables: variables,
            events: declaresEvents ? declaredEvents : inferredEvents(states: states), initial: initial, states: states,
            invariants: invariants, options: options(of: root), file: file)
        if let reachable = root.attribute("reachable", namespace: SCXMLNamespace.smcheck) {
            spec.reachable = references(reachable, of: root)
        }
        return spec
    }

    /// `smcheck:name` (any text), else `name`, else the file's name.
    private mutating func name(of root: XMLSourceElement) -> String {
        if let attribute = root.attribute("name", namespace: SCXMLNamespace.smcheck) ?? root.attribute("name") {
            if attribute.value.trimmingWhitespace().isEmpty {
                report("the machine's name must not be empty", at: location(attribute, of: root))
            }
            // `&#10;` and the like: XML keeps the line breaks and tabs its character references write.
            if let problem = SpecMessages.oneLineNameProblem(attribute.value, what: "the machine's name") {
                report(problem, at: location(attribute, of: root))
            }
            return attribute.value
        }
        let base =
            (file ?? "").split(separator: "/").last.map {
                SpecFile.Format(path: String($0)) == .scxml ? String($0.dropLast(6)) : String($0)
            } ?? ""
        return base.isEmpty ? "SCXML machine" : base
    }

    private mutating func options(of root: XMLSourceElement) -> Spec.Options {
        var options = Spec.Options()
        if let attribute = root.attribute("maxMicrosteps", namespace: SCXMLNamespace.smcheck),
            let value = integer(attribute, of: root, range: 1...1_000_000)
        {
            options.maxMicrosteps = value
        }
        if let attribute = root.attribute("queueBound", namespace: SCXMLNamespace.smcheck),
            let value = integer(attribute, of: root, range: 0...1024)
        {
            options.queueBound = value
        }
        if let attribute = root.attribute("unhandled", namespace: SCXMLNamespace.smcheck) {
            if let policy = Spec.Options.UnhandledPolicy(rawValue: attribute.value) {
                options.unhandled = policy
            } else {
                report(
                    "smcheck:unhandled must be \"ignore\" or \"error\", not \(JSONWriter.quoted(attribute.value))",
                    at: location(attribute, of: root),
                    suggestion: Suggestions.closest(to: attribute.value, in: Spec.Options.UnhandledPolicy.allCases.map(\.rawValue)))
            }
        }
        return options
    }

    /// An integer attribute within `range`, or nil after reporting.
    mutating func integer(_ attribute: XMLSourceAttribute, of element: XMLSourceElement, range: ClosedRange<Int>) -> Int? {
        let text = attribute.value.trimmingWhitespace()
        if let outside = SpecMessages.integerOutsideBounds(text, what: "'\(attribute.qualifiedName)'", range: range) {
            report(outside, at: location(attribute, of: element))
            return nil
        }
        guard let value = Int(text), range.contains(value) else {
            report(
                SpecMessages.integerOutOfRange(text).map { "'\(attribute.qualifiedName)': \($0)" }
                    ?? "'\(attribute.qualifiedName)' must be an integer, not \(JSONWriter.quoted(attribute.value))",
                at: location(attribute, of: element))
            return nil
        }
        return value
    }

    // MARK: - Data

    mutating func readDatamodel(_ element: XMLSourceElement) {
        checkAttributes(element, SCXMLVocabulary.elements["datamodel"]!)
        if nullDatamodel != nil {
            report(SCXMLVocabulary.nullDatamodelHasNo("<datamodel>"), at: location(element))
            return
        }
        for data in children(of: element, allowed: ["data"]) { readData(data) }
    }

    /// `<data id expr>` with its domain from smcheck's annotations or its initial value.
    private mutating func readData(_ element: XMLSourceElement) {
        checkAttributes(element, SCXMLVocabulary.elements["data"]!)
        guard let id = value(element, "id") else { return }
        let what = "<data id=\(JSONWriter.quoted(id))>"
        if ["_event", "_sessionid", "_name", "_ioprocessors", "_x"].contains(id) {
            // SCXML keeps these names for the interpreter's own system variables (5.10).
            report(
                "\(JSONWriter.quoted(id)) is a system variable of SCXML; a <data> cannot declare it: pick another id", at: location(element)
            )
            rejected.variables.insert(id)
            return
        }
        if SCXMLVocabulary.ecmaScriptWords.contains(id) {
            // A condition that names it would mean something else to an ECMAScript interpreter, or not parse.
            report(
                "\(JSONWriter.quoted(id)) is a word ECMAScript keeps (a reserved word, or a global such as In, NaN or undefined), so conditions that name it mean something else to other SCXML interpreters: pick another id",
                at: location(element))
            rejected.variables.insert(id)
            return
        }
        var literal: (text: String, location: Spec.SourceLocation)?
        let hasExpr = element.attribute("expr") != nil
        if hasExpr && !element.text.trimmingWhitespace().isEmpty {
            // SCXML: the value is given by expr or by the content, never both.
            report("\(what) has both expr and content; its value is one or the other: remove one", at: location(element))
            rejected.variables.insert(id)
            return
        }
        _ = children(of: element, allowed: [], allowsText: true)
        if let expr = element.attribute("expr") {
            literal = (expr.value, location(expr, of: element))
        } else if !element.text.trimmingWhitespace().isEmpty {
            literal = (element.text.trimmingWhitespace(), location(element))
        }
        let initial = literal.flatMap { parseLiteral($0.text, what: what, at: $0.location) }
        guard let type = readType(element, namespace: SCXMLNamespace.smcheck, what: what, initial: initial) else {
            rejected.variables.insert(id)
            return
        }
        var value: Value?
        if let initial, let literal {
            value = self.value(initial, of: type, what: what, at: literal.location)
            if value == nil {
                rejected.variables.insert(id)
                return
            }
        }
        let description = self.value(element, "description", smcheck: true)
        variables.append(Spec.Variable(id, type, initial: value, description: description, location: location(element)))
    }

    /// A literal as ECMAScript writes it: `true`, `false`, an integer, or a string.
    private mutating func parseLiteral(_ text: String, what: String, at location: Spec.SourceLocation) -> Value? {
        let trimmed = text.trimmingWhitespace()
        switch trimmed {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: break
        }
        if let number = Int(trimmed) {
            // Int() reads "010" as ten; ECMAScript, whose literal this is, does not.
            let digits = trimmed.first == "-" || trimmed.first == "+" ? String(trimmed.dropFirst()) : trimmed
            if let problem = ECMAScriptSubset.leadingZeroProblem(digits) {
                report("the initial value of \(what): \(problem)", at: location)
                return nil
            }
            return .int(number)
        }
        if let first = trimmed.first, first == "'" || first == "\"", trimmed.count >= 2, trimmed.last == first {
            return .enumCase(String(trimmed.dropFirst().dropLast()))
        }
        report(
            SpecMessages.integerOutOfRange(trimmed).map { "the initial value of \(what): \($0)" }
                ?? "the initial value of \(what) must be a literal: an integer, true, false, or a string naming an enum value, not \(JSONWriter.quoted(trimmed))",
            at: location)
        return nil
    }

    /// The initial value as a value of `type`, or nil after reporting.
    private mutating func value(_ literal: Value, of type: ValueType, what: String, at location: Spec.SourceLocation) -> Value? {
        switch (literal, type) {
        case (.bool, .bool):
            return literal
        case (.int(let v), .int(let min, let max)):
            if v >= min && v <= max || min > max { return literal }
            report("the initial value \(v) of \(what) is outside its bounds \(min)...\(max)", at: location)
        case (.enumCase(let name), .enumeration(let values)):
            if values.contains(name) { return literal }
            report(
                "the initial value '\(name)' of \(what) is not one of its values (\(SpecMessages.valueList(values)))", at: location,
                suggestion: Suggestions.closest(to: name, in: values))
        default:
            report("the initial value \(literal) of \(what) is not a value of its type, \(type)", at: location)
        }
        return nil
    }

    /// The type from `type`, `min`, `max` and `values` (in `namespace`); without `type`, from which of those are
    /// given or else from the initial value. Nil after reporting.
    mutating func readType(_ element: XMLSourceElement, namespace: String?, what: String, initial: Value?) -> ValueType? {
        let prefix = namespace == nil ? "" : "smcheck:"
        let typeAttribute = element.attribute("type", namespace: namespace)
        let minAttribute = element.attribute("min", namespace: namespace), maxAttribute = element.attribute("max", namespace: namespace)
        let valuesAttribute = element.attribute("values", namespace: namespace)
        var kind = typeAttribute?.value
        if kind == nil {
            if valuesAttribute != nil {
                kind = "enum"
            } else if minAttribute != nil || maxAttribute != nil {
                kind = "int"
            } else {
                switch initial {
                case .bool: kind = "bool"
                case .int: kind = "int"
                case .enumCase: kind = "enum"
                case nil:
                    report(
                        "\(what) needs a type: give \(prefix)type=\"bool\", \"int\" (with \(prefix)min and \(prefix)max) or \"enum\" (with \(prefix)values), or an initial value",
                        at: location(element))
                    return nil
                }
            }
        }
        switch kind {
        case "bool":
            for attribute in [minAttribute, maxAttribute, valuesAttribute].compactMap({ $0 }) {
                report("\(what) is a bool and cannot have '\(attribute.qualifiedName)'", at: location(attribute, of: element))
            }
            return .bool
        case "int":
            if let valuesAttribute {
                report(
                    "\(what) is an int and cannot have '\(valuesAttribute.qualifiedName)'; use \(prefix)min and \(prefix)max",
                    at: location(valuesAttribute, of: element))
            }
            guard let minAttribute, let maxAttribute else {
                report(
                    "\(what) holds an int and needs \(prefix)min and \(prefix)max (bounds make exploration finite)", at: location(element))
                return nil
            }
            guard let min = integer(minAttribute, of: element, range: SpecKeys.intBounds),
                let max = integer(maxAttribute, of: element, range: SpecKeys.intBounds)
            else { return nil }
            if min > max { report("\(what) has min \(min) greater than max \(max)", at: location(minAttribute, of: element)) }
            return .int(min: min, max: max)
        case "enum":
            for attribute in [minAttribute, maxAttribute].compactMap({ $0 }) {
                report("\(what) is an enum and cannot have '\(attribute.qualifiedName)'", at: location(attribute, of: element))
            }
            guard let valuesAttribute else {
                report("\(what) holds an enum value and needs \(prefix)values, its names separated by spaces", at: location(element))
                return nil
            }
            var values: [String] = []
            // A set beside the list: a list alone makes a hundred thousand values cost ten billion comparisons.
            var seen: Set<String> = []
            for token in tokens(valuesAttribute, of: element) {
                if !token.text.isIdentifier {
                    report(SpecMessages.invalidName("enum value", token.text), at: token.location)
                } else if !seen.insert(token.text).inserted {
                    report("duplicate enum value \(JSONWriter.quoted(token.text))", at: token.location)
                } else {
                    values.append(token.text)
                }
            }
            if values.isEmpty && tokens(valuesAttribute, of: element).isEmpty {
                report("\(what) has no values; an enum needs at least one", at: location(valuesAttribute, of: element))
            }
            return values.isEmpty ? nil : .enumeration(values)
        default:
            let attribute = typeAttribute!
            report(
                "unknown type \(JSONWriter.quoted(attribute.value)) for \(what); expected \"bool\", \"int\" or \"enum\"",
                at: location(attribute, of: element),
                suggestion: Suggestions.closest(to: attribute.value, in: ["bool", "int", "enum"]))
            return nil
        }
    }

    // MARK: - Events

    /// `<smcheck:event name>` with `<smcheck:param>` children.
    private mutating func readEventDeclaration(_ element: XMLSourceElement) {
        declaresEvents = true
        checkAttributes(element, SCXMLVocabulary.annotations["event"]!, own: true)
        guard let name = element.attribute("name") else { return }
        if let problem = SpecMessages.eventNameProblem(name.value) {
            report(problem.message, at: location(name, of: element), suggestion: problem.suggestion)
            rejected.events.insert(name.value)
            return
        }
        var parameters: [Spec.Parameter] = []
        for param in children(of: element, allowed: [], annotations: ["param"]) {
            checkAttributes(param, SCXMLVocabulary.annotations["param"]!, own: true)
            guard let parameterName = param.attribute("name") else { continue }
            let what = "parameter \(JSONWriter.quoted(parameterName.value)) of \(JSONWriter.quoted(name.value))"
            if !parameterName.value.isIdentifier {
                report(SpecMessages.invalidName("parameter name", parameterName.value), at: location(parameterName, of: param))
            } else if parameters.contains(where: { $0.name == parameterName.value }) {
                report(
                    "duplicate parameter \(JSONWriter.quoted(parameterName.value)) of \(JSONWriter.quoted(name.value))",
                    at: location(parameterName, of: param))
            } else if param.attribute("type") != nil, let type = readType(param, namespace: nil, what: what, initial: nil) {
                parameters.append(
                    Spec.Parameter(parameterName.value, type, description: value(param, "description"), location: location(param)))
            }
        }
        declaredEvents.append(
            Spec.EventDeclaration(
                name.value, parameters: parameters, description: value(element, "description"), location: location(element)))
    }

    /// Without declarations, the events are those raised or sent, then those transitions name that match none of
    /// them (a transition on `error` with `error.io` raised somewhere adds no event `error`). `*` names no event: with
    /// nothing else to infer from, it is an error, since the machine would take no event at all where SCXML takes
    /// every one, and every verdict about that transition would be false.
    private mutating func inferredEvents(states: [Spec.State]) -> [Spec.EventDeclaration] {
        var events: [Spec.EventDeclaration] = []
        // Every token prefix of the events so far (`error`, `error.io` for `error.io`): a descriptor matches one of
        // them exactly when it names such a prefix. A set, not a scan: 40,000 raised events took seconds to compare.
        var prefixes: Set<Substring> = []
        func add(_ name: String, at location: Spec.SourceLocation?) {
            events.append(Spec.EventDeclaration(name, location: location))
            // A name of too many parts has none: the resolver refuses it.
            prefixes.formUnion(EventDescriptor.prefixes(of: name) ?? [])
        }
        var raised: Set<String> = []
        for (name, location) in raisedEvents where SpecMessages.eventNameProblem(name) == nil && raised.insert(name).inserted {
            add(name, at: location)
        }
        for (descriptor, location) in descriptors where descriptor != "*" && !descriptor.hasPrefix("done.") {
            let name = descriptor.hasSuffix(".*") ? descriptor.dropLast(2) : Substring(descriptor)
            guard !prefixes.contains(name) else { continue }
            if SpecMessages.eventNameProblem(String(name)) == nil { add(String(name), at: location) }
        }
        // Only when nothing names an event: a name that was rejected is reported already, and it may be what `*` was for.
        // A final state inside another gives a completion event, which "*" takes: then the transition can fire.
        if events.isEmpty, raisedEvents.isEmpty, descriptors.allSatisfy({ $0.descriptor == "*" || $0.descriptor.hasPrefix("done.") }),
            let star = descriptors.first(where: { $0.descriptor == "*" }), !Self.completesSomeState(states)
        {
            report(
                #"the events cannot be inferred from "*" alone: nothing raises or sends an event, and no transition names one; declare the events the machine takes with <smcheck:event name="...">"#,
                at: star.location)
        }
        return events
    }

    /// Whether some state below the top level has a final child, so that the machine raises a completion event.
    private static func completesSomeState(_ topLevel: [Spec.State]) -> Bool {
        // A stack, not recursion: nesting is bounded, but the walk need not rely on it.
        var pending = topLevel
        while let state = pending.popLast() {
            if state.children.contains(where: { $0.kind == .final }) { return true }
            pending += state.children
        }
        return false
    }

    // MARK: - Invariants

    private mutating func readInvariant(_ element: XMLSourceElement) -> Spec.Invariant? {
        checkAttributes(element, SCXMLVocabulary.annotations["invariant"]!, own: true)
        _ = children(of: element, allowed: [])
        guard let name = value(element, "name"), let expr = element.attribute("expr"), let expression = expression(expr, of: element) else {
            return nil
        }
        if let problem = SpecMessages.oneLineNameProblem(name, what: "the invariant's name"), let attribute = element.attribute("name") {
            report(problem, at: location(attribute, of: element))
        }
        return Spec.Invariant(name, expression, description: value(element, "description"), location: location(element))
    }

    /// The one state an `initial` attribute names.
    mutating func singleInitial(_ attribute: XMLSourceAttribute, of element: XMLSourceElement) -> Spec.StateReference? {
        let list = references(attribute, of: element)
        if list.count > 1 {
            report(
                "several initial states are not supported: smcheck enters one initial state in each compound state", at: list[1].location!)
        }
        return list.first
    }
}
