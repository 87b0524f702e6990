import SMSpec

extension SCXMLReader {
    /// The executable content inside `block` (`<onentry>`, `<onexit>`, `<transition>`, a branch of `<if>`).
    mutating func readActions(_ block: XMLSourceElement) -> [Spec.Action] {
        readActions(executableChildren(of: block), in: block)
    }

    /// The executable content among an element's children; elements of other namespaces are custom actions smcheck
    /// does not know, which it refuses rather than skips.
    private mutating func executableChildren(of block: XMLSourceElement) -> [XMLSourceElement] {
        for child in block.children
        where child.namespace != SCXMLNamespace.scxml && child.namespace != SCXMLNamespace.smcheck
            && !SCXMLVocabulary.editorMetadata.contains([child.namespace ?? "", child.localName])
        {
            report(
                "<\(child.qualifiedName)> is a custom action smcheck does not know; it cannot tell what it does, so it does not ignore it",
                at: location(child))
        }
        let allowed = block.localName == "if" ? SCXMLVocabulary.executableContent + ["elseif", "else"] : SCXMLVocabulary.executableContent
        return children(of: block, allowed: allowed, annotations: SCXMLVocabulary.executableAnnotations)
    }

    /// A `<log>`: checked, and nothing else. Logging changes nothing a check can see; its expression is for an
    /// interpreter's console.
    mutating func readLog(_ element: XMLSourceElement) {
        checkAttributes(element, SCXMLVocabulary.elements["log"]!)
        _ = children(of: element, allowed: [])
    }

    private mutating func readActions(_ elements: [XMLSourceElement], in block: XMLSourceElement) -> [Spec.Action] {
        var actions: [Spec.Action] = []
        for element in elements {
            switch (element.namespace, element.localName) {
            case (SCXMLNamespace.smcheck, _):
                checkAttributes(element, SCXMLVocabulary.annotations["call"]!, own: true)
                _ = children(of: element, allowed: [])
                if let name = element.attribute("name") {
                    if name.value.isEmpty { report("<smcheck:call> needs a callback name", at: location(name, of: element)) }
                    actions.append(Spec.Action(.call(name.value), location: location(element)))
                }
            case (_, "raise"):
                checkAttributes(element, SCXMLVocabulary.elements["raise"]!)
                _ = children(of: element, allowed: [])
                if let event = element.attribute("event") {
                    actions.append(Spec.Action(.raise(invocation(event, of: element, arguments: [])), location: location(element)))
                }
            case (_, "send"):
                if let action = readSend(element) { actions.append(action) }
            case (_, "assign"):
                readAssign(element, into: &actions)
            case (_, "if"):
                checkAttributes(element, SCXMLVocabulary.elements["if"]!)
                if let action = readIf(element) { actions.append(action) }
            case (_, "log"):
                readLog(element)
            default:
                // <elseif> and <else> are read by readIf.
                break
            }
        }
        return actions
    }

    /// An event to raise or send; the name is remembered for inferring events when none are declared.
    private mutating func invocation(_ event: XMLSourceAttribute, of element: XMLSourceElement, arguments: [Spec.EventArgument])
        -> Spec.EventInvocation
    {
        let at = location(event, of: element)
        raisedEvents.append((event.value, at))
        return Spec.EventInvocation(event: event.value, arguments: arguments, location: at)
    }

    /// `<send event>` to the machine itself, with `<param>` children or a `namelist`; `target="#_internal"` is a
    /// raise. Other targets, delays and computed attributes are refused.
    private mutating func readSend(_ element: XMLSourceElement) -> Spec.Action? {
        checkAttributes(element, SCXMLVocabulary.elements["send"]!)
        var isInternal = false
        if let target = element.attribute("target") {
            if target.value == "#_internal" {
                isInternal = true
            } else {
                report(
                    "<send> to \(JSONWriter.quoted(target.value)) is not supported: smcheck sends only to the machine itself (no target, or \"#_internal\" to raise)",
                    at: location(target, of: element))
            }
        }
        if let type = element.attribute("type"), !SCXMLVocabulary.scxmlProcessors.contains(type.value) {
            report(
                "the event processor \(JSONWriter.quoted(type.value)) is not supported: smcheck sends SCXML events to the machine itself",
                at: location(type, of: element))
        }
        var arguments: [Spec.EventArgument] = []
        if let namelist = element.attribute("namelist") {
            for token in tokens(namelist, of: element) {
                arguments.append(
                    Spec.EventArgument(
                        token.text, Spec.Expression(token.text, location: token.location.advanced(byColumns: -1)), location: token.location)
                )
            }
        }
        for param in children(of: element, allowed: ["param"]) {
            checkAttributes(param, SCXMLVocabulary.elements["param"]!)
            _ = children(of: param, allowed: [])
            guard let name = param.attribute("name") else { continue }
            let source: XMLSourceAttribute?
            switch (param.attribute("expr"), param.attribute("location")) {
            case (let expr?, let other?):
                report("<param> has expr or location, not both", at: location(other, of: param))
                source = expr
            case (let expr?, nil): source = expr
            case (nil, let variable?): source = variable
            case (nil, nil):
                report("<param> needs expr (a value) or location (a variable)", at: location(param))
                source = nil
            }
            if let source, let value = expression(source, of: param) {
                arguments.append(Spec.EventArgument(name.value, value, location: location(param)))
            }
        }
        guard let event = element.attribute("event") else { return nil }
        let invocation = invocation(event, of: element, arguments: arguments)
        return Spec.Action(isInternal ? .raise(invocation) : .send(invocation), location: location(element))
    }

