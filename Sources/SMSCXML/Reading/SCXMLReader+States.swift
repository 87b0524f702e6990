import SMSpec

extension SCXMLReader {
    /// `<state>`, `<parallel>`, `<final>` or `<history>`, with everything inside. Recursive: the tag scanner bounds
    /// the depth. Nil (after reporting) for a state without a usable id.
    mutating func readState(_ element: XMLSourceElement) -> Spec.State? {
        let kind = element.localName
        checkAttributes(element, SCXMLVocabulary.elements[kind]!)
        guard let id = element.attribute("id") else { return nil }
        if let problem = SpecMessages.stateNameProblem(id.value) {
            report(problem, at: location(id, of: element))
            return nil
        }
        var state = Spec.State(id.value, location: location(element))
        state.description = value(element, "description", smcheck: true)
        let allowed: [String] =
            switch kind {
            case "state": ["onentry", "onexit", "transition", "initial", "state", "parallel", "final", "history", "datamodel"]
            case "parallel": ["onentry", "onexit", "transition", "state", "parallel", "history", "datamodel"]
            case "final": ["onentry", "onexit"]
            default: ["transition"]
            }
        var initialElement: XMLSourceElement?
        for child in children(of: element, allowed: allowed) {
            switch child.localName {
            case "onentry", "onexit":
                checkAttributes(child, SCXMLVocabulary.elements[child.localName]!)
                let actions = readActions(child)
                if child.localName == "onentry" { state.entry += actions } else { state.exit += actions }
            case "transition" where kind == "history":
                if !state.historyDefault.isEmpty { report("<history> has one default <transition>", at: location(child)) }
                state.historyDefault = readTargetOnly(child, of: "<history>")
            case "transition":
                guard let transition = readTransition(child) else { continue }
                if transition.trigger == .eventless { state.always.append(transition) } else { state.transitions.append(transition) }
            case "initial":
                if initialElement != nil { report("<state> has one <initial>", at: location(child)) }
                initialElement = child
            case "datamodel":
                stateDatamodel = stateDatamodel ?? location(child)
                readDatamodel(child)
            default:
                if let childState = readState(child) { state.children.append(childState) }
            }
        }
        switch kind {
        case "parallel":
            state.kind = .parallel
        case "final":
            state.kind = .final
        case "history":
            state.kind = .history
            if let type = element.attribute("type") {
                if let depth = Spec.State.HistoryDepth(rawValue: type.value) {
                    state.historyDepth = depth
                } else {
                    report(
                        "the type of <history> must be \"shallow\" or \"deep\", not \(JSONWriter.quoted(type.value))",
                        at: location(type, of: element),
                        suggestion: Suggestions.closest(to: type.value, in: ["shallow", "deep"]))
                }
            }
        default:
            state.kind = state.children.isEmpty ? .atomic : .compound
            if let type = element.attribute("type", namespace: SCXMLNamespace.smcheck) {
                if type.value == Spec.State.Kind.choice.rawValue {
                    state.kind = .choice
                } else {
                    report(
                        "smcheck:type on <state> can only be \"choice\" (the other kinds have their own elements), not \(JSONWriter.quoted(type.value))",
                        at: location(type, of: element))
                }
            }
            state.initial = readInitial(element, initialElement)
        }
        return state
    }

    /// The initial state of a `<state>`: its `initial` attribute or its `<initial>` element, not both.
    private mutating func readInitial(_ element: XMLSourceElement, _ initialElement: XMLSourceElement?) -> Spec.StateReference? {
        if let initialElement {
            checkAttributes(initialElement, SCXMLVocabulary.elements["initial"]!)
            if element.attribute("initial") != nil {
                report("<state> has both an initial attribute and an <initial> element; SCXML allows one", at: location(initialElement))
            }
            let transitions = children(of: initialElement, allowed: ["transition"])
            guard let transition = transitions.first else {
                report("<initial> needs a <transition> naming the initial state", at: location(initialElement))
                return nil
            }
            if transitions.count > 1 { report("<initial> has one <transition>", at: location(transitions[1])) }
            let references = readTargetOnly(transition, of: "<initial>")
            if references.count > 1 {
                report(
                    "several initial states are not supported: smcheck enters one initial state in each compound state",
                    at: references[1].location!)
            }
            return references.first
        }
        return element.attribute("initial").flatMap { singleInitial($0, of: element) }
    }

