extension SpecDecoder {
    /// Decodes a `states` object. Duplicate names under one parent are SM003 errors.
    mutating func decodeChildren(_ node: JSONNode, _ pointer: JSONPointer, parentName: String?) -> [Spec.State] {
        let owner = parentName.map { "the states of \(JSONWriter.quoted($0))" } ?? "the top-level \"states\""
        guard let list = orderedMembers(of: node, at: pointer, what: owner, duplicateCode: "SM003", duplicateWhat: "state name")
        else { return [] }
        return list.map { decodeState($0, pointer / $0.key) }
    }

    private mutating func decodeState(_ member: JSONMember, _ pointer: JSONPointer) -> Spec.State {
        let name = member.key
        let what = "state \(JSONWriter.quoted(name))"
        checkStateName(name, at: member.keyPosition, pointer)
        var state = Spec.State(name, location: location(member.keyPosition, pointer))
        guard let fields = members(of: member.value, at: pointer, what: what, allowed: SpecKeys.state, borrowed: BorrowedKeys.state) else {
            return state
        }

        var explicitKind: Spec.State.Kind?
        if let typeMember = fields["type"], let text = string(typeMember.value, pointer / "type", what: "the type of \(what)") {
            if let kind = Spec.State.Kind(rawValue: text) {
                explicitKind = kind
            } else {
                report(
                    "unknown state type \(JSONWriter.quoted(text)); expected one of: \(Spec.State.Kind.allCases.map(\.rawValue).joined(separator: ", "))",
                    at: typeMember.value.position, pointer / "type",
                    suggestion: Suggestions.closest(to: text, in: Spec.State.Kind.allCases.map(\.rawValue)))
            }
        }
        if let children = fields["states"] {
            state.children = decodeChildren(children.value, pointer / "states", parentName: name)
        }
        state.kind = explicitKind ?? (!state.children.isEmpty ? .compound : (fields["history"] != nil ? .history : .atomic))
        if let initial = fields["initial"], let text = string(initial.value, pointer / "initial", what: "\"initial\" of \(what)") {
            state.initial = reference(initial.value, text, pointer / "initial")
        }
        state.entry = fields["entry"].map { decodeActions($0.value, pointer / "entry") } ?? []
        state.exit = fields["exit"].map { decodeActions($0.value, pointer / "exit") } ?? []
        if let on = fields["on"],
            let handlers = orderedMembers(of: on.value, at: pointer / "on", what: "\"on\" of \(what)", duplicateWhat: "event")
        {
            for handler in handlers {
                let trigger: Spec.Transition.Trigger = handler.key == "*" ? .anyEvent : .event(handler.key)
                var list = decodeTransitionList(handler.value, pointer / "on" / handler.key, trigger: trigger)
                for i in list.indices { list[i].triggerLocation = location(handler.keyPosition, pointer / "on" / handler.key) }
                state.transitions += list
            }
        }
        if let always = fields["always"] {
            state.always = decodeTransitionList(always.value, pointer / "always", trigger: .eventless)
        }
        if let history = fields["history"], let text = string(history.value, pointer / "history", what: "\"history\" of \(what)") {
            if let depth = Spec.State.HistoryDepth(rawValue: text) {
                state.historyDepth = depth
            } else {
                report(
                    "\"history\" must be \"shallow\" or \"deep\", not \(JSONWriter.quoted(text))", at: history.value.position,
                    pointer / "history",
                    suggestion: Suggestions.closest(to: text, in: ["shallow", "deep"]))
            }
        }
        if state.kind == .history, let target = fields["target"] {
            if case .states(let refs) = decodeTarget(target.value, pointer / "target", allowOneOf: false) {
                state.historyDefault = refs
            }
        }
        if state.kind != .history {
            for key in ["history", "target"] where fields[key] != nil {
                let hint: String
                switch (key, state.kind) {
                case ("target", _): hint = "; transitions are written under \"on\" or \"always\""
                case (_, .compound), (_, .parallel):
                    // XState users write history on the parent; here it is a child state of its own, as in SCXML.
                    hint =
                        "; to resume where it was left, give it a child {\"type\": \"history\", \"history\": \"\(state.historyDepth.rawValue)\"} and target that child"
                default: hint = ""
                }
                report(
                    "\(JSONWriter.quoted(key)) only applies to history states, and \(what) is \(state.kind.rawValue)\(hint)",
                    at: fields[key]!.keyPosition, pointer / key)
            }
        }
        state.description = fields["description"].flatMap { string($0.value, pointer / "description", what: "\"description\"") }
        return state
    }