    /// `<assign location expr>`. With `smcheck:together="true"` it joins the assign action before it: the
    /// assignments of one action all read the values from before it.
    private mutating func readAssign(_ element: XMLSourceElement, into actions: inout [Spec.Action]) {
        if nullDatamodel != nil {
            report(SCXMLVocabulary.nullDatamodelHasNo("<assign>"), at: location(element))
            return
        }
        var rule = SCXMLVocabulary.elements["assign"]!
        let content = element.text.trimmingWhitespace()
        if !content.isEmpty {
            // SCXML may give the value as the element's content; smcheck reads values only from expr. One error that
            // says so, instead of "needs expr" and "text means nothing there".
            rule.required.removeAll { $0 == "expr" }
            if element.attribute("expr") == nil {
                let variable = element.attribute("location").map { OutputElement.escaped($0.value) } ?? "..."
                report(
                    "a value given as the content of <assign> is not supported; write it in expr: "
                        + "<assign location=\"\(variable)\" expr=\"\(OutputElement.escaped(content))\"/>",
                    at: location(element))
            } else {
                report(
                    "<assign> has both expr and content (\(JSONWriter.quoted(content))), and SCXML allows only one; "
                        + "smcheck reads the value from expr, so remove the content",
                    at: location(element))
            }
        }
        checkAttributes(element, rule)
        _ = children(of: element, allowed: [], allowsText: !content.isEmpty)
        guard let variable = element.attribute("location"), let expr = element.attribute("expr"),
            let value = expression(expr, of: element)
        else { return }
        let assignment = Spec.Assignment(variable: variable.value, value: value, location: location(element))
        if let together = element.attribute("together", namespace: SCXMLNamespace.smcheck) {
            guard together.value == "true" else {
                report(
                    "smcheck:together is \"true\" or left out, not \(JSONWriter.quoted(together.value))",
                    at: location(together, of: element))
                return
            }
            guard let last = actions.indices.last, case .assign(let assignments) = actions[last].kind else {
                report(
                    "smcheck:together joins an <assign> to the one right before it, and there is none", at: location(together, of: element))
                return
            }
            actions[last].kind = .assign(assignments + [assignment])
            return
        }
        actions.append(Spec.Action(.assign([assignment]), location: location(element)))
    }

    /// `<if cond> ... <elseif cond/> ... <else/> ... </if>` as nested if/else actions.
    private mutating func readIf(_ element: XMLSourceElement) -> Spec.Action? {
        // Split the children into branches at <elseif> and <else>.
        var branches: [(marker: XMLSourceElement, body: [XMLSourceElement])] = [(element, [])]
        var sawElse = false
        for child in executableChildren(of: element) {
            if child.namespace == SCXMLNamespace.scxml && (child.localName == "elseif" || child.localName == "else") {
                checkAttributes(child, SCXMLVocabulary.elements[child.localName]!)
                _ = children(of: child, allowed: [])
                if sawElse { report("<\(child.localName)> after <else>; <else> is the last branch of <if>", at: location(child)) }
                sawElse = sawElse || child.localName == "else"
                branches.append((child, []))
            } else {
                branches[branches.count - 1].body.append(child)
            }
        }
        // Refused before the chain is built: a chain of tens of thousands would be freed one nested level at a time,
        // deeper than the stack goes.
        let conditional = branches.count { $0.marker.localName != "else" }
        guard conditional <= Spec.Action.maximumNesting else {
            report(
                "<if> has \(conditional - 1) <elseif>s; each is an if inside the else of the branch before it, and smcheck reads at most \(Spec.Action.maximumNesting) nested ifs: split it into several <if>s, or choose among the cases with a transition each",
                at: location(element))
            return nil
        }
        // Read in document order; then, from the last branch back, each <elseif> becomes an if inside the else of
        // the branch before it.
        var read: [(marker: XMLSourceElement, condition: Spec.Expression?, actions: [Spec.Action])] = []
        for (marker, body) in branches {
            let condition = marker.localName == "else" ? nil : marker.attribute("cond").flatMap { expression($0, of: marker) }
            read.append((marker, condition, readActions(body, in: marker)))
        }
        var otherwise: [Spec.Action] = []
        var result: Spec.Action?
        for (marker, condition, actions) in read.reversed() {
            guard marker.localName != "else" else {
                otherwise = actions
                continue
            }
            guard let condition else { return nil }
            let action = Spec.Action(.ifThen(condition: condition, then: actions, else: otherwise), location: location(marker))
            otherwise = [action]
            result = action
        }
        if let result, case let nesting = Spec.Action.nesting(of: [result]), nesting > Spec.Action.maximumNesting {
            report(
                "<if> nests if actions \(nesting) levels deep, counting each <elseif> as an if inside the else of the branch before it and the <if>s inside its branches; smcheck reads at most \(Spec.Action.maximumNesting): split it into several <if>s, or choose among the cases with a transition each",
                at: location(element))
            return nil
        }
        return result
    }
}