    /// The transition of `<initial>` or `<history>`: a target and nothing else.
    private mutating func readTargetOnly(_ element: XMLSourceElement, of owner: String) -> [Spec.StateReference] {
        for attribute in element.attributes where attribute.namespace == nil && attribute.localName != "target" {
            report("the <transition> of \(owner) has only a target, not '\(attribute.localName)'", at: location(attribute, of: element))
        }
        for child in element.children where child.namespace == SCXMLNamespace.scxml || child.namespace == SCXMLNamespace.smcheck {
            if child.namespace == SCXMLNamespace.scxml && child.localName == "log" {
                readLog(child)  // it changes nothing, here as in any executable content
                continue
            }
            report(
                "executable content in the <transition> of \(owner) is not supported: the <onentry> of the state it enters does the same "
                    + "when no other transition enters that state (its <onentry> runs on every entry; this content only on this one)",
                at: location(child))
        }
        checkText(of: element)
        guard let target = element.attribute("target") else {
            report("the <transition> of \(owner) needs a target", at: location(element))
            return []
        }
        return references(target, of: element)
    }

    /// `<transition event cond target type>` with its executable content, and smcheck's guards and targets that
    /// SCXML cannot write (`smcheck:cond="?name"` or `"else"`, `smcheck:oneOf`).
    mutating func readTransition(_ element: XMLSourceElement) -> Spec.Transition? {
        checkAttributes(element, SCXMLVocabulary.elements["transition"]!)
        var transition = Spec.Transition(on: .eventless, location: location(element))
        if let event = element.attribute("event") {
            let list = tokens(event, of: element)
            if list.isEmpty {
                report(
                    "an empty event attribute; leave it out for an eventless transition, or write \"*\" for every event",
                    at: location(event, of: element))
                return nil
            }
            transition.trigger = event.value.trimmingWhitespace() == "*" ? .anyEvent : .event(event.value)
            transition.triggerLocation = location(event, of: element)
            descriptors += list.map { (Substring($0.text), $0.location) }
        }
        switch (element.attribute("target"), element.attribute("oneOf", namespace: SCXMLNamespace.smcheck)) {
        case (let target?, let oneOf?):
            report("a transition has a target or smcheck:oneOf, not both", at: location(oneOf, of: element))
            transition.target = .states(references(target, of: element))
        case (let target?, nil):
            transition.target = .states(references(target, of: element))
        case (nil, let oneOf?):
            transition.target = .oneOf(references(oneOf, of: element))
        case (nil, nil):
            break
        }
        switch (element.attribute("cond"), element.attribute("cond", namespace: SCXMLNamespace.smcheck)) {
        case (_?, let ours?):
            report("a transition has cond or smcheck:cond, not both", at: location(ours, of: element))
        case (let cond?, nil):
            guard let expression = expression(cond, of: element) else { return nil }
            transition.guardCondition = .expression(expression)
        case (nil, let ours?):
            if ours.value == "else" {
                transition.guardCondition = .otherwise
            } else if ours.value.hasPrefix("?"), ours.value.count > 1,
                !ours.value.unicodeScalars.contains(where: { $0.properties.isWhitespace })
            {
                transition.guardCondition = .opaque(String(ours.value.dropFirst()))
            } else {
                report(
                    "smcheck:cond is \"else\" or \"?name\" (a predicate the host registers), not \(JSONWriter.quoted(ours.value))",
                    at: location(ours, of: element))
            }
        case (nil, nil):
            break
        }
        if let type = element.attribute("type") {
            switch type.value {
            case "external": transition.kind = .external
            case "internal": transition.kind = .local
            default:
                report(
                    "the type of <transition> must be \"external\" or \"internal\", not \(JSONWriter.quoted(type.value))",
                    at: location(type, of: element),
                    suggestion: Suggestions.closest(to: type.value, in: ["external", "internal"]))
            }
        }
        transition.description = value(element, "description", smcheck: true)
        transition.actions = readActions(element)
        return transition
    }
}