    private mutating func checkStateName(_ name: String, at position: TextPosition, _ pointer: JSONPointer) {
        if let problem = SpecMessages.stateNameProblem(name) { report(problem, at: position, pointer) }
    }

    // MARK: - Transitions

    /// `on` values and `always`: a target string, one transition object, or a list of them.
    private mutating func decodeTransitionList(_ node: JSONNode, _ pointer: JSONPointer, trigger: Spec.Transition.Trigger) -> [Spec
        .Transition]
    {
        switch node.value {
        case .array(let elements):
            if elements.isEmpty {
                report("an empty list of transitions; remove the key or add a transition", at: node.position, pointer)
            }
            return elements.enumerated().compactMap { i, element in decodeTransition(element, pointer / i, trigger: trigger) }
        default:
            return decodeTransition(node, pointer, trigger: trigger).map { [$0] } ?? []
        }
    }

    private mutating func decodeTransition(_ node: JSONNode, _ pointer: JSONPointer, trigger: Spec.Transition.Trigger) -> Spec.Transition? {
        if let text = node.stringValue {
            return Spec.Transition(
                on: trigger, target: .states([reference(node, text, pointer)]), location: location(node.position, pointer))
        }
        if node.isNull {
            return Spec.Transition(on: trigger, target: .none, location: location(node.position, pointer))
        }
        guard node.objectValue != nil else {
            report(
                "a transition must be a target string, an object or a list of them, not \(article(node.typeName))", at: node.position,
                pointer)
            return nil
        }
        guard
            let fields = members(
                of: node, at: pointer, what: "a transition", allowed: SpecKeys.transition, borrowed: BorrowedKeys.transition)
        else { return nil }
        var transition = Spec.Transition(on: trigger, location: location(node.position, pointer))
        if let target = fields["target"] {
            transition.target = decodeTarget(target.value, pointer / "target", allowOneOf: true)
        }
        if let guardMember = fields["guard"], let name = guardMember.value["type"]?.stringValue {
            // XState v5's {"type": "isReady"}: a guard the host implements.
            report(
                "a guard must be a string, not an object; a condition the host decides is written \(JSONWriter.quoted("?" + name))",
                at: guardMember.value.position, pointer / "guard")
        } else if let guardMember = fields["guard"],
            let text = string(guardMember.value, pointer / "guard", what: "a guard", isExpression: true)
        {
            if text.trimmingWhitespace().isEmpty {
                report(
                    "a guard must not be empty; leave \"guard\" out for an unguarded transition", at: guardMember.value.position,
                    pointer / "guard")
            } else if text == "else" {
                transition.guardCondition = .otherwise
            } else if text.hasPrefix("?") {
                let name = String(text.dropFirst())
                if name.isEmpty || name.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
                    report(
                        "an opaque guard is \"?name\" with a non-empty name and no spaces", at: guardMember.value.position,
                        pointer / "guard")
                } else if let bad = SpecMessages.controlCharacter(in: name) {
                    report(
                        "an opaque guard's name contains \(bad); write it without one", at: guardMember.value.position, pointer / "guard")
                }
                transition.guardCondition = .opaque(name)
            } else {
                transition.guardCondition = .expression(expression(guardMember.value, text, pointer / "guard"))
            }
        }
        if let actions = fields["actions"] {
            transition.actions = decodeActions(actions.value, pointer / "actions")
        }
        if let kind = fields["kind"], let text = string(kind.value, pointer / "kind", what: "\"kind\"") {
            if let value = Spec.Transition.Kind(rawValue: text) {
                transition.kind = value
            } else {
                let isInternal = text == "internal"
                let hint = isInternal ? "; a targetless transition (no \"target\") is TBStateMachine's internal transition" : ""
                report(
                    "\"kind\" must be \"external\" or \"local\", not \(JSONWriter.quoted(text))\(hint)", at: kind.value.position,
                    pointer / "kind",
                    suggestion: isInternal ? nil : Suggestions.closest(to: text, in: Spec.Transition.Kind.allCases.map(\.rawValue)))
            }
        }
        transition.description = fields["description"].flatMap { string($0.value, pointer / "description", what: "\"description\"") }
        return transition
    }

    /// `"b21"`, `"a/a1"`, `["r1/x", "r2/y"]` (fork), `{ "oneOf": [...] }`, or null.
    mutating func decodeTarget(_ node: JSONNode, _ pointer: JSONPointer, allowOneOf: Bool) -> Spec.Transition.Target {
        switch node.value {
        case .null:
            return .none
        case .string(let text):
            return .states([reference(node, text, pointer)])
        case .array(let elements):
            if elements.isEmpty {
                report("an empty target list; write null (or leave \"target\" out) for a targetless transition", at: node.position, pointer)
                return .none
            }
            return .states(references(elements, pointer))
        case .object:
            guard allowOneOf else {
                report("a history default target is a state or a list of states, not an object", at: node.position, pointer)
                return .none
            }
            guard let fields = members(of: node, at: pointer, what: "a target object", allowed: ["oneOf"], required: ["oneOf"]),
                let oneOf = fields["oneOf"], let elements = array(oneOf.value, pointer / "oneOf", what: "\"oneOf\"")
            else { return .none }
            if elements.isEmpty {
                report("\"oneOf\" needs at least one target", at: oneOf.value.position, pointer / "oneOf")
                return .none
            }
            return .oneOf(references(elements, pointer / "oneOf"))
        default:
            report(
                "a target must be a state name or path, a list of them (a fork), {\"oneOf\": [...]} or null, not \(article(node.typeName))",
                at: node.position, pointer)
            return .none
        }
    }

    private mutating func references(_ elements: [JSONNode], _ pointer: JSONPointer) -> [Spec.StateReference] {
        elements.enumerated().compactMap { i, element in
            string(element, pointer / i, what: "a target").map { reference(element, $0, pointer / i) }
        }
    }

    // MARK: - Actions

    mutating func decodeActions(_ node: JSONNode, _ pointer: JSONPointer) -> [Spec.Action] {
        if let name = node.stringValue {
            // XState names an action by a string; here an action says what it does.
            report(
                "a list of actions must be an array, not a string; a call of host code by name is [{\"call\": \(JSONWriter.quoted(name))}]",
                at: node.position, pointer)
            return []
        }
        guard let elements = array(node, pointer, what: "a list of actions") else { return [] }
        return elements.enumerated().compactMap { i, element in decodeAction(element, pointer / i) }
    }

    private mutating func decodeAction(_ node: JSONNode, _ pointer: JSONPointer) -> Spec.Action? {
        guard let objectMembers = node.objectValue else {
            report(
                "an action must be an object such as {\"assign\": {...}}, {\"raise\": \"event\"} or {\"call\": \"name\"}, not \(article(node.typeName))",
                at: node.position, pointer)
            return nil
        }
        let kindMembers = objectMembers.filter { SpecKeys.actionKinds.contains($0.key) }
        if kindMembers.count > 1 {
            report(
                "an action does one thing, but this one has both \(JSONWriter.quoted(kindMembers[0].key)) and \(JSONWriter.quoted(kindMembers[1].key)); split it into two actions",
                at: kindMembers[1].keyPosition, pointer / kindMembers[1].key)
            return nil
        }
        guard let kind = kindMembers.first?.key else {
            let needed = "an action needs one of: \(SpecKeys.actionKinds.joined(separator: ", "))"
            if let type = objectMembers.first(where: { $0.key == "type" }), let name = type.value.stringValue {
                // XState v5's {"type": "increment"}: an action the host implements.
                report(
                    "\(needed); XState's {\"type\": \(JSONWriter.quoted(name))} is {\"call\": \(JSONWriter.quoted(name))} here",
                    at: type.keyPosition, pointer / "type")
                return nil
            }
            let first = objectMembers.first
            report(
                needed, at: first?.keyPosition ?? node.position,
                first.map { pointer / $0.key } ?? pointer,
                suggestion: first.flatMap { Suggestions.closest(to: $0.key, in: SpecKeys.actionKinds) })
            return nil
        }
        guard let fields = members(of: node, at: pointer, what: "the \(JSONWriter.quoted(kind)) action", allowed: SpecKeys.action(kind))
        else { return nil }
        let at = location(node.position, pointer)
        switch kind {
        case "assign":
            guard
                let list = orderedMembers(
                    of: fields["assign"]!.value, at: pointer / "assign", what: "\"assign\"", duplicateWhat: "variable")
            else { return nil }
            let assignments = list.compactMap { member -> Spec.Assignment? in
                guard
                    let text = string(
                        member.value, pointer / "assign" / member.key,
                        what: "the value assigned to \(JSONWriter.quoted(member.key)) (an expression string)", isExpression: true)
                else { return nil }
                return Spec.Assignment(
                    variable: member.key, value: expression(member.value, text, pointer / "assign" / member.key),
                    location: location(member.keyPosition, pointer / "assign" / member.key))
            }
            if list.isEmpty { report("\"assign\" is empty", at: fields["assign"]!.value.position, pointer / "assign") }
            return Spec.Action(.assign(assignments), location: at)
        case "raise", "send":
            guard let eventNode = fields[kind]?.value, let event = string(eventNode, pointer / kind, what: "the event of \"\(kind)\"")
            else { return nil }
            var arguments: [Spec.EventArgument] = []
            if let params = fields["params"],
                let list = orderedMembers(of: params.value, at: pointer / "params", what: "\"params\"", duplicateWhat: "parameter")
            {
                for member in list {
                    if let text = string(
                        member.value, pointer / "params" / member.key,
                        what: "parameter \(JSONWriter.quoted(member.key)) (an expression string)", isExpression: true)
                    {
                        arguments.append(
                            Spec.EventArgument(
                                member.key, expression(member.value, text, pointer / "params" / member.key),
                                location: location(member.keyPosition, pointer / "params" / member.key)))
                    }
                }
            }
            let invocation = Spec.EventInvocation(
                event: event, arguments: arguments, location: location(eventNode.position, pointer / kind))
            return Spec.Action(kind == "raise" ? .raise(invocation) : .send(invocation), location: at)
        case "if":
            guard let conditionNode = fields["if"]?.value,
                let text = string(conditionNode, pointer / "if", what: "the condition of \"if\"", isExpression: true)
            else { return nil }
            if fields["then"] == nil { report("an \"if\" action needs \"then\"", at: node.position, pointer) }
            let thenActions = fields["then"].map { decodeActions($0.value, pointer / "then") } ?? []
            let elseActions = fields["else"].map { decodeActions($0.value, pointer / "else") } ?? []
            return Spec.Action(
                .ifThen(condition: expression(conditionNode, text, pointer / "if"), then: thenActions, else: elseActions), location: at)
        default:  // call
            guard let nameNode = fields["call"]?.value, let name = string(nameNode, pointer / "call", what: "the name of \"call\"") else {
                return nil
            }
            if name.isEmpty { report("\"call\" needs a callback name", at: nameNode.position, pointer / "call") }
            return Spec.Action(.call(name), location: at)
        }
    }
}
